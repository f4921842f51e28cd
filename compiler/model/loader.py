"""The content loader: a content folder in, a typed ``Content`` (or every problem) out.

Stages, each in its own module, chained by ``analyse``:

1. read ``game.yaml``: the game's kinds of card (``pack.py``), and the base
   game's first when it is an expansion (``extends:``);
2. read each file the kinds name as UTF-8 and compose its YAML safely, keeping
   the place of every node (``yamlsafe.py``), or read a kind's CSV file
   (``csvcards.py``);
3. check the data against the kind's JSON schema, made from its declaration
   (``schemagen.py``, ``schema.py``);
4. read the vocabulary and the rules constants from ``game.yaml``;
5. parse every rules line with that vocabulary and build the cards, checking
   names and references (``cards.py``); then the game's engine, when it has
   one, checks what only it knows (``plugins.py``): an installed engine, or
   for a pack's own ``engine.py`` its declaration and the installed engine it
   is built on. No Python of a pack ever runs here.

Problems never stop the run early: every file is read and every problem is
collected, then sorted by place. ``check_content`` returns them;
``load_content`` raises them together as one ``ContentErrors``.
"""

from __future__ import annotations

import os
import pickle
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import yaml

from prophecy.compiler import model
from prophecy.compiler.model import memo, slug
from prophecy.compiler.model.cards import Builder, LoadedFile, Written, scalar_written
from prophecy.compiler.model.files import bundled_content, resolved
from prophecy.compiler.model.gamecheck import rules_errors, vocabulary_errors
from prophecy.compiler.model.options import options_errors, options_from
from prophecy.compiler.model.pack import KindSpec, Pack, merged, pack_of
from prophecy.compiler.model.plugins import engine_errors
from prophecy.compiler.model.schema import all_of as _all
from prophecy.compiler.model.schema import (
    bad_paths,
    fold_case,
    schema_errors,
    schema_text,
    set_at,
)
from prophecy.compiler.model.schemagame import game_schema
from prophecy.compiler.model.schemagen import content_schemas
from prophecy.compiler.model.vocab import vocabulary_from
from prophecy.compiler.model.yamlsafe import (
    Source,
    compose,
    data_of,
    key_node,
    load_yaml,
    lookup,
    read_source,
)
from prophecy.dsl.errors import ContentErrors, ProphecyError, suggest
from prophecy.dsl.vocabulary import Vocabulary

__all__ = [
    "ContentErrors", "Report", "Written", "analyse", "check_content", "counts",
    "expand_copies", "load_content", "read_pack", "slug",
]

_HEADER = re.compile(r"(#\s*yaml-language-server:\s*\$schema=)(\S+)")
_GAME_HINT = "write the game's name, its kinds of card, vocabulary, rules and components"


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


@dataclass(frozen=True)
class _Layer:
    """One pack of a game: the game itself, or the base game an expansion adds to."""

    root: Path
    game: LoadedFile | None
    pack: Pack
    set: str  # "" for the base game; an expansion's name


def analyse(root: Path, texts: Mapping[Path, str] | None = None) -> Report:
    """Check every file of a content folder; never raises for bad content or a wrong folder.

    ``texts`` holds files as an editor has them, not yet saved: by absolute
    path, the text to read instead of the file's.
    """
    errors: list[ProphecyError] = []
    unsaved = {resolved(p): t for p, t in (texts or {}).items()}
    layers = _layers(root, errors, unsaved)
    game = layers[-1].game if layers else None
    data = _merged_data([layer.game for layer in layers])
    pack = _engine_named_from(root, layers, _merged_pack([layer.pack for layer in layers]))
    checking = content_schemas(data, checking=True)
    loaded: list[tuple[_Layer, LoadedFile]] = []
    for layer in layers:
        for kind_name, rel in _discover(root, layer, pack, errors, unsaved):
            kind = pack.kind(kind_name)
            assert kind is not None
            found = _load_cards_file(root, layer.root, rel, kind, checking[kind.name], errors,
                                     unsaved)
            if found is not None:
                loaded.append((layer, found))
    vocab = _vocabulary(layers, data, pack, errors)
    for layer in layers:
        errors.extend(_component_errors(layer, pack))
    rules = _rules(game, data)
    builder = Builder(vocab, rules, data.get("components"))
    for layer, file in loaded:
        if file.kind is not None:
            builder.build(file.kind, file.src, file.node, file.data, file.skip, layer.set,
                          (root, layer.root))
    errors.extend(builder.errors)
    content = replace(_content(root, data, vocab, rules, builder.cards, pack, layers),
                      options=_options(game, data))
    sources = [layer.game.src for layer in layers if layer.game] + [f.src for _, f in loaded]
    written = [w for layer in layers if layer.game for w in layer.game.written]
    written += [w for _, f in loaded for w in f.written] + builder.written
    errors.extend(engine_errors(content))
    errors.extend(_layout_errors(layers, pack))
    if any(kind.csv for kind in pack.kinds):
        from prophecy.compiler.model.csvcards import noted  # deferred: start-up time (check)

        errors = noted(errors, sources)
    return Report(content, _sorted(errors), written, sources)


