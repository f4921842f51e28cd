"""`prophecy build`: the content in, card images, PDF sheets, TTS sheets and cards.json out.

The content is loaded and checked first: a problem stops the build before
anything is written, with `prophecy check`'s messages. Images are drawn in
worker processes and only those whose inputs changed; when no input file
changed at all since the last build, nothing is even loaded.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

from compiler.options import add_content, content_dir

PAPERS = {"a4": ("a4",), "letter": ("letter",), "both": ("a4", "letter")}
CODE = ("render", "compiler/faces.py", "compiler/templates")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", metavar="DIR", type=Path, default=Path("output"),
                        help="the output folder (default: output)")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="both",
                        help="the paper of the print-and-play sheets (default: both)")
    parser.add_argument("--only", metavar="NAME",
                        help="render only this card (its name or id), not the sheets")
    parser.add_argument("--jobs", metavar="N", type=int, default=None,
                        help="worker processes (default: one per core)")
    parser.add_argument("--duplex", choices=("long", "short"), default=None,
                        help="the edge the printer flips on (default: the layout's, long)")
    parser.add_argument("--back-offset", metavar="X,Y", default=None,
                        help="shift the backs X mm right and Y mm down (printers that misregister)")
    parser.add_argument("--tts-url", metavar="URL", default=None,
                        help="where Tabletop Simulator finds tts/ (default: its file:// address)")
    add_content(parser)


def _offset(text: str | None) -> tuple[float, float] | None:
    from dsl.errors import UsageError

    if text is None:
        return None
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--back-offset takes two numbers, not '{text}'",
                            where="prophecy build",
                            hint="for example --back-offset 0.5,-0.25") from None
    return (x, y)


def fingerprint(content: Path, args: argparse.Namespace) -> str:
    """A digest of every input file (content, layout, drawing code) and the options."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(repr(_options(args)).encode())
    files = sorted(content.rglob("*.yaml")) + sorted(
        p for part in CODE for p in sorted((root / part).rglob("*")) if p.is_file()
    ) + [p for p in (root / part for part in CODE) if p.is_file()]
    for path in files:
        digest.update(str(path.relative_to(path.anchor)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _options(args: argparse.Namespace) -> tuple:
    return (args.paper, args.duplex, args.back_offset, args.tts_url, str(args.out.resolve()))


def read_state(out: Path) -> dict:
    """What the last build into ``out`` recorded (its state file), or nothing."""
    try:
        return json.loads((out / ".build" / "state.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def run(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    out: Path = args.out
    if out.exists() and not out.is_dir():
        from dsl.errors import UsageError

        raise UsageError(f"--out names a file, not a folder: {out}", where="prophecy build",
                         hint="name a folder (it is created if missing)")
    content = content_dir(args)
    offset = _offset(args.back_offset)
    state = read_state(out)
    print_ = lambda text: print(text, file=sys.stderr)  # noqa: E731
    if args.only is None:
        fp = fingerprint(content, args)
        if state.get("fingerprint") == fp and all((out / f).is_file() for f in state["files"]):
            print_(f"up to date: {out} ({time.perf_counter() - start:.2f} s)")
            return 0
    return _build(args, content, out, offset, state, start, print_)


def _build(args, content: Path, out: Path, offset, state: dict, start: float, print_) -> int:
    from compiler.content import load_content
    from compiler.faces import all_faces
    from render import build, outputs
    from render.layout import load_layout

    loaded = load_content(content)
    layout = load_layout(content)
    for grimoire in loaded.grimoires:
        if grimoire not in layout.data["grimoires"]:
            print_(f"warning: layout '{layout.name}' has no colours for grimoire '{grimoire}'; "
                   f"its cards use the Arcana deck's (add it under 'grimoires:' in "
                   f"layouts/{layout.name}.yaml)")
    if args.only is not None:
        loaded = _only(loaded, args.only)
    cards = all_faces(loaded)
    p = build.plan(cards, layout)
    # --only always redraws the card's front; its back (often the deck's) only if it changed.
    force = set(p.fronts.values()) if args.only is not None else set()
    jobs = build.stale(p.jobs, state, out, force)
    workers = args.jobs or os.cpu_count() or 1
    print_(f"rendering {len(jobs)} of {len(p.jobs)} images with {workers} workers")
    build.render_all(jobs, layout, out, workers, build.progress_printer(len(jobs) > 20))
    images = {**state.get("images", {}), **{j.path: j.key for j in jobs}}
    if args.only is not None:
        # Drawing is deterministic: unchanged inputs redraw the same bytes, so the sheets
        # stay valid and the last full build's fingerprint with them.
        same = state.get("fingerprint") == fingerprint(content, args)
        _save(out, {**state, "images": images,
                    "fingerprint": state.get("fingerprint") if same else None})
        print_(f"rendered {args.only}: {', '.join(j.path for j in jobs)}")
        return 0
    opts = outputs.Options(PAPERS[args.paper], args.duplex, offset, args.tts_url)
    tasks: list = []
    done = outputs.write_sheets(cards, p, layout, out, opts, state, loaded.game_name, tasks)
    done |= outputs.write_tts(cards, p, layout, out, opts, state, loaded.game_name, tasks,
                              print_)
    for line in outputs.run_tasks(tasks, workers):
        print_(line)
    build.write_atomic(out / "cards.json", outputs.cards_json(cards, p, layout, loaded.game_name))
    build.remove_stale(out, state, p)
    files = sorted({*p.jobs, *done, "cards.json", "tts/saved-object.json"})
    _save(out, {"images": {k: images[k] for k in sorted(p.jobs)}, "outputs": done,
                "files": files, "fingerprint": fingerprint(content, args)})
    print_(f"built {out}: {len(p.jobs)} images ({len(jobs)} drawn), "
           f"{len(cards)} cards, in {time.perf_counter() - start:.2f} s")
    return 0


def _only(content, name: str):
    """The content with only the cards called ``name`` (by name or id, any casing)."""
    import dataclasses

    from dsl.errors import UsageError, suggest

    wanted = name.strip().lower()
    hits = tuple(c for c in content.cards if wanted in (c.name.lower(), c.id.lower()))
    if not hits:
        raise UsageError(f"no card named '{name}'", where="prophecy build --only",
                            hint=suggest(name, [c.name for c in content.cards]) or
                            "see 'prophecy cards' for the names")
    return dataclasses.replace(content, cards=hits)


def _save(out: Path, state: dict) -> None:
    from render.build import STATE, write_atomic

    write_atomic(out / STATE, (json.dumps(state, indent=1, sort_keys=True) + "\n").encode())
