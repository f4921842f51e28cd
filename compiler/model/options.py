"""game.yaml's rules options: its checked data and nodes in, an ``Options`` and placed problems out.

The schema (``schemagame.py``) holds each option to its words and bounds;
``options_errors`` looks at an option's parts together: a hand drawn up to a
size needs the size, Verses shuffled into the deck need a place for every
player count the game allows, a number that belongs to another choice is a
slip. ``options_from`` reads the data that passed into ``model.Options``, with
the place of every option written, so that the engine can place what only it
knows to be wrong (an action it does not have).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import yaml

from prophecy.compiler import model
from prophecy.compiler.model.yamlsafe import Source, key_node, lookup
from prophecy.dsl.errors import ProphecyError

#: (option, the choice key, {choice: the keys that belong to it}): a key given with another
#: choice is a slip, a key a choice needs and lacks is a problem (below).
_BELONGS: tuple[tuple[str, str, dict[str, tuple[str, ...]]], ...] = (
    ("hand", "rule", {"draw-up-to": ("size",)}),
    ("dark_deeds", "place", {"market": ("size",)}),
    ("verses", "place", {"deck": ("depths",)}),
    ("end", "after", {"deck-emptied": ("times", "most_rounds")}),
)
#: (option, choice, key) a choice cannot do without, with an example for the hint.
_NEEDS = {
    ("hand", "draw-up-to", "size"): "{rule: draw-up-to, size: 5}",
    ("verses", "deck", "depths"): "depths: {2 players: [[5, 9], [14, 18]], ...}",
    ("end", "deck-emptied", "times"): "times: {2 players: 2, 3 players: 3, ...}",
}


def options_errors(src: Source, root: yaml.Node, data: Any) -> list[ProphecyError]:
    """Options whose parts do not go together, each placed where it is written."""
    options = data.get("options") if isinstance(data, dict) else None
    if not isinstance(options, dict):
        return []
    rules = data.get("rules") if isinstance(data.get("rules"), dict) else {}
    low, high = rules.get("min_players", 2), rules.get("max_players", 4)
    errors: list[ProphecyError] = []
    for option, chooser, belongs in _BELONGS:
        value = options.get(option)
        if isinstance(value, dict):
            errors.extend(_parts(src, root, option, chooser, belongs, value))
    for option, key in (("verses", "depths"), ("end", "times")):
        value = options.get(option)
        found = value.get(key) if isinstance(value, dict) else None
        if isinstance(found, dict) and isinstance(low, int) and isinstance(high, int):
            errors.extend(_players(src, root, ["options", option, key], found, low, high))
    depths = options.get("verses", {}).get("depths") if isinstance(options.get("verses"),
                                                                    dict) else None
    for path, window in _windows(depths):
        if window[0] > window[1]:
            errors.append(src.error_at(
                lookup(root, ["options", "verses", "depths", *path])[0],
                f"[{window[0]}, {window[1]}] runs from deeper to shallower",
                f"write the shallowest place first: [{window[1]}, {window[0]}]"))
    return errors


def _parts(src: Source, root: yaml.Node, option: str, chooser: str,
           belongs: dict[str, tuple[str, ...]], value: dict[str, Any]) -> list[ProphecyError]:
    chosen = value.get(chooser)
    out = []
    for choice, keys in belongs.items():
        for key in keys:
            example = _NEEDS.get((option, choice, key))
            if chosen == choice and key not in value and example:
                node = lookup(root, ["options", option])[0]
                out.append(src.error_at(node, f"'{option}: {chooser}: {choice}' needs '{key}'",
                                        f"write {example}"))
            elif chosen != choice and key in value:
                parent = lookup(root, ["options", option])[0]
                node = key_node(parent, key) or parent
                out.append(src.error_at(
                    node, f"'{key}' belongs to '{chooser}: {choice}', and this is "
                    f"'{chooser}: {chosen}'", f"remove '{key}', or write '{chooser}: {choice}'"))
    return out


def _players(src: Source, root: yaml.Node, path: list[str], found: dict[str, Any], low: int,
             high: int) -> list[ProphecyError]:
    """A per-player-count option names each count the game allows, and no other."""
    counts = {int(str(k).split()[0]): k for k in found if str(k).split()[0].isdigit()}
    parent = lookup(root, path)[0]
    out = []
    for n, key in sorted(counts.items()):
        if not low <= n <= high:
            out.append(src.error_at(key_node(parent, str(key)) or parent,
                                    f"the game is for {low} to {high} players, not {n}",
                                    "remove it, or change rules.min_players or max_players"))
    missing = [n for n in range(low, high + 1) if n not in counts]
    if missing:
        words = ", ".join(f"'{n} players'" for n in missing)
        out.append(src.error_at(parent, f"'{path[-1]}' gives nothing for {words}",
                                f"the game is for {low} to {high} players: give each count"))
    return out


def _windows(depths: Any) -> Iterator[tuple[list[Any], tuple[int, int]]]:
    if not isinstance(depths, dict):
        return
    for key, places in depths.items():
        for i, place in enumerate(places if isinstance(places, list) else []):
            if isinstance(place, list) and len(place) == 2 and all(
                    isinstance(v, int) for v in place):
                yield [key, i], (place[0], place[1])


def options_from(data: Any, root: yaml.Node | None, file: str) -> model.Options:
    """The options of game.yaml's data (checked by the schema), with where each is written;
    the defaults for what is left out."""
    options = data.get("options") if isinstance(data, dict) else None
    if not isinstance(options, dict):
        return model.Options()
    hand = options.get("hand") or {}
    level = options.get("level_up") or {}
    verses = options.get("verses") or {}
    deeds = options.get("dark_deeds") or {}
    end = options.get("end") or {}
    actions = options.get("actions")
    defaults = model.Options()
    return model.Options(
        actions=tuple((str(k), int(v)) for k, v in actions.items()) if actions else None,
        turns=options.get("turns", defaults.turns),
        hand=hand.get("rule", defaults.hand), hand_size=hand.get("size", defaults.hand_size),
        level_cost=level.get("cost", defaults.level_cost),
        level_once=bool(level.get("once_per_grimoire", False)),
        verses=verses.get("place", defaults.verses),
        verse_depths=_by_players(verses.get("depths"), _window),
        deeds=deeds.get("place", defaults.deeds), market=deeds.get("size", defaults.market),
        discard=options.get("discard", defaults.discard),
        end=end.get("after", defaults.end),
        deck_empties=_by_players(end.get("times"), int),
        most_rounds=end.get("most_rounds", defaults.most_rounds),
        places=_places(root, file) if root is not None else {},
    )


def _window(places: Any) -> tuple[tuple[int, int], ...]:
    return tuple((p, p) if isinstance(p, int) else (p[0], p[1]) for p in places)


def _by_players(found: Any, read: Any) -> tuple[tuple[int, Any], ...]:
    if not isinstance(found, dict):
        return ()
    return tuple(sorted((int(str(k).split()[0]), read(v)) for k, v in found.items()))


def _places(root: yaml.Node, file: str) -> dict[str, model.Place]:
    """'option' -> where its value is written, 'option.part' -> where that part's value is,
    and 'actions.NAME' -> where an action's name is."""
    node, key = lookup(root, ["options"])
    out: dict[str, model.Place] = {}
    if key is None or not isinstance(node, yaml.MappingNode):
        return out
    for key, value in node.value:
        out[str(key.value)] = _place(value, file)
        if isinstance(value, yaml.MappingNode):
            for sub, part in value.value:
                where = sub if key.value == "actions" else part
                out[f"{key.value}.{sub.value}"] = _place(where, file)
    return out