def _layout_errors(layers: list[_Layer], pack: Pack) -> list[ProphecyError]:
    """The layout a game names must be a file: the pack's own layouts/<name>.yaml (a base
    game's, for an expansion) or one that ships."""
    name = pack.layout
    places = [layer.root / "layouts" / f"{name}.yaml" for layer in layers]
    if any(p.is_file() for p in places) or (bundled_content() / "layouts" / f"{name}.yaml"
                                             ).is_file():
        return []
    game = next((layer.game for layer in reversed(layers)
                 if layer.game is not None and isinstance(layer.game.data, dict)
                 and "layout" in layer.game.data), None)
    if game is None:
        return []
    return [missing_layout(game.src, game.node, name)]


def missing_layout(src: Source, node: yaml.Node, name: str) -> ProphecyError:
    """The problem of a game.yaml (``src``, composed as ``node``) whose layout is no file."""
    shipped = sorted(p.stem for p in (bundled_content() / "layouts").glob("*.yaml"))
    return src.error_at(
        lookup(node, ["layout"])[0], f"no layout '{name}': the game's folder has no "
        f"layouts/{name}.yaml, and none of that name ships",
        f"write layouts/{name}.yaml (a copy of a shipped layout is a start), or name one that "
        f"ships: {', '.join(shipped)}")


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


def read_pack(root: Path) -> Pack:
    """The kinds a game folder's game.yaml declares (a ContentErrors when it cannot be read):
    for tools and tests that make cards of a game without loading it."""
    _, _, data = load_yaml(root / "game.yaml", "game.yaml", _GAME_HINT)
    return pack_of(data)


def expand_copies(cards: Iterable[model.Card]) -> list[model.Card]:
    """Each card repeated ``copies`` times: the physical cards in the box."""
    return [card for card in cards for _ in range(card.copies)]


def counts(content: model.Content) -> dict[str, int]:
    """Physical cards per kind (copies counted), in the order the game declares its kinds."""
    found = Counter(card.kind for card in expand_copies(content.cards))
    return {kind: found[kind] for kind in content.kinds}


# game.yaml and the layers ---------------------------------------------------------
def _layers(root: Path, errors: list[ProphecyError], unsaved: Mapping[Path, str]
            ) -> list[_Layer]:
    """The game's packs, base game first: each with its game.yaml read and its kinds."""
    if not (root / "game.yaml").is_file() and resolved(root / "game.yaml") not in unsaved:
        # not a content folder: say only that
        errors.append(ProphecyError(
            "no game.yaml here", where=str(root / "game.yaml"),
            hint="name the content folder with --content DIR (prophecy init DIR starts one)",
        ))
        return []
    game = _load_game(root, root, errors, unsaved)
    data = game.data if game and isinstance(game.data, dict) else {}
    layer = _Layer(root, game, pack_of(data), str(data.get("name") or root.name))
    if not layer.pack.extends:
        return [_Layer(root, game, layer.pack, "")]
    base_root = _base_root(root, layer.pack.extends)
    if not (base_root / "game.yaml").is_file():
        node = lookup(game.node, ["extends"])[0] if game else None
        message = f"the base game '{layer.pack.extends}' has no game.yaml"
        hint = "write the folder of the game this one adds to, relative to this one"
        errors.append(game.src.error_at(node, message, hint) if game and node is not None
                      else ProphecyError(message, where=str(root / "game.yaml"), hint=hint))
        return []  # its cards are of the base game's kinds: nothing more can be read
    base = _load_game(root, base_root, errors, unsaved)
    base_data = base.data if base and isinstance(base.data, dict) else {}
    if base_data.get("extends"):
        errors.append(ProphecyError(
            "the base game is itself an expansion", where=str(base_root / "game.yaml"),
            hint="extend the base game itself: an expansion adds to one game"))
    return [_Layer(base_root, base, pack_of(base_data), ""), layer]


