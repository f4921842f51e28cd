"""The PNG encoder: an image in, bytes out that two decoders read back to the same pixels.

One decoder is Pillow's; the other is written here from the PNG specification
(chunks and their CRCs, the header, inflate, the five row filters), so a file
that Pillow happens to accept but that holds other pixels, or a broken chunk,
still fails.
"""

from __future__ import annotations

import random
import struct
import zlib
from io import BytesIO

import pytest
from PIL import Image

from prophecy.render import png


def decode(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, RGB bytes) of an 8-bit RGB non-interlaced PNG, every chunk checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "no PNG signature"
    pos, idat, header, kinds = 8, [], None, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body), f"bad CRC in {kind!r}"
        kinds.append(kind)
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and pos == len(data)
    width, height, depth, colour, compression, filtering, interlace = header
    assert (depth, colour, compression, filtering, interlace) == (8, 2, 0, 0, 0)
    raw = zlib.decompress(b"".join(idat))
    return width, height, _unfilter(raw, width, height)


def _unfilter(raw: bytes, width: int, height: int) -> bytes:
    stride, bpp = width * 3, 3
    assert len(raw) == height * (stride + 1), "the rows do not fill the image"
    out = bytearray()
    prior = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride if kind else 0):  # filter 0 leaves the row as it is
            a = line[x - bpp] if x >= bpp else 0
            b, c = prior[x], prior[x - bpp] if x >= bpp else 0
            line[x] = (line[x] + _predict(kind, a, b, c)) & 0xFF
        out += line
        prior = line
    return bytes(out)


def _predict(kind: int, a: int, b: int, c: int) -> int:
    if kind == 0:
        return 0
    if kind == 1:
        return a
    if kind == 2:
        return b
    if kind == 3:
        return (a + b) // 2
    if kind == 4:
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else b if pb <= pc else c
    raise AssertionError(f"unknown row filter {kind}")


def noise(width: int, height: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    return Image.frombytes("RGB", (width, height), bytes(rng.randrange(256)
                                                         for _ in range(width * height * 3)))


@pytest.mark.parametrize(("size", "encoder", "level"), [
    ((1, 1), "zlib", 6), ((7, 5), "zlib", 1), ((64, 33), "zlib", 9),
    ((1, 1), "isal", 0), ((7, 5), "isal", 2), ((64, 33), "isal", 3)])
def test_encoded_noise_decodes_to_the_same_pixels(size, encoder, level):
    image = noise(*size, seed=size[0])
    data = png.encode(image, level, encoder=encoder)
    assert decode(data) == (*size, image.tobytes())
    with Image.open(BytesIO(data)) as read:
        assert read.mode == "RGB" and read.tobytes() == image.tobytes()


def test_a_card_face_decodes_to_the_drawn_image(layout, content):
    from prophecy.compiler.faces import all_faces
    from prophecy.render.backs import render_face

    face = next(f for f in all_faces(content) if f.id == "arcana/bone-harvest")
    image = render_face(layout, face.id, face.front)
    width, height, pixels = decode(png.encode(image))
    assert (width, height) == image.size and pixels == image.tobytes()


def test_other_modes_are_encoded_as_rgb():
    grey = Image.new("L", (3, 2), 200)
    assert decode(png.encode(grey))[2] == grey.convert("RGB").tobytes()


def test_the_checking_decoder_refuses_what_it_should():
    """The decoder above is not a rubber stamp: a flipped byte or a wrong filter is caught."""
    data = bytearray(png.encode(noise(4, 4, 1)))
    data[-20] ^= 0xFF  # inside the IDAT data: its CRC no longer matches
    with pytest.raises(AssertionError, match="bad CRC"):
        decode(bytes(data))
    rows = b"".join(b"\x05" + bytes(12) for _ in range(4))
    chunk = png._chunk(b"IDAT", zlib.compress(rows))
    header = png._chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
    with pytest.raises(AssertionError, match="unknown row filter 5"):
        decode(png.SIGNATURE + header + chunk + png._chunk(b"IEND", b""))


def test_the_checking_decoder_reads_every_row_filter():
    """Pillow's encoder filters rows adaptively: the decoder undoes all five filters."""
    image = noise(48, 40, 7)
    image.paste((10, 20, 30), (0, 0, 48, 10))  # flat rows, where 'none' or 'up' wins
    out = BytesIO()
    image.save(out, "PNG")
    raw = zlib.decompress(b"".join(_chunks(out.getvalue(), b"IDAT")))
    filters = {raw[y * (48 * 3 + 1)] for y in range(40)}
    assert len(filters) >= 2
    assert decode(out.getvalue()) == (48, 40, image.tobytes())


def _chunks(data: bytes, wanted: bytes) -> list[bytes]:
    pos, found = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        if data[pos + 4 : pos + 8] == wanted:
            found.append(data[pos + 8 : pos + 8 + length])
        pos += 12 + length
    return found
