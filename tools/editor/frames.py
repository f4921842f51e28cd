"""LSP frames off a byte stream: bytes in, whole messages (or what was wrong with a frame) out.

A message is ``Content-Length: N`` (other headers may follow), a blank line,
and N bytes of JSON. pygls's own reader trusts each header: a frame without
a length, with a length that is not a number, too long or too short, made
it read the next request as part of the broken one, and that request never
got an answer. ``Frames`` finds its way back instead: after anything it
cannot read it skips to the next ``Content-Length:`` header, and a length
that runs past a complete JSON message followed by the next header is taken
as the mistake it is. Each broken frame is reported (``Broken``), so the
server can answer it with a JSON-RPC error; every message after it is read.

``serve`` runs a pygls server on it: every request gets an answer, a result
or an error (a request whose parameters do not fit the protocol, a negative
position say, gets "invalid params" rather than silence).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, BinaryIO

#: The largest message read: a content file is at most 1 MB, and JSON escapes double it.
MAX_MESSAGE = 16 * 1024 * 1024
_LENGTH = re.compile(rb"content-length:", re.IGNORECASE)
_HEADER = re.compile(rb"^([A-Za-z][A-Za-z0-9-]*):[ \t]*(.*?)[ \t]*$")
_END = re.compile(rb"\r?\n\r?\n")
#: JSON-RPC's error codes.
PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Broken:
    """A frame that could not be read as a message: why, and the id of its request if known."""

    reason: str
    id: int | str | None = None


class Frames:
    """A reader of frames: ``feed`` it bytes as they come; it returns what they complete."""

    def __init__(self) -> None:
        self.buffer = bytearray()

    def feed(self, data: bytes) -> list[bytes | Broken]:
        """The message bodies (and broken frames) that ``data`` completes, in order."""
        self.buffer += data
        out: list[bytes | Broken] = []
        while self.buffer:
            found = self._next()
            if found is None:
                break
            out.append(found)
        return out

    def _next(self) -> bytes | Broken | None:
        buffer = self.buffer
        end = _END.search(buffer)
        if end is None:
            first = bytes(buffer.split(b"\n", 1)[0]).rstrip(b"\r")
            if len(buffer) > MAX_MESSAGE or (b"\n" in buffer and not _HEADER.match(first)):
                return self._skip("a message that does not start with a header")
            return None  # the headers are not all here yet
        length, problem = _length(bytes(buffer[:end.start()]))
        if problem:
            return self._skip(problem)
        start = end.end()
        body = bytes(buffer[start:start + length])
        if len(body) == length and body.rstrip().endswith(b"}"):  # a message is an object
            del buffer[:start + length]
            return body
        whole = _whole(buffer, start)  # a whole message, then the next header: too long
        if whole is not None and whole[0] < length:
            used, message = whole
            del buffer[:start + used]
            return Broken(f"the Content-Length header said {length} bytes; the message "
                          f"has {used}", _id(message))
        if len(body) < length:
            return None  # the rest of the body is on its way
        del buffer[:start + length]
        return body  # not a message: the protocol answers it (a length too short)

    def _skip(self, reason: str) -> Broken:
        """Drop everything up to the next ``Content-Length:`` header (after the first byte)."""
        found = _LENGTH.search(self.buffer, 1)
        cut = found.start() if found is not None else len(self.buffer)
        del self.buffer[:cut]
        return Broken(reason)


def _length(block: bytes) -> tuple[int, str]:
    """The body's length a header block gives (the last Content-Length), or what is wrong."""
    length: int | None = None
    for line in re.split(rb"\r?\n", block):
        found = _HEADER.match(line)
        if found is None:
            return 0, f"a header line that is not 'Name: value': {line[:40]!r}"
        if found.group(1).lower() == b"content-length":
            value = found.group(2)
            if not value.isdigit() or len(value) > 12:
                return 0, f"a Content-Length that is not a number of bytes: {value[:20]!r}"
            length = int(value)  # a later one stands: the frame before had no body
    if length is None:
        return 0, "a message without a Content-Length header"
    if length > MAX_MESSAGE:
        return 0, f"a message of {length} bytes, more than {MAX_MESSAGE} a server reads"
    return length, ""


