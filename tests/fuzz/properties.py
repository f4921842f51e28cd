"""What must hold for any input: the fuzz properties, shared by the suite and the long-run script.

Each property takes one generated input and asserts the project's promise
for it: the parser answers with a node that round-trips or a placed error;
the YAML reader answers with data or placed errors; the loader never raises
on any content folder, only reports; ``fmt`` on any content that loads
leaves files that load again with only effect lines changed. A failure is a
crash, a hang (hypothesis's deadline) or a broken promise, never a message.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import tempfile
from pathlib import Path

from hypothesis import strategies as st

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import analyse
from prophecy.compiler.model.vocab import read_vocabulary
from prophecy.compiler.model.yamlsafe import compose, data_of, read_source
from prophecy.dsl.diagnose import keywords
from prophecy.dsl.errors import ContentErrors, DslError, ProphecyError
from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text

VOCAB = read_vocabulary(bundled_content())
BREAKS = ["\n", "\r\n", "\r", "\x85", "\u2028", "\u2029"]

# ------------------------------------------------------------------ inputs
words = st.sampled_from(sorted(keywords()) + list(VOCAB.grimoires + VOCAB.card_types
                                                    + VOCAB.deed_targets))
marks = st.sampled_from([":", ",", "+", ".", ", then", "or", "and", "-1", "2+", "99",
                         "100", "9" * 30, "\x1b", "\u2028", "é", "\t", "!", "Each", "twice"])
lines = st.one_of(
    st.text(max_size=60),
    st.lists(st.one_of(words, marks, st.integers(0, 12).map(str)), min_size=1,
             max_size=14).map(" ".join),
)
yaml_texts = st.one_of(
    st.text(alphabet=st.sampled_from("ab:- [{}]'\"#&*!\n\t01.,|>~"), max_size=120),
    st.recursive(
        st.one_of(st.integers(), st.text(max_size=8), st.booleans(), st.none()),
        lambda inner: st.one_of(st.lists(inner, max_size=3),
                                st.dictionaries(st.text(min_size=1, max_size=5), inner,
                                                max_size=3)),
        max_leaves=12,
    ).map(json.dumps),
)


@st.composite
def damaged_files(draw: st.DrawFn) -> tuple[str, str]:
    """A bundled content file (its path in the folder) with a random edit to its text."""
    files = sorted(p.relative_to(bundled_content()).as_posix()
                   for p in bundled_content().rglob("*.yaml"))
    rel = draw(st.sampled_from(files))
    text = (bundled_content() / rel).read_text(encoding="utf-8")
    rows = text.split("\n")
    at = draw(st.integers(0, max(0, len(rows) - 1)))
    edit = draw(st.sampled_from(["delete", "duplicate", "insert", "indent", "truncate",
                                 "replace", "break"]))
    if edit == "delete":
        del rows[at]
    elif edit == "duplicate":
        rows.insert(at, rows[at])
    elif edit == "insert":
        rows.insert(at, draw(st.text(max_size=30)))
    elif edit == "indent":
        rows[at] = " " * draw(st.integers(1, 6)) + rows[at]
    elif edit == "truncate":
        return rel, text[: draw(st.integers(0, len(text)))]
    elif edit == "replace":
        column = draw(st.integers(0, len(rows[at])))
        rows[at] = rows[at][:column] + draw(st.text(max_size=8)) + rows[at][column + 2:]
    else:
        rows[at] = rows[at] + draw(st.sampled_from(BREAKS[3:]))
    return rel, "\n".join(rows)


@st.composite
def loose_effects(draw: st.DrawFn) -> tuple[str, str]:
    """A card file whose effect lines are written loosely, and a line break pasted in prose."""
    canonical = draw(st.lists(st.sampled_from([
        "Draw 1 Arcana", "Add 1 to any Dark Deed", "Stash a card from your hand",
        "Grimoire Level 2: Draw 2 Arcana, then Discard 1", "Each opponent discards 1",
        "Choose one: Draw 1 Arcana or Gain 1 point",
    ]), min_size=1, max_size=4))
    loose = [draw(st.sampled_from([c, c.lower(), c.upper(), c.replace(" ", "  "),
                                   c.replace(", then", " then"), c + "."]))
             for c in canonical]
    pasted = draw(st.sampled_from(BREAKS))
    newline = draw(st.sampled_from(BREAKS[:3]))
    quoted = [draw(st.sampled_from(['"{}"', "'{}'"] + ([] if ":" in line else ["{}"])))
              .format(line) for line in loose]  # a plain 'a: b' would be a mapping
    body = (f"grimoire: Necromancy{newline}cards:{newline}  - name: Fuzzed{newline}"
            f"    types: [Spell]{newline}    flavor: \"pasted{pasted}here\"{newline}"
            f"    effects:{newline}" + "".join(f"      - {q}{newline}" for q in quoted))
    return body, "\n".join(canonical)


# --------------------------------------------------------------- properties
def parser_answers(text: str) -> None:
    try:
        node = parse(text, VOCAB)
    except DslError as error:
        assert error.message and error.hint, error
        assert 1 <= error.column <= max(1, len(text) + 1), error
        str(error)  # renders without failing, control characters escaped
    else:
        assert parse(to_text(node), VOCAB) == node


def reader_answers(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "f.yaml"
        path.write_text(text, encoding="utf-8", newline="")
        src = read_source(path, "f.yaml")
        node, errors = compose(src)
        if node is not None:
            try:
                data_of(src, node)
            except ContentErrors as exc:
                errors = exc.errors
        for error in errors:
            assert error.line >= 1 and error.column >= 1, error
            str(error)


def loader_reports(edited: tuple[str, str]) -> None:
    rel, text = edited
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("*.py"))
        (root / rel).write_text(text, encoding="utf-8", newline="")
        report = analyse(root)  # must not raise, whatever the file says
        for error in report.errors:
            assert isinstance(error, ProphecyError) and error.message
            str(error)


def fmt_keeps_files(case: tuple[str, str]) -> None:
    from prophecy.compiler.cli import main

    body, canonical = case
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("*.py"))
        path = root / "arcana" / "necromancy.yaml"
        header = path.read_text(encoding="utf-8").split("\n", 1)[0] + "\n"
        path.write_text(header + body, encoding="utf-8", newline="")
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["fmt", "--content", str(root)]) in (0, 1)
        report = analyse(root)
        cards = [c for c in report.content.cards if c.name == "Fuzzed"]
        assert [line.text for c in cards for line in c.effects] == canonical.split("\n")
        assert all(not line.written for c in cards for line in c.effects)
