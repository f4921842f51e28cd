"""The Action phase: a player and the actions taken so far in, the actions on offer and done out.

``Actions`` adds to the moves of ``engine/moves.py`` what a player may do on
their turn: the menu of action kinds (``ACTIONS``), which of them may be taken
now (``action_options``) and why one may not (``action_refusal``), and doing
one (``act``). ``Game`` (``engine/game.py``) builds on it with the phases and
the player protocol; an engine of a pack's own subclasses ``Game`` and
overrides these methods for actions of its own (docs/engine.md, "Engines of
your own"), and tells the bots what such an action amounts to with
``action_candidates``.
"""

from __future__ import annotations

from typing import ClassVar

from prophecy.compiler.model import nouns
from prophecy.dsl import ast
from prophecy.engine.cards import Book
from prophecy.engine.moves import Moves
from prophecy.engine.protocol import (
    ACTION_NAMES,
    ACTION_WORDS,
    ARCANA,
    ASK_ACTION,
    ASK_CURSE,
    ASK_EXHAUST,
    ASK_LEVEL_CARD,
    ASK_LEVEL_GRIMOIRE,
    ASK_MANIFEST,
    ASK_PLAY,
    DEEDS,
    END,
    EXHAUST,
    LEVEL,
    MANIFEST,
    PLAY,
    SCHEME,
    IllegalChoice,
)
from prophecy.engine.state import PlayerState

#: One form of an action for the bots: (card, grimoire, the lines it amounts to); the card
#: and grimoire (-1 where none) are handed back to ``act``.
Candidate = tuple[int, int, tuple[ast.Line, ...]]


