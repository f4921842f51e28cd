"""The language server's frame reader: a broken frame is reported and the next one still read."""

from __future__ import annotations

import json

import pytest

from prophecy.tools.editor.frames import MAX_MESSAGE, Broken, Frames

HOVER = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover"}).encode()


def frame(body: bytes, length: int | None = None) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def test_whole_frames_in_any_pieces_give_their_bodies():
    data = frame(HOVER) + b"Content-Length: 2\r\nContent-Type: x\r\n\r\n{}"
    for size in (1, 3, len(data)):
        frames, out = Frames(), []
        for at in range(0, len(data), size):
            out += frames.feed(data[at:at + size])
        assert out == [HOVER, b"{}"]


@pytest.mark.parametrize(("broken", "reason"), [
    (b"Content-Type: x\r\n\r\n{}", "a message without a Content-Length header"),
    (b"Content-Length: abc\r\n\r\n", "a Content-Length that is not a number of bytes"),
    (b"Content-Length: -4\r\n\r\n", "a Content-Length that is not a number of bytes"),
    (b"garbage\r\n", "a header line that is not 'Name: value'"),
    (b"Content-Length: %d\r\n\r\n" % (MAX_MESSAGE + 1), "more than"),
])
def test_a_broken_frame_is_reported_and_the_next_one_read(broken, reason):
    out = Frames().feed(broken + frame(HOVER))
    assert isinstance(out[0], Broken) and reason in out[0].reason
    assert out[-1] == HOVER


def test_a_length_too_long_is_found_when_the_next_frame_begins():
    out = Frames().feed(frame(HOVER, len(HOVER) + 500) + frame(b"{}"))
    assert out == [Broken(f"the Content-Length header said {len(HOVER) + 500} bytes; the "
                          f"message has {len(HOVER)}", 7), b"{}"]
    # also when the next header has already been read into the claimed length
    out = Frames().feed(frame(HOVER, len(HOVER) + 4) + frame(b"{}"))
    assert isinstance(out[0], Broken) and out[0].id == 7 and out[1] == b"{}"


def test_a_length_too_short_leaves_a_body_the_server_answers_then_the_next_is_read():
    out = Frames().feed(frame(HOVER, 10) + frame(b"{}"))
    assert out[0] == HOVER[:10]  # not JSON: answered with a parse error
    assert isinstance(out[1], Broken) and out[-1] == b"{}"


def test_header_words_inside_a_document_are_no_frame():
    text = {"jsonrpc": "2.0", "method": "didChange", "text": "Content-Length: 3\r\n\r\nabc"}
    body = json.dumps(text).encode()
    frames = Frames()
    data = frame(body)
    assert frames.feed(data[:40]) == []  # a body still arriving is waited for
    assert frames.feed(data[40:]) == [body]


def test_a_header_without_its_blank_line_gives_way_to_the_next_frame():
    assert Frames().feed(b"Content-Length: 2\r\n" + frame(HOVER)) == [HOVER]


def test_text_before_any_header_is_passed_over_as_it_comes():
    frames = Frames()
    out = frames.feed(b'{"jsonrpc": "2.0"}\n')  # a message sent without its header
    assert out == [Broken("a message that does not start with a header")]
    assert frames.feed(frame(HOVER)) == [HOVER]
