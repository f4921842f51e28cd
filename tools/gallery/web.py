"""The live gallery's server: a content folder in, pages over HTTP and updates pushed on save out.

A ``ThreadingHTTPServer`` from the standard library serves the pages, the
face images from the cache folder and ``/events``, a stream of server-sent
events: on connecting, and after every refresh, each open page receives the
whole state (``/state.json`` gives the same) and redraws what changed. A
watcher thread (``watchfiles``, which waits on the operating system's file
events) refreshes the gallery when a YAML file of the content folder
changes, and a drawing thread draws the faces a refresh left waiting, a
batch at a time, sending the state after each batch, so the cards appear on
the open pages as they are drawn. It listens on the loopback address unless
told otherwise.
"""

from __future__ import annotations

import json
import queue
import re
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from prophecy.compiler.model.files import package_dir
from prophecy.tools.gallery.pages import card_page, gallery_page
from prophecy.tools.gallery.state import DRAW_AT_ONCE, Gallery

#: How often an idle event stream says it is alive, in seconds.
KEEPALIVE = 15.0
#: Seconds a connection may stay silent (a request half sent, an idle keep-alive).
REQUEST_TIMEOUT = 30.0
#: Connections the operating system holds while the server is busy (the default is 5).
BACKLOG = 128
_IMAGE = re.compile(r"^/(face|thumb)/([0-9a-f]{64})\.png$")
_STATIC = {"app.js": "text/javascript", "style.css": "text/css",
           "favicon.svg": "image/svg+xml"}
_ANY = ("0.0.0.0", "::", "")


def host_allowed(header: str | None, listen: str) -> bool:
    """Whether a request's ``Host`` names this server: the loopback address, ``localhost``,
    or what ``--host`` listens on (any address of the machine for 0.0.0.0 or ::).

    A web page elsewhere can make the browser send requests here through a name
    of its own that it points at 127.0.0.1 (DNS rebinding); such a request names
    that other host, and is refused (400), as Jupyter and Vite refuse it.
    """
    import ipaddress

    if not header:
        return False
    name = header.strip().lower()
    if name.startswith("["):  # [::1]:8000
        name = name[1:].split("]", 1)[0]
    elif name.count(":") == 1:
        name = name.split(":", 1)[0]
    name = name.rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    wanted = listen.strip("[]").lower()
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return bool(name) and name == wanted  # --host given as a name
    if address.is_loopback or wanted in _ANY:
        return True
    try:
        return address == ipaddress.ip_address(wanted)
    except ValueError:
        return False


class Hub:
    """The open event streams: each gets every new state; ``close`` ends them all."""

    def __init__(self) -> None:
        self.queues: set[queue.Queue[str | None]] = set()
        self.lock = threading.Lock()

    def join(self) -> queue.Queue[str | None]:
        found: queue.Queue[str | None] = queue.Queue()
        with self.lock:
            self.queues.add(found)
        return found

    def leave(self, found: queue.Queue[str | None]) -> None:
        with self.lock:
            self.queues.discard(found)

    def send(self, state: str | None) -> None:
        with self.lock:
            for found in self.queues:
                found.put(state)

    def close(self) -> None:
        self.send(None)


class GalleryServer(ThreadingHTTPServer):
    daemon_threads = True  # a page left open must not keep the process alive at Ctrl-C
    request_queue_size = BACKLOG

    def __init__(self, address: tuple[str, int], gallery: Gallery, hub: Hub,
                 balance: dict[str, Any]) -> None:
        super().__init__(address, Handler)
        self.gallery, self.hub, self.balance = gallery, hub, balance
        self.listen = address[0]


