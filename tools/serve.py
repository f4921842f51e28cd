"""`prophecy serve`: a content folder in, a live gallery of every card in the browser out.

Checks every card (``tools/gallery/``) and serves the gallery on the
loopback address at once, each card shown by its name and effect lines
until its faces are drawn (a thread draws them and pushes each batch to the
open pages); watches the content folder and, on each save, checks the
folder again, draws only the faces that changed and pushes the new state to
every open page. Images live in the cache folder (``cli/cache.py``); nothing
else is written. Ctrl-C stops it cleanly (exit 0).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prophecy.compiler.model.files import resolved
from prophecy.dsl.errors import UsageError
from prophecy.tools.cache import content_cache
from prophecy.tools.gallery.state import DRAW_AT_ONCE, Gallery
from prophecy.tools.gallery.verdicts import read_verdicts
from prophecy.tools.gallery.web import GalleryServer, Hub, draw, watch
from prophecy.tools.options import add_content, content_dir

if TYPE_CHECKING:
    from prophecy.tools.gallery.state import Gallery
    from prophecy.tools.gallery.web import GalleryServer, Hub


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=_port, default=8000,
                        help="the port to listen on (default 8000; 0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--open", action="store_true", help="open the gallery in the browser")
    parser.add_argument("--balance", metavar="FILE.json", type=Path, default=None,
                        help="what 'prophecy balance --json' wrote: each card's verdict on "
                        "its tile and page")
    add_content(parser)


def _port(text: str) -> int:
    if not (text.isdigit() and len(text) <= 5 and int(text) <= 65535):
        raise argparse.ArgumentTypeError(f"expected a port number from 0 to 65535, not {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    import signal
    import threading


    root = resolved(content_dir(args))
    balance = _balance(args.balance)
    gallery = Gallery(root, content_cache(root, "serve"))
    _note(f"checking the cards of {root} ...")
    snapshot = gallery.refresh(draw_at_most=DRAW_AT_ONCE)
    _note(f"{len(snapshot.tiles)} cards checked in {snapshot.seconds:.2f} s"
          + (f"; drawing {snapshot.drawing} faces while the gallery is served"
             if snapshot.drawing else f" (images in {gallery.cache})"))
    hub, stop = Hub(), threading.Event()
    server = _bind(args.host, args.port, gallery, hub, balance)
    url = f"http://{args.host}:{server.server_address[1]}/"
    threads = [threading.Thread(target=server.serve_forever, daemon=True),
               threading.Thread(target=watch, args=(gallery, hub, stop, _note), daemon=True),
               threading.Thread(target=draw, args=(gallery, hub, stop, _note), daemon=True)]
    for thread in threads:
        thread.start()
    # Stop on Ctrl-C even when started from a shell that ignores it for background jobs;
    # from the moment the address is printed, a Ctrl-C is a clean stop.
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        _note(f"serving {url} (Ctrl-C stops)")
        print(url, flush=True)
        if args.open:
            import webbrowser

            webbrowser.open(url)
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C does not cut the shutdown
    stop.set()
    hub.close()
    server.shutdown()
    server.server_close()
    for thread in threads[1:]:
        thread.join(timeout=5)
    _note("prophecy serve: stopped")
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _bind(host: str, port: int, gallery: Gallery, hub: Hub, balance: dict[str, Any]
          ) -> GalleryServer:
    try:
        return GalleryServer((host, port), gallery, hub, balance)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}",
                         where="prophecy serve",
                         hint="choose another port with --port (0 picks a free one)") from None


def _balance(path: Path | None) -> dict[str, Any]:
    """Each card's verdict from a balance run's JSON (checked as merge checks it), if given."""
    return {} if path is None else read_verdicts(path)


def _note(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
