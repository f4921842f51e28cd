"""Picture fields checked: a file name written on a card in, a placed problem (or none) out.

A picture is a PNG or JPEG file inside the game's folder (``images/ember.png``),
readable, at most ``MAX_PIXELS`` large (a picture is decoded whole to be
drawn, in every worker) and at least as large as its field's ``size``. Each
file is read once per state of it.
"""

from __future__ import annotations

import warnings
from functools import cache
from pathlib import Path

from prophecy.compiler.model.files import resolved
from prophecy.dsl.errors import suggest

#: The formats a picture may be: what every print shop and Pillow read the same way.
FORMATS = {"PNG": "PNG", "JPEG": "JPEG"}
SUFFIXES = (".png", ".jpg", ".jpeg")
#: The most pixels a picture may have: 60 million, a 300 dpi poster's worth.
MAX_PIXELS = 60_000_000


def picture_problem(pack: Path, written: str, size: tuple[int, int] | None
                    ) -> tuple[str, str] | None:
    """(message, hint) when ``written`` is not a picture this field can print, else None."""
    if not written.strip():
        return "the picture's file name is blank", "write a file of the game's folder, such " \
            "as images/ember.png, or leave the field out"
    folder = resolved(pack)
    path = resolved(pack / written)  # a loop of links is no picture, not an exception
    if Path(written).is_absolute() or folder not in path.parents:
        return (f"the picture '{written}' is outside the game's folder",
                "put the file in the game's folder (images/ is usual) and write its path "
                "from there")
    if path.suffix.lower() not in SUFFIXES:
        return (f"the picture '{written}' is not a PNG or JPEG file",
                "save it as .png or .jpg: print shops and the sheets take those")
    if not path.is_file():
        near = [p.relative_to(folder).as_posix() for p in path.parent.glob("*")
                if p.suffix.lower() in SUFFIXES] if path.parent.is_dir() else []
        hint = suggest(Path(written).as_posix(), near) or (
            f"the pictures there are {', '.join(sorted(near)[:6])}" if near else
            "add the file, or fix the path (it is read from the game's folder)")
        return f"no picture file '{written}' in the game's folder", hint
    stat = path.stat()
    found = _read(str(path), stat.st_mtime_ns, stat.st_size)
    if isinstance(found, str):
        return f"the picture '{written}' {found}", "save it again as a PNG or JPEG file"
    width, height = found
    if size is not None and (width < size[0] or height < size[1]):
        return (f"the picture '{written}' is {width} x {height} pixels; this field needs at "
                f"least {size[0]} x {size[1]}", "use a larger picture: a smaller one prints "
                "blurred")
    return None


@cache
def _read(path: str, mtime: int, length: int) -> tuple[int, int] | str:
    """The picture's size in pixels, or why it cannot be printed."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as img:
                kind, (width, height) = img.format, img.size
                if kind not in FORMATS:
                    return f"is a {kind or 'file of unknown'} picture, not PNG or JPEG"
                if width * height > MAX_PIXELS:
                    return (f"has {width} x {height} pixels: more than "
                            f"{MAX_PIXELS // 1_000_000} million")
                img.verify()
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        return f"has more than {MAX_PIXELS // 1_000_000} million pixels"
    except Exception as exc:  # noqa: BLE001 - any way Pillow fails to read is the same problem
        return f"cannot be read as a picture ({type(exc).__name__})"
    return width, height
