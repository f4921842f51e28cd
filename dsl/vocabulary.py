"""The words a line may name, and how each is spelt: game data in, lookups out.

The grammar knows only keywords; grimoire names, card types and Dark Deed
targets come from ``content/game.yaml`` (read by the compiler, which hands a
``Vocabulary`` to the parser). ``dsl`` itself never reads YAML.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from prophecy.dsl.errors import DslError, one_of, suggest

#: Dark Deed selectors the engine knows; game.yaml names which of them exist.
DEED_SELECTORS = ("any", "each", "highest-points", "lowest-points", "most-cards", "fewest-cards")


@dataclass(frozen=True)
class Vocabulary:
    """Canonical spellings of the names the rules language may use."""

    grimoires: tuple[str, ...]
    card_types: tuple[str, ...]
    deed_targets: tuple[str, ...] = DEED_SELECTORS
    _index: dict[str, tuple[str, str]] = field(
        default_factory=dict, compare=False, repr=False, hash=False
    )

    def __post_init__(self) -> None:
        for kind, names in (("grimoire", self.grimoires), ("card type", self.card_types)):
            for name in names:
                self._index.setdefault(name.lower(), (kind, name))

    def lookup(self, words: str) -> tuple[str, str] | None:
        """(kind, canonical name) for a grimoire or card type, any casing."""
        return self._index.get(" ".join(words.split()).lower())

    def grimoire(self, words: str, span: tuple[int, int]) -> str:
        """The canonical grimoire name, or a DslError with a suggestion."""
        found = self.lookup(words)
        if found and found[0] == "grimoire":
            return found[1]
        raise self._unknown("grimoire", words, self.grimoires, span)

    def match(self, words: str, span: tuple[int, int]) -> str:
        """A card type or grimoire (what Reveal and Top Discard test)."""
        found = self.lookup(words)
        if found:
            return found[1]
        names = self.grimoires + self.card_types
        raise self._unknown("card type or grimoire", words, names, span)

    def target(self, word: str) -> str | None:
        """The canonical Dark Deed target for a word, or None."""
        for name in self.deed_targets:
            if name.lower() == word.lower():
                return name
        return None

    @staticmethod
    def _unknown(kind: str, words: str, names: Iterable[str], span: tuple[int, int]) -> DslError:
        names = tuple(names)
        hint = suggest(words, names) or f"use one of {one_of(names)}"
        return DslError(f"unknown {kind} '{words}'", column=span[0], length=span[1], hint=hint)
