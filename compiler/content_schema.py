"""Schema checks for content files: a file's data and nodes in, placed errors out.

Each content file kind has a JSON schema (draft 2020-12) in
``content/schemas/``. The schemas use a small set of keywords, which this
module checks itself (``iter_findings``): importing jsonschema would cost
about a third of the time budget of ``prophecy check``. The tests hold the
two to the same findings on every fixture and validate the schemas with
jsonschema. Each finding becomes a ``ProphecyError`` in words a card author
understands, placed on the YAML node it is about (an unknown field's key, a
wrong value, the mapping that lacks a field).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from compiler.yamlsafe import Source, key_node, lookup
from dsl.errors import ProphecyError, one_of, suggest

SCHEMAS = Path(__file__).resolve().parent.parent / "content" / "schemas"

_TYPE_WORDS = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping of 'key: value' lines",
    "null": "empty",
}


@cache
def schema(name: str) -> dict[str, Any]:
    """The JSON schema ``content/schemas/<name>.schema.json``."""
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))


#: The keywords ``iter_findings`` understands; a test keeps the schemas to them.
KEYWORDS = frozenset({
    "$schema", "$id", "$defs", "$ref", "title", "description", "type", "enum", "required",
    "properties", "additionalProperties", "items", "minItems", "uniqueItems", "minimum",
    "maximum", "pattern",
})

_PY_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool)
    or isinstance(v, float) and v.is_integer(),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "null": lambda v: v is None,
}


@dataclass(frozen=True)
class Finding:
    """One way an instance breaks a schema (the attributes jsonschema's errors have)."""

    validator: str
    validator_value: Any
    instance: Any
    schema: dict[str, Any]
    absolute_path: tuple[Any, ...]


def iter_findings(root: dict[str, Any], instance: Any) -> Iterator[Finding]:
    """Every finding of ``instance`` against the schema ``root`` (keywords in KEYWORDS)."""
    return _check(root, root, instance, ())


def _check(root: dict, schema: dict, value: Any, path: tuple) -> Iterator[Finding]:
    if "$ref" in schema:
        yield from _check(root, _resolve(root, schema["$ref"]), value, path)
    for keyword, rule in schema.items():
        check = _CHECKS.get(keyword)
        if check is not None and not check(rule, value, schema):
            yield Finding(keyword, rule, value, schema, path)
    if isinstance(value, dict):
        yield from _check_object(root, schema, value, path)
    elif isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            yield from _check(root, schema["items"], item, (*path, index))


def _check_object(root: dict, schema: dict, value: dict, path: tuple) -> Iterator[Finding]:
    properties = schema.get("properties", {})
    for key, item in value.items():
        if key in properties:
            yield from _check(root, properties[key], item, (*path, key))
    if schema.get("additionalProperties") is False and set(value) - set(properties):
        yield Finding("additionalProperties", False, value, schema, path)
    if any(key not in value for key in schema.get("required", ())):
        yield Finding("required", schema["required"], value, schema, path)


def _resolve(root: dict, ref: str) -> dict:
    node: Any = root
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


def _unique(items: list[Any]) -> bool:
    seen = [json.dumps(i, sort_keys=True, default=str) for i in items]
    return len(seen) == len(set(seen))


_CHECKS: dict[str, Callable[[Any, Any, dict], bool]] = {
    "type": lambda rule, v, s: _PY_TYPES[rule](v),
    "enum": lambda rule, v, s: any(v == e and type(v) is type(e) for e in rule),
    "minimum": lambda rule, v, s: not _PY_TYPES["number"](v) or v >= rule,
    "maximum": lambda rule, v, s: not _PY_TYPES["number"](v) or v <= rule,
    "minItems": lambda rule, v, s: not isinstance(v, list) or len(v) >= rule,
    "uniqueItems": lambda rule, v, s: not (rule and isinstance(v, list)) or _unique(v),
    "pattern": lambda rule, v, s: not isinstance(v, str) or re.search(rule, v) is not None,
}


def schema_errors(name: str, src: Source, root: yaml.Node, data: Any) -> list[ProphecyError]:
    """Every way ``data`` (composed from ``root``) breaks the schema ``name``."""
    out: dict[tuple[Any, ...], ProphecyError] = {}
    for finding in iter_findings(schema(name), data):
        for error in _explain(finding, src, root):
            out.setdefault(error.sort_key(), error)
    return list(out.values())


def bad_paths(name: str, data: Any) -> set[tuple[Any, ...]]:
    """The data paths (as tuples) that break the schema: to skip broken cards."""
    return {tuple(f.absolute_path) for f in iter_findings(schema(name), data)}


def _explain(finding: Any, src: Source, root: yaml.Node) -> Iterator[ProphecyError]:
    path = list(finding.absolute_path)
    node, _ = lookup(root, path)
    keyword, value, instance = finding.validator, finding.validator_value, finding.instance
    title = finding.schema.get("title", "this mapping")
    if keyword == "additionalProperties":
        allowed = list(finding.schema.get("properties", {}))
        for extra in [k for k in instance if k not in allowed]:
            hint = suggest(str(extra), allowed) or f"{title}: the fields are {all_of(allowed)}"
            yield src.error_at(key_node(node, str(extra)) or node, f"unknown field '{extra}'", hint)
    elif keyword == "required":
        for missing in [k for k in value if k not in instance]:
            yield src.error_at(
                _first_key(node), f"missing field '{missing}'",
                f"{title}: the required fields are {all_of(value)}",
            )
    elif keyword == "type" and _unquoted_colon(finding):
        yield src.error_at(
            node, "this effect line holds ': ', so YAML reads it as a key and a value",
            "put the whole line in quotes: - \"Grimoire Level 2: Draw 1 Arcana\"",
        )
    else:
        message, hint = _describe(keyword, value, instance, _field(path), finding.schema)
        yield src.error_at(node, message, hint)


def _unquoted_colon(finding: Any) -> bool:
    """An effect line written 'Requirement: Action' without quotes became a mapping."""
    instance = finding.instance
    return finding.schema.get("title") == "Effect line" and isinstance(instance, dict)


def _describe(
    keyword: str, value: Any, instance: Any, field: str, subschema: dict[str, Any]
) -> tuple[str, str]:
    """(message, hint) for one schema finding about a value."""
    if keyword == "type":
        wanted = _TYPE_WORDS.get(value, value)
        hint = "put the value in quotes" if value == "string" else _TYPE_HINTS.get(value, "")
        return f"{field} must be {wanted}, not {_kind_of(instance)}", hint
    if keyword == "enum":
        hint = suggest(str(instance), [str(v) for v in value]) or f"use {one_of(value)}"
        return f"{field} must be {one_of(value)}, not '{instance}'", hint
    if keyword in ("minimum", "maximum"):
        bound = "at least" if keyword == "minimum" else "at most"
        return f"{field} must be {bound} {value}, not {instance}", subschema.get("description", "")
    if keyword == "minItems":
        return f"{field} needs at least {value} item{'s' if value != 1 else ''}", ""
    if keyword == "uniqueItems":
        return f"{field} lists the same value twice", "remove the repeated item"
    if keyword == "pattern":
        if field.startswith("item"):
            return f"{field} is blank", "write the text, or delete the item"
        return f"{field} is blank", "write the text, or delete the field if it is optional"
    return f"{field}: {keyword} {value!r} not met", subschema.get("description", "")


_TYPE_HINTS = {
    "array": "write a list: one '- item' line per item, or [a, b]",
    "object": "write 'key: value' lines indented under the key",
    "integer": "write a number such as 3, without quotes",
    "boolean": "write true or false",
}


def _kind_of(instance: Any) -> str:
    if isinstance(instance, bool):
        return f"{str(instance).lower()}"
    if isinstance(instance, int | float):
        return f"the number {instance}"
    if isinstance(instance, str):
        return f"the text '{instance}'"
    if instance is None:
        return "empty"
    if isinstance(instance, list):
        return "a list"
    if isinstance(instance, dict):
        return "a mapping"
    return f"a {type(instance).__name__}"  # dates and times that YAML recognised


def _field(path: list[Any]) -> str:
    """How to name the value at a data path: 'copies', 'item 2 of types', 'the file'."""
    if not path:
        return "the file"
    last = path[-1]
    if isinstance(last, int):
        parent = next((p for p in reversed(path) if isinstance(p, str)), "the list")
        return f"item {last + 1} of '{parent}'"
    return f"'{last}'"


def _first_key(node: yaml.Node) -> yaml.Node:
    if isinstance(node, yaml.MappingNode) and node.value:
        return node.value[0][0]
    return node



def all_of(names: list[str]) -> str:
    """'a', 'b' and 'c'."""
    quoted = [f"'{n}'" for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
