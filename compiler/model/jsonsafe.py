"""JSON files the project reads back: a file's bytes in, its data and the place of every value out.

The project writes JSON (``simulate --json``, ``balance --json``, their
shards) and reads it back (``merge``, ``--compare``, ``serve --balance``).
Such a file may have been cut, edited or written by hand, so it is read as
hostile input: a regular file of bounded size, UTF-8, standard JSON only
(no ``NaN`` or ``Infinity``, no key given twice), and checked against a JSON
schema before any of it is used. Every problem is a ``ProphecyError`` at the
line and column of the value it is about; ``json`` keeps no places, so they
are found again (``places``) only when there is a problem to place.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prophecy.compiler.model.files import is_regular
from prophecy.dsl.errors import ProphecyError

#: A run's JSON is a few hundred kilobytes; 64 MB is far beyond any real one.
MAX_JSON_BYTES = 64 * 1024 * 1024

_SPACE = re.compile(r"[ \t\n\r]*")

JsonPath = tuple[str | int, ...]


@dataclass
class Document:
    """A JSON file read: its name, text and data; ``error`` places a problem at a value."""

    where: str
    text: str
    data: Any
    hint: str = ""
    _places: dict[JsonPath, int] | None = None

    def error(self, path: JsonPath, message: str, hint: str = "") -> ProphecyError:
        """A problem with the value at ``path`` (keys and indices), at its line and column."""
        if self._places is None:
            self._places = places(self.text)
        offset = self._places.get(tuple(path))
        named = f"{show_path(path)}: {message}" if path else message
        if offset is None:
            return ProphecyError(named, where=self.where, line=0, hint=hint or self.hint)
        line, column, source = _place(self.text, offset)
        return ProphecyError(named, where=self.where, line=line, column=column,
                             source=source[:200], hint=hint or self.hint)


def show_path(path: JsonPath) -> str:
    """``('tally', 'plays', 3)`` -> ``tally.plays[3]``."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def read_json(path: Path, hint: str) -> Document:
    """A JSON file read and parsed; a ProphecyError naming the file (and place) if it is not."""
    where = str(path)
    try:
        if not is_regular(path):
            reason = "no such file" if not path.exists() else "not a regular file"
            raise ProphecyError(reason, where=where, line=0, hint=hint)
        if path.stat().st_size > MAX_JSON_BYTES:
            raise ProphecyError(f"the file is over {MAX_JSON_BYTES // 2**20} MB", where=where,
                                line=0, hint=hint)
        with path.open("rb") as handle:
            data = handle.read(MAX_JSON_BYTES + 1)
    except OSError as exc:
        raise ProphecyError(f"cannot read the file: {exc.strerror or exc}", where=where, line=0,
                            hint=hint) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column, source = _place(data.decode("utf-8", "replace"), exc.start)
        raise ProphecyError(f"byte 0x{data[exc.start]:02x} is not UTF-8 text", where=where,
                            line=line, column=column, source=source, hint=hint) from None
    return parse_json(text, where, hint)


def parse_json(text: str, where: str, hint: str) -> Document:
    """JSON text parsed strictly (standard JSON only); a placed ProphecyError if it is not."""
    try:
        data = json.loads(text, parse_constant=_constant, parse_float=_float,
                          object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        line, column, source = _place(text, exc.pos)
        raise ProphecyError(f"not JSON: {exc.msg}", where=where, line=line, column=column,
                            source=source[:200], hint=hint) from None
    except _Refused as exc:
        offset = text.find(exc.word) if exc.word else 0
        line, column, source = _place(text, max(0, offset))
        raise ProphecyError(exc.message, where=where, line=line, column=column,
                            source=source[:200], hint=hint) from None
    except RecursionError:
        raise ProphecyError("the JSON is nested too deeply", where=where, line=0,
                            hint=hint) from None
    except ValueError as exc:  # a number of thousands of digits
        raise ProphecyError(f"not JSON that can be read: {str(exc)[:80]}", where=where,
                            line=0, hint=hint) from None
    return Document(where, text, data, hint)


class _Refused(ValueError):
    def __init__(self, message: str, word: str = "") -> None:
        super().__init__(message)
        self.message, self.word = message, word


def _constant(word: str) -> Any:
    raise _Refused(f"'{word}' is not a JSON number (a file written by prophecy never holds it)",
                   word)


def _float(word: str) -> float:
    value = float(word)
    if not math.isfinite(value):
        raise _Refused(f"{word[:40]} is too large a number", word)
    return value


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key '{key[:40]}' is given twice in one object", f'"{key}"')
        out[key] = value
    return out


def validate(document: Document, schema: dict[str, Any]) -> None:
    """Raise the first of the schema's problems with the document's data (by place)."""
    found = list(_validator(schema).iter_errors(document.data))
    if not found:
        return
    errors = [document.error(tuple(e.absolute_path), _message(e)) for e in found]
    errors.sort(key=lambda e: (e.line or 10**9, e.column, e.message))
    first = errors[0]
    if len(errors) > 1:
        more = len(errors) - 1
        first.hint = f"{first.hint} ({more} more problem{'s' if more > 1 else ''} in this file)"
    raise first


def _validator(schema: dict[str, Any]) -> Any:
    """A JSON-schema validator whose integers are whole numbers written as such: ``1.0`` is
    a number but no count (a file written by prophecy writes counts as ``1``)."""
    from jsonschema import Draft202012Validator, validators

    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool))
    strict = validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator, type_checker=checker)
    return strict(schema)


def _message(error: Any) -> str:
    """A schema error in words: what the value is and what it should be."""
    shown = json.dumps(error.instance)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    wanted = error.schema.get("description") if isinstance(error.schema, dict) else None
    if error.validator in ("additionalProperties", "required"):
        return str(error.message)[:200]
    if wanted:
        return f"{shown} is not {wanted}"
    return f"{shown}: {str(error.message)[:160]}"


def _place(text: str, offset: int) -> tuple[int, int, str]:
    """The 1-based line and column of ``offset`` in ``text``, and that line's text."""
    offset = max(0, min(offset, len(text)))
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return text.count("\n", 0, offset) + 1, offset - start + 1, text[start:end if end >= 0
                                                                      else len(text)]


def places(text: str) -> dict[JsonPath, int]:
    """The offset of every value of a JSON text that ``json`` accepts, by its path."""
    decoder = json.JSONDecoder()
    out: dict[JsonPath, int] = {}

    def value(i: int, path: JsonPath) -> int:
        i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
        out[path] = i
        if text.startswith("{", i):
            return members(i + 1, path, "}", keyed=True)
        if text.startswith("[", i):
            return members(i + 1, path, "]", keyed=False)
        return int(decoder.raw_decode(text, i)[1])

    def members(i: int, path: JsonPath, close: str, keyed: bool) -> int:
        index = 0
        while True:
            i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
            if text.startswith(close, i):
                return i + 1
            if text.startswith(",", i):
                i += 1
                continue
            if keyed:
                key, i = decoder.raw_decode(text, i)
                i = _SPACE.match(text, i).end() + 1  # type: ignore[union-attr]  # the colon
                i = value(i, (*path, key))
            else:
                i = value(i, (*path, index))
                index += 1

    # what was placed before a value it cannot read is kept; the rest is named without a line
    with contextlib.suppress(ValueError, RecursionError, IndexError):
        value(0, ())
    return out
