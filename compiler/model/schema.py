"""Schema checks: a file's data and nodes in, placed errors out, for content files and layouts.

Each kind of content file has a JSON schema (draft 2020-12) made from the
game's declarations (``schemagen.py``: the loader passes the schema itself);
the card-face layout's is the file ``content/schemas/layout.schema.json``
(passed by name). Validation is ``jsonschema``'s, imported
only when a file is checked, so ``prophecy parse`` never loads it. Each of
its errors becomes a ``ProphecyError`` in words a card author understands,
placed on the YAML node it is about (an unknown field's key, a wrong value,
the mapping that lacks a field).

One rule is stricter than JSON Schema's own: a whole number must be written
as one (``copies: 2.0`` is a type error at its place, not 2).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import yaml

from prophecy.compiler.model import memo
from prophecy.compiler.model.files import schemas_dir
from prophecy.compiler.model.yamlsafe import Source, key_node, lookup
from prophecy.dsl.errors import ProphecyError, one_of, suggest

_TYPE_WORDS = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping of 'key: value' lines",
    "null": "empty",
}


Schema = dict[str, Any]


@cache
def named_schema(name: str) -> Schema:
    """A schema kept as a file of the bundled content's schemas (the layout's)."""
    found: Schema = json.loads((schemas_dir() / f"{name}.schema.json").read_text(encoding="utf-8"))
    return found


def schema(name_or_schema: str | Schema) -> Schema:
    """The schema itself: given, or by the name of a bundled schema file."""
    return named_schema(name_or_schema) if isinstance(name_or_schema, str) else name_or_schema


def validator(which: str | Schema) -> Any:
    """A jsonschema validator of a schema (whole numbers only for 'integer'), built once."""
    return _validator(schema_text(which))


def surely_valid(which: str | Schema, data: Any) -> bool:
    """Whether ``data`` meets the schema, by jsonschema-rs (a hundred times faster than
    jsonschema, and no 35 ms import): True only when it can tell for sure, and False otherwise,
    for jsonschema to find what is wrong and say so.

    It is told nothing it might read otherwise than jsonschema does here: data with a key
    that is not text, a whole number past 2**52 or a decimal that is not finite, text with a
    control character (the patterns' white space differs there), or anything but text,
    numbers, truth values, lists and mappings. Where the two could differ otherwise,
    jsonschema-rs is the stricter (its '$' is the end of the text, where Python's also stops
    before a last line break; it checks 'format'), so 'valid' from it is valid here.

    A whole number written as a decimal ('63.0', as layouts write millimetres) is a number
    here but not an 'integer', where for jsonschema-rs it is both. Such data is put to it
    twice: with each of those decimals as its whole number, against the schema (every
    bound, list and equality is met as the decimal meets it here); and with each of them
    half a unit up, against the schema without its bounds, lists and equalities (each
    'type' is met as the decimal meets it here). Both together say valid only where no
    part of the schema is a choice or a condition ('anyOf', 'not', 'if', ...): there
    jsonschema decides.
    """
    plain = _plain(data)
    if plain is None:
        return False
    text = schema_text(which)
    gate = _gate(text)
    if gate is None or (plain and _CHOICES.search(text)):
        return False
    try:
        if not plain:
            return bool(gate.is_valid(data))
        typed = _typed_gate(text)
        return typed is not None and bool(gate.is_valid(_decimals_as(data, int))) and bool(
            typed.is_valid(_decimals_as(data, lambda value: value + 0.5)))
    except Exception:  # noqa: BLE001 - data it cannot take: jsonschema decides
        return False


#: Keywords that make a choice or set a condition: with one, the data's being valid with
#: its whole decimals made whole numbers, and with them made not whole, says nothing of it.
_CHOICES = re.compile(
    r'"(anyOf|oneOf|not|if|then|else|dependentSchemas|dependentRequired|contains'
    r'|minContains|maxContains|unevaluatedProperties|unevaluatedItems)"\s*:')

#: What a number's value (not its type) decides.
_VALUE_KEYWORDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                             "multipleOf", "enum", "const", "uniqueItems"})
#: Keywords whose value names subschemas (by name, or in a list), or is one.
_NAMED_SCHEMAS = frozenset({"properties", "patternProperties", "$defs", "definitions"})
_LISTED_SCHEMAS = frozenset({"allOf", "prefixItems"})
_ONE_SCHEMA = frozenset({"items", "additionalProperties", "propertyNames"})


def _typed_only(schema_: Any) -> Any:
    """The schema without what a number's value decides: its types and shapes alone."""
    if not isinstance(schema_, dict):
        return schema_
    out: dict[str, Any] = {}
    for key, value in schema_.items():
        if key in _VALUE_KEYWORDS:
            continue
        if key in _NAMED_SCHEMAS and isinstance(value, dict):
            out[key] = {name: _typed_only(sub) for name, sub in value.items()}
        elif key in _LISTED_SCHEMAS and isinstance(value, list):
            out[key] = [_typed_only(sub) for sub in value]
        elif key in _ONE_SCHEMA:
            out[key] = _typed_only(value)
        else:
            out[key] = value
    return out


def _decimals_as(data: Any, way: Callable[[float], Any]) -> Any:
    """``data`` with each whole number written as a decimal made ``way`` of it."""
    kind = type(data)
    if kind is dict:
        return {k: _decimals_as(v, way) for k, v in data.items()}
    if kind is list:
        return [_decimals_as(v, way) for v in data]
    if kind is float and data.is_integer():
        return way(data)
    return data


@cache
def _typed_gate(text: str) -> Any:
    """A jsonschema-rs validator of the schema's types and shapes alone (``_typed_only``)."""
    return _gate(json.dumps(_typed_only(json.loads(text))))


@cache
def _gate(text: str) -> Any:
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - a dependency; without it, only slower
        return None
    try:
        return jsonschema_rs.Draft202012Validator(json.loads(text))
    except Exception:  # noqa: BLE001 - a schema it cannot build: jsonschema checks alone
        return None


_MOST_EXACT = 2**53
#: Past this, a whole decimal plus a half is not a number apart (it rounds to a whole).
_WHOLE_DECIMALS = 2**52


def _plain(data: Any) -> bool | None:
    """None unless: text keys; values text, whole numbers under 2**53, finite decimals
    (those that are whole numbers, under 2**52), truth values, nothing, lists and
    mappings of them. Then whether a decimal among them is a whole number."""
    whole = False
    stack = [data]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is dict:
            if not all(type(k) is str for k in value):
                return None
            stack.extend(value.values())
        elif kind is list:
            stack.extend(value)
        elif kind is int:
            if not -_MOST_EXACT < value < _MOST_EXACT:
                return None
        elif kind is float:
            if value != value or value in (math.inf, -math.inf):
                return None
            if value.is_integer():
                if not -_WHOLE_DECIMALS < value < _WHOLE_DECIMALS:
                    return None
                whole = True
        elif kind is str:
            if _CONTROL.search(value):
                return None
        elif kind not in (bool, type(None)):
            return None
    return whole


#: Control characters besides tab and line break: the schemas refuse them, and Python's '\s'
#: takes U+001C to U+001F for spaces where jsonschema-rs's does not.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def schema_text(which: str | Schema) -> str:
    """A schema as JSON text, in its own order (the order hints list its fields in)."""
    whole = schema(which)
    found = _TEXTS.get(id(whole))
    if found is None or found[0] is not whole:
        if len(_TEXTS) > 256:
            _TEXTS.clear()
        found = _TEXTS[id(whole)] = (whole, json.dumps(whole))
    return found[1]


#: id of a schema → (the schema, its text); schemas are built once and not changed after.
_TEXTS: dict[int, tuple[Schema, str]] = {}


@cache
def _validator(text: str) -> Any:
    from jsonschema import Draft202012Validator, validators

    def integer(checker: Any, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", integer)
    strict = validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator, type_checker=checker
    )
    return strict(_inlined(json.loads(text)))


_DEFS = "#/$defs/"


def _inlined(schema: Schema) -> Schema:
    """The schema with each plain reference to one of its ``$defs`` written out in place (a
    reference looked up for every value checked is a third of the time of checking); one
    that refers back to a definition it is inside of stays a reference."""
    defs = schema.get("$defs")
    if not isinstance(defs, dict):
        return schema

    def walk(node: Any, inside: tuple[str, ...]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if len(node) == 1 and isinstance(ref, str) and ref.startswith(_DEFS):
                name = ref[len(_DEFS):]
                if name in defs and name not in inside:
                    return walk(defs[name], (*inside, name))
            return {k: v if k == "$defs" else walk(v, inside) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v, inside) for v in node]
        return node

    found: Schema = walk(schema, ())
    return found


def iter_findings(which: str | Schema, data: Any) -> Iterator[Any]:
    """Every way ``data`` breaks a schema: jsonschema's errors, in its order. A mapping key
    that YAML read as a number, a truth value or nothing (``3:``, ``yes:``, ``~:``) is
    checked as the text it would be as a name (jsonschema's name checks need strings)."""
    yield from validator(which).iter_errors(_named_keys(data) if _odd_keys(data) else data)


_STR = "tag:yaml.org,2002:str"
_KEY_KINDS = {"int": "a number", "float": "a number", "null": "nothing (null)",
              "bool": "true or false", "timestamp": "a date"}


def _odd_keys(data: Any) -> bool:
    """Whether any mapping key of ``data`` is not a string."""
    if isinstance(data, dict):
        return any(not isinstance(k, str) or _odd_keys(v) for k, v in data.items())
    if isinstance(data, list):
        return any(_odd_keys(v) for v in data)
    return False


def _named_keys(data: Any) -> Any:
    """``data`` with every mapping key a string."""
    if isinstance(data, dict):
        return {(k if isinstance(k, str) else _key_text(k)): _named_keys(v)
                for k, v in data.items()}
    if isinstance(data, list):
        return [_named_keys(v) for v in data]
    return data


def _key_text(key: Any) -> str:
    return "null" if key is None else str(key).lower() if isinstance(key, bool) else str(key)


def _odd_key_paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The data paths of mapping keys that are not strings."""
    if isinstance(data, dict):
        for k, v in data.items():
            if not isinstance(k, str):
                yield (*path, _key_text(k))
            yield from _odd_key_paths(v, (*path, k if isinstance(k, str) else _key_text(k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _odd_key_paths(v, (*path, i))


def _odd_key_errors(src: Source, node: yaml.Node) -> Iterator[ProphecyError]:
    """A placed problem for each mapping key YAML reads as other than a string."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.tag != _STR:
                kind = _KEY_KINDS.get(key.tag.rsplit(":", 1)[-1], "a value")
                yield src.error_at(key, f"the key '{key.value}' is read as {kind}, not a name",
                                   f"write it in quotes: '\"{key.value}\":', or the name meant")
            elif not isinstance(key, yaml.ScalarNode):
                yield src.error_at(key, "a key that is a list or a mapping",
                                   "a key is a name: write one word or phrase before the ':'")
            yield from _odd_key_errors(src, value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _odd_key_errors(src, item)


def fold_case(name: str | Schema, data: Any) -> list[tuple[tuple[Any, ...], str]]:
    """Values of an enum written in another casing ('Sabotage', 'MIDDLE'), set to the enum's.

    A harmless variant: the data is changed in place, so the schema sees the
    canonical value, and each change is returned as (data path, canonical
    value) for ``prophecy fmt`` to write back.
    """
    root = schema(name)
    changes: list[tuple[tuple[Any, ...], str]] = []
    _fold(root, root, data, (), changes)
    return changes


def _fold(root: dict[str, Any], node: dict[str, Any], value: Any, path: tuple[Any, ...],
          changes: list[tuple[tuple[Any, ...], str]]) -> None:
    if "$ref" in node:
        target: Any = root
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        _fold(root, target, value, path, changes)
    enum = node.get("enum")
    if isinstance(value, str) and enum and value not in enum:
        canonical = {str(e).lower(): e for e in enum if isinstance(e, str)}.get(value.lower())
        if canonical is not None:
            changes.append((path, canonical))
    if isinstance(value, dict):
        props, extra = node.get("properties", {}), node.get("additionalProperties")
        for key, item in value.items():
            sub = props.get(key, extra if isinstance(extra, dict) else None)
            if sub is not None:
                _fold(root, sub, item, (*path, key), changes)
    elif isinstance(value, list) and isinstance(node.get("items"), dict):
        for index, item in enumerate(value):
            _fold(root, node["items"], item, (*path, index), changes)


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> None:
    """Set the value at a data path (keys and indices)."""
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = value


def schema_errors(name: str | Schema, src: Source, root: yaml.Node, data: Any
                  ) -> list[ProphecyError]:
    """Every way ``data`` (composed from ``root``) breaks the schema ``name``."""
    out: dict[tuple[Any, ...], ProphecyError] = {}
    for error in _odd_key_errors(src, root):
        out.setdefault(error.sort_key(), error)
    # data found clean against the same schema before is not checked again
    key = memo.digest(schema_text(name), repr(data))
    if memo.get("clean", key) or surely_valid(name, data):
        memo.put("clean", key, True)
        return list(out.values())
    findings = list(iter_findings(name, data))
    if not findings:
        memo.put("clean", key, True)
    for finding in findings:
        for error in _explain(finding, src, root):
            out.setdefault(error.sort_key(), error)
    return list(out.values())


def bad_paths(name: str | Schema, data: Any) -> set[tuple[Any, ...]]:
    """The data paths (as tuples) that break the schema: to skip broken cards."""
    return {tuple(f.absolute_path) for f in iter_findings(name, data)} | set(
        _odd_key_paths(data))


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
    elif keyword in ("anyOf", "oneOf") and finding.context:
        # one of several shapes: say what is wrong with the one the value comes nearest to
        from jsonschema.exceptions import best_match

        shaped = [e for e in finding.context if e.validator != "type"]
        nearest = best_match(shaped or finding.context)
        message, hint = _describe(nearest.validator, nearest.validator_value, nearest.instance,
                                  _field(path), nearest.schema)
        yield src.error_at(node, message, hint)
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
    if keyword == "type" and isinstance(value, list):  # one of several types
        wanted = " or ".join(_TYPE_WORDS.get(str(v), str(v)) for v in value)
        return f"{field} must be {wanted}, not {_kind_of(instance)}", ""
    if keyword == "type":
        wanted = _TYPE_WORDS.get(value, value)
        hint = "put the value in quotes" if value == "string" else _TYPE_HINTS.get(value, "")
        return f"{field} must be {wanted}, not {_kind_of(instance)}", hint
    if keyword == "enum":
        hint = suggest(str(instance), [str(v) for v in value]) or f"use {one_of(value)}"
        return f"{field} must be {one_of(value)}, not '{instance}'", hint
    if keyword in _BOUNDS:
        bound = _BOUNDS[keyword]
        return f"{field} must be {bound} {value}, not {instance}", subschema.get("description", "")
    if keyword in ("minItems", "maxItems"):
        bound = "at least" if keyword == "minItems" else "at most"
        return (f"{field} needs {bound} {value} item{'s' if value != 1 else ''}, "
                f"not {len(instance)}", subschema.get("description", ""))
    if keyword == "maxLength":
        about = subschema.get("description", "")
        return (f"{field} is {len(instance)} characters long; at most {value} fit",
                f"shorten the text{': ' + about[0].lower() + about[1:] if about else ''}")
    if keyword == "uniqueItems":
        return f"{field} lists the same value twice", "remove the repeated item"
    if keyword == "pattern" and not str(instance).strip():
        if field.startswith("item"):
            return f"{field} is blank", "write the text, or delete the item"
        return f"{field} is blank", "write the text, or delete the field if it is optional"
    if keyword == "pattern" and (control := _control(str(instance))):
        return (f"{field} holds the control character {control}, which prints as nothing or "
                "moves the cursor", "delete it: names and texts hold printable characters only")
    if keyword == "pattern":
        return f"{field} cannot be '{instance}'", subschema.get("description", "")
    return f"{field}: {keyword} {value!r} not met", subschema.get("description", "")


def _control(text: str) -> str:
    """The first control character of ``text`` as 'U+0007 at character 4', or ''."""
    for index, char in enumerate(text):
        if ord(char) < 0x20 or 0x7F <= ord(char) <= 0x9F:
            return f"U+{ord(char):04X} at character {index + 1}"
    return ""


_BOUNDS = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
           "exclusiveMaximum": "less than"}


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
        first: yaml.Node = node.value[0][0]
        return first
    return node



def all_of(names: list[str]) -> str:
    """'a', 'b' and 'c' (none: 'none')."""
    quoted = [f"'{n}'" for n in names]
    if not quoted:
        return "none"
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
