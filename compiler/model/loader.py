"""The content loader: a content folder in, a typed ``Content`` (or every problem) out.

Stages, each in its own module, chained by ``analyse``:

1. read each file's bytes as UTF-8 and compose its YAML safely, keeping the
   place of every node (``compiler/yamlsafe.py``);
2. check the data against the file kind's JSON schema (``content_schema.py``);
3. read the vocabulary and the rules constants from ``game.yaml``;
4. parse every effect line with that vocabulary and build the cards, checking
   names and references (``content_cards.py``).

Problems never stop the run early: every file is read and every problem is
collected, then sorted by place. ``check_content`` returns them;
``load_content`` raises them together as one ``ContentErrors``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prophecy.compiler import model
from prophecy.compiler.model.cards import Builder, Written, scalar_written, slug
from prophecy.compiler.model.schema import all_of as _all
from prophecy.compiler.model.yamlsafe import Source, compose, data_of, read_source
from prophecy.dsl.errors import ContentErrors, ProphecyError, suggest
from prophecy.dsl.vocabulary import Vocabulary

__all__ = [
    "ContentErrors", "Report", "Written", "analyse", "check_content", "counts",
    "expand_copies", "load_content", "slug",
]

#: File (or folder/*.yaml) → (schema name, card kind or None for game.yaml), in load order.
FILES: tuple[tuple[str, str, str | None], ...] = (
    ("game.yaml", "game", None),
    ("arcana/*.yaml", "arcana", "arcana"),
    ("grimoires.yaml", "grimoires", "grimoire"),
    ("deeds/*.yaml", "deeds", "deed"),
    ("verses.yaml", "verses", "verse"),
    ("hirelings.yaml", "hirelings", "hireling"),
    ("titles.yaml", "titles", "title"),
    ("reference.yaml", "reference", "reference"),
    ("tracker.yaml", "tracker", "tracker"),
)

_HEADER = re.compile(r"(#\s*yaml-language-server:\s*\$schema=)(\S+)")
_EMPTY_HINTS = {
    "game": "write the game's name, vocabulary, rules, glossary and components",
    "arcana": "write 'grimoire:' and a 'cards:' list, or delete the file",
    "deeds": "write 'grimoire:' and a 'deeds:' list, or delete the file",
    "grimoires": "write a 'grimoires:' list",
    "verses": "write a 'verses:' list",
    "hirelings": "write a 'hirelings:' list",
    "titles": "write a 'titles:' list",
    "reference": "write 'reference:' with the card's name and heading",
    "tracker": "write 'tracker:' with the card's name and rounds",
}


@dataclass
class _File:
    """One content file, read: its source, its nodes and data, and the schema's verdict."""

    schema: str
    kind: str | None  # the card kind it holds; None for game.yaml
    src: Source
    node: Any
    data: Any
    skip: set[tuple[Any, ...]]  # data paths that broke the schema
    written: list[Written] = field(default_factory=list)  # values written in another casing


@dataclass
class Report:
    """What a check of a content folder found: the (maybe partial) content and problems."""

    content: model.Content
    errors: list[ProphecyError]
    written: list[Written] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def analyse(root: Path, texts: Mapping[Path, str] | None = None) -> Report:
    """Check every file of a content folder; never raises for bad content or a wrong folder.

    ``texts`` holds files as an editor has them, not yet saved: by absolute
    path, the text to read instead of the file's.
    """
    errors: list[ProphecyError] = []
    unsaved = {p.resolve(): t for p, t in (texts or {}).items()}
    loaded = [
        found for rel, schema_name, kind in _discover(root, errors)
        if (found := _load_file(root, rel, schema_name, kind, errors, unsaved)) is not None
    ]
    game = next((f for f in loaded if f.schema == "game"), None)
    vocab, rules = _vocabulary(game, errors), _rules(game)
    builder = Builder(vocab, rules)
    for file in loaded:
        if file.kind is not None:
            builder.build(file.kind, file.src, file.node, file.data, file.skip)
    errors.extend(builder.errors)
    game_data = game.data if game and isinstance(game.data, dict) else {}
    content = _content(root, game_data, vocab, rules, builder.cards)
    sources = [f.src for f in loaded]
    written = [w for f in loaded for w in f.written] + builder.written
    return Report(content, _sorted(errors), written, sources)


