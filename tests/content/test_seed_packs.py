"""The seed packs print what their documents describe.

Fate of the Hours: The Hours lies on a dark ground and carries a score track of
numbered spots, the last where the game ends. Each face is drawn in-process
while the text it draws is watched (what, where, on what), so a test says which
number landed where and on what colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from prophecy.compiler.faces import card_faces
from prophecy.compiler.model.loader import load_content
from prophecy.render.backs import render_face
from prophecy.render.draw import Painter
from prophecy.render.layoutfile import load_layout
from prophecy.tools import main
from prophecy.tools.init import shipped

EXAMPLES = shipped()
BLEED_MM, DPI = 3.175, 300


@dataclass(frozen=True)
class Drawn:
    text: str
    x: float
    y: float
    fill: tuple[int, int, int]


def _px(mm: float) -> int:
    return round((mm + BLEED_MM) / 25.4 * DPI)


def draw(folder: Path, card_id: str, side: str, monkeypatch: pytest.MonkeyPatch
         ) -> tuple[Image.Image, list[Drawn]]:
    """One face of one card of a pack, drawn, with every text drawn on it in order."""
    content = load_content(folder)
    layout = load_layout(folder)
    card = next(c for c in content.cards if c.id == card_id)
    seen: list[Drawn] = []
    original = Painter.text

    def watch(self: Painter, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        seen.append(Drawn(text, xy[0], xy[1], tuple(kwargs.get("fill") or (0, 0, 0))[:3]))
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(Painter, "text", watch)
    faces = card_faces(card, content)
    image = render_face(layout, card.id, getattr(faces, side))
    return image, seen


@pytest.fixture
def fate(tmp_path: Path) -> Path:
    target = tmp_path / "fate"
    assert main(["init", str(target), "--from", "fate-deduction"]) == 0
    return target


# ------------------------------------------------------------------ The Hours
def _spots(seen: list[Drawn]) -> list[Drawn]:
    """The track's numbers: the digits drawn alone, on one line at the card's foot."""
    return [d for d in seen if d.text.isdigit() and d.y > _px(60)]


def test_the_hours_carries_a_score_track_from_0_to_7(monkeypatch):
    _, seen = draw(EXAMPLES["fate-deduction"], "hours/the-hours", "front", monkeypatch)
    spots = _spots(seen)
    assert [d.text for d in spots] == [str(n) for n in range(8)]
    assert len({round(d.y) for d in spots}) == 1  # one row
    xs = [d.x for d in spots]
    assert xs == sorted(xs) and xs[-1] - xs[0] > _px(40) - _px(0)  # across the card
    assert "7 TO WIN" not in {d.text for d in seen}


def test_the_hours_lies_on_a_dark_ground_where_an_arcana_lies_on_paper(monkeypatch):
    folder = EXAMPLES["fate-deduction"]
    hours, _ = draw(folder, "hours/the-hours", "front", monkeypatch)
    arcana, _ = draw(folder, "arcana/midnight", "front", monkeypatch)
    layout = load_layout(folder)
    dark = tuple(int(layout.data["decks"]["hours"]["dark"][i:i + 2], 16) for i in (1, 3, 5))
    paper = layout.colour("paper")
    where = (_px(8.0), _px(66.5))  # a place of the panel with nothing drawn on it
    assert hours.getpixel(where) == dark
    assert arcana.getpixel(where) == paper


def test_the_track_follows_the_cards_data(fate, monkeypatch):
    path = fate / "hours.yaml"
    path.write_text(path.read_text().replace("track: 7", "track: 5"))
    _, seen = draw(fate, "hours/the-hours", "front", monkeypatch)
    assert [d.text for d in _spots(seen)] == ["0", "1", "2", "3", "4", "5"]
    assert "SCORE AND DOOM · THE GAME ENDS ON 5" in {d.text for d in seen}


def test_a_track_too_long_for_its_box_is_refused_by_check(fate, capsys):
    path = fate / "hours.yaml"
    path.write_text(path.read_text().replace("track: 7", "track: 12"))
    assert main(["check", "--content", str(fate)]) == 1
    out = capsys.readouterr().out
    assert "hours.yaml:5:5: hours/the-hours: the 13 spots of the track box 'track' do not " \
           "fit it" in out
    assert "give the box more room in the layout, or the track fewer spots" in out


def test_a_panel_colour_the_layout_lacks_is_placed_in_the_layout(fate, capsys):
    path = fate / "layouts" / "poker.yaml"
    text = path.read_text()
    assert text.count("panel: dark") == 1
    path.write_text(text.replace("panel: dark", "panel: dusk"))
    assert main(["check", "--content", str(fate)]) == 1
    line = text[:text.index("panel: dark")].count("\n") + 1
    assert (f"poker.yaml:{line}:12: the face 'hours' lies on the colour 'dusk', which is not "
            "a colour of the layout") in capsys.readouterr().out


# ---------------------------------------------------- Prophecy, Basic Version
BASIC_CHANCE = {"Mountains", "Forest", "Plains", "City Merchant", "Tradesman",
                "Refreshing Wind", "Kindly Wind", "Magical Breeze", "Good Times", "Charity",
                "Peaceful Times"}  # the Chance cards the document keeps for the Basic Version
GUILDS = {"fortress", "thieves", "tower", "camp", "monastery"}


@pytest.fixture(scope="module")
def basic() -> Any:
    return load_content(EXAMPLES["prophecy-basic"])


def test_the_chance_deck_is_every_card_the_document_keeps(basic):
    assert {c.name for c in basic.cards if c.kind == "chance"} == BASIC_CHANCE
    by_name = {c.name: c for c in basic.cards}
    assert by_name["Tradesman"].get("event") == "market"
    assert "Village" in by_name["Tradesman"].get("effect")
    assert (by_name["Kindly Wind"].get("health"), by_name["Kindly Wind"].get("magic")) == (1, 1)
    assert by_name["Magical Breeze"].get("magic") == 2


def test_each_guild_has_certificates_with_a_black_back_of_its_own(basic, monkeypatch):
    certificates = [c for c in basic.cards if c.kind == "certificate"]
    assert {c.get("guild") for c in certificates} == GUILDS
    backs = {}
    for card in certificates:
        image, seen = draw(EXAMPLES["prophecy-basic"], card.id, "back", monkeypatch)
        corner = image.getpixel((_px(2.0), _px(2.0)))
        assert max(corner) < 60, (card.name, corner)  # black, as the document has it
        backs[card.get("guild")] = image.tobytes()
        assert "CERTIFICATE" in {d.text for d in seen}
    assert len(set(backs.values())) == 5  # one back a guild: the symbols differ


def _stats(folder: Path, card_id: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The captions of a Creature's medallions, left to right."""
    _, seen = draw(folder, card_id, "front", monkeypatch)
    captions = [d for d in seen if d.text in ("STRENGTH", "WILLPOWER", "EXPERIENCE")]
    return [d.text for d in sorted(captions, key=lambda d: d.x)]


