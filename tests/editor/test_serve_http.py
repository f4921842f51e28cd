"""`prophecy serve` over plain HTTP: whom it answers, how long it waits, how many it queues.

A web page anywhere can make the browser send requests to 127.0.0.1 through
a name of its own (DNS rebinding) and read the answers: the server answers
only requests that name it, as Jupyter and Vite do. A client that sends half
a request is let go after a while, and a burst of connections is queued.
"""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.tools.gallery import web
from prophecy.tools.gallery.state import Gallery
from prophecy.tools.gallery.web import GalleryServer, Hub, host_allowed


def _server(tmp_path: Path) -> GalleryServer:
    gallery = Gallery(bundled_content(), tmp_path / "cache")  # no refresh: an empty gallery
    return GalleryServer(("127.0.0.1", 0), gallery, Hub(), {})


@pytest.fixture
def served(tmp_path: Path) -> Iterator[GalleryServer]:
    server = _server(tmp_path)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def _get(server: GalleryServer, path: str, host: str | None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    connection.putrequest("GET", path, skip_host=True)
    if host is not None:
        connection.putheader("Host", host)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


@pytest.mark.parametrize(("host", "status"), [
    ("127.0.0.1:{port}", 200), ("localhost:{port}", 200), ("LOCALHOST", 200),
    ("[::1]:{port}", 200), ("127.0.0.1", 200), ("app.localhost:{port}", 200),
    ("evil.example:{port}", 400), ("evil.example", 400), ("127.0.0.1.nip.io:{port}", 400),
    ("192.168.1.20:{port}", 400), ("", 400), (None, 400),
])
def test_only_requests_that_name_this_server_are_answered(served, host, status):
    port = served.server_address[1]
    found, body = _get(served, "/state.json", None if host is None else host.format(port=port))
    assert found == status, body
    if status == 400:
        assert body.startswith(b"Bad Request: this server answers only requests for its own")


@pytest.mark.parametrize(("host", "listen", "allowed"), [
    ("192.168.1.20:8000", "0.0.0.0", True),  # every interface: any address of the machine
    ("[fe80::1]:8000", "::", True),
    ("evil.example:8000", "0.0.0.0", False),  # but never a name it was not given
    ("192.168.1.20:8000", "192.168.1.20", True),
    ("192.168.1.21:8000", "192.168.1.20", False),
    ("studio.local:8000", "studio.local", True),
    ("STUDIO.LOCAL.", "studio.local", True),
    ("other.local", "studio.local", False),
    ("127.0.0.1:8000", "192.168.1.20", True),
])
def test_host_allows_what_host_listens_on(host, listen, allowed):
    assert host_allowed(host, listen) is allowed


def test_every_page_and_asset_answers_with_a_good_host(served):
    port = served.server_address[1]
    for path in ("/", "/static/app.js", "/static/style.css", "/static/favicon.svg",
                 "/favicon.ico"):
        status, body = _get(served, path, f"127.0.0.1:{port}")
        assert status == 200 and body, path
    assert _get(served, "/favicon.ico", f"localhost:{port}")[1].startswith(b"<svg")


def test_a_silent_client_is_let_go(tmp_path, monkeypatch):
    monkeypatch.setattr(web.Handler, "timeout", 0.5)
    server = _server(tmp_path)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with socket.create_connection(server.server_address, timeout=10) as client:
            client.sendall(b"GET / HTTP/1.1\r\n")  # and never the rest
            start = time.monotonic()
            assert client.recv(1024) == b""  # the server closed the connection
            assert time.monotonic() - start < 5
    finally:
        server.shutdown()
        server.server_close()


def test_a_burst_of_connections_is_queued_not_dropped(tmp_path):
    server = _server(tmp_path)  # listening, not yet accepting: the backlog holds them
    clients = []
    try:
        for _ in range(60):
            clients.append(socket.create_connection(server.server_address, timeout=2))
        assert len(clients) == 60
    finally:
        for client in clients:
            client.close()
        server.server_close()
