"""Cards from a spreadsheet: a kind's CSV file in, the same checked data a YAML file gives out.

A spreadsheet export builds directly: the first row names the fields (``name``,
``copies`` and the kind's own), each other row is one card. A list field is a
cell with one item per line, or several columns of the same name. Numbers and
true/false are read as the field's type says, so the kind's schema checks the
values as it checks YAML; and every cell becomes a YAML node placed at its row
and column, so every problem the loader finds (a bad value, an unknown name, a
rules line that does not parse) is reported at ``file.csv:row:column``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from prophecy.compiler.model.cards import LoadedFile
from prophecy.compiler.model.files import resolved
from prophecy.compiler.model.pack import KindSpec
from prophecy.compiler.model.schema import bad_paths, schema_errors
from prophecy.compiler.model.schemagen import _Game, kind_schema
from prophecy.compiler.model.yamlsafe import Source, read_source
from prophecy.dsl.errors import ProphecyError, suggest

_INT = re.compile(r"^[+-]?[0-9]+$")
_TRUE, _FALSE = {"true", "yes", "y", "1"}, {"false", "no", "n", "0"}
_STR, _MAP, _SEQ = "tag:yaml.org,2002:str", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"


class Cell:
    """One cell: its text and where it starts (0-based line and column, character offset)."""

    __slots__ = ("text", "line", "column", "index", "quoted")

    def __init__(self, text: str, line: int, column: int, index: int, quoted: bool) -> None:
        self.text, self.line, self.column, self.index, self.quoted = \
            text, line, column, index, quoted


#: The encoding of a CSV file that is not UTF-8: what Excel's plain "CSV" writes on Windows
#: in Western Europe and the Americas (every byte but five decodes, so it never fails on a
#: file that is mostly text).
WINDOWS = "cp1252"

#: What separates the values of a row: the comma, else what a spreadsheet saves in many
#: locales (the semicolon) or as "tab-separated values".
SEPARATORS = (",", ";", "\t")


def separator(text: str) -> str:
    """The separator of a CSV text, read off its first row: the comma when the row holds
    one (outside quotes), else a semicolon or a tab when it holds those."""
    first, quoted = [], False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        elif ch in "\r\n" and not quoted:
            break
        elif not quoted:
            first.append(ch)
    counts = {sep: first.count(sep) for sep in SEPARATORS}
    if counts[","]:
        return ","
    best = max(SEPARATORS[1:], key=lambda sep: counts[sep])
    return best if counts[best] else ","


#: Each separator as an error names it.
SEPARATOR_NAMES = {",": "comma-separated", ";": "semicolon-separated", "\t": "tab-separated"}
#: Each encoding as an error names it (the names spreadsheets use when saving).
ENCODING_NAMES = {"utf-8": "UTF-8", WINDOWS: "Windows-1252"}


def reading(src: Source) -> str:
    """How a CSV file was read: 'read as semicolon-separated, UTF-8 with BOM'. Every
    problem in the file says it, so a separator or encoding guessed wrong is seen at once
    (the first row holding a comma makes a file comma-separated)."""
    encoding = ENCODING_NAMES.get(src.encoding, src.encoding)
    bom = " with BOM" if src.bom else ""
    return f"read as {SEPARATOR_NAMES[separator(src.text)]}, {encoding}{bom}"


def noted(errors: list[ProphecyError], sources: list[Source]) -> list[ProphecyError]:
    """``errors`` with each one in a CSV file of ``sources`` saying how that file was read,
    after its hint."""
    how = {src.where: reading(src) for src in sources if src.rel.lower().endswith(".csv")}
    out = []
    for error in errors:
        said = how.get(error.where)
        if said is None or said in error.hint or type(error) is not ProphecyError:
            out.append(error)
            continue
        hint = f"{error.hint} (the file was {said})" if error.hint else f"the file was {said}"
        out.append(replace(error, hint=hint))
    return out


def cells(text: str, sep: str = ",") -> list[list[Cell]]:
    """The rows of a CSV text (RFC 4180: quotes, doubled quotes, line breaks in quoted cells),
    each cell with its place; ``sep`` separates the values of a row."""
    stops = sep + "\r\n"
    rows: list[list[Cell]] = []
    row: list[Cell] = []
    i, line, col, n = 0, 0, 0, len(text)
    while i < n or row:
        start = (line, col, i)
        value: list[str] = []
        quoted = i < n and text[i] == '"'
        if quoted:
            i, col = i + 1, col + 1
            while i < n:
                ch = text[i]
                if ch == '"' and i + 1 < n and text[i + 1] == '"':
                    value.append('"')
                    i, col = i + 2, col + 2
                elif ch == '"':
                    i, col = i + 1, col + 1
                    break
                else:
                    value.append(ch)
                    i += 1
                    line, col = (line + 1, 0) if ch == "\n" else (line, col + 1)
        while i < n and text[i] not in stops:
            value.append(text[i])
            i, col = i + 1, col + 1
        row.append(Cell("".join(value), *start, quoted))
        if i < n and text[i] == sep:
            i, col = i + 1, col + 1
            continue
        if i < n and text[i] == "\r":
            i += 1
        if i < n and text[i] == "\n":
            i += 1
        line, col = line + 1, 0
        if any(c.text.strip() for c in row):
            rows.append(row)
        row = []
        if i >= n:
            break
    return rows


def read_csv(root: Path, rel: str, kind: KindSpec, errors: list[ProphecyError],
             unsaved: Mapping[Path, str]) -> Any:
    """A kind's CSV file as the loader's ``_File`` (its data and nodes), or None."""
    path = root / rel
    text = unsaved.get(resolved(path))
    try:
        # a spreadsheet that saves "CSV" on Windows writes its code page, not UTF-8
        src = read_source(path, rel, WINDOWS) if text is None else Source(path, rel, text)
    except ProphecyError as exc:
        errors.append(exc)
        return None
    rows = cells(src.text, separator(src.text))
    if not rows:
        errors.append(src.error("the file is empty", 1, 1, "write a first row naming the "
                                "fields (name, copies, ...), then one row per card"))
        return None
    header, body = rows[0], rows[1:]
    names = _header_names(src, header, kind, errors)
    long = [row for row in body if len(row) > len(header)]
    if len(long) > 1 and 2 * len(long) > len(body):  # the first row is the short one
        widest = max(len(row) for row in long)
        last = header[-1]
        errors.append(src.error(
            f"the first row names {len(header)} fields, but most rows hold more values "
            f"(up to {widest})", last.line + 1, last.column + 1,
            "the first row names every column, one heading a column (a heading with a "
            "comma in it needs double quotes around it)", max(1, len(last.text))))
    else:
        errors.extend(_too_long(src, row, len(header)) for row in long)
    node, data = _as_yaml(src, kind, names, header, body)
    schema = kind_schema(kind, _Game({}), checking=True)
    found = schema_errors(schema, src, node, data)
    # a column missing from the first row is one problem there, not one on every row;
    # a row with a comma too many is one problem, not one for each value it shifts
    missing = {f"missing field '{f.name}'" for f in kind.card_fields if f.name not in names}
    shifted = {line + 1 for row in long for line in range(row[0].line, row[-1].line + 1)}
    errors.extend(e for e in found if e.message not in missing and e.line not in shifted)
    skip = bad_paths(schema, data) if found else set()
    return LoadedFile(kind.name, kind, src, node, data, skip, [])


def _too_long(src: Source, row: list[Cell], fields: int) -> ProphecyError:
    """A row with more values than the first row names: most often a comma inside a value
    that has no quotes around it, which splits it in two and shifts every value after it.
    Placed at the comma most likely to be that one: before an unquoted value that starts
    with a space, as the rest of a sentence does; else at the first value too many."""
    message = (f"this row has {len(row)} values, but the first row names {fields} fields: "
               "a value with a comma in it needs double quotes around it")
    for before, cell in zip(row, row[1:], strict=False):
        if not cell.quoted and not before.quoted and cell.text.startswith(" ") and \
                cell.text.strip():
            joined = f"{before.text},{cell.text}".replace('"', '""')
            return src.error(message, cell.line + 1, cell.column, f'write "{joined}"', 1)
    extra = row[fields]
    return src.error(message, extra.line + 1, extra.column + 1,
                     "put double quotes around each value with a comma in it, or remove "
                     "the commas too many", max(1, len(extra.text)))


def _header_names(src: Source, header: list[Cell], kind: KindSpec,
                  errors: list[ProphecyError]) -> list[str | None]:
    """Each column's field (None for a column not read); an unknown heading is an error."""
    allowed = ["name", "copies", *(f.name for f in kind.card_fields)]
    out: list[str | None] = []
    meant: set[str] = set()  # the columns an unknown heading was taken for ("did you mean")
    for cell in header:
        name = cell.text.strip()
        key = name.lower().replace(" ", "_")
        if key in allowed:
            out.append(key)
            continue
        out.append(None)
        hint = suggest(name, allowed) or f"the columns of {kind.plural} are {', '.join(allowed)}"
        meant.update(a for a in allowed if hint == suggest(name, [a]))
        errors.append(src.error(f"unknown field '{name}' in the first row", cell.line + 1,
                                cell.column + 1, hint, max(1, len(cell.text))))
    for need in ("name", *(f.name for f in kind.card_fields if f.required)):
        if need not in out and need not in meant:
            errors.append(src.error(f"no column '{need}'", 1, 1,
                                    f"add a column headed '{need}': every {kind.label} has one"))
    return out


