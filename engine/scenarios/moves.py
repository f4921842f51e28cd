"""The moves of a scenario: its ``when:`` list in, the game played through them out.

Each move is a string (``draw arcana``) or a mapping whose first key names the
move (``play: Bloodletting``) and whose other keys answer the questions it
raises (``target:``, ``use:``, ``complete:``; ``by:`` says which player moves,
player 1 by default). The moves call the engine's own actions and phases; the
rules' limits are the engine's (``Game.action_refusal``, ``Game.final_round``)
and a move they forbid raises ``IllegalMove`` at its place. A ``complete:``
written as its own move belongs to the card played (or the Prophecy phase)
just before it: that is the only moment Dark Deeds may be completed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from prophecy.compiler import model
from prophecy.compiler.handlers import compile_node, resolve
from prophecy.compiler.model.cards import parsed_line
from prophecy.compiler.model.nouns import a, label, plural, vocabulary_of
from prophecy.dsl import ast
from prophecy.dsl.errors import DslError, ProphecyError, suggest
from prophecy.engine import protocol as P
from prophecy.engine.scenarios.answers import (
    ANSWER_KEYS,
    Answers,
    ScenarioGame,
    Unanswered,
    not_a_choice,
    owners_of,
    question_of,
    register_line,
    scenario_game,
)
from prophecy.engine.scenarios.names import Names
from prophecy.engine.scenarios.source import IllegalMove, Item
from prophecy.engine.scenarios.table import card_in_front
from prophecy.engine.state import PlayerState

#: Moves that may be written as a bare string.
BARE = ("draw arcana", "draw deeds", "prophecy phase", "draw phase", "table cleanup",
        "hireling phase", "action phase", "play round", "play game", "end game", "setup",
        "scheme", "start of turn", "end of turn")
#: Moves after which Dark Deeds may be completed (a `complete:` move joins them).
COMPLETING = ("play", "prophecy phase", "action phase", "play round", "play game", "exhaust")
OPTION_KEYS = (*ANSWER_KEYS, "by", "this grimoire")


@dataclass
class Move:
    """One move as written: its name, the value of its key, who moves, and its answers."""

    name: str
    item: Item
    value: Item | None
    seat: int
    answers: Answers = field(default_factory=Answers)
    options: dict[str, Item] = field(default_factory=dict)


def read_moves(items: list[Item], names: Names) -> list[Move]:
    """The moves of a ``when:`` list; a ``complete:`` move joins the move before it."""
    moves: list[Move] = []
    for item in items:
        move = read_move(item, names)
        before = moves[-1] if moves else None
        if (move.name == "complete" and before is not None and before.name in COMPLETING
                and before.seat == move.seat and move.value is not None):
            before.answers.add(None, "complete", move.value)
            continue
        moves.append(move)
    return moves


def read_move(item: Item, names: Names) -> Move:
    """One move: its name, the player moving, and the answers written on it."""
    if not item.is_map():
        text = str(item.value).strip()
        if text not in BARE:
            raise _unknown_move(item, text)
        return Move(text, item, None, 0)
    entries = item.entries()
    name, key_item, value = entries[0]
    if name not in MOVES:
        raise _unknown_move(key_item, name)
    move = Move(name, item, value, 0)
    rest = [(k, ki, v) for k, ki, v in entries[1:]]
    if value.is_map() and name not in ("effect", "setup"):
        rest = value.entries() + rest
        move.value = None
    for key, key_item, answer in rest:
        _option(move, key, key_item, answer, names)
    if name == "draw phase" and move.value is not None:
        move.answers.add(None, "draw phase", move.value)
    return move


def _option(move: Move, key: str, key_item: Item, value: Item, names: Names) -> None:
    if key == "by":
        move.seat = names.player(value)
    elif key in ("this grimoire",):
        move.options[key] = value
    elif key.startswith("player ") and value.is_map():
        seat = names.player(key_item)
        for sub, sub_key, answer in value.entries():
            if sub not in ANSWER_KEYS:
                raise _unknown_key(sub_key, sub)
            move.answers.add(seat, sub, answer)
    elif key in ANSWER_KEYS:
        move.answers.add(None, key, value)
    else:
        raise _unknown_key(key_item, key)


def _unknown_move(item: Item, name: str) -> ProphecyError:
    every = [*MOVES]
    hint = suggest(name, every) or f"the moves are {', '.join(every)}"
    return item.error(f"unknown move '{name}'", hint)


def _unknown_key(item: Item, key: str) -> ProphecyError:
    every = [*OPTION_KEYS, "player 2"]
    hint = suggest(key, every) or (
        "a move's other keys answer the questions it asks, as 'target:' or 'stash:' "
        "(docs/scenarios.md lists every key), or name the engine's question in "
        "'answers: {question: answer}'")
    return item.error(f"unknown key '{key}' in a move", hint)


class Play:
    """Plays a scenario's moves on its game, keeping the round's action counts."""

    def __init__(self, game: ScenarioGame, names: Names, content: model.Content) -> None:
        self.game, self.names, self.content = game, names, content
        self.used: dict[int, dict[str, int]] = {}
        self.over: set[int] = set()
        self.round = game.round
        self.seed = game.seed

    def run(self, move: Move) -> None:
        """Play one move; an illegal one raises IllegalMove, a scenario's mistake ScenarioError."""
        game = self.game
        if game.round != self.round:
            self.used, self.over, self.round = {}, set(), game.round
        game.answers = move.answers
        if move.seat >= len(game.players):
            raise move.item.error(f"this game has {len(game.players)} players")
        try:
            MOVES[move.name](self, move, game.players[move.seat])
        except Unanswered as exc:
            question = question_of(self.content, exc.key, f"'{exc.key.removeprefix('ask:')}'")
            hint = (f"answer with '{exc.key}: ...'" if not exc.key.startswith("ask:")
                    else f"answer with 'answers: {{{exc.key[4:]}: ...}}'")
            raise move.item.error(
                f"the game asks player {exc.seat + 1} {question} "
                f"({', '.join(exc.words)}), and the move does not say", hint) from None
        self.settle(move)

    # -- after a move: every answer used ------------------------------------------------

    def settle(self, move: Move) -> None:
        """Every answer written was asked for; the lines named in 'use:' could be used."""
        for key, item in move.answers.left():
            if key == "complete":
                raise item.error(self._why_not_complete(move, item), kind=IllegalMove)
            asked = [q for q in self.game.questions if q.key == key
                     or f"ask:{q.ask}" == key]
            if asked:
                raise not_a_choice(item, key, asked[-1].words, asked[-1].seat, self.content)
            question = question_of(self.content, key, f"'{key.removeprefix('ask:')}'")
            raise item.error(f"the move never asks {question}",
                             "remove this answer, or check the cards and the table")
        for (_seat, key), item in move.answers.use.items():
            self._check_use(key, item)

    def _why_not_complete(self, move: Move, item: Item) -> str:
        design = self.names.card(item, "deed")
        name = self.names.name_of(design)
        p = self.game.players[move.seat]
        book = self.game.book
        for deed, stored in zip(p.deeds, p.stored, strict=True):
            if book.design[deed] == design:
                return (f"'{name}' cannot be completed: it holds {len(stored)} of the "
                        f"{book.needed[deed]} cards it needs")
        if any(book.design[d] == design for d in p.completed):
            return f"'{name}' is completed already"
        return f"'{name}' is not in play in front of player {move.seat + 1}"

    def _check_use(self, key: str, item: Item) -> None:
        value = item.value
        if isinstance(value, bool):
            if value and key == "use" and not any(q.key == key for q in self.game.questions):
                raise item.error("no line could be used: its requirements are not met",
                                 kind=IllegalMove)
            return
        wanted = value if isinstance(value, list) else [value]
        offered = {q.line for q in self.game.questions if q.key == key}
        for line in wanted:
            if not isinstance(line, int) or isinstance(line, bool) or line < 1:
                raise item.error("write the numbers of the lines to use, from 1: 'use: [1, 2]'")
            if line not in offered:
                raise item.error(f"line {line} cannot be used: its requirements are not met "
                                 "(or the card has no such line)", kind=IllegalMove)

    # -- actions ---------------------------------------------------------------

    def action(self, move: Move, p: PlayerState, kind: str) -> None:
        """Refuse the action unless the rules allow it now; then count it."""
        if p.seat in self.over:
            raise move.item.error(f"player {p.seat + 1}'s Action phase is over this round",
                                  kind=IllegalMove)
        used = self.used.setdefault(p.seat, self.game.no_actions())
        refusal = self.game.action_refusal(p, used, kind)
        if refusal:
            raise move.item.error(refusal, kind=IllegalMove)
        used[kind] += 1

    def phase(self, move: Move, p: PlayerState | None, name: str) -> None:
        """A phase after the Action phase ends it; the last round has only two phases."""
        if p is not None:
            self.over.add(p.seat)
        if name != "prophecy" and self.game.final_round():
            raise move.item.error(f"round {self.game.round} is the final round: it has no "
                                  f"{name} phase", kind=IllegalMove)