class Actions(Moves):
    """The actions of a turn, on top of the moves; ``Game`` adds the phases."""

    #: The actions this engine offers, in the order of its menu: the name that game.yaml's
    #: ``options.actions`` and the scenarios use -> the kind the menu offers and a log
    #: writes. An engine's own subclass adds its actions here. Scheme is an action this
    #: engine knows how to take (and its bots how to weigh), but a game offers it only when
    #: its engine adds it to the menu, as the Disciplines draft's does.
    ACTIONS: ClassVar[dict[str, str]] = {
        name: kind for name, kind in ACTION_NAMES.items() if kind != SCHEME}

    used: dict[str, int]  # what this turn has taken so far, for a bot that plans the rest
    limits: dict[str, int]  # action kind -> the most a turn (0: not on offer), from options
    power: list[int]  # card id -> its power (options.level_up.cost: power), 0 without one
    level_cost: str  # options.level_up.cost
    level_once: bool  # options.level_up.once_per_grimoire
    levelled: set[tuple[int, int]]  # (seat, grimoire) levelled up by the action this round
    book: Book

    def no_actions(self) -> dict[str, int]:
        """A turn's count of the actions taken, none yet."""
        return dict.fromkeys(self.ACTIONS.values(), 0)

    def action_options(self, p: PlayerState, used: dict[str, int]) -> list[str]:
        """The action kinds the player may still take this round, and END: the kinds
        ``action_refusal`` does not refuse, worked out together (a bot asks every turn)."""
        rules = self.rules
        if sum(used.values()) >= rules.actions_per_round:
            return [END]
        limits, top = self.limits, rules.max_level
        get = used.get
        kinds = []
        if p.hand:
            if get(PLAY, 0) < limits[PLAY] and self.playable(p):
                kinds.append(PLAY)
            if get(LEVEL, 0) < limits[LEVEL] and min(p.levels) < top and (
                    self.level_cost == "any-card" and not self.level_once
                    or self.level_choices(p)):
                kinds.append(LEVEL)
        if get(ARCANA, 0) < limits[ARCANA]:
            kinds.append(ARCANA)
        if get(DEEDS, 0) < limits[DEEDS]:
            kinds.append(DEEDS)
        if get(MANIFEST, 0) < limits[MANIFEST] and max(p.levels) >= top:
            kinds.append(MANIFEST)
        if self.book.abilities and get(EXHAUST, 0) < limits.get(EXHAUST, 0) and (
                self.exhaustable(p)):
            kinds.append(EXHAUST)
        if get(SCHEME, 0) < limits.get(SCHEME, 0) and self.deeds_left():
            kinds.append(SCHEME)
        kinds.append(END)
        return kinds

    def action_refusal(self, p: PlayerState, used: dict[str, int], kind: str) -> str | None:
        """Why the player may not take an action of this kind now, or None when they may.

        ``used`` counts the actions of each kind the player took this round. The reason is
        said in the pack's words (game.yaml's ``words:`` and its kinds' labels).
        """
        rules = self.rules
        taken, top, who = sum(used.values()), rules.max_level, f"player {p.seat + 1}"
        if taken >= rules.actions_per_round:
            return f"{who} has taken {taken} actions this round, the most a round allows"
        limit = self.limits.get(kind, 0)  # the action's words only for a refusal: bots ask often
        if limit == 0:
            return f"the action '{self.action_words(kind)}' is not on offer in this game"
        if used.get(kind, 0) >= limit:
            times = f"{used[kind]} time{'' if used[kind] == 1 else 's'}"
            return (f"{who} has already taken the action '{self.action_words(kind)}' {times} "
                    "this round, the most for one kind of action")
        if kind in (PLAY, LEVEL) and not p.hand:
            return f"{who} has no card in hand"
        if kind == PLAY and not self.playable(p):
            return f"no card in {who}'s hand may be played now"
        if kind == LEVEL and min(p.levels) >= top:
            return self.in_words(f"every Grimoire of {who} is at the top level ({top})")
        if kind == LEVEL and not self.level_choices(p):
            return self.level_refusal(p, -1)
        if kind == MANIFEST and max(p.levels) < top:
            return self.in_words(
                f"no Grimoire of {who} is at the top level ({top}), which Manifest needs")
        if kind == EXHAUST and not self.exhaustable(p):
            return f"{who} has no ready card in play with an 'Exhaust this card' line to use"
        if kind == SCHEME and self.deeds_left() == 0:
            return self.in_words("no Dark Deed is left to take")
        return None

    def action_words(self, kind: str) -> str:
        """An action kind as the rules say it, for messages, in the pack's words: 'draw an
        Arcana card' ('draw a card' where the pack's label is 'Card'), 'level up a Mastery';
        a name such as 'Manifest' or 'Scheme' as it is."""
        if kind == ARCANA:
            return f"draw {nouns.a(nouns.cards_of(self.book.content, 'arcana', 1))}"
        return self.in_words(ACTION_WORDS.get(kind, kind))

    def in_words(self, text: str) -> str:
        """A message written in the language's nouns ('every Grimoire', 'no Dark Deed') in
        the pack's (game.yaml's ``words:``: 'every Mastery')."""
        return nouns.said(self.book.content, text)

    def action_phase(self, p: PlayerState) -> None:
        used = self.no_actions()
        self.used = used
        for _ in range(self.rules.actions_per_round):
            kind = self.pick(p, ASK_ACTION, self.action_options(p, used))
            if kind == END:
                return
            used[kind] += 1
            self.act(p, kind)
            self.after_step(p)

    def action_round(self) -> None:
        """Every player's Action phase at once (``options.turns: by-action``): one action
        each in turn order, round the table, until every player has ended theirs."""
        counts = {p.seat: self.no_actions() for p in self.players}
        playing = list(self.players)
        most = self.rules.actions_per_round
        while playing:
            for p in list(playing):
                used = self.used = counts[p.seat]
                kind = self.pick(p, ASK_ACTION, self.action_options(p, used))
                if kind == END:
                    playing.remove(p)
                    continue
                used[kind] += 1
                self.act(p, kind)
                self.after_step(p)
                if sum(used.values()) >= most:
                    playing.remove(p)

    def after_step(self, p: PlayerState | None) -> None:
        """Called after every step of the game (``Game`` tells its watcher)."""

    def act(self, p: PlayerState, kind: str, card: int = -1, grimoire: int = -1) -> None:
        """Take one action; ``card`` and ``grimoire`` answer its questions in advance."""
        if kind == PLAY:
            self.play_card(p, card if card >= 0 else self.pick(p, ASK_PLAY, self.playable(p)))
        elif kind == LEVEL:
            self.level_up(p, card, grimoire)
        elif kind == ARCANA:
            self.draw(p, 1)
        elif kind == DEEDS:
            self.draw_deeds(p, self.rules.deed_draw, self.rules.deed_keep)
        elif kind == MANIFEST:
            if grimoire < 0:
                top = self.rules.max_level
                options = [g for g, lv in enumerate(p.levels) if lv >= top]
                grimoire = self.pick(p, ASK_MANIFEST, options)
            self.run_lines(p, self.design[p.grimoires[grimoire]], False)
        elif kind == EXHAUST:  # ``grimoire`` may name the card's line to use, from 1
            card = card if card >= 0 else self.pick(p, ASK_EXHAUST, self.exhaustable(p))
            self.exhaust(p, card, grimoire)
            self.complete_deeds(p)
        elif kind == SCHEME:
            self.scheme(p)
        else:
            raise ValueError(f"this engine has no action '{kind}'")

    def level_up(self, p: PlayerState, card: int = -1, grimoire: int = -1) -> None:
        """The Level up action: discard a card to raise a Grimoire one level."""
        choices = self.level_choices(p)
        if grimoire < 0:
            grimoire = self.pick(p, ASK_LEVEL_GRIMOIRE, list(choices))
        cards = choices.get(grimoire)
        if cards is None:
            raise IllegalChoice(self.level_refusal(p, grimoire) or "no level up",
                                where=f"round {self.round}")
        if card < 0:
            card = self.pick(p, ASK_LEVEL_CARD, cards)
        p.hand.remove(card)
        p.pile.append(card)
        if self.level_once:
            self.levelled.add((p.seat, grimoire))
        self.shift_level(p, grimoire, 1)

    def level_choices(self, p: PlayerState) -> dict[int, list[int]]:
        """Each Grimoire the Level up action may raise now -> the cards that may pay for it:
        below the top level, not raised by it this turn when once per Grimoire is the rule,
        and with a card in hand whose power is at least its level when power is the cost."""
        top, hand = self.rules.max_level, p.hand
        out: dict[int, list[int]] = {}
        for g, level in enumerate(p.levels):
            if level >= top or self.level_once and (p.seat, g) in self.levelled:
                continue
            power = self.power
            cards = hand if self.level_cost == "any-card" else [
                c for c in hand if power[c] >= level]
            if cards:
                out[g] = cards
        return out

    def level_refusal(self, p: PlayerState, grimoire: int) -> str | None:
        """Why the Level up action may not raise ``grimoire`` (-1: any) now, or None."""
        who, name = f"player {p.seat + 1}", (
            self.book.grimoires[grimoire] if grimoire >= 0 else "a Grimoire")
        if grimoire in self.level_choices(p) or grimoire < 0 and self.level_choices(p):
            return None
        if grimoire >= 0 and p.levels[grimoire] >= self.rules.max_level:
            return f"{name} is at the top level ({self.rules.max_level}) already"
        if grimoire >= 0 and self.level_once and (p.seat, grimoire) in self.levelled:
            return self.in_words(
                f"{who} has levelled up {name} this turn already, once per Grimoire")
        if not p.hand:
            return f"{who} has no card in hand"
        return self.in_words(f"no card in {who}'s hand has the power to level up {name}: a "
                             "card's power must be at least the Grimoire's level")

    def playable(self, p: PlayerState) -> list[int]:
        """The cards of the hand the player may play now: all of them (an engine of a draft
        that limits what may be played a turn says which)."""
        return p.hand

    def play_card(self, p: PlayerState, card: int) -> None:
        """Play a card: its effects top to bottom, then Dark Deeds, then the discard (or, for
        a card with effects of a card in play, into play: a Curse in front of an opponent)."""
        p.hand.remove(card)
        self.limbo.append(card)
        d = self.design[card]
        self.events.played(d)
        p.played.add(d)
        self.run_lines(p, d, True)
        self.complete_deeds(p)
        self.limbo.remove(card)
        if d not in self.book.stays:
            p.pile.append(card)
        elif d in self.book.curses:
            others = [q.seat for q in self.players if q is not p]
            self.players[self.pick(p, ASK_CURSE, others, card)].in_play.append(card)
        else:
            p.in_play.append(card)

    def action_candidates(self, p: PlayerState, kind: str) -> list[Candidate]:
        """For the bots: the forms of an action kind of an engine's own (not one of the five
        above), each with the rules-language lines it amounts to, which a bot applies to its
        sketch of the position to weigh it. None here: every kind above is known to them."""
        return []
