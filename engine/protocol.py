"""The player protocol: a question and its legal options in, the index of one option out.

Every choice in a game goes through ``Player.choose(game, me, ask, options,
about)``. ``ask`` names the question (one of the ``ASK_*`` strings below),
``options`` is the list of legal answers (card ids, grimoire indices, seats,
verse positions, booleans or action names), ``about`` is the AST node or card
the question concerns (or None). The player returns an index into
``options``; anything else raises ``IllegalChoice``. A question with a single
legal answer is not asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from prophecy.compiler.runtime import ASK_AMOUNT as ASK_AMOUNT
from prophecy.compiler.runtime import ASK_CHOOSE as ASK_CHOOSE
from prophecy.compiler.runtime import ASK_DEED as ASK_DEED
from prophecy.compiler.runtime import ASK_LEVEL_DOWN as ASK_LEVEL_DOWN
from prophecy.compiler.runtime import ASK_LEVEL_UP as ASK_LEVEL_UP
from prophecy.compiler.runtime import ASK_LOOK_ORDER as ASK_LOOK_ORDER
from prophecy.compiler.runtime import ASK_LOOK_TAKE as ASK_LOOK_TAKE
from prophecy.compiler.runtime import ASK_OPPONENT as ASK_OPPONENT
from prophecy.compiler.runtime import ASK_UNSTORE as ASK_UNSTORE
from prophecy.dsl import ast
from prophecy.dsl.errors import ProphecyError

ASK_ACTION = "action"  # options: action kinds, and END
ASK_PLAY = "play"  # which card to play (card ids)
ASK_LEVEL_CARD = "level_card"  # which card to discard to level up
ASK_LEVEL_GRIMOIRE = "level_grimoire"  # which grimoire to level up (grimoire indices)
ASK_MANIFEST = "manifest"  # which top-level grimoire to manifest
ASK_USE = "use"  # use this optional effect? [False, True]; about = the Effect node
ASK_COMPLETE = "complete"  # which ready Dark Deed to complete now (deed ids, or -1 for none)
ASK_KEEP = "keep_deed"  # which drawn Dark Deed to keep
ASK_OVERFLOW = "deed_overflow"  # a fifth deed: -1 to the bottom, or the deed it replaces
ASK_DISCARD = "discard"  # which card to discard (as an effect)
ASK_HAND_LIMIT = "hand_limit"  # which card goes to the center over the hand limit
ASK_DRAW_PHASE = "draw_phase"  # "arcana" or "mixed"
ASK_HIRELING = "hireling"  # which revealed hireling to enlist
ASK_SABOTAGE_VERSE = "sabotage_verse"  # verse position to sabotage
ASK_SUPPORT_PLAYER = "support_player"  # which other player chooses the supported verse
ASK_SUPPORT_VERSE = "support_verse"  # verse position to support
ASK_EXHAUST = "exhaust"  # which ready card in front of the player to exhaust (card ids)
ASK_ABILITY = "ability"  # which 'Exhaust this card' line of it to use (line numbers, from 1)
ASK_CURSE = "curse"  # which opponent a Curse played goes in front of (seats)

# Action kinds (the options of ASK_ACTION).
PLAY, LEVEL, ARCANA, DEEDS, MANIFEST, END = "play", "level", "arcana", "deeds", "manifest", "end"
#: Use a card in play ('Exhaust this card: ...'), and Scheme (take a face-up Dark Deed).
EXHAUST, SCHEME = "exhaust", "scheme"
ACTION_KINDS = (PLAY, LEVEL, ARCANA, DEEDS, MANIFEST, EXHAUST, SCHEME)
#: Each action kind in the rules' words, for messages.
ACTION_WORDS = {
    PLAY: "play a card", LEVEL: "level up a Grimoire", ARCANA: "draw an Arcana card",
    DEEDS: "draw Dark Deeds", MANIFEST: "Manifest", EXHAUST: "exhaust a card in play",
    SCHEME: "Scheme",
}
# The ways to draw in the Draw phase (the options of ASK_DRAW_PHASE).
DRAW_ARCANA, DRAW_MIXED = "arcana", "mixed"

#: What the options of a question are, which says how a log and a scenario write them:
#: card ids (-1: the question's ``none``), grimoire indices, Dark Deed slots of the asked
#: player, seats, Verse positions, option indices of a 'Choose one', numbers, or words
#: (strings and booleans, written as the question's ``words`` say).
Options = Literal["card", "grimoire", "slot", "seat", "verse", "choice", "number", "word"]


@dataclass(frozen=True)
class Question:
    """One question the game may put to a player: everything said about it, said once.

    ``name`` is the engine's name (what ``pick`` is asked with, what a log records,
    and the key of a scenario's ``answers:``); ``key`` is the scenario move key that
    answers it (two questions may share one); ``asks`` says what it asks, for
    messages; ``options`` says what its options are; ``bot`` names the rule of thumb
    that answers it (``engine/bots/heuristics.py``'s ``RULES``); ``none`` is the word of
    option -1 where a question can be declined; ``words`` writes word options.
    """

    name: str
    key: str
    asks: str
    options: Options
    bot: str
    none: str = ""
    words: tuple[tuple[Any, str], ...] = ()

    def word(self, option: Any) -> str:
        """A word option as a scenario writes it."""
        found: str = dict(self.words).get(option, str(option))
        return found


_YES_NO = ((True, "yes"), (False, "no"))

#: Every question of the game, by name: the phases' own, then those compiled effects ask
#: (their names are ``compiler/runtime.py``'s ``ASK_*``, the compiler's side of the contract).
QUESTIONS: dict[str, Question] = {q.name: q for q in (
    Question(ASK_ACTION, "actions", "which action to take", "word", "action",
             words=((PLAY, "play"), (LEVEL, "level up"), (ARCANA, "draw arcana"),
                    (DEEDS, "draw deeds"), (MANIFEST, "manifest"), (EXHAUST, "exhaust"),
                    (SCHEME, "scheme"), (END, "end"))),
    Question(ASK_PLAY, "card", "which card to play", "card", "best_card"),
    Question(ASK_LEVEL_CARD, "discarding", "which card to discard to level up", "card",
             "cheapest"),
    Question(ASK_LEVEL_GRIMOIRE, "grimoire", "which Grimoire", "grimoire", "level_up"),
    Question(ASK_MANIFEST, "grimoire", "which Grimoire", "grimoire", "first"),
    Question(ASK_USE, "use", "whether to use an effect (yes or no; 'use: [1, 3]' by line)",
             "word", "use", words=_YES_NO),
    Question(ASK_COMPLETE, "complete", "which Dark Deed to complete", "card", "complete",
             none="none"),
    Question(ASK_KEEP, "keep", "which Dark Deed to keep", "card", "keep"),
    Question(ASK_OVERFLOW, "replace", "which Dark Deed the new one replaces, or 'bottom'",
             "card", "overflow", none="bottom"),
    Question(ASK_DISCARD, "discard", "which card to discard", "card", "cheapest"),
    Question(ASK_HAND_LIMIT, "hand limit", "which card goes to the center", "card",
             "cheapest"),
    Question(ASK_DRAW_PHASE, "draw phase", "how to draw in the Draw phase", "word",
             "draw_phase", words=((DRAW_ARCANA, "arcana"), (DRAW_MIXED, "arcana and dark deeds"))),
    Question(ASK_HIRELING, "enlist", "which Hireling to enlist", "card", "hireling"),
    Question(ASK_SABOTAGE_VERSE, "verse", "which Verse", "verse", "sabotage"),
    Question(ASK_SUPPORT_PLAYER, "support player", "which player chooses the supported Verse",
             "seat", "support_player"),
    Question(ASK_SUPPORT_VERSE, "verse", "which Verse", "verse", "support_verse"),
    Question(ASK_EXHAUST, "exhaust", "which card in play to exhaust", "card", "exhaust"),
    Question(ASK_ABILITY, "ability", "which 'Exhaust this card' line of it to use (its number "
             "on the card, from 1)", "number", "ability"),
    Question(ASK_CURSE, "curse", "which opponent the Curse goes in front of", "seat", "curse"),
    Question(ASK_DEED, "target", "which Dark Deed to add to", "slot", "deed"),
    Question(ASK_UNSTORE, "remove from", "which Dark Deed to remove from", "slot", "unstore"),
    Question(ASK_LEVEL_UP, "level", "which Grimoire to level up", "grimoire", "level_up"),
    Question(ASK_LEVEL_DOWN, "level down", "which Grimoire to level down", "grimoire",
             "level_down"),
    Question(ASK_CHOOSE, "choose",
             "which option of a 'Choose one' (its words, as the line writes them)", "choice",
             "choose"),
    Question(ASK_AMOUNT, "how many", "how many of an 'up to' (a number)", "number", "amount"),
    # ruling 21: the card's owner names the opponent who does the action
    Question(ASK_OPPONENT, "opponent", "which opponent does what 'Choose an opponent' says",
             "seat", "opponent"),
    Question(ASK_LOOK_TAKE, "take", "which card looked at to take", "card", "best_card"),
    # put the weakest back first, so the best card ends on top of the deck
    Question(ASK_LOOK_ORDER, "put back", "which card looked at goes back first", "card",
             "cheapest"),
    # the question each verb declares (``ast.Verb.asks``): which card to pick, one at a time;
    # the best card when it comes to the hand, the least useful when it leaves it
    *(Question(verb.asks, verb.asks, f"which card to {verb.words.lower()}", "card",
               "best_card" if verb.gives == "hand" else "cheapest")
      for verb in ast.VERBS.values() if verb.asks),
)}
ASK_STASH = ast.Stash.verb.asks
#: The actions of the Dark Prophecies engine by name (the words a scenario and game.yaml's
#: ``options.actions`` write) -> their kind, in the order of the action menu.
ACTION_NAMES = {word: kind for kind, word in QUESTIONS[ASK_ACTION].words if kind != END}


def describe(game: Any, p: Any, ask: str, options: Iterable[Any]) -> list[Any]:
    """The options of a question as a log writes them: card labels ('none' for -1), grimoire
    names, 'seat N', Verse labels; strings and booleans as they are; other numbers as numbers."""
    kind = QUESTIONS[ask].options
    book = game.book
    out: list[Any] = []
    for o in options:
        if isinstance(o, bool | str):
            out.append(o)
        elif kind == "card":
            out.append("none" if o < 0 else book.label(o))
        elif kind == "grimoire":
            out.append(book.grimoires[o])
        elif kind == "slot":
            out.append(book.label(p.deeds[o]))
        elif kind == "seat":
            out.append(f"seat {o + 1}")
        elif kind == "verse":
            out.append(book.label(game.verses[o]))
        else:
            out.append(o)
    return out


class IllegalChoice(ProphecyError):
    """A player answered with something that is not one of the offered options."""


class Player(Protocol):
    """Anything that can answer the game's questions."""

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        """The index of the chosen option."""
        ...
