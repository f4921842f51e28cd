"""Print-shop colour: an sRGB card image in, CMYK with the total ink under a limit out.

The CMYK profile comes from a package, never from the machine: libvips,
shipped inside the ``pyvips-binary`` wheel, carries a generic CMYK press
profile ("Chemical proof", by Graeme Gill, public domain), read with
``pyvips.Image.profile_load("cmyk")``. Pillow's LittleCMS converts with it
(perceptual intent). The profile lets dark colours reach about 300 % total
ink, more than a shop's press takes, so ``limit_ink`` then moves ink from
equal parts of cyan, magenta and yellow into black (grey component
replacement), which keeps the colour's darkness, and only if black is full
thins cyan, magenta and yellow together. Each channel is rounded down, so no
pixel exceeds the limit.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageCms, ImageMath

from prophecy.dsl.errors import ProphecyError


@lru_cache(maxsize=1)
def cmyk_profile() -> bytes:
    """The bytes of the CMYK ICC profile that ships in the pyvips-binary package."""
    try:
        import pyvips
    except (ImportError, OSError):
        import shlex
        import sys

        raise ProphecyError(
            "the CMYK colour profile's package (pyvips with pyvips-binary) is not installed",
            where="prophecy build --preset dtc",
            # the interpreter prophecy runs on: the packages go where it finds them, whether
            # it was installed from a wheel, a checkout or into a virtual environment
            hint=f"install the shop extras: {shlex.quote(sys.executable)} -m pip install "
            "'pyvips>=2.2' 'pyvips-binary>=8.15' (in a checkout: pip install -e '.[shop]')",
        ) from None
    return bytes(pyvips.Image.profile_load("cmyk"))


def check_extras(preset: str) -> None:
    """Before anything is drawn: what a preset needs beyond Pillow is installed."""
    if preset == "dtc":
        cmyk_profile()


def profile_name(profile: bytes) -> str:
    return ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile))).strip()


@lru_cache(maxsize=1)
def _transform() -> ImageCms.ImageCmsTransform:
    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(cmyk_profile()))
    srgb = ImageCms.createProfile("sRGB")
    return ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.PERCEPTUAL)


def to_cmyk(img: Image.Image, max_ink: float) -> Image.Image:
    """The image in the press profile's CMYK, its total ink at most ``max_ink`` percent."""
    converted = ImageCms.applyTransform(img.convert("RGB"), _transform())
    assert converted is not None
    return limit_ink(converted, max_ink)


def limit_ink(img: Image.Image, max_ink: float) -> Image.Image:
    """CMYK with C + M + Y + K at most ``max_ink`` percent in every pixel."""
    limit = max_ink * 255 / 100
    if total_ink(img) <= max_ink:
        return img  # most faces are light: nothing to change
    c, m, y, k = (band.convert("F") for band in img.split())
    env = {"c": c, "m": m, "y": y, "k": k, "L": limit}
    over = ImageMath.lambda_eval(
        lambda e: e["max"](e["c"] + e["m"] + e["y"] + e["k"] - e["L"], 0), **env)
    # grey component replacement: g of each of C, M, Y becomes g of K (two g less ink)
    g = ImageMath.lambda_eval(lambda e: e["min"](e["min"](e["min"](e["c"], e["m"]), e["y"]),
                                                 e["min"](e["over"] / 2, 255 - e["k"])),
                              **env, over=over)
    c, m, y = (ImageMath.lambda_eval(lambda e: e["v"] - e["g"], v=v, g=g) for v in (c, m, y))
    k = ImageMath.lambda_eval(lambda e: e["k"] + e["g"], k=k, g=g)
    # whatever is still over (black is full): thin C, M and Y together
    env = {"c": c, "m": m, "y": y, "k": k, "L": limit}
    scale = ImageMath.lambda_eval(
        lambda e: e["min"](e["max"]((e["L"] - e["k"]) / e["max"](e["c"] + e["m"] + e["y"], 1.0),
                                    0.0), 1.0), **env)
    bands = [ImageMath.lambda_eval(lambda e: e["v"] * e["s"], v=v, s=scale) for v in (c, m, y)]
    # 'F' → 'L' truncates: rounding down keeps every pixel under the limit
    return Image.merge("CMYK", [b.convert("L") for b in (*bands, k)])


def total_ink(img: Image.Image) -> float:
    """The most ink (percent: C + M + Y + K) any pixel of a CMYK image takes."""
    c, m, y, k = (band.convert("I") for band in img.split())
    total = ImageMath.lambda_eval(lambda e: e["c"] + e["m"] + e["y"] + e["k"],
                                  c=c, m=m, y=y, k=k)
    return float(total.getextrema()[1]) * 100 / 255