@pytest.mark.parametrize(("card", "order"), [
    ("adventure/vampire", ["WILLPOWER", "STRENGTH", "EXPERIENCE"]),  # a special battle
    ("adventure/skeletal-wizard", ["WILLPOWER", "STRENGTH", "EXPERIENCE"]),
    ("adventure/escaped-murderer", ["STRENGTH", "WILLPOWER", "EXPERIENCE"]),  # optional
])
def test_a_creatures_stats_print_in_the_order_that_says_how_it_fights(card, order,
                                                                      monkeypatch):
    assert _stats(EXAMPLES["prophecy-basic"], card, monkeypatch) == order


def test_the_stat_order_follows_the_cards_battle_field(tmp_path, monkeypatch):
    folder = tmp_path / "basic"
    assert main(["init", str(folder), "--from", "prophecy-basic"]) == 0
    path = folder / "adventures.yaml"
    text = path.read_text()
    murderer = text.index("name: Escaped Murderer")
    path.write_text(text[:murderer] + text[murderer:].replace(
        "battle: either", "battle: special", 1))
    assert _stats(folder, "adventure/escaped-murderer", monkeypatch) == [
        "WILLPOWER", "STRENGTH", "EXPERIENCE"]


def _hue_and_value(rgb: tuple[int, int, int]) -> tuple[float, float]:
    import colorsys

    h, _, v = colorsys.rgb_to_hsv(*(x / 255 for x in rgb))
    return h * 360, v


def test_the_adventure_back_is_yellow_and_the_item_back_brown(basic, monkeypatch):
    def ground(card_id: str) -> tuple[int, int, int]:
        image, _ = draw(EXAMPLES["prophecy-basic"], card_id, "back", monkeypatch)
        return image.resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))

    hue, value = _hue_and_value(ground("adventure/vampire"))
    assert 40 <= hue <= 60 and value > 0.7, (hue, value)  # a bright yellow
    item_hue, item_value = _hue_and_value(ground("item/broadsword"))
    assert item_hue < 40 and item_value < 0.4, (item_hue, item_value)  # a dark brown


# ------------------------------------------------------------------ the READMEs
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(n for n in EXAMPLES if n != "dark-prophecies"))
def test_a_packs_readme_names_no_file_outside_the_repository(name):
    """The documents a pack was made from are not part of the project: a README says
    'the designer's draft' in words, and each of its links leads to a file of the repo."""
    import re

    readme = EXAMPLES[name] / "README.md"
    text = readme.read_text(encoding="utf-8")
    assert "shared/" not in text and "rules/" not in text
    for target in re.findall(r"\]\(([^)#]+)", text):
        path = (readme.parent / target).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), target