def base_root(content: model.Content) -> Path | None:
    """The folder of the game an expansion adds to (``extends:``); None for a game that
    extends none."""
    extends = content.pack.extends
    return _base_root(Path(content.root), extends) if extends else None


def _base_root(root: Path, extends: str) -> Path:
    return bundled_content() if extends == "bundled" else resolved(root / extends)


def _load_game(root: Path, layer_root: Path, errors: list[ProphecyError],
               unsaved: Mapping[Path, str]) -> LoadedFile | None:
    rel = os.path.relpath(layer_root / "game.yaml", root)
    return _load_file(root, layer_root, rel, "game", game_schema(), None, _GAME_HINT, errors,
                      unsaved)


def _merged_data(games: list[LoadedFile | None]) -> dict[str, Any]:
    """game.yaml's data of the game; an expansion's over its base game's (the base game's
    vocabulary, glossary and rules, with the expansion's added)."""
    datas = [g.data for g in games if g is not None and isinstance(g.data, dict)]
    if len(datas) < 2:
        return datas[0] if datas else {}
    base, ext = datas
    out = {**base, **{k: v for k, v in ext.items() if k not in ("vocabulary", "glossary",
                                                                 "rules", "kinds",
                                                                 "components")}}
    vocab = {k: list(v) for k, v in (base.get("vocabulary") or {}).items()
             if isinstance(v, list)}
    for key, names in (ext.get("vocabulary") or {}).items():
        if isinstance(names, list) and key == "words":  # entries, not names: the base's first
            vocab[key] = [*vocab.get(key, []), *names]
        elif isinstance(names, list):
            vocab[key] = list(dict.fromkeys([*vocab.get(key, []), *names]))
    out["vocabulary"] = vocab
    out["glossary"] = [*(base.get("glossary") or []), *(ext.get("glossary") or [])]
    out["rules"] = {**(base.get("rules") or {}), **(ext.get("rules") or {})}
    out["kinds"] = base.get("kinds") or {}
    out["components"] = base.get("components") or {}
    return out


def _merged_pack(packs: list[Pack]) -> Pack:
    if len(packs) < 2:
        return packs[0] if packs else Pack()
    return merged(packs[0], packs[1])


def _engine_named_from(root: Path, layers: list[_Layer], pack: Pack) -> Pack:
    """The pack with its engine file named from ``root``: an expansion that names no engine
    plays with its base game's, whose file is in the base game's folder."""
    owner = next((layer for layer in reversed(layers) if layer.pack.engine), None)
    if owner is None or owner.root == root or not pack.engine.endswith(".py"):
        return pack
    return replace(pack, engine=os.path.relpath(owner.root / owner.pack.engine, root))