def _whole(buffer: bytearray, start: int) -> tuple[int, Any] | None:
    """(bytes used, message) when the buffer holds, from ``start``, a whole JSON message and
    then the next frame's ``Content-Length:``; else None.

    Only then is a length taken to be wrong: a body still arriving, or one whose text
    holds the words "Content-Length:" inside a string, is no whole message before them.
    """
    found = _LENGTH.search(buffer, start)
    if found is None:
        return None
    head = bytes(buffer[start:found.start()]).decode("latin-1")  # one character a byte
    try:
        message, used = json.JSONDecoder().raw_decode(head, len(head) - len(head.lstrip()))
    except ValueError:
        return None
    return (used, message) if not head[used:].strip() else None


def _id(message: Any) -> int | str | None:
    if isinstance(message, dict) and "method" in message:
        found = message.get("id")
        if isinstance(found, int | str) and not isinstance(found, bool):
            return found
    return None


# ------------------------------------------------------------------- the loop
def serve(server: Any, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Run a pygls ``server`` on standard input and output (or the streams given) to the end."""
    from threading import Event

    from pygls.io_ import StdoutWriter

    _one_line_logs()
    server._stop_event = Event()  # what pygls's own start_io sets: its exit and shutdown use it
    server.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
    try:
        asyncio.run(_read(server, stdin or sys.stdin.buffer))
    except BrokenPipeError:
        log.error("the editor closed the connection")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()


class _OneLine(logging.Formatter):
    """A log record as one line, without the traceback pygls attaches to every error."""

    def format(self, record: logging.LogRecord) -> str:
        record = logging.makeLogRecord({**record.__dict__, "exc_info": None, "exc_text": None})
        return super().format(record).splitlines()[0][:300]


def _one_line_logs() -> None:
    """Warnings and errors to stderr (the editor's log of the server), one line each."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine("prophecy lsp: %(levelname)s: %(message)s"))
    for name in ("pygls", "prophecy"):
        found = logging.getLogger(name)
        found.handlers[:] = [handler]
        found.setLevel(logging.WARNING)
        found.propagate = False


async def _read(server: Any, stdin: BinaryIO) -> None:
    loop = asyncio.get_running_loop()
    frames = Frames()
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="lsp-stdin") as reader:
        read = getattr(stdin, "read1", stdin.read)
        while not server._stop_event.is_set():
            data = await loop.run_in_executor(reader, read, 65536)
            if not data:
                break
            for found in frames.feed(data):
                if isinstance(found, Broken):
                    _answer(server, found.id, PARSE_ERROR, f"a broken message: {found.reason}")
                else:
                    _handle(server, found)


def _handle(server: Any, body: bytes) -> None:
    """Hand one message to the protocol; answer a request it cannot take with an error."""
    protocol = server.protocol
    try:
        raw = json.loads(body)
    except (ValueError, RecursionError) as exc:
        _answer(server, None, PARSE_ERROR, f"not JSON: {str(exc)[:120]}")
        return
    if not isinstance(raw, dict) or raw.get("jsonrpc") != "2.0":
        _answer(server, _id(raw), INVALID_REQUEST, "not a JSON-RPC 2.0 message")
        return
    try:
        message = json.loads(body, object_hook=protocol.structure_message)
    except Exception as exc:  # parameters the protocol's types refuse: a negative position
        cause = _leaf(exc.__cause__ or exc)
        text = (f"the parameters of '{str(raw.get('method'))[:60]}' do not fit the protocol: "
                f"{str(cause).splitlines()[0][:200] if str(cause) else type(cause).__name__}")
        if "id" in raw:  # a request: it gets its answer
            _answer(server, _id(raw), INVALID_PARAMS, text)
        else:  # a notification gets none: the editor's log says it
            server.protocol._send_data({"jsonrpc": "2.0", "method": "window/logMessage",
                                        "params": {"type": 1, "message": text}})
        return
    protocol.handle_message(message)


def _leaf(exc: BaseException) -> BaseException:
    """The first exception at the bottom of a group (cattrs groups what it could not read):
    'Position.line should be in range [0:2147483647], but was -1.'"""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _answer(server: Any, message_id: int | str | None, code: int, text: str) -> None:
    """A JSON-RPC error response (id null when the request's id could not be read)."""
    log.warning("%s", text)
    server.protocol._send_data({"jsonrpc": "2.0", "id": message_id,
                                "error": {"code": code, "message": text}})