def check_content(path: Path) -> tuple[model.Content | None, list[ProphecyError]]:
    """The content of a folder and no problems, or None and every problem sorted by place."""
    report = analyse(Path(path))
    return (None if report.errors else report.content), report.errors


def load_content(path: Path) -> model.Content:
    """The content of a folder; raises ``ContentErrors`` (a ProphecyError) listing every problem."""
    content, errors = check_content(path)
    if errors or content is None:
        raise ContentErrors(errors)
    return content


def expand_copies(cards: Iterable[model.Card]) -> list[model.Card]:
    """Each card repeated ``copies`` times: the physical cards in the box."""
    return [card for card in cards for _ in range(card.copies)]


def counts(content: model.Content) -> dict[str, int]:
    """Physical cards per kind (copies counted), in the order of ``model.KINDS``."""
    found = Counter(card.kind for card in expand_copies(content.cards))
    return {kind: found[kind] for kind in model.KINDS}


# files ---------------------------------------------------------------------------
def _discover(root: Path, errors: list[ProphecyError]) -> list[tuple[str, str, str | None]]:
    if not (root / "game.yaml").is_file():  # not a content folder: say only that
        errors.append(ProphecyError(
            "no game.yaml here", where=str(root / "game.yaml"),
            hint="name the content folder with --content DIR",
        ))
        return []
    found: list[tuple[str, str, str | None]] = []
    for pattern, schema_name, kind in FILES:
        if "*" in pattern:
            folder = pattern.split("/")[0]
            names = sorted(p.name for p in (root / folder).glob("*.yaml"))
            if not names:
                hint = f"add {pattern} files, one per grimoire"
                errors.append(_missing(root, f"{folder}/", hint))
            found.extend((f"{folder}/{name}", schema_name, kind) for name in names)
        elif (root / pattern).exists():  # the reader says what is wrong if it is no file
            found.append((pattern, schema_name, kind))
        else:
            errors.append(_missing(root, pattern, f"create {pattern} (see docs/content.md)"))
    errors.extend(_unknown_files(root))
    return found


def _missing(root: Path, rel: str, hint: str) -> ProphecyError:
    return ProphecyError(f"missing {rel}", where=str(root / rel), hint=hint)


def _unknown_files(root: Path) -> list[ProphecyError]:
    known = [p for p, _, _ in FILES if "*" not in p]
    out = []
    for path in sorted([*root.glob("*.yaml"), *root.glob("*.yml")]):
        if path.name not in known:
            every = _all([*known, "arcana/*.yaml", "deeds/*.yaml"])
            hint = suggest(path.name, known) or f"the content files are {every}"
            message = f"unknown content file '{path.name}'"
            out.append(ProphecyError(message, where=str(path), hint=hint))
    return out


def _load_file(
    root: Path, rel: str, schema_name: str, kind: str | None, errors: list[ProphecyError],
    unsaved: Mapping[Path, str],
) -> _File | None:
    from prophecy.compiler.model.schema import bad_paths, fold_case, schema_errors, set_at

    text = unsaved.get((root / rel).resolve())
    try:
        src = read_source(root / rel, rel) if text is None else _unsaved(root / rel, rel, text)
    except ProphecyError as exc:
        errors.append(exc)
        return None
    errors.extend(_header_errors(src, schema_name))
    node, problems = compose(src, _EMPTY_HINTS[schema_name])
    errors.extend(problems)
    if node is None:
        return None
    try:
        data = data_of(src, node)
    except ContentErrors as exc:
        errors.extend(exc.errors)
        return None
    written = []
    for path, canonical in fold_case(schema_name, data):
        set_at(data, path, canonical)
        written.append(scalar_written(src, node, list(path), canonical))
    found = schema_errors(schema_name, src, node, data)
    errors.extend(found)
    skip = bad_paths(schema_name, data) if found else set()
    return _File(schema_name, kind, src, node, data, skip, written)