# files ---------------------------------------------------------------------------
def _discover(root: Path, layer: _Layer, pack: Pack, errors: list[ProphecyError],
              unsaved: Mapping[Path, str] | None = None) -> list[tuple[str, str]]:
    """(kind, file relative to ``root``) for each file of this layer's kinds, in kind order:
    those on disk, and those an editor has and has not saved yet (``unsaved``)."""
    unsaved = unsaved or {}
    found: list[tuple[str, str]] = []
    claimed: set[str] = {"game.yaml"}
    if layer.pack.engine.endswith(".py"):  # an engine file's declaration (declared.py)
        claimed.add(Path(layer.pack.engine).with_suffix(".yaml").as_posix())
    for declared in layer.pack.kinds:
        kind = pack.kind(declared.name)
        if kind is None:
            continue
        pattern = declared.files or (kind.pattern if layer.set else declared.pattern)
        if "*" in pattern:
            folder, _, glob = pattern.rpartition("/")
            base = layer.root / folder if folder else layer.root
            names = sorted({p.name for p in base.glob(glob)} | _unsaved_in(base, glob, unsaved))
            if not names and not layer.set:
                errors.append(_missing(root, layer.root, f"{folder}/" if folder else pattern,
                                       f"add {pattern} files for the {kind.plural}"))
            paths = [f"{folder}/{n}" if folder else n for n in names]
        elif (layer.root / pattern).exists() or resolved(layer.root / pattern) in unsaved:
            paths = [pattern]
        else:
            if not layer.set:
                errors.append(_missing(root, layer.root, pattern,
                                       f"create {pattern} for the {kind.plural} (docs/packs.md)"))
            paths = []
        claimed.update(paths)
        found.extend((kind.name, os.path.relpath(layer.root / rel, root)) for rel in paths)
    errors.extend(_unknown_files(root, layer, claimed, unsaved))
    return found


def _unsaved_in(folder: Path, glob: str, unsaved: Mapping[Path, str]) -> set[str]:
    """The names matching ``glob`` of the editor's files in ``folder``, saved or not."""
    import fnmatch

    where = resolved(folder)
    return {p.name for p in unsaved if p.parent == where and fnmatch.fnmatch(p.name, glob)}


def _missing(root: Path, layer_root: Path, rel: str, hint: str) -> ProphecyError:
    return ProphecyError(f"missing {rel}", where=str(layer_root / rel), hint=hint)


def _unknown_files(root: Path, layer: _Layer, claimed: set[str],
                   unsaved: Mapping[Path, str] | None = None) -> list[ProphecyError]:
    known = sorted(claimed)
    patterns = [k.pattern for k in layer.pack.kinds]
    out = []
    new = [layer.root / n for glob in ("*.yaml", "*.yml")
           for n in _unsaved_in(layer.root, glob, unsaved or {})]
    for path in sorted({*layer.root.glob("*.yaml"), *layer.root.glob("*.yml"), *new}):
        if path.name not in claimed:
            every = _all(["game.yaml", *patterns])
            hint = suggest(path.name, known) or f"the content files are {every}: declare a " \
                "kind in game.yaml whose 'files' name it"
            message = f"unknown content file '{path.name}'"
            out.append(ProphecyError(message, where=str(path), hint=hint))
    return out


def _load_cards_file(root: Path, layer_root: Path, rel: str, kind: KindSpec,
                     checking: dict[str, Any], errors: list[ProphecyError],
                     unsaved: Mapping[Path, str]) -> LoadedFile | None:
    if kind.csv:
        from prophecy.compiler.model.csvcards import read_csv  # deferred: start-up time (check)

        found: LoadedFile | None = read_csv(root, rel, kind, errors, unsaved)
        return found
    hint = f"write the {kind.plural} under '{kind.list}:', or delete the file"
    return _load_file(root, layer_root, rel, kind.name, checking, kind, hint, errors, unsaved)


def _load_file(
    root: Path, layer_root: Path, rel: str, schema_name: str, checking: dict[str, Any],
    kind: KindSpec | None, empty_hint: str, errors: list[ProphecyError],
    unsaved: Mapping[Path, str],
) -> LoadedFile | None:
    path = root / rel
    text = unsaved.get(resolved(path))
    try:
        src = read_source(path, rel) if text is None else _unsaved(path, rel, text)
    except ProphecyError as exc:
        errors.append(exc)
        return None
    errors.extend(_header_errors(src, schema_name, os.path.relpath(path, layer_root)))
    key = _file_key(src, checking) if memo.keeping() else None
    kept = memo.get("file", key) if key is not None else None
    if isinstance(kept, bytes):  # composed and found clean before: its nodes and data
        node, data = pickle.loads(kept)  # each load its own, as composing gives
        return LoadedFile(schema_name, kind, src, node, data, set(), [])
    node, problems = compose(src, empty_hint)
    errors.extend(problems)
    if node is None:
        return None
    try:
        data = data_of(src, node)
    except ContentErrors as exc:
        errors.extend(exc.errors)
        return None
    written = []
    for data_path, canonical in fold_case(checking, data):
        set_at(data, data_path, canonical)
        written.append(scalar_written(src, node, list(data_path), canonical))
    found = schema_errors(checking, src, node, data)
    errors.extend(found)
    skip = bad_paths(checking, data) if found else set()
    if key is not None and not problems and not written and not found:
        memo.put("file", key, pickle.dumps((node, data), protocol=pickle.HIGHEST_PROTOCOL))
    return LoadedFile(schema_name, kind, src, node, data, skip, written)


