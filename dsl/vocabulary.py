"""The words a line may name, and how each is spelt: game data in, lookups out.

The grammar knows only keywords; grimoire names, card types and Dark Deed
targets come from ``content/game.yaml`` (read by the compiler, which hands a
``Vocabulary`` to the parser). ``dsl`` itself never reads YAML.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from prophecy.dsl.errors import DslError, closest, one_of

#: Dark Deed selectors the engine knows; game.yaml names which of them exist.
DEED_SELECTORS = ("any", "each", "highest-points", "lowest-points", "most-cards", "fewest-cards")


@dataclass(frozen=True)
class Vocabulary:
    """Canonical spellings of the names the rules language may use."""

    grimoires: tuple[str, ...]
    card_types: tuple[str, ...]
    deed_targets: tuple[str, ...] = DEED_SELECTORS
    #: The pack's own everyday words (written, the language's words, the words that must
    #: follow), tried before the bundled ones of ``dsl/words.txt`` (see ``dsl/reads.py``).
    words: tuple[tuple[str, str, str], ...] = ()
    #: The pack's own nouns for the language's (game.yaml's ``words:``): ('Grimoire',
    #: 'Discipline') in a pack that prints "Discipline"; messages say the pack's word.
    nouns: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    _index: dict[str, tuple[str, str]] = field(
        default_factory=dict, compare=False, repr=False, hash=False
    )

    def __post_init__(self) -> None:
        for kind, names in (("grimoire", self.grimoires), ("card type", self.card_types)):
            for name in names:
                self._index.setdefault(name.lower(), (kind, name))

    def noun(self, word: str) -> str:
        """The pack's word for one of the language's nouns ('grimoire', 'Dark Deed'), as the
        pack writes it: 'Discipline' for 'grimoire' in a pack whose words say so; ``word``
        itself in a pack that keeps the language's."""
        return next((own for noun, own in self.nouns if noun.lower() == word.lower()), word)

    def lookup(self, words: str) -> tuple[str, str] | None:
        """(kind, canonical name) for a grimoire or card type, any casing, card types plural too.

        'Creatures' is 'Creature': a harmless variant that ``fmt`` writes back
        singular.
        """
        key = " ".join(words.split()).lower()
        found = self._index.get(key)
        if found is None and key.endswith("s"):
            singular = self._index.get(key[:-1])
            found = singular if singular and singular[0] == "card type" else None
        return found

    def grimoire(
        self, words: str, span: tuple[int, int], also: dict[str, str] | None = None
    ) -> str:
        """The canonical grimoire name, or a DslError with a suggestion.

        ``also`` maps keywords that could stand at this place (``grimoire``
        before ``Level``) to what to write, so a misspelt keyword is named as
        the keyword it is, not as an unknown grimoire.
        """
        found = self.lookup(words)
        if found and found[0] == "grimoire":
            return found[1]
        raise self._unknown(self.noun("grimoire"), words, self.grimoires, span, also or {})

    def match(self, words: str, span: tuple[int, int]) -> str:
        """A card type or grimoire (what Reveal and Top Discard test)."""
        found = self.lookup(words)
        if found:
            return found[1]
        names = self.grimoires + self.card_types
        raise self._unknown(f"card type or {self.noun('grimoire')}", words, names, span)

    def target(self, word: str) -> str | None:
        """The canonical Dark Deed target for a word, or None."""
        for name in self.deed_targets:
            if name.lower() == word.lower():
                return name
        return None

    @staticmethod
    def _unknown(
        kind: str, words: str, names: Iterable[str], span: tuple[int, int],
        also: dict[str, str] | None = None,
    ) -> DslError:
        names = tuple(names)
        keywords = also or {}
        close = closest(words, [*names, *keywords])
        if close in keywords:  # a misspelt keyword, not a name at all
            return DslError(f"unknown word '{words}'", column=span[0], length=span[1],
                            hint=f"did you mean '{keywords[close]}'?")
        from prophecy.dsl.grammar import language_words  # deferred: start-up time (check; lark)

        word = closest(words, language_words()) if close is None else None
        if word is not None:  # 'matchng' is no name, but the language's 'matching' misspelt
            return DslError(f"unknown word '{words}'", column=span[0], length=span[1],
                            hint=f"did you mean '{word}'?")
        hint = f"did you mean '{close}'?" if close is not None else f"use one of {one_of(names)}"
        return DslError(f"unknown {kind} '{words}'", column=span[0], length=span[1], hint=hint)

