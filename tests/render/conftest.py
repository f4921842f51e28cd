"""Fixtures for the render suite: a small hand-made card set, one card of each kind.

The suite draws these few cards rather than the whole bundled set, so it stays
fast; the build test runs the real loader on a copy of the bundled content.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import model
from dsl.parser import parse
from dsl.vocabulary import Vocabulary
from render.layout import Layout, load_layout

ROOT = Path(__file__).resolve().parents[2]


def _line(text: str, vocab: Vocabulary) -> model.EffectLine:
    from dsl.printer import to_text

    node = parse(text, vocab)
    return model.EffectLine(to_text(node), node, model.Place("sample.yaml", 1, 1))


def sample_cards(vocab: Vocabulary) -> tuple[model.Card, ...]:
    """One card of each kind, with the requirement and action forms the faces show."""
    p = model.Place("sample.yaml")

    def lines(*texts: str) -> tuple[model.EffectLine, ...]:
        return tuple(_line(t, vocab) for t in texts)

    return (
        model.Arcana(
            id="arcana/bone-harvest", name="Bone Harvest", kind="arcana", place=p, copies=2,
            grimoire="Necromancy", types=("Spell",), flavor="The dead keep what they are given.",
            effects=lines(
                "Add 1 to any Dark Deed",
                "Grimoire Level 2: Add 1 to highest-points Dark Deed",
                "Reveal Blood Magic: Stash a card from your hand",
                "Necromancy Level 4 + Top Discard Creature: Draw 1 Arcana",
            ),
        ),
        model.Grimoire(
            id="grimoire/necromancy", name="Necromancy", kind="grimoire", place=p,
            grimoire="Necromancy", points=(0, 1, 3, 6, 10), manifest_name="Raise the Fallen",
            manifest=_line(
                "Reveal Arcana until a matching card, take it, discard the rest to the center",
                vocab),
        ),
        model.DarkDeed(
            id="deed/open-the-crypt", name="Open the Crypt", kind="deed", place=p,
            grimoire="Necromancy", cards_needed=4, points=7,
            when_complete=lines("Level up this Grimoire"),
        ),
        model.Verse(
            id="verse/the-first-omen", name="The First Omen", kind="verse", place=p,
            position="starting", text="When the moon bleeds, the faithful gather their due.",
            condition=_line("If you have completed 1 or more Dark Deeds", vocab),
            reward=lines("Add 1 to any Dark Deed"),
        ),
        model.Hireling(
            id="hireling/cutpurse", name="Cutpurse", kind="hireling", place=p, role="sabotage",
            reminder="Cover a Verse's reward: who meets it suffers this instead.",
            effect=lines("Discard 2 to the center"), redraw=True,
        ),
        model.Hireling(
            id="hireling/acolyte", name="Acolyte", kind="hireling", place=p, role="support",
            reminder="Tuck under a Verse: who meets it gains this as well.",
            effect=lines("Add 1 to any Dark Deed, then Draw 1 Arcana"),
        ),
        model.Title(
            id="title/hoarder", name="Hoarder", kind="title", place=p, points=5,
            condition=_line("Most stashed cards", vocab),
        ),
        model.Reference(id="reference/reference", name="Reference", kind="reference", place=p,
                        copies=4, heading="Order of play"),
        model.Tracker(id="tracker/hourglass", name="Hourglass", kind="tracker", place=p),
    )


def sample_content(vocab: Vocabulary, cards: tuple[model.Card, ...] | None = None) -> model.Content:
    return model.Content(
        root=str(ROOT / "content"), game_name="Dark Prophecies", rules=model.Rules(),
        grimoires=vocab.grimoires, card_types=vocab.card_types, deed_targets=vocab.deed_targets,
        cards=sample_cards(vocab) if cards is None else cards,
    )


@pytest.fixture(scope="session")
def content(vocab: Vocabulary) -> model.Content:
    return sample_content(vocab)


@pytest.fixture(scope="session")
def layout() -> Layout:
    return load_layout(ROOT / "content")
