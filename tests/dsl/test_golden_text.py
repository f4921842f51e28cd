"""What the parser says, kept in golden text: every error rendered in full, every span.

``tests/fixtures/dsl/rendered-errors.txt`` holds broken lines (those of
``errors.txt``, every catalogue example and more) with the whole text of the
error the grammar gives each as written (``strict_parse``: some of them have one meaning
and are read all the same, ruling 20): the place, the message, the source line, the caret
under the exact span and the hint. ``spans.txt`` holds canonical lines with
the text each node of their AST spans. Set ``PROPHECY_UPDATE_GOLDEN=1`` to
rewrite the outputs after a deliberate change, and read the diff.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from prophecy.dsl import ast
from prophecy.dsl.diagnose import _STARTS_HINT, CATALOGUE
from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse, strict_parse

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "dsl"
_spec = importlib.util.spec_from_file_location("golden", Path(__file__).with_name("golden.py"))
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)

ERRORS = FIXTURES / "rendered-errors.txt"
SPANS = FIXTURES / "spans.txt"


#: How the goldens write the hint that lists every way a line starts: that list is made
#: from the verbs' declarations (tests/dsl/test_verbs.py holds it to them), so a new verb
#: changes no golden file.
STARTS = "<the ways a line starts>"


def rendered(text: str, vocab) -> str:
    try:
        strict_parse(text, vocab)
    except DslError as exc:
        return str(exc).replace(_STARTS_HINT, STARTS)
    return "(parses)"


def spans(text: str, vocab) -> str:
    node = parse(text, vocab)
    lines = []
    for sub in ast.walk(node):
        span = sub.span
        shown = "(no span)" if span is None else (
            f"{span.line}:{span.column} {text[span.start:span.end]!r}")
        lines.append(f"{type(sub).__name__}: {shown}")
    return "\n".join(lines)


def broken_inputs() -> list[str]:
    listed = [text for text, _ in golden.read(ERRORS)] if ERRORS.exists() else []
    from_errors = [line.split(" ; ")[0] for line in
                   (FIXTURES / "errors.txt").read_text(encoding="utf-8").splitlines()
                   if line and not line.startswith("#")]
    catalogue = [e for case in CATALOGUE for e in case.examples]
    return list(dict.fromkeys([*listed, *from_errors, *catalogue]))


def canonical_inputs() -> list[str]:
    listed = [text for text, _ in golden.read(SPANS)] if SPANS.exists() else []
    identity = [line for line in
                (FIXTURES / "identity.txt").read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
    return list(dict.fromkeys([*listed, *identity]))


def test_update_the_golden_files_on_request(vocab):
    if not golden.UPDATE:
        pytest.skip("set PROPHECY_UPDATE_GOLDEN=1 to rewrite the golden text")
    golden.write(ERRORS, golden.header(ERRORS), broken_inputs(), lambda t: rendered(t, vocab))
    golden.write(SPANS, golden.header(SPANS), canonical_inputs(), lambda t: spans(t, vocab))


def test_every_broken_line_and_catalogue_example_is_in_the_golden_file():
    listed = {text for text, _ in golden.read(ERRORS)}
    assert [t for t in broken_inputs() if t not in listed] == []


@pytest.mark.parametrize(("text", "expected"), golden.read(ERRORS),
                         ids=[ascii(t)[:60].replace("\\", "/") for t, _ in golden.read(ERRORS)])
def test_a_broken_line_gets_its_whole_error(text, expected, vocab):
    assert rendered(text, vocab) == expected


def test_every_canonical_line_is_in_the_spans_file():
    listed = {text for text, _ in golden.read(SPANS)}
    assert [t for t in canonical_inputs() if t not in listed] == []


@pytest.mark.parametrize(("text", "expected"), golden.read(SPANS),
                         ids=[t[:60] for t, _ in golden.read(SPANS)])
def test_each_node_spans_its_own_words(text, expected, vocab):
    assert spans(text, vocab) == expected
