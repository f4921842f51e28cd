"""`prophecy parse`: effect lines in, canonical text (or AST JSON) out.

``prophecy parse TEXT`` handles one line; ``prophecy parse -`` reads one line
per stdin line and prints one result per line, errors on stderr with the
input's line number. ``--field ROLE`` reads a line as a card's field of that
role would (a Verse ``condition``, a Dark Deed's ``bonus``...), with that field's
guidance in its errors (``dsl/fields.py``). Exit 1 when any line is invalid. ``prophecy parse
--schema`` prints the JSON schema that ``--json`` output follows, made from the
AST's classes (``dsl/schema.py``). A line read after rewriting (ruling 20) prints its
canonical text, and ``note: reads as '...'`` on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from prophecy.compiler.model.vocab import read_vocabulary
from prophecy.dsl import ast
from prophecy.dsl.errors import DslError, UsageError
from prophecy.dsl.fields import ROLES, in_field, read_in_field
from prophecy.dsl.parser import read
from prophecy.dsl.printer import to_text
from prophecy.tools.options import add_content, content_dir

if TYPE_CHECKING:
    from prophecy.dsl.vocabulary import Vocabulary


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", metavar="TEXT", nargs="?",
                        help="an effect line, or - to read stdin")
    parser.add_argument("--json", action="store_true", help="print the AST as JSON")
    parser.add_argument("--field", metavar="ROLE", default="",
                        help="read the line as a field of this role reads it: effect, "
                             "condition, title, bonus or hireling")
    parser.add_argument("--schema", action="store_true",
                        help="print the JSON schema of what --json prints, and stop")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    if args.schema:
        from prophecy.dsl.schema import ast_schema  # deferred: start-up time (parse)

        print(json.dumps(ast_schema(), indent=2))
        return 0
    if args.text is None:
        raise UsageError("no line to parse", where="prophecy parse",
                         hint="write the line in quotes, '-' to read lines from stdin, or "
                              "--schema for the schema of the JSON")


    if args.field and args.field not in ROLES:
        raise UsageError(f"no field role '{args.field}'", where="prophecy parse",
                         hint="use one of " + ", ".join(ROLES))
    vocab = read_vocabulary(content_dir(args))
    if args.text == "-":
        lines = [(n, line.rstrip("\r\n"), "<stdin>") for n, line in enumerate(sys.stdin, 1)]
    else:
        lines = [(1, args.text, "<text>")]
    failed = 0
    for number, line, where in lines:
        failed += not _one(line, number, where, vocab, args.json, indent=len(lines) == 1,
                           field=args.field)
    return 1 if failed else 0


def _one(line: str, number: int, where: str, vocab: Vocabulary, as_json: bool, indent: bool,
         field: str = "") -> bool:
    try:
        node, note = _read(line, vocab, field)
    except DslError as exc:
        if field:
            exc = in_field(field, exc, vocab)
        exc.where, exc.line = where, number
        print(exc, file=sys.stderr)
        return False
    if field:
        try:
            _of_kind(node, field, line)
        except DslError as exc:  # the error check gives a line of another kind there
            exc.where, exc.line = where, number
            print(exc, file=sys.stderr)
            return False
    if as_json:
        print(json.dumps(ast.to_json(node), indent=2 if indent else None))
    else:
        print(to_text(node))
    if note:  # read after rewriting (ruling 20): the line as written is not the canonical one
        print(f"{where}:{number}:1: note: {note}", file=sys.stderr)
    return True


def _read(line: str, vocab: Vocabulary, field: str) -> tuple[ast.Line, str]:
    """The line's node and note as ``read`` gives them, or as its field reads it when the
    field gives a refused line one meaning (a Verse condition written without its 'If')."""
    try:
        return read(line, vocab)
    except DslError:
        found = read_in_field(field, line, vocab) if field else None
        if found is None:
            raise
        return found


def _of_kind(node: object, field: str, line: str) -> None:
    """A line that reads, but as another kind of line than the field holds (a condition in
    a Title's field): the error ``prophecy check`` gives it there."""
    from prophecy.compiler.model.cards import ROLE_KINDS, kind_error  # deferred: start-up

    wrong = kind_error(ROLE_KINDS[field], node)  # type: ignore[arg-type]
    if wrong is not None:
        raise DslError(wrong[0], column=1, length=len(line.rstrip()), source=line,
                       hint=wrong[1])
