"""The Dark Prophecies engine as a plug-in: a loaded game in, what only this engine checks out.

``ENGINE`` is what the ``prophecy.engines`` entry point ``dark-prophecies``
names (pyproject.toml), so a game whose game.yaml says ``engine:
dark-prophecies`` is played by this package. Its ``check`` holds the cards to
what this game's rules need beyond their declarations: a Grimoire scores each
Level, and a Title counts completed Dark Deeds only (ruling 16). The commands
that play a game (``simulate``, ``balance``, ``test``, ``replay``) run this
package's engine for such a game.
"""

from __future__ import annotations

from pathlib import Path

from prophecy.compiler import model
from prophecy.dsl import ast
from prophecy.dsl.errors import ProphecyError


class DarkProphecies:
    """The engine of Dark Prophecies, by the rules of ``compiler.model.Rules``."""

    name = "dark-prophecies"
    plays = frozenset({"simulate", "balance", "test", "replay"})
    bases: tuple[str, ...] = ()  # the engines this one is built on (none: it is the first)

    def check(self, content: model.Content) -> list[ProphecyError]:
        out: list[ProphecyError] = []
        for card in content.cards:
            if card.kind == "grimoire":
                out.extend(_levels(card, content))
            elif card.kind == "title":
                refusal = title_refusal(card.condition.node)
                if refusal is not None:
                    out.append(_at(card, "condition", content, *refusal))
        return out


def _at(card: model.Card, field: str, content: model.Content, message: str, hint: str
        ) -> ProphecyError:
    place = card.places.get(field, card.place)
    return ProphecyError(message, where=str(Path(content.root) / place.file), line=place.line,
                         column=place.column, hint=hint)


def _levels(card: model.Card, content: model.Content) -> list[ProphecyError]:
    rules = content.rules
    levels = rules.max_level - rules.min_level + 1
    if len(card.points) == levels:
        return []
    return [_at(card, "points", content,
                f"'points' lists {len(card.points)} numbers, but there are {levels} levels "
                f"({rules.min_level} to {rules.max_level})",
                "write one number of points per level, lowest level first")]


def title_refusal(node: ast.Line) -> tuple[str, str] | None:
    """(message, hint) when a Title condition counts Dark Deeds in play, else None.

    Titles about Dark Deeds count completed ones only (ruling 16), so a
    condition that reads as deeds in play is refused and the word asked for.
    """
    if not isinstance(node, ast.Title) or node.subject.quantity != "deeds":
        return None
    grimoire = f"{node.subject.grimoire} " if node.subject.grimoire else ""
    word = "Most" if node.most else "Fewest"
    return (
        "a Title counts completed Dark Deeds only, not Dark Deeds in play",
        f"write '{word} completed {grimoire}Dark Deeds'",
    )


ENGINE = DarkProphecies()