def _file_key(src: Source, checking: dict[str, Any]) -> str:
    """What a file's nodes and data, and the schema's verdict on them, depend on: its text
    (its name within the game, where its nodes' places are counted) and the schema it is
    checked against (made from game.yaml's kinds). The code is memo's salt."""
    return memo.digest("file-1", src.rel, src.bom, src.text, schema_text(checking))


def _unsaved(path: Path, rel: str, text: str) -> Source:
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    return Source(path, rel, text.removeprefix(bom), bom=bom)


@dataclass
class MissingHeader(ProphecyError):
    """A content file without its schema comment: ``header`` is the line it needs."""

    path: Path | None = None
    header: str = ""


def _header_errors(src: Source, schema_name: str, in_pack: str) -> list[ProphecyError]:
    """The editor's schema comment, when there is one, must name this file kind's schema
    (``in_pack``: the file's path inside its own pack, which holds the schemas folder)."""
    found = _HEADER.match(src.line(1))
    wanted = f"{schema_name}.schema.json"
    folder = "../" * in_pack.replace(os.sep, "/").count("/")
    if not found:
        if not src.text.strip():
            return []  # an empty file gets its own error
        header = f"# yaml-language-server: $schema={folder}schemas/{wanted}"
        error = src.error(
            "this file does not name its schema on its first line", 1, 1,
            f"make the first line '{header}', so an editor checks the file as you type "
            "('prophecy schemas' writes it)")
        return [MissingHeader(**{f.name: getattr(error, f.name) for f in fields(error)},
                              path=src.path, header=header)]
    if found.group(2).rsplit("/", 1)[-1] == wanted:
        return []
    return [src.error(
        f"this file's schema is {wanted}, not '{found.group(2)}'", 1, found.start(2) + 1,
        f"write '# yaml-language-server: $schema={folder}schemas/{wanted}'",
        len(found.group(2)),
    )]


# game.yaml -----------------------------------------------------------------------
def _vocabulary(layers: list[_Layer], data: dict[str, Any], pack: Pack,
                errors: list[ProphecyError]) -> Vocabulary | None:
    """The vocabulary (an expansion's added to its base game's), unless a game.yaml is
    missing or its vocabulary is broken.

    Also collects the sense checks of each game.yaml (``gamecheck.py``): names the
    rules language could not read or that are listed twice leave no vocabulary
    to parse the effect lines with.
    """
    usable = True
    for layer in layers:
        game = layer.game
        if game is None:
            usable = False
            continue
        if not any(p[:1] == ("rules",) for p in game.skip):
            errors.extend(rules_errors(game.src, game.node, game.data))
        if not any(p[:1] in (("rules",), ("options",)) for p in game.skip):
            errors.extend(options_errors(game.src, game.node, game.data))
        if any(p[:1] in ((), ("vocabulary",)) for p in game.skip):
            usable = False
        elif isinstance(game.data, dict) and "vocabulary" in game.data:
            found = vocabulary_errors(game.src, game.node, game.data)
            errors.extend(found)
            usable = usable and not found
    if not usable or not layers:
        return None
    if "vocabulary" not in data:
        game = layers[-1].game
        needs = [f"{k.name}.{f.name}" for k in pack.kinds for f in k.fields
                 if f.type in ("rules", "name")]
        if needs and game and isinstance(game.node, yaml.MappingNode) and game.node.value:
            errors.append(game.src.error_at(
                game.node.value[0][0], "missing field 'vocabulary'",
                f"the names the rules language reads ({needs[0]} is a rules or name field): "
                "write 'vocabulary:' with its grimoires and card_types"))
        return None
    return vocabulary_from(data, "game.yaml")