def _needs_value(run: Play, move: Move) -> None:
    """A move that acts on something names it (``play: Bone Lantern``); written bare, it is
    placed at the move."""
    if move.value is None:
        raise move.item.error(f"'{move.name}' names what it acts on",
                              f"write '{move.name}: ...' with the card or "
                              f"{run.names.noun('grimoire')}")


def _play(run: Play, move: Move, p: PlayerState) -> None:
    _needs_value(run, move)
    assert move.value is not None  # said above; for the type checker
    design = run.names.card(move.value, "arcana")
    card = next((c for c in p.hand if run.game.book.design[c] == design), -1)
    if card < 0:
        raise move.value.error(f"'{run.names.name_of(design)}' is not in player "
                               f"{p.seat + 1}'s hand", kind=IllegalMove)
    if card not in run.game.playable(p):
        raise move.value.error(f"'{run.names.name_of(design)}' may not be played now",
                               "the game limits what may be played a turn", IllegalMove)
    run.action(move, p, P.PLAY)
    run.game.act(p, P.PLAY, card=card)


def _level_up(run: Play, move: Move, p: PlayerState) -> None:
    _needs_value(run, move)
    assert move.value is not None  # said above; for the type checker
    gi, top = run.names.grimoire(move.value), run.game.rules.max_level
    if p.levels[gi] >= top:
        raise move.value.error(f"{run.game.book.grimoires[gi]} is at the top level ({top}) "
                               "already", kind=IllegalMove)
    run.action(move, p, P.LEVEL)
    refusal = run.game.level_refusal(p, gi)
    if refusal:
        raise move.value.error(refusal, kind=IllegalMove)
    run.game.act(p, P.LEVEL, grimoire=gi)


