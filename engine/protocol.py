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

from collections.abc import Sequence
from typing import Any, Protocol

from prophecy.compiler.runtime import ASK_AMOUNT as ASK_AMOUNT
from prophecy.compiler.runtime import ASK_CHOOSE as ASK_CHOOSE
from prophecy.compiler.runtime import ASK_DEED as ASK_DEED
from prophecy.compiler.runtime import ASK_LEVEL_DOWN as ASK_LEVEL_DOWN
from prophecy.compiler.runtime import ASK_LEVEL_UP as ASK_LEVEL_UP
from prophecy.compiler.runtime import ASK_LOOK_ORDER as ASK_LOOK_ORDER
from prophecy.compiler.runtime import ASK_LOOK_TAKE as ASK_LOOK_TAKE
from prophecy.compiler.runtime import ASK_STASH as ASK_STASH
from prophecy.compiler.runtime import ASK_UNSTORE as ASK_UNSTORE
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

ASKS = (
    ASK_ACTION, ASK_PLAY, ASK_LEVEL_CARD, ASK_LEVEL_GRIMOIRE, ASK_MANIFEST, ASK_USE,
    ASK_COMPLETE, ASK_KEEP, ASK_OVERFLOW, ASK_DISCARD, ASK_HAND_LIMIT, ASK_DRAW_PHASE,
    ASK_HIRELING, ASK_SABOTAGE_VERSE, ASK_SUPPORT_PLAYER, ASK_SUPPORT_VERSE,
    ASK_DEED, ASK_UNSTORE, ASK_STASH, ASK_LEVEL_UP, ASK_LEVEL_DOWN, ASK_CHOOSE, ASK_AMOUNT,
    ASK_LOOK_TAKE, ASK_LOOK_ORDER,
)

# Action kinds (the options of ASK_ACTION).
PLAY, LEVEL, ARCANA, DEEDS, MANIFEST, END = "play", "level", "arcana", "deeds", "manifest", "end"
ACTION_KINDS = (PLAY, LEVEL, ARCANA, DEEDS, MANIFEST)
#: Each action kind in the rules' words, for messages.
ACTION_WORDS = {
    PLAY: "play a card", LEVEL: "level up a Grimoire", ARCANA: "draw an Arcana card",
    DEEDS: "draw Dark Deeds", MANIFEST: "Manifest",
}


class IllegalChoice(ProphecyError):
    """A player answered with something that is not one of the offered options."""


class Player(Protocol):
    """Anything that can answer the game's questions."""

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        """The index of the chosen option."""
        ...