def _component_errors(layer: _Layer, pack: Pack) -> list[ProphecyError]:
    """A component list names only the game's kinds of card."""
    game = layer.game
    if game is None or not isinstance(game.data, dict) or not isinstance(
            game.data.get("components"), dict):
        return []
    out = []
    for name in game.data["components"]:
        if pack.kind(str(name)) is None:
            node = key_node(lookup(game.node, ["components"])[0], str(name)) or game.node
            hint = suggest(str(name), list(pack.names)) or (
                f"the game's kinds are {_all(list(pack.names))}" if pack.names
                else "declare the kind under 'kinds:' first")
            out.append(game.src.error_at(node, f"unknown field '{name}'", hint))
    return out


def _rules(game: LoadedFile | None, data: dict[str, Any]) -> model.Rules:
    """The rules constants; the defaults while game.yaml's rules are broken."""
    values = data.get("rules")
    if game is None or not isinstance(values, dict) or any(
        p[:1] == ("rules",) for p in game.skip
    ):
        return model.Rules()
    given: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
    return model.Rules(**given)


def _options(game: LoadedFile | None, data: dict[str, Any]) -> model.Options:
    """The rules options; the defaults while game.yaml's options are broken."""
    if game is None or any(p[:1] == ("options",) for p in game.skip):
        return model.Options()
    return options_from(data, game.node, "game.yaml")


def _content(root: Path, data: dict[str, Any], vocab: Vocabulary | None, rules: model.Rules,
             cards: list[model.Card], pack: Pack, layers: list[_Layer]) -> model.Content:
    terms: list[Any] = data["glossary"] if isinstance(data.get("glossary"), list) else []
    glossary = tuple(
        model.Term(t["term"], t.get("definition", ""), tuple(t.get("rejected", ())))
        for t in terms if isinstance(t, dict) and "term" in t
    )
    order = {kind: i for i, kind in enumerate(pack.names)}
    sets = tuple(model.ComponentSet(layer.set, os.path.relpath(layer.root / "game.yaml", root),
                                    _specs(layer.game.data if layer.game else None))
                 for layer in layers)
    return model.Content(
        root=str(root),
        game_name=str(data.get("name", "")),
        rules=rules,
        grimoires=vocab.grimoires if vocab else (),
        card_types=vocab.card_types if vocab else (),
        deed_targets=vocab.deed_targets if vocab else (),
        glossary=glossary,
        components=_components(data),
        cards=tuple(sorted(cards, key=lambda c: order.get(c.kind, len(order)))),
        version=str(data.get("version") or ""),
        pack=pack,
        sets=sets,
        words=_words(data),
    )


def _words(data: dict[str, Any]) -> tuple[tuple[str, str, str], ...]:
    """game.yaml's 'words:': the language's nouns as the faces print them (schema-checked)."""
    found = data.get("words")
    if not isinstance(found, dict):
        return ()
    return tuple((str(word), str(say.get("one", word)), str(say.get("many", say.get("one", word))))
                 for word, say in found.items() if isinstance(say, dict))


def _specs(data: Any) -> dict[str, dict[str, int]]:
    specs = data.get("components") if isinstance(data, dict) else None
    return {str(kind): {k: v for k, v in spec.items() if isinstance(v, int)}
            for kind, spec in (specs or {}).items() if isinstance(spec, dict)}


def _components(data: Any) -> dict[str, int]:
    specs = data.get("components") if isinstance(data, dict) else None
    return {kind: spec["count"] for kind, spec in (specs or {}).items()
            if isinstance(spec, dict) and isinstance(spec.get("count"), int)}


def _sorted(errors: list[ProphecyError]) -> list[ProphecyError]:
    unique = {error.sort_key(): error for error in errors}
    return [unique[key] for key in sorted(unique)]