def _manifest(run: Play, move: Move, p: PlayerState) -> None:
    _needs_value(run, move)
    assert move.value is not None  # said above; for the type checker
    gi, top = run.names.grimoire(move.value), run.game.rules.max_level
    if p.levels[gi] < top:
        raise move.value.error(
            f"{run.game.book.grimoires[gi]} is at level {p.levels[gi]}; Manifest needs the "
            f"top level ({top})", kind=IllegalMove)
    run.action(move, p, P.MANIFEST)
    run.game.act(p, P.MANIFEST, grimoire=gi)


def _draw_arcana(run: Play, move: Move, p: PlayerState) -> None:
    run.action(move, p, P.ARCANA)
    run.game.act(p, P.ARCANA)


def _draw_deeds(run: Play, move: Move, p: PlayerState) -> None:
    run.action(move, p, P.DEEDS)
    run.game.act(p, P.DEEDS)


def _exhaust(run: Play, move: Move, p: PlayerState) -> None:
    """The action of exhausting a card in front of the player (an 'Exhaust this card' line)."""
    _needs_value(run, move)
    assert move.value is not None  # said above; for the type checker
    card = card_in_front(run.game, p, str(move.value.value))
    if card is None:
        raise move.value.error(f"'{move.value.value}' is not in front of player {p.seat + 1}",
                               kind=IllegalMove)
    if card in p.exhausted:
        raise move.value.error(f"'{move.value.value}' is exhausted: it is ready again at the "
                               "next Cleanup", kind=IllegalMove)
    if not run.game.exhaust_lines(p, card):
        raise move.value.error(f"'{move.value.value}' has no 'Exhaust this card' line usable "
                               "now", kind=IllegalMove)
    run.action(move, p, P.EXHAUST)
    run.game.act(p, P.EXHAUST, card=card)


def _scheme(run: Play, move: Move, p: PlayerState) -> None:
    run.action(move, p, P.SCHEME)
    run.game.act(p, P.SCHEME)


