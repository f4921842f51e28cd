"""Sense checks on game.yaml: its checked data and nodes in, placed problems out.

The schema holds each value to its type and bounds; these checks look at
values together. A vocabulary name must be words the rules language can read
(letters, none of them a keyword: a grimoire called 'Dark Arts' could never
be named in a line, since 'dark' is a keyword) and must not be listed twice,
ignoring case, across the grimoires and card types. The rules constants must
make sense together: no more fewest players than most, a top level above the
lowest and at most four above it (a Grimoire card has four edges), no more
Dark Deeds kept than drawn.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import yaml

from prophecy.compiler.model import memo
from prophecy.compiler.model.nouns import a
from prophecy.compiler.model.vocab import nouns_written
from prophecy.compiler.model.yamlsafe import Source, lookup
from prophecy.dsl.errors import ProphecyError

#: (smaller key, larger key, strict, what the pair means) for rules constants read together.
_ORDERED = (
    ("min_players", "max_players", False, "the fewest players cannot exceed the most"),
    ("min_level", "max_level", True, "the top level must be above the lowest"),
    ("deed_keep", "deed_draw", False, "no more Dark Deeds can be kept than are drawn"),
)
_DEFAULTS = {"min_players": 2, "max_players": 4, "min_level": 0, "max_level": 4,
             "deed_keep": 1, "deed_draw": 3}


@cache
def _lexicon() -> tuple[dict[str, str], re.Pattern[str]]:
    """The grammar's keywords and the pattern of a plain word (its WORD terminal)."""
    from prophecy.dsl.grammar import fast_parser  # deferred: start-up time (check; lark)
    from prophecy.dsl.keywords import keywords  # deferred: start-up time (check; lark)

    word = next(t for t in fast_parser().terminals if t.name == "WORD")
    return keywords(), re.compile(word.pattern.to_regexp())


def vocabulary_errors(src: Source, root: yaml.Node, data: Any) -> list[ProphecyError]:
    """Names the rules language could not read, and names listed twice."""
    vocab = data.get("vocabulary") if isinstance(data, dict) else None
    if not isinstance(vocab, dict):
        return []
    errors: list[ProphecyError] = []
    seen: dict[str, tuple[str, int]] = {}
    for key in ("grimoires", "card_types"):
        names = vocab.get(key)
        if not isinstance(names, list):
            continue
        for index, name in enumerate(names):
            if not isinstance(name, str):
                continue
            node, _ = lookup(root, ["vocabulary", key, index])
            errors.extend(src.error_at(node, msg, hint) for msg, hint in _word_problems(name))
            folded = " ".join(name.split()).lower()
            if folded in seen:
                first_key, first_line = seen[folded]
                errors.append(src.error_at(
                    node, f"'{name}' is listed twice in the vocabulary (first in {first_key}, "
                    f"line {first_line})", "each name means one thing: remove one of them"))
            else:
                seen[folded] = (key, node.start_mark.line + 1)
    return errors


def _word_problems(name: str) -> tuple[tuple[str, str], ...]:
    """What keeps the rules language from reading a name (worked out once per name)."""
    found = memo.get("words", name)
    if found is None:
        found = tuple(_problems_of(name))
        memo.put("words", name, found)
    return found  # type: ignore[no-any-return]


def _problems_of(name: str) -> Iterator[tuple[str, str]]:
    keywords, word = _lexicon()
    for part in name.split():
        if part.lower() in keywords:
            yield (f"'{name}' holds '{part}', a keyword of the rules language, so no effect "
                   "line could name it", f"choose a name without '{part}'")
            return
        if not word.fullmatch(part):
            yield (f"'{name}' holds '{part}', which is not a word of letters, so no effect "
                   "line could name it", "use letters, apostrophes and hyphens only")
            return


def rules_errors(src: Source, root: yaml.Node, data: Any) -> list[ProphecyError]:
    """Rules constants that contradict each other, placed at the second of each pair."""
    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, dict):
        return []
    errors = []
    for low_key, high_key, strict, meaning in _ORDERED:
        low, high = rules.get(low_key, _DEFAULTS[low_key]), rules.get(high_key, _DEFAULTS[high_key])
        if not (isinstance(low, int) and isinstance(high, int)):
            continue
        if low > high or (strict and low == high):
            key = low_key if low_key in rules else high_key
            node, _ = lookup(root, ["rules", key])
            errors.append(src.error_at(
                node, f"{low_key} is {low} and {high_key} is {high}: {meaning}",
                f"make {low_key} {'less than' if strict else 'at most'} {high_key}"))
    low, high = (rules.get(k, _DEFAULTS[k]) for k in ("min_level", "max_level"))
    if isinstance(low, int) and isinstance(high, int) and high - low > GRIMOIRE_EDGES:
        key = "max_level" if "max_level" in rules else "min_level"
        node, _ = lookup(root, ["rules", key])
        card = a(f"{_grimoire_noun(data)} card")  # in the pack's noun: 'a Mastery card'
        errors.append(src.error_at(
            node, f"levels {low} to {high} are more than {card} shows: each level "
            f"below the top on an edge of its front ({GRIMOIRE_EDGES} edges), the top on its "
            "back", f"make max_level at most min_level + {GRIMOIRE_EDGES} "
            f"({low + GRIMOIRE_EDGES})"))
    return errors


#: A Grimoire card's front has four edges, one per level below the top.
GRIMOIRE_EDGES = 4


def _grimoire_noun(data: Any) -> str:
    """What game.yaml's ``words:`` print for 'Grimoire' ('Grimoire' when they print it as it is)."""
    return next((one for noun, one in nouns_written(data) if noun.lower() == "grimoire"),
                "Grimoire")