def _unsaved(path: Path, rel: str, text: str) -> Source:
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    return Source(path, rel, text.removeprefix(bom), bom=bom)


def _header_errors(src: Source, schema_name: str) -> list[ProphecyError]:
    """The editor's schema comment, when there is one, must name this file kind's schema."""
    found = _HEADER.match(src.line(1))
    wanted = f"{schema_name}.schema.json"
    folder = "../" * src.rel.count("/")
    if not found:
        if not src.text.strip():
            return []  # an empty file gets its own error
        return [src.error(
            "this file does not name its schema on its first line", 1, 1,
            f"make the first line '# yaml-language-server: $schema={folder}schemas/{wanted}', "
            "so an editor checks the file as you type",
        )]
    if found.group(2).rsplit("/", 1)[-1] == wanted:
        return []
    return [src.error(
        f"this file's schema is {wanted}, not '{found.group(2)}'", 1, found.start(2) + 1,
        f"write '# yaml-language-server: $schema={folder}schemas/{wanted}'",
        len(found.group(2)),
    )]


# game.yaml -----------------------------------------------------------------------
def _vocabulary(game: _File | None, errors: list[ProphecyError]) -> Vocabulary | None:
    """The vocabulary, unless game.yaml is missing or its vocabulary is broken.

    Also collects the sense checks of game.yaml (``gamecheck.py``): names the
    rules language could not read or that are listed twice leave no vocabulary
    to parse the effect lines with.
    """
    if game is None:
        return None
    from prophecy.compiler.model.gamecheck import rules_errors, vocabulary_errors
    from prophecy.compiler.model.vocab import vocabulary_from

    if not any(p[:1] == ("rules",) for p in game.skip):
        errors.extend(rules_errors(game.src, game.node, game.data))
    if any(p[:1] in ((), ("vocabulary",)) for p in game.skip):
        return None
    found = vocabulary_errors(game.src, game.node, game.data)
    errors.extend(found)
    return None if found else vocabulary_from(game.data, "game.yaml")


def _rules(game: _File | None) -> model.Rules:
    """The rules constants; the defaults while game.yaml's rules are broken."""
    values = game.data.get("rules") if game and isinstance(game.data, dict) else None
    if game is None or not isinstance(values, dict) or any(
        p[:1] == ("rules",) for p in game.skip
    ):
        return model.Rules()
    given: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
    return model.Rules(**given)


def _content(
    root: Path,
    data: dict[str, Any],
    vocab: Vocabulary | None,
    rules: model.Rules,
    cards: list[model.Card],
) -> model.Content:
    game = data
    terms: list[Any] = game["glossary"] if isinstance(game.get("glossary"), list) else []
    glossary = tuple(
        model.Term(t["term"], t.get("definition", ""), tuple(t.get("rejected", ())))
        for t in terms if isinstance(t, dict) and "term" in t
    )
    specs: dict[str, Any] = (
        game["components"] if isinstance(game.get("components"), dict) else {}
    )
    components = {
        kind: spec["count"] for kind, spec in specs.items()
        if isinstance(spec, dict) and isinstance(spec.get("count"), int)
    }
    order = {kind: i for i, kind in enumerate(model.KINDS)}
    return model.Content(
        root=str(root),
        game_name=str(game.get("name", "")),
        rules=rules,
        grimoires=vocab.grimoires if vocab else (),
        card_types=vocab.card_types if vocab else (),
        deed_targets=vocab.deed_targets if vocab else (),
        glossary=glossary,
        components=components,
        cards=tuple(sorted(cards, key=lambda c: order[c.kind])),
        version=str(game.get("version") or ""),
    )


def _sorted(errors: list[ProphecyError]) -> list[ProphecyError]:
    unique = {error.sort_key(): error for error in errors}
    return [unique[key] for key in sorted(unique)]