def _turn_start(run: Play, move: Move, p: PlayerState) -> None:
    """The start of the player's turn: their cards in play's 'At the start of your turn'."""
    run.game.turn_start(p)


def _turn_end(run: Play, move: Move, p: PlayerState) -> None:
    """The end of the player's turn: 'At the end of your turn', then their Cleanup."""
    run.over.add(p.seat)
    run.game.turn_end(p)


def _complete(run: Play, move: Move, p: PlayerState) -> None:
    content = run.content
    verse = "verse" in content.kinds or not content.kinds  # a game of Verses reads them too
    also = f" or after {a(label(content, 'verse'))}" if verse else ""
    raise move.item.error(f"{plural(content, 'deed')} are completed only right after a played "
                          f"card's effects{also}", "write 'complete:' right after 'play:'",
                          IllegalMove)


def _action_phase(run: Play, move: Move, p: PlayerState) -> None:
    if p.seat in run.over or run.used.get(p.seat):
        raise move.item.error(f"player {p.seat + 1} has begun the Action phase already",
                              kind=IllegalMove)
    run.over.add(p.seat)
    run.game.action_phase(p)


def _prophecy(run: Play, move: Move, p: PlayerState) -> None:
    run.phase(move, p, "prophecy")
    run.game.prophecy_phase(p)


def _draw_phase(run: Play, move: Move, p: PlayerState) -> None:
    run.phase(move, p, "Draw")
    run.game.draw_phase(p)


def _cleanup(run: Play, move: Move, p: PlayerState) -> None:
    run.phase(move, None, "Table Cleanup")
    run.game.cleanup_phase()


def _hirelings(run: Play, move: Move, p: PlayerState) -> None:
    run.phase(move, None, "Hireling")
    run.game.hireling_phase()


def _round(run: Play, move: Move, p: PlayerState) -> None:
    if run.used or run.over:
        raise move.item.error("a whole round is played from its start",
                              "play the round's moves one by one instead", IllegalMove)
    run.game.play_round()


def _game(run: Play, move: Move, p: PlayerState) -> None:
    """The rest of the game, round by round from its start, to the end and the scores."""
    if run.used or run.over:
        raise move.item.error("the rest of the game is played from a round's start",
                              "play the round's moves one by one instead", IllegalMove)
    run.game.play()


def _end(run: Play, move: Move, p: PlayerState) -> None:
    run.game.end()


def _setup(run: Play, move: Move, p: PlayerState) -> None:
    """Deal a new game with the table's players and seed, as the rules set it up."""
    old = run.game
    game = scenario_game(old.book, old.controllers, run.seed)
    game.answers, game.questions, game.owners = old.answers, [], owners_of(game)
    game.box.extend(old.book.ids["filler"])  # fillers stay out of a game dealt by the rules
    run.game = game


def _effect(run: Play, move: Move, p: PlayerState) -> None:
    """One line of the rules language, resolved for the player as a card's line would be."""
    _needs_value(run, move)
    assert move.value is not None  # said above; for the type checker
    game, content = run.game, run.content
    try:
        node = parsed_line(str(move.value.value), vocabulary_of(content))[0]
    except DslError as exc:
        raise move.value.error(exc.message, exc.hint, IllegalMove) from None
    if not isinstance(node, ast.Effect):
        raise move.value.error("an effect line does something, as in 'Draw 1 Arcana'",
                               kind=IllegalMove)
    this = move.options.get("this grimoire")
    grimoire = game.book.grimoires[run.names.grimoire(this)] if this is not None else None
    preds, ops = compile_node(node, game.book.names_for(grimoire))
    register_line(game, node)
    if all(pred(game, p) for pred in preds) and game.pick(p, P.ASK_USE, (False, True), node):
        resolve(ops, game, p)


MOVES: dict[str, Callable[[Play, Move, PlayerState], None]] = {
    "play": _play, "level up": _level_up, "manifest": _manifest, "draw arcana": _draw_arcana,
    "draw deeds": _draw_deeds, "complete": _complete, "action phase": _action_phase,
    "prophecy phase": _prophecy, "draw phase": _draw_phase, "table cleanup": _cleanup,
    "hireling phase": _hirelings, "play round": _round, "play game": _game, "end game": _end,
    "setup": _setup,
    "effect": _effect, "exhaust": _exhaust, "scheme": _scheme, "start of turn": _turn_start,
    "end of turn": _turn_end,
}
