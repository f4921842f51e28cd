"""A face's cache key: a layout and a face model in, the text naming every input of its image out.

The key holds the drawing code (a digest of ``render/``'s source), the
layout (its data and fonts) and the face model, so the build redraws an
image, and the fit check measures a face again, exactly when one of them
changed. It lives apart from ``render.build`` so that ``prophecy check``,
which only needs the key, does not import the build's encoders and sheets.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from prophecy.compiler.faces import Face
from prophecy.render.layout import Layout


def _code_digest() -> str:
    """A digest of the drawing code: a change to any of it redraws every image."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).resolve().parent.glob("*.py")):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:16]


RENDER_VERSION = _code_digest()


def face_key(layout: Layout, face: Face) -> str:
    return hashlib.sha256(f"{RENDER_VERSION}|{layout.digest}|{face!r}".encode()).hexdigest()
