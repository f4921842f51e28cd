"""Component checks: the cards in, their counts against ``game.yaml``'s component list out.

``components`` in ``game.yaml`` gives each kind a ``count`` and may give a
spread (``per_grimoire``, ``per_position``). Besides matching the list, the
set must be enough to play with the most players the rules allow, and names
must be told apart: two cards whose names differ only in case or punctuation
are a printing mistake waiting to happen.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from prophecy.compiler.lint.core import Context, Finding, check, rule
from prophecy.compiler.lint.source import field_place
from prophecy.compiler.lint.terms import designs
from prophecy.compiler.model import Card, Content, Place
from prophecy.compiler.model.nouns import cards_of, label, noun, plural

rule("PL501", "component-count", "error",
     "the number of cards of a kind differs from game.yaml's component list")
rule("PL502", "component-spread", "error",
     "the cards of a kind are not spread as game.yaml says (per grimoire, per position)")
rule("PL503", "duplicate-name", "error",
     "two cards of one kind whose names differ only in case or punctuation")
rule("PL504", "shared-name", "warning",
     "cards of different kinds share a name (ignoring case and punctuation)")
rule("PL505", "too-few-to-play", "error",
     "fewer cards than a game with the most players needs")
rule("PL506", "rules-mismatch", "error",
     "a card disagrees with a rules constant (tracker rounds, grimoire ranks, verse schedule)")



def copies(cards: list[Card]) -> int:
    """How many physical cards: copies expanded by the loader share an id."""
    by_id: dict[str, list[Card]] = {}
    for card in cards:
        by_id.setdefault(card.id, []).append(card)
    return sum(max(len(same), same[0].copies) for same in by_id.values())


def _game_place(ctx: Context, kind: str, game_file: str = "game.yaml",
                section: str = "components") -> Place:
    """Where a kind's entry of a component list is written (the game.yaml of its set), or
    another key of a top-level ``section``: the first such line after the section's own
    (a kind of the same name under ``kinds:`` is not its entry)."""
    lines = ctx.lines(game_file)
    start = next((n for n, text in enumerate(lines) if re.match(rf"^{section}\s*:", text)), 0)
    for n, text in enumerate(lines[start:], start + 1):
        if re.match(rf"^\s+{kind}\s*:", text):
            return Place(game_file, n, len(text) - len(text.lstrip()) + 1)
    return Place(game_file)


@check("PL501", "PL502")
def counts(ctx: Context) -> Iterator[Finding]:
    """Each kind's count, and its spread, against the component list of its set (the game's,
    or an expansion's own)."""
    content = ctx.content
    for box in content.sets:
        for kind, spec in box.components.items():
            cards = [c for c in content.cards if c.kind == kind and c.set == box.name]
            have = copies(cards)
            where = _game_place(ctx, kind, box.game_file)
            if "count" in spec and have != spec["count"]:
                yield Finding("PL501", f"{have} {_of_kind(content, kind, have)}, the component "
                              f"list says {spec['count']}", where,
                              f"add or remove {_of_kind(content, kind, 2)}, or fix the list")
            for spread, want in spec.items():
                if spread.startswith("per_"):
                    yield from _spread(ctx, kind, cards, spread.removeprefix("per_"), want,
                                       where)


def _spread(ctx: Context, kind: str, cards: list[Card], attr: str, want: int, where: Place
            ) -> Iterator[Finding]:
    groups: dict[str, list[Card]] = {}
    for card in cards:
        groups.setdefault(str(card.get(attr, "?")), []).append(card)
    declared = ctx.content.pack.kind(kind)
    spec = declared.field(attr) if declared else None
    names: list[str] | tuple[str, ...] = sorted(groups)  # every value the cards hold
    if spec is not None and spec.type == "name":  # every name of its list, held or not
        names = getattr(ctx.content, spec.names, ()) or names
    elif spec is not None and spec.type == "choice":
        names = [word for word, _ in spec.values]
    content = ctx.content
    if attr == "grimoire":  # per_grimoire: in the pack's noun ('of Mastery Necromancy')
        one, several = noun(content, "grimoire"), noun(content, "grimoire", many=True)
    else:  # per_position and the like: the field's name ('of position middle')
        one = attr.replace("_", " ")
        several = f"{one}s"
    for name in names:
        have = copies(groups.get(name, []))
        if have != want:
            said = (f"{name} {_of_kind(content, kind, have)}" if kind == attr  # its own
                    else _of_kind(content, kind, have, f" of {one} {name}"))
            yield Finding("PL502", f"{have} {said}, the component list says {want} each",
                          where, f"move cards between {several}, or fix the list")


def normal(name: str) -> str:
    """A name with case, punctuation and spacing ignored."""
    return re.sub(r"[\W_]+", "", name.casefold())