def _as_yaml(src: Source, kind: KindSpec, names: list[str | None], header: list[Cell],
             body: list[list[Cell]]) -> tuple[yaml.Node, Any]:
    """The rows as the YAML a file of the kind would hold: ``{list: [card, ...]}``, with a
    node for every cell at its place."""
    cards, card_nodes = [], []
    for row in body:
        values: dict[str, Any] = {}
        nodes: dict[str, yaml.Node] = {}
        for column, cell in enumerate(row):
            name = names[column] if column < len(names) else None
            if name is None or not cell.text.strip():
                continue
            spec = kind.field(name)
            many = spec is not None and spec.many
            items = [cell] if not many else _items(cell)
            converted = [_typed(c.text.strip() if not c.quoted else c.text, spec, name)
                         for c in items]
            scalars = [_scalar(src, c, _plain(v)) for c, v in zip(items, converted, strict=True)]
            if many:
                values.setdefault(name, []).extend(converted)
                existing = nodes.get(name)
                seq = existing if isinstance(existing, yaml.SequenceNode) else yaml.SequenceNode(
                    _SEQ, [], scalars[0].start_mark, scalars[-1].end_mark, flow_style=False)
                seq.value.extend(scalars)
                nodes[name] = seq
            else:
                values[name], nodes[name] = converted[0], scalars[0]
        first = row[0]
        mark = _mark(src, first.line, first.column, first.index)
        pairs = [(yaml.ScalarNode(_STR, key, node.start_mark, node.start_mark), node)
                 for key, node in nodes.items()]
        card_nodes.append(yaml.MappingNode(_MAP, pairs, mark, mark, flow_style=False))
        cards.append(values)
    top = _mark(src, 0, 0, 0)
    seq_node = yaml.SequenceNode(_SEQ, card_nodes, top, top, flow_style=False)
    key = yaml.ScalarNode(_STR, kind.list, top, top)
    return yaml.MappingNode(_MAP, [(key, seq_node)], top, top, flow_style=False), \
        {kind.list: cards}