class Handler(BaseHTTPRequestHandler):
    server: GalleryServer
    protocol_version = "HTTP/1.1"
    timeout = REQUEST_TIMEOUT  # the socket's: a silent client is let go

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the terminal is for what a person needs: the address, problems, stop

    def do_GET(self) -> None:
        if not host_allowed(self.headers.get("Host"), self.server.listen):
            self._send(b"Bad Request: this server answers only requests for its own address "
                       b"(127.0.0.1 or localhost, or the --host it was given)\n", "text/plain",
                       HTTPStatus.BAD_REQUEST)
            self.close_connection = True
            return
        path = self.path.split("?", 1)[0]
        gallery = self.server.gallery
        snapshot = gallery.snapshot
        if path == "/":
            self._send(gallery_page(snapshot, gallery.root, self.server.balance).encode(),
                       "text/html; charset=utf-8")
        elif path.startswith("/card/"):
            self._card(path.removeprefix("/card/"))
        elif path == "/state.json":
            self._send(json.dumps(snapshot.to_json()).encode(), "application/json")
        elif path == "/events":
            self._events()
        elif (found := _IMAGE.match(path)) is not None:
            self._image(gallery.image(found.group(2), found.group(1) == "thumb"))
        elif path.startswith("/static/") and path.removeprefix("/static/") in _STATIC:
            self._static(path.removeprefix("/static/"))
        elif path == "/favicon.ico":  # asked for by every browser, whatever the page says
            self._static("favicon.svg")
        else:
            self._send(b"not found", "text/plain", HTTPStatus.NOT_FOUND)

    def _card(self, card_id: str) -> None:
        gallery = self.server.gallery
        snapshot = gallery.snapshot
        tile = snapshot.tile(card_id)
        if tile is None:
            self._send(f"no card '{card_id}'".encode(), "text/plain", HTTPStatus.NOT_FOUND)
            return
        page = card_page(snapshot, tile, gallery.root, self.server.balance)
        self._send(page.encode(), "text/html; charset=utf-8")

    def _image(self, path: Path) -> None:
        try:
            data = path.read_bytes()
        except OSError:
            self._send(b"no such image", "text/plain", HTTPStatus.NOT_FOUND)
            return
        # An image's name is its content's key: it never changes, so it may be kept.
        self._send(data, "image/png", cache="public, max-age=31536000, immutable")

    def _static(self, name: str) -> None:
        data = (package_dir("prophecy.tools.gallery") / "static" / name).read_bytes()
        self._send(data, _STATIC[name])

    def _send(self, body: bytes, kind: str, status: HTTPStatus = HTTPStatus.OK,
              cache: str = "no-store") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.end_headers()
        self.wfile.write(body)

    def _events(self) -> None:
        hub = self.server.hub
        found = hub.join()
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self._event(json.dumps(self.server.gallery.snapshot.to_json()))
            while True:
                try:
                    state = found.get(timeout=KEEPALIVE)
                except queue.Empty:
                    self.wfile.write(b": alive\n\n")
                    self.wfile.flush()
                    continue
                if state is None:
                    return
                self._event(state)
        except (BrokenPipeError, ConnectionResetError):
            return
        finally:
            hub.leave(found)
            self.close_connection = True

    def _event(self, data: str) -> None:
        self.wfile.write(f"event: state\ndata: {data}\n\n".encode())
        self.wfile.flush()


#: The files a game is made from: card files (YAML, CSV), layouts, templates and pictures.
SOURCES = (".yaml", ".yml", ".csv", ".tsv", ".j2", ".txt", ".png", ".jpg", ".jpeg", ".webp",
           ".ttf", ".otf")


def is_source(path: Path, root: Path) -> bool:
    """Whether a saved file under ``root`` is one the cards are made from: not a cache, an
    editor's swap file or anything else in a hidden folder (``.build/``, ``.git/``)."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        parts = path.parts
    hidden = any(part.startswith(".") or part == "__pycache__" for part in parts[:-1])
    return not hidden and path.suffix.lower() in SOURCES and not path.name.startswith(".")


def watch(gallery: Gallery, hub: Hub, stop: threading.Event,
          note: Callable[[str], None]) -> None:
    """Refresh the gallery and tell the pages whenever a file the cards are made from
    changes: YAML and CSV card files, layouts, templates, pictures (``is_source``)."""
    from watchfiles import watch as changes

    def is_content(change: Any, path: str) -> bool:
        return is_source(Path(path), gallery.root)

    for found in changes(gallery.root, watch_filter=is_content, stop_event=stop, debounce=30,
                         step=10, rust_timeout=500, yield_on_timeout=False):
        snapshot = gallery.refresh(draw_at_most=DRAW_AT_ONCE)
        hub.send(json.dumps(snapshot.to_json()))
        broken = sum(1 for t in snapshot.tiles if t.problems) + bool(snapshot.problems)
        names = ", ".join(sorted(Path(p).name for _, p in found))
        note(f"{names} changed: checked in {snapshot.seconds:.2f} s"
             + (f", drawing {snapshot.drawing} faces" if snapshot.drawing else ", redrawn")
             + (f"; {broken} cards with problems" if broken else ""))


def draw(gallery: Gallery, hub: Hub, stop: threading.Event,
         note: Callable[[str], None]) -> None:
    """Draw the faces a refresh left waiting, a batch at a time, and tell the pages after
    each batch; then wait for the next refresh that leaves some."""
    while not stop.is_set():
        if not gallery.waiting.wait(timeout=0.5):
            continue
        snapshot = gallery.draw()
        if snapshot is None:
            continue
        hub.send(json.dumps(snapshot.to_json()))
        if not snapshot.drawing:
            broken = sum(1 for t in snapshot.tiles if t.problems)
            note(f"every card drawn (images in {gallery.cache})"
                 + (f"; {broken} cards with problems" if broken else ""))
