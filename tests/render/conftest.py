"""Fixtures for the render suite: a small hand-made card set, one card of each kind.

The suite draws these few cards rather than the whole bundled set, so it stays
fast; the build test runs the real loader on a copy of the bundled content.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prophecy.compiler import model
from prophecy.compiler.model.loader import read_pack
from prophecy.dsl.parser import parse
from prophecy.dsl.vocabulary import Vocabulary
from prophecy.render.layout import Layout
from prophecy.render.layoutfile import load_layout

ROOT = Path(__file__).resolve().parents[2]


def _line(text: str, vocab: Vocabulary) -> model.EffectLine:
    from prophecy.dsl.printer import to_text

    node = parse(text, vocab)
    return model.EffectLine(to_text(node), node, model.Place("sample.yaml", 1, 1))


#: The bundled game's kinds of card, as its game.yaml declares them.
PACK = read_pack(ROOT / "content")


def make(kind: str, name: str, **fields) -> model.Card:
    """A card of one of the bundled game's kinds, written in sample.yaml."""
    spec = PACK.kind(kind)
    assert spec is not None
    return model.new_card(spec, name, place=model.Place("sample.yaml"), **fields)


def sample_cards(vocab: Vocabulary) -> tuple[model.Card, ...]:
    """One card of each kind, with the requirement and action forms the faces show."""

    def lines(*texts: str) -> tuple[model.EffectLine, ...]:
        return tuple(_line(t, vocab) for t in texts)

    return (
        make("arcana", "Bone Harvest", copies=2, grimoire="Necromancy", types=("Spell",),
             flavor="The dead keep what they are given.",
             effects=lines(
                 "Add 1 to any Dark Deed",
                 "Grimoire Level 2: Add 1 to highest-points Dark Deed",
                 "Reveal Blood Magic: Stash a card from your hand",
                 "Necromancy Level 4 + Top Discard Creature: Draw 1 Arcana",
             )),
        make("grimoire", "Necromancy", id="grimoire/necromancy", grimoire="Necromancy",
             points=(0, 1, 3, 6, 10), manifest_name="Raise the Fallen",
             manifest=_line("Reveal Arcana until a matching card, take it, discard the rest to "
                            "the center", vocab)),
        make("deed", "Open the Crypt", grimoire="Necromancy", cards_needed=4, points=7,
             when_complete=lines("Level up this Grimoire")),
        make("verse", "The First Omen", position="starting",
             text="When the moon bleeds, the faithful gather their due.",
             condition=_line("If you have completed 1 or more Dark Deeds", vocab),
             reward=lines("Add 1 to any Dark Deed")),
        make("hireling", "Cutpurse", role="sabotage",
             reminder="Cover a Verse's reward: who meets it suffers this instead.",
             effect=lines("Discard 2 to the center"), redraw=True),
        make("hireling", "Acolyte", role="support",
             reminder="Tuck under a Verse: who meets it gains this as well.",
             effect=lines("Add 1 to any Dark Deed, then Draw 1 Arcana")),
        make("title", "Hoarder", points=5, condition=_line("Most stashed cards", vocab)),
        make("reference", "Reference", copies=4, heading="Order of play"),
        make("tracker", "Hourglass", id="tracker/hourglass"),
    )


def sample_content(vocab: Vocabulary, cards: tuple[model.Card, ...] | None = None) -> model.Content:
    return model.Content(
        root=str(ROOT / "content"), game_name="Dark Prophecies", rules=model.Rules(),
        grimoires=vocab.grimoires, card_types=vocab.card_types, deed_targets=vocab.deed_targets,
        cards=sample_cards(vocab) if cards is None else cards, pack=PACK,
    )


@pytest.fixture(scope="session")
def content(vocab: Vocabulary) -> model.Content:
    return sample_content(vocab)


@pytest.fixture(scope="session")
def layout() -> Layout:
    return load_layout(ROOT / "content")


def _cut(path: Path, key: str, keep) -> None:
    """Keep only some entries of a content file, its schema comment line first."""
    import yaml

    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    data[key] = keep(data[key])
    path.write_text(text.splitlines()[0] + "\n" + yaml.safe_dump(data, sort_keys=False),
                    encoding="utf-8")


def _one_per(field: str):
    def keep(items: list) -> list:
        seen: dict = {}
        for item in items:
            seen.setdefault(item[field], item)
        return list(seen.values())

    return keep


@pytest.fixture(scope="session")
def small_content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the bundled content cut down to a few cards of every kind (fast builds)."""
    import shutil

    root = tmp_path_factory.mktemp("content") / "content"
    shutil.copytree(ROOT / "content", root)
    for folder, key in (("arcana", "cards"), ("deeds", "deeds")):
        files = sorted((root / folder).glob("*.yaml"))
        for extra in files[1:]:
            extra.unlink()
        _cut(files[0], key, lambda items: items[:2])
    _cut(root / "grimoires.yaml", "grimoires", lambda items: items[:1])
    _cut(root / "verses.yaml", "verses", _one_per("position"))
    _cut(root / "hirelings.yaml", "hirelings", _one_per("role"))
    _cut(root / "titles.yaml", "titles", lambda items: items[:1])
    return root
