"""The pieces every schema is made of: titles, bounds and patterns in, JSON schema objects out.

``schemagen`` (the content files' schemas) and ``schemagame`` (game.yaml's)
build their documents from these.
"""

from __future__ import annotations

from typing import Any

DRAFT = "https://json-schema.org/draft/2020-12/schema"
_ID = "https://schemas.dark-prophecies.example/{}.schema.json"

#: Characters that print nothing or move the cursor: never in a name or a text.
_CONTROL = "\\u0000-\\u001f\\u007f-\\u009f"
#: A one-line name: something visible, no control character.
NAME_PATTERN = f"^(?!\\s*$)[^{_CONTROL}]+$"
#: Prose may run over lines (a folded block) but holds no other control character.
PROSE_PATTERN = "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]*$"
#: An effect line starts with a word and ends with a word, a number or a closing mark;
#: anything the grammar adds in between passes, so new forms need no new pattern.
EFFECT_PATTERN = f"^[A-Za-z]([^{_CONTROL}]*[A-Za-z0-9'\")\\]])?$"


def text(title: str, description: str, max_length: int,
         pattern: str = NAME_PATTERN) -> dict[str, Any]:
    """A string field of at most ``max_length`` characters that matches ``pattern``."""
    return {"type": "string", "maxLength": max_length, "pattern": pattern, "title": title,
            "description": description}


def count(title: str, description: str, low: int, high: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": high, "title": title,
            "description": description}


def choice(title: str, description: str, values: dict[str, str],
           any_case: bool = False) -> dict[str, Any]:
    """An enum of ``values``, each with its description (VS Code shows enumDescriptions).

    With ``any_case`` (the editor's schemas), a value in another casing passes too,
    as ``prophecy check`` lets it pass (and ``prophecy fmt`` rewrites it): the enum
    stays for completion, beside a pattern that matches its names in any case.
    """
    enum = {"enum": list(values), "enumDescriptions": list(values.values())}
    if not any_case:
        return {**enum, "title": title, "description": description}
    return {"anyOf": [enum, {"type": "string", "pattern": any_case_pattern(list(values))}],
            "title": title, "description": description}


def any_case_pattern(names: list[str]) -> str:
    """A pattern matching exactly one of ``names`` in any casing ('[Nn][Ee]...'), for
    validators whose regular expressions have no flag for it (JSON schema's have none)."""
    def char(c: str) -> str:
        if c.lower() != c.upper():
            return f"[{c.upper()}{c.lower()}]"
        return "\\" + c if c in ".^$*+?()[]{}|\\/" else c  # escaped as ECMA-262 allows

    def word(name: str) -> str:
        return "".join(char(c) for c in name)

    return "^(?:" + "|".join(word(n) for n in names) + ")$"


def listing(title: str, description: str, items: dict[str, Any], low: int, high: int,
            unique: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "array", "minItems": low, "maxItems": high}
    if unique:
        out["uniqueItems"] = True
    return {**out, "items": items, "title": title, "description": description}


def mapping(title: str, description: str, properties: dict[str, Any],
            required: list[str]) -> dict[str, Any]:
    return {"type": "object", "title": title, "description": description,
            "additionalProperties": False, "required": required, "properties": properties}


def document(kind: str, title: str, description: str, properties: dict[str, Any],
             required: list[str], defs: dict[str, Any] | None = None) -> dict[str, Any]:
    out = {"$schema": DRAFT, "$id": _ID.format(kind), "title": title,
           "description": description, "type": "object", "additionalProperties": False,
           "required": required, "properties": properties}
    if defs:
        out["$defs"] = defs
    return out
