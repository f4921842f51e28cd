"""The words a message says for the game's things: a loaded pack in, its own nouns out.

A pack may print its own nouns for the rules language's (game.yaml's ``words:``:
'Grimoire' printed 'Mastery', 'Dark Deed' printed 'Prophecy'), and it names each kind of
card (a kind's ``label`` and ``plural``). A message about the game says them as the pack
does; a line a message proposes to write keeps the language's words, which are what
lines are written in. The bundled game keeps the language's nouns, so its messages read
as they always have.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from prophecy.compiler.model import Content
from prophecy.dsl.vocabulary import Vocabulary

#: How the bundled game calls each of its kinds (one card, several), for a pack that does
#: not declare that kind.
BUNDLED_LABELS = {
    "arcana": ("Arcana card", "Arcana"), "grimoire": ("Grimoire card", "Grimoires"),
    "deed": ("Dark Deed", "Dark Deeds"), "verse": ("Prophecy Verse", "Prophecy Verses"),
    "hireling": ("Hireling", "Hirelings"), "title": ("Title", "Titles"),
    "reference": ("Reference card", "Reference cards"),
    "tracker": ("Round Tracker", "Round Tracker"),
}


def noun(content: Content, word: str, many: bool = False) -> str:
    """The pack's word for one of the language's nouns ('grimoire', 'Dark Deed'), for one
    or (``many``) for several: 'Mastery', 'Masteries' in a pack whose words say so; ``word``
    itself (with an 's' for several) in a pack that keeps the language's."""
    for language, one, several in content.words:
        if language.lower() == word.lower():
            return several if many else one
    return f"{word}s" if many else word


def said(content: Content, text: str) -> str:
    """A text written in the language's nouns ('which Grimoire', 'Dark Deeds') in the
    pack's: each noun whole, in its plural too, whatever its casing."""
    for language, one, several in content.words:
        text = re.sub(rf"\b{re.escape(language)}(s?)\b", _either(one, several), text,
                      flags=re.IGNORECASE)
    return text


def _either(one: str, several: str) -> Callable[[re.Match[str]], str]:
    """A replacement for a noun matched with its plural 's' (group 1) or without it."""
    return lambda m: several if m.group(1) else one


def label(content: Content, kind: str) -> str:
    """What the pack calls one card of a kind ('Arcana card', 'Mastery')."""
    declared = content.pack.kind(kind)
    if declared is not None:
        return declared.label
    return BUNDLED_LABELS.get(kind, (kind.replace("_", " ").title(), ""))[0]


def plural(content: Content, kind: str) -> str:
    """What the pack calls the cards of a kind together ('Dark Deeds', 'Prophecies')."""
    declared = content.pack.kind(kind)
    if declared is not None:
        return declared.plural
    return BUNDLED_LABELS.get(kind, ("", f"{label(content, kind)}s"))[1]


def cards_of(content: Content, kind: str, count: int) -> str:
    """``count`` cards of a kind said by its label, without the number: 'Grimoire cards',
    'Mastery card', 'cards' (for a kind whose label is just 'Card')."""
    name = re.sub(r"\s*\bcard$", "", label(content, kind), flags=re.IGNORECASE)
    return f"{name} {'card' if count == 1 else 'cards'}".lstrip()


def a(words: str) -> str:
    """The words with their article: 'an Arcana card', 'a Mastery'."""
    vowel = words[:1].lower() in tuple("aeiou")
    return f"{'an' if vowel else 'a'} {words}"


def deck(content: Content) -> str:
    """The deck the players draw from, as the pack calls it: 'Arcana deck', 'Main Deck'."""
    cards = plural(content, "arcana")
    return cards if cards.lower().endswith("deck") else f"{cards} deck"


def vocabulary_of(content: Content) -> Vocabulary:
    """The names a rules line of the game may use, its errors said in the pack's nouns."""
    nouns = tuple((language, one) for language, one, _ in content.words)
    return Vocabulary(content.grimoires, content.card_types, content.deed_targets,
                      nouns=nouns)