def _items(cell: Cell) -> list[Cell]:
    """A list cell's items: one a line of the cell."""
    out, line, column, index = [], cell.line, cell.column + (1 if cell.quoted else 0), \
        cell.index + (1 if cell.quoted else 0)
    for part in cell.text.split("\n"):
        if part.strip():
            out.append(Cell(part.strip(), line, column, index, False))
        line, column, index = line + 1, 0, index + len(part) + 1
    return out or [cell]


def _typed(text: str, spec: Any, name: str) -> Any:
    """A cell's text as the field's type reads it (left as text when it is not one)."""
    kind = "integer" if name == "copies" else getattr(spec, "type", "text")
    if kind == "integer" and _INT.match(text):
        return int(text)
    if kind == "boolean" and text.lower() in _TRUE | _FALSE:
        return text.lower() in _TRUE
    return text


def _plain(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _scalar(src: Source, cell: Cell, value: str) -> yaml.ScalarNode:
    start = _mark(src, cell.line, cell.column, cell.index)
    end = _mark(src, cell.line, cell.column + max(1, len(cell.text)) + 2 * cell.quoted,
                cell.index + len(cell.text))
    return yaml.ScalarNode(_STR, value, start, end, style='"' if cell.quoted else None)


def _mark(src: Source, line: int, column: int, index: int) -> yaml.Mark:
    return yaml.Mark(src.rel, index, line, column, None, 0)
