"""The card PNG encoder: the same pixels back, 300 dpi and sRGB tags, zlib-compatible data."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image

from prophecy.render import png
from prophecy.render.pdf import PngData


def _card() -> Image.Image:
    img = Image.new("RGB", (825, 1125), (243, 234, 214))
    img.paste((120, 10, 30), (100, 100, 400, 300))
    img.paste((10, 200, 90), (300, 700, 800, 1100))
    return img


@pytest.mark.parametrize(("encoder", "level"), [("isal", 0), ("isal", 2), ("isal", 3),
                                                ("zlib", 1), ("zlib", 6)])
def test_every_encoder_gives_the_same_pixels(encoder, level):
    card = _card()
    data = png.encode(card, level, encoder=encoder)
    with Image.open(io.BytesIO(data)) as back:
        assert back.mode == "RGB" and back.tobytes() == card.tobytes()


def test_a_card_says_it_is_300_dpi_and_srgb():
    with Image.open(io.BytesIO(png.encode(_card()))) as back:
        assert back.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        assert back.info["srgb"] == 0  # perceptual rendering intent
        assert back.info["gamma"] == pytest.approx(0.45455)
        # 825 px at 300 dpi is 2.75 in: the poker card with its bleed, not 11.5 in at 72 dpi
        assert back.size[0] / back.info["dpi"][0] == pytest.approx(2.75, abs=0.001)


def test_the_idat_stream_is_plain_zlib_so_the_pdf_can_embed_it():
    """ISA-L's output inflates with zlib: a PDF reader's FlateDecode reads it as is."""
    card = _card()
    idat = png.compressed_rows(card, 2, "isal")
    raw = zlib.decompress(idat)
    stride = 825 * 3 + 1
    assert len(raw) == stride * 1125 and raw[::stride] == bytes(1125)  # filter 0 on every row
    assert PngData(825, 1125, idat).idat == idat


@pytest.mark.parametrize("size", [(1, 1), (825, 1125), (30000, 2), (3, 40000)])
def test_the_rows_are_laid_out_as_pillow_lays_them_out(size):
    """framed_rows takes Pillow's rows a few at a time: the bytes tobytes() gives, framed."""
    import random

    w, h = size
    img = Image.frombytes("RGB", size, random.Random(w * h).randbytes(3 * w * h))
    expected = b"\x00" + img.tobytes("raw", "RGB", 3 * w + 1)[:-1]
    assert bytes(png.framed_rows(img)) == expected