def _place(node: yaml.Node, file: str) -> model.Place:
    mark = node.start_mark
    return model.Place(file, mark.line + 1, mark.column + 1)


#: Each option of game.yaml -> the fields of ``model.Options`` it sets.
FIELDS: dict[str, tuple[str, ...]] = {
    "actions": ("actions",), "turns": ("turns",), "hand": ("hand", "hand_size"),
    "level_up": ("level_cost", "level_once"), "verses": ("verses", "verse_depths"),
    "dark_deeds": ("deeds", "market"), "discard": ("discard",),
    "end": ("end", "deck_empties", "most_rounds"),
}


def over(base: model.Options, options: dict[str, Any]) -> model.Options:
    """``base`` with the options written in ``options`` (game.yaml's form) instead: each
    option given replaces all of that option, the others stay."""
    given = options_from({"options": options}, None, "")
    changes = {name: getattr(given, name) for key in options for name in FIELDS.get(key, ())}
    return replace(base, **changes)


def words(options: model.Options, key: str) -> str:
    """One option as a line of text, in game.yaml's words (for ``prophecy diff``)."""
    o = options
    if key == "actions":
        if o.actions is None:
            return "every action, each at most action_kind_limit a turn"
        return ", ".join(f"{name} {most}" for name, most in o.actions) or "none"
    found = {
        "turns": o.turns, "discard": o.discard,
        "hand": o.hand + (f", size {o.hand_size}" if o.hand == "draw-up-to" else ""),
        "level_up": o.level_cost + (", once per grimoire" if o.level_once else ""),
        "verses": o.verses + (", depths " + "; ".join(
            f"{n} players " + " ".join(f"{lo}-{hi}" if lo != hi else f"{lo}"
                                       for lo, hi in windows)
            for n, windows in o.verse_depths) if o.verses == "deck" else ""),
        "dark_deeds": o.deeds + (f", size {o.market}" if o.deeds == "market" else ""),
        "end": o.end + (", times " + ", ".join(f"{n} players {t}" for n, t in o.deck_empties)
                        + f", at most {o.most_rounds} rounds" if o.end == "deck-emptied"
                        else ""),
    }
    return found[key]
