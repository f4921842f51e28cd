"""A game's declarations: game.yaml's ``kinds:`` (data) in, the kinds of card and their fields out.

A pack declares each kind of card it has: where its cards are written (YAML
files and the key that lists them, or one CSV file), the fields a card of it
has (each with a type, bounds and whether it is required), the fields written
once at the top of a file for each of its cards, the field that 'this
Grimoire' means in its rules lines, the words printed for it and the faces of
the layout that show it. The loader, the schemas, ``check``, ``cards``,
``fmt``, ``diff``, the language server and the faces all read these; no
Python names a kind of any game (the game's engine aside).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

FieldType = Literal["text", "prose", "integer", "boolean", "choice", "name", "image", "rules"]
FIELD_TYPES: tuple[FieldType, ...] = (
    "text", "prose", "integer", "boolean", "choice", "name", "image", "rules")
LineKind = Literal["effect", "condition", "title", "points"]
#: The vocabulary lists a ``name`` field may draw from.
NAME_LISTS = ("grimoires", "card_types", "deed_targets")
#: Every card has these, whatever its kind declares.
COMMON = ("name", "copies")

#: Default bounds of a field's values.
TEXT_MAX = 80
PROSE_MAX = 600
INTEGER_MIN, INTEGER_MAX = 0, 99
LIST_MAX = 8


@dataclass(frozen=True)
class FieldSpec:
    """One field of a kind: its name, type, bounds and words for the editor."""

    name: str
    type: FieldType
    required: bool = False
    many: bool = False  # a list of values (``list: true``)
    low: int | None = None  # integer bounds, or the fewest items of a list
    high: int | None = None  # ... the most (or the longest text)
    min_items: int = 0
    max_items: int = LIST_MAX
    values: tuple[tuple[str, str], ...] = ()  # a choice's words and what each means
    names: str = ""  # a name field's vocabulary list
    line: LineKind = "effect"  # what a rules field holds
    default: Any = None
    title: str = ""
    description: str = ""
    size: tuple[int, int] | None = None  # an image's least size in pixels

    @property
    def empty(self) -> Any:
        """The value of the field when a card leaves it out."""
        if self.default is not None:
            return tuple(self.default) if self.many else self.default
        if self.many:
            return ()
        return {"integer": None, "boolean": False}.get(self.type, "")


@dataclass(frozen=True)
class KindSpec:
    """One kind of card, as its pack declares it."""

    name: str
    label: str
    plural: str
    files: str  # a pattern of YAML files, or one CSV file
    list: str  # the key a YAML file lists its cards under
    fields: tuple[FieldSpec, ...]
    header: tuple[str, ...] = ()  # fields written once at the top of a file
    single: bool = False  # each file holds one card, a mapping under ``list``
    own: str = ""  # the field 'this Grimoire' and 'matching' mean in its rules lines
    front: str = ""  # the layout's face for its front ('': the face named as the kind, or plain)
    back: str = ""  # ... and for its back ('': plain-back, one back for the kind's cards)
    title: str = ""
    description: str = ""
    pack: str = ""  # the pack that declared it (a base game or an expansion), relative path

    @property
    def pattern(self) -> str:
        """Where its cards are written: ``files``, or ``<kind>.yaml`` when it says nothing."""
        return self.files or f"{self.name}.yaml"

    @property
    def csv(self) -> bool:
        return self.pattern.lower().endswith(".csv")

    def field(self, name: str) -> FieldSpec | None:
        return next((f for f in self.fields if f.name == name), None)

    @property
    def rules_fields(self) -> tuple[FieldSpec, ...]:
        """The fields that hold rules-language lines, in the order declared."""
        return tuple(f for f in self.fields if f.type == "rules")

    @property
    def card_fields(self) -> tuple[FieldSpec, ...]:
        """The fields written on each card (the header fields are the file's)."""
        return tuple(f for f in self.fields if f.name not in self.header)


@dataclass(frozen=True)
class Pack:
    """What game.yaml declares beyond the rules: the engine, the base game, the kinds."""

    kinds: tuple[KindSpec, ...] = ()
    engine: str = ""
    extends: str = ""
    layout: str = "poker"
    words: dict[str, str] = field(default_factory=dict)

    def kind(self, name: str) -> KindSpec | None:
        return next((k for k in self.kinds if k.name == name), None)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.kinds)


def field_spec(name: str, data: dict[str, Any]) -> FieldSpec:
    """A field's declaration (already checked against game.yaml's schema) as a FieldSpec."""
    kind: FieldType = data.get("type", "text")
    values: dict[str, Any] = data.get("values") or {}
    size = data.get("size")
    return FieldSpec(
        name=name, type=kind, required=bool(data.get("required", False)),
        many=bool(data.get("list", False)), low=data.get("min") if not data.get("list") else None,
        high=data.get("max") if not data.get("list") else None,
        min_items=int(data.get("min", 0)) if data.get("list") else 0,
        max_items=int(data.get("max", LIST_MAX)) if data.get("list") else LIST_MAX,
        values=tuple((str(k), str(v or "")) for k, v in values.items()),
        names=str(data.get("names", "")), line=data.get("line", "effect"),
        default=data.get("default"), title=str(data.get("title", "")),
        description=str(data.get("description", "")),
        size=(int(size[0]), int(size[1])) if isinstance(size, list) and len(size) == 2 else None,
    )


def kind_spec(name: str, data: dict[str, Any], pack: str = "") -> KindSpec:
    """A kind's declaration (already checked against game.yaml's schema) as a KindSpec."""
    fields = data.get("fields") or {}
    label = str(data.get("label") or name.replace("_", " ").replace("-", " ").title())
    return KindSpec(
        name=name, label=label, plural=str(data.get("plural") or label + "s"),
        files=str(data.get("files") or ""), list=str(data.get("list") or "cards"),
        fields=tuple(field_spec(key, value or {}) for key, value in fields.items()),
        header=tuple(str(h) for h in data.get("header") or ()), own=str(data.get("own", "")),
        single=bool(data.get("single", False)),
        front=str(data.get("front") or ""), back=str(data.get("back") or ""),
        title=str(data.get("title", "")), description=str(data.get("description", "")),
        pack=pack,
    )


def pack_of(data: Any, where: str = "") -> Pack:
    """The pack a game.yaml's data declares (its kinds in the order written)."""
    if not isinstance(data, dict):
        return Pack()
    kinds: dict[str, Any] = data["kinds"] if isinstance(data.get("kinds"), dict) else {}
    return Pack(
        kinds=tuple(kind_spec(str(name), spec if isinstance(spec, dict) else {}, where)
                    for name, spec in kinds.items()),
        engine=str(data.get("engine") or ""), extends=str(data.get("extends") or ""),
        layout=str(data.get("layout") or "poker"),
    )


def merged(base: Pack, extension: Pack) -> Pack:
    """An expansion over its base game: the base's kinds, each kind the expansion also
    declares adding its own files (and fields), and the expansion's new kinds after."""
    kinds = []
    for kind in base.kinds:
        more = extension.kind(kind.name)
        if more is None:
            kinds.append(kind)
            continue
        extra = tuple(f for f in more.fields if kind.field(f.name) is None)
        kinds.append(replace(kind, fields=kind.fields + extra))
    kinds += [k for k in extension.kinds if base.kind(k.name) is None]
    return Pack(kinds=tuple(kinds), engine=extension.engine or base.engine,
                extends=extension.extends, layout=extension.layout or base.layout)