@check("PL503", "PL504")
def duplicate_names(ctx: Context) -> Iterator[Finding]:
    """Names equal once case and punctuation are ignored (copies of one card aside)."""
    seen: dict[str, Card] = {}
    for card in designs(ctx):
        first = seen.setdefault(normal(card.name), card)
        if first is card:
            continue
        code = "PL503" if first.kind == card.kind else "PL504"
        yield Finding(code, f"'{card.name}' ({card.kind}) repeats the name '{first.name}' "
                      f"({first.kind}, {first.place})", field_place(ctx, card, "name"),
                      "rename one of them")


def _of_kind(content: Content, kind: str, count: int, whose: str = "") -> str:
    """Cards of a kind as the pack calls them, without the number: 'Arcana cards', 'Mastery
    card', 'cards of grimoire Necromancy' (``whose`` says of what). A kind whose label is just
    'Card' is told apart by where its cards go: 'cards of Mastery Necromancy in the Deck'."""
    words = f"{cards_of(content, kind, count)}{whose}"
    together = plural(content, kind)
    if label(content, kind).lower() == "card" and together.lower() not in ("card", "cards"):
        return f"{words} in the {together}"
    return words


@check("PL505", engine="dark-prophecies")
def enough_to_play(ctx: Context) -> Iterator[Finding]:
    """Enough cards of each kind for a game at the largest player count."""
    content, rules = ctx.content, ctx.content.rules
    players = rules.max_players
    by_kind: dict[str, int] = {k: copies([c for c in content.cards if c.kind == k])
                               for k in content.kinds}
    def the(kind: str, what: str) -> str:
        return f"the {plural(content, kind)} {what}"

    # kind -> (the cards a game with the most players needs, why, whether more players need more)
    needs = {
        "reference": (players, "one per player", True),
        "arcana": (players * rules.starting_hand + 1, "every starting hand and a deck", True),
        "deed": (players * rules.starting_deeds + rules.deed_draw,
                 the("deed", "each player starts with, and a draw") if rules.starting_deeds
                 else "a draw", bool(rules.starting_deeds)),
        "title": (rules.titles_in_play, the("title", "in play"), False),
        "hireling": (rules.hirelings_revealed, the("hireling", "revealed at once"), False),
        "verse": (max(rules.verses_per_round, default=0),
                  the("verse", "shown in the last round"), False),
        "tracker": (1, "one for the table", False),
    }
    for kind, (need, why, per_player) in needs.items():
        if kind == "tracker" and kind not in by_kind:
            continue  # a game may count its rounds without a card for it
        have = by_kind.get(kind, 0)
        if have < need:
            fewer = ", or lower rules.max_players" if per_player else ""
            yield Finding("PL505", f"{have} {_of_kind(content, kind, have)}, {players} players "
                          f"need {need} ({why})", _game_place(ctx, kind),
                          f"add {_of_kind(content, kind, 2)} (copies){fewer}")
    yield from _one_each(ctx, players)


def _one_each(ctx: Context, players: int) -> Iterator[Finding]:
    """A card of each grimoire for each player, as the pack calls them."""
    content = ctx.content
    for name in content.grimoires:
        mine = [c for c in content.of_kind("grimoire") if getattr(c, "grimoire", None) == name]
        have = copies(mine)
        if mine and have < players:
            cards = cards_of(content, "grimoire", have)
            yield Finding("PL505", f"{have} {name} {cards}, {players} players need {players}",
                          mine[0].place,
                          f"each player takes one of each {noun(content, 'grimoire')}")


@check("PL506", engine="dark-prophecies")
def agrees_with_rules(ctx: Context) -> Iterator[Finding]:
    """Cards that restate a rules constant: the tracker, the grimoire ranks, the schedule."""
    content = ctx.content
    rules = content.rules
    for card in designs(ctx):
        if card.kind == "tracker" and card.rounds != rules.rounds:
            yield Finding("PL506", f"the {label(content, 'tracker')} shows {card.rounds} rounds, "
                          f"rules.rounds is {rules.rounds}", card.place,
                          f"set rounds: {rules.rounds}")
        ranks = rules.max_level - rules.min_level + 1
        if card.kind == "grimoire" and len(card.points) != ranks:
            yield Finding("PL506", f"'{card.name}' gives points for {len(card.points)} levels, "
                          f"the rules have {ranks} ({rules.min_level} to {rules.max_level})",
                          field_place(ctx, card, "points"), f"give {ranks} numbers")
    if rules.verses_per_round and len(rules.verses_per_round) != rules.rounds:
        yield Finding("PL506", f"rules.verses_per_round has {len(rules.verses_per_round)} "
                      f"entries for {rules.rounds} rounds",
                      _game_place(ctx, "verses_per_round", section="rules"),
                      "give one number per round")


def kinds_counted(ctx: Context) -> Counter[str]:
    """Physical cards per kind (for the summary)."""
    content = ctx.content
    return Counter({k: copies([c for c in content.cards if c.kind == k]) for k in content.kinds})
