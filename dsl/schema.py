"""JSON schema of the AST: the node classes in, a draft 2020-12 schema out.

The schema is derived from the dataclasses' type hints, so it cannot drift
from ``dsl/ast.py``; no copy is kept. ``prophecy parse --schema`` prints it.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, Union

from prophecy.dsl import ast

SCHEMA_ID = "https://dark-prophecies.example/schemas/ast.schema.json"


def ast_schema() -> dict[str, Any]:
    """The schema of one line's AST (an Effect, a verse condition or a Title)."""
    defs = {cls.__name__: _class_schema(cls) for cls in ast.NODE_CLASSES}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Dark Prophecies rules-language AST",
        "description": "One parsed line, as produced by `prophecy parse --json`.",
        "oneOf": [{"$ref": f"#/$defs/{cls.__name__}"} for cls in ast.LINE_CLASSES],
        "$defs": defs,
    }


def _class_schema(cls: type[ast.Node]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {"node": {"const": cls.__name__}}
    required = ["node"]
    for f in ast.data_fields(cls):
        props[f.name] = _type_schema(hints[f.name])
        required.append(f.name)
    doc = (cls.__doc__ or cls.__name__).strip().splitlines()[0]
    return {
        "type": "object",
        "title": cls.__name__,
        "description": doc,
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }


def _type_schema(hint: Any) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if hint is int:
        return {"type": "integer", "minimum": 0}
    if hint is str:
        return {"type": "string", "minLength": 1}
    if hint is bool:
        return {"type": "boolean"}
    if hint is type(None):
        return {"type": "null"}
    if origin is Literal:
        return {"enum": list(typing.get_args(hint))}
    if origin is tuple:
        return {"type": "array", "items": _type_schema(typing.get_args(hint)[0])}
    if origin in (Union, types.UnionType):
        return {"anyOf": [_type_schema(arg) for arg in typing.get_args(hint)]}
    if isinstance(hint, type) and issubclass(hint, ast.Node):
        return {"$ref": f"#/$defs/{hint.__name__}"}
    raise TypeError(f"no JSON schema for {hint!r}")
