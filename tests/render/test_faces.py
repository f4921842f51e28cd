"""The face model (what each card shows, decided from the AST) and text fitting."""

from __future__ import annotations

import dataclasses
import re

import pytest
from PIL import ImageChops, ImageStat

from prophecy.compiler import faces, model
from prophecy.compiler.faces import Badge, all_faces, card_faces, reference_lines
from prophecy.dsl import ast
from prophecy.dsl.errors import ProphecyError
from prophecy.render.backs import render_face

from .conftest import PACK, _line, make, sample_cards, sample_content


def test_every_card_kind_names_a_front_and_back_the_layout_declares(layout):
    for name in PACK.names:
        kind = PACK.kind(name)
        assert {kind.front, kind.back} <= set(layout.faces), name


def test_every_face_a_card_shows_is_declared_and_drawn(content, layout):
    designs = {f.design for c in all_faces(content) for f in (c.front, c.back)}
    assert designs <= set(layout.faces)
    assert {"arcana", "arcana-back", "grimoire", "grimoire-back", "tracker-back"} <= designs


def test_requirements_become_badges_in_their_grimoires_colour(content):
    harvest = card_faces(content.cards[0], content)
    badges = [b for box in harvest.front.boxes for b in box.badges]
    assert badges == [
        Badge("level", "2", "Necromancy", "Level"),  # 'Grimoire Level 2' on a Necromancy card
        Badge("reveal", "Blood Magic", "Blood Magic"),
        Badge("level", "4", "Necromancy", "Necromancy"),
        Badge("top_discard", "Creature", None),
    ]


def test_actions_become_icons_with_numbers_and_short_text(content):
    harvest = card_faces(content.cards[0], content)
    steps = [(s.icon, s.number, s.text) for box in harvest.front.boxes for s in box.steps]
    assert steps == [
        ("add_deed", 1, "Add 1 to any Dark Deed"),
        ("add_deed", 1, "Add 1 to your highest-points Dark Deed"),
        ("stash", 1, "Stash a card from your hand"),
        ("draw", 1, "Draw 1 Arcana"),
    ]


#: (effect line, the instruction its face prints): every step says its verb and object.
SAYS_THE_VERB = [
    ("Add 2 to any Dark Deed", "Add 2 to any Dark Deed"),
    ("Add 1 to each Necromancy Dark Deed", "Add 1 to each Necromancy Dark Deed"),
    ("Add 1 to highest-points Blood Magic Dark Deed",
     "Add 1 to your highest-points Blood Magic Dark Deed"),
    ("Remove 1 from most-cards Dark Deed", "Remove 1 from your most-cards Dark Deed"),
    ("Stash 2 cards from your hand", "Stash 2 cards from your hand"),
    ("Stash a Creature card from your hand", "Stash a Creature card from your hand"),
    ("Stash the top card of your discard pile", "Stash the top card of your discard pile"),
    ("Stash the top 2 cards of the Arcana deck", "Stash the top 2 cards of the Arcana deck"),
    ("Discard 1", "Discard 1 card from your hand"),
    ("Discard 2 to the center", "Discard 2 cards from your hand to the center"),
    ("Take the top card of your discard pile",
     "Take the top card of your discard pile into your hand"),
    ("Draw 3 Dark Deeds, keep 1", "Draw 3 Dark Deeds, keep 1"),
    ("Level down any Grimoire", "Level down any Grimoire"),
    ("Discard the top 2 cards of the Arcana deck to the center",
     "Discard the top 2 cards of the Arcana deck to the center"),
    ("Draw 1 Arcana for each completed Dark Deed, up to 3",
     "Draw 1 Arcana for each completed Dark Deed, up to 3"),
]


@pytest.mark.parametrize(("line", "says"), SAYS_THE_VERB, ids=[s for s, _ in SAYS_THE_VERB])
def test_each_step_reads_as_an_instruction_verb_first(vocab, content, line, says):
    [step] = faces.effect_box(_line(line, vocab), "Necromancy", content.grimoires).steps
    assert step.text == says


def test_every_bundled_step_starts_with_its_verb():
    """No face of the bundled set prints an object without its verb ('Any Dark Deed')."""
    from prophecy.compiler.model.loader import load_content

    from .conftest import ROOT

    verbs = {"add_deed": "Add ", "remove_deed": "Remove ", "stash": "Stash ", "draw": "Draw ",
             "draw_deed": "Draw ", "level_up": "Level up ", "level_down": "Level down ",
             "discard": "Discard ", "take": "Take ", "reveal_until": "Reveal ",
             "look": "Look ", "points": "Gain ", "choose": "Choose "}
    steps = [s for c in all_faces(load_content(ROOT / "content")) for f in (c.front, c.back)
             for b in f.boxes for s in b.steps if s.icon in verbs]
    assert {s.icon for s in steps} >= {"add_deed", "remove_deed", "stash", "discard", "look",
                                       "points", "choose"}
    for s in steps:
        said_of = re.match(r"Each (opponent|player) (\w+) ", s.text)  # the verb after its subject
        if said_of:
            assert said_of.group(2).startswith(verbs[s.icon].split()[0].lower()), s
        else:
            assert s.text.startswith(verbs[s.icon]), s


def test_matching_grimoire_is_resolved_to_the_cards_own(vocab, content):
    line = _line("Reveal Arcana until a matching card, take it, discard the rest to the center",
                 vocab)
    box = faces.effect_box(line, "Demonology", content.grimoires)
    assert box.steps[0].grimoire == "Demonology"
    assert "Demonology card" in box.steps[0].text


def test_reference_summary_follows_the_rules_data(content):
    changed = dataclasses.replace(content, rules=dataclasses.replace(content.rules, hand_limit=9,
                                                                     stash_points=5))
    text = "\n".join(reference_lines(changed))
    assert "Hand 9" in text and "5 per stashed card" in text
    assert "Hand 7" in "\n".join(reference_lines(content))


def test_grimoire_shows_four_edge_levels_in_front_and_the_top_level_behind(content):
    grimoire = next(c for c in all_faces(content) if c.kind == "grimoire")
    assert [e.label for e in grimoire.front.value("edge")] == [
        "Level 0", "Level 1", "Level 2", "Level 3"]
    assert [e.value for e in grimoire.front.value("edge")] == ["0 pts", "1 pt", "3 pts", "6 pts"]
    assert [e.label for e in grimoire.back.value("edge")] == ["Level 4"]
    assert grimoire.back.boxes[0].steps[0].icon == "reveal_until"


def test_grimoire_edges_start_at_the_lowest_level_and_its_first_number(content):
    rules = dataclasses.replace(content.rules, min_level=2, max_level=5)
    grimoire = next(c for c in all_faces(dataclasses.replace(content, rules=rules))
                    if c.kind == "grimoire")
    assert [e.label for e in grimoire.front.value("edge")] == ["Level 2", "Level 3", "Level 4"]
    assert [e.value for e in grimoire.front.value("edge")] == ["0 pts", "1 pt", "3 pts"]
    assert [(e.label, e.value) for e in grimoire.back.value("edge")] == [("Level 5", "6 pts")]


def test_the_three_verse_backs_differ(vocab, layout):
    cards = sample_cards(vocab)
    verse = next(c for c in cards if c.kind == "verse")
    backs = []
    for position in ("starting", "middle", "ending"):
        card = model.with_fields(verse, PACK.kind("verse"), position=position)
        backs.append(render_face(layout, card.id, card_faces(card, sample_content(vocab)).back))
    for a, b in ((0, 1), (1, 2), (0, 2)):
        difference = sum(ImageStat.Stat(ImageChops.difference(backs[a], backs[b])).mean)
        assert difference > 10


def test_text_too_long_for_its_box_fails_naming_the_card_and_box(vocab, layout):
    long = tuple(_line("Grimoire Level 2 + Reveal Blood Magic: Add 1 to highest-points Dark "
                       "Deed, then Stash a card from your hand, then Draw 2 Arcana", vocab)
                 for _ in range(6))
    card = model.new_card(PACK.kind("arcana"), "Overfull", grimoire="Necromancy",
                          place=model.Place("arcana/necromancy.yaml", 3), types=("Spell",),
                          effects=long)
    face = card_faces(card, sample_content(vocab)).front
    with pytest.raises(ProphecyError) as caught:
        render_face(layout, card.id, face)
    assert "arcana/overfull" in caught.value.message
    assert "'effects' box does not fit" in caught.value.message


@pytest.mark.parametrize("rounds", range(1, 9))
def test_every_round_count_a_tracker_can_show_is_drawn(vocab, layout, rounds):
    tracker = model.new_card(PACK.kind("tracker"), "Hourglass", id="tracker/t",
                             place=model.Place("tracker.yaml", 4), rounds=rounds)
    faces_ = card_faces(tracker, sample_content(vocab, (tracker,)))
    shown = [e.label for e in (*faces_.front.value("edge"), *faces_.back.value("edge"))]
    assert shown == [f"Round {n}" for n in range(1, rounds + 1)]
    assert len(faces_.front.value("edge")) <= 4 and 1 <= len(faces_.back.value("edge")) <= 4
    assert faces_.back.value("kind") == ("Final round" if rounds <= 5 else "Turn each round")
    for face in (faces_.front, faces_.back):
        assert render_face(layout, tracker.id, face).size == (825, 1125)


def test_a_tracker_with_more_rounds_than_edges_is_refused_at_its_place(vocab):
    tracker = model.new_card(PACK.kind("tracker"), "Hourglass", id="tracker/t",
                             place=model.Place("tracker.yaml", 4, 3), rounds=9)
    with pytest.raises(ProphecyError) as caught:
        card_faces(tracker, sample_content(vocab, (tracker,)))
    error = caught.value
    assert error.message == ("tracker/t: the 'edge' box of face 'tracker-back' shows 5 bands,"
                             " but a card has 4 edges a side")
    assert (error.where.endswith("tracker.yaml"), error.line, error.column) == (True, 4, 3)


def test_add_and_remove_icons_differ_at_a_glance():
    """At the size they print beside text (about 5 mm), the two glyphs differ over a large
    share of their area, not by one stroke: a solid card with a cross against a hollow one."""
    from PIL import ImageChops

    from prophecy.render.icons import glyph

    side = 60  # px: 5 mm at 300 dpi
    add, remove = (glyph(n, side, (255, 255, 255)).getchannel("A") for n in
                   ("add_deed", "remove_deed"))
    differ = ImageChops.difference(add, remove).point(lambda v: 255 if v > 128 else 0)
    share = differ.histogram()[255] / side**2
    assert share > 0.25
    # and each is far from an empty or full square
    for mask in (add, remove):
        assert 0.2 < mask.point(lambda v: 255 if v > 128 else 0).histogram()[255] / side**2 < 0.8


@pytest.mark.parametrize("cls", sorted(ast.VERBS, key=lambda c: c.__name__),
                         ids=lambda c: c.__name__)
def test_every_verb_is_drawn_on_a_card_with_its_declared_icon(cls, vocab, layout):
    """A card whose one effect is the verb's example: its step carries the declared icon and
    the card face is drawn (a verb of any pack, not only those the bundled cards use)."""
    verb = ast.VERBS[cls]
    card = make("arcana", "Sample", grimoire="Necromancy", types=("Spell",),
                effects=(_line(verb.example, vocab),))
    content = sample_content(vocab, (card,))
    front = card_faces(card, content).front
    (box,) = front.boxes
    assert [step.icon for step in box.steps] == [verb.icon]
    image = render_face(layout, card.id, front)
    assert image.size == layout.size


@pytest.mark.parametrize(("line", "paid"), [
    ("Discard 1 to the center to Add 2 to any Dark Deed", 1),
    ("Discard 1, then Level down this Grimoire to Gain 2 points", 2),
    ("Draw 2 Arcana, then Discard 1 to the center", 0),  # a draw first is no price
    ("Remove 1 from most-cards Dark Deed, then Discard 1 to the center", 0),  # nothing bought
])
def test_a_price_is_shown_apart_from_what_it_buys(vocab, content, line, paid):
    box = faces.effect_box(_line(line, vocab), "Necromancy", content.grimoires)
    assert box.paid == paid


def test_a_price_is_drawn_with_pay_and_an_arrow(vocab, layout):
    from prophecy.render.draw import PAY, THEN_GAIN, step_tokens
    from prophecy.render.text import Word

    card = make("arcana", "Sample", grimoire="Necromancy", types=("Spell",),
                effects=(_line("Discard 1 to the center to Add 2 to any Dark Deed", vocab),))
    content = sample_content(vocab, (card,))
    front = card_faces(card, content).front
    (box,) = front.boxes
    canvas = type("C", (), {"colour": lambda self, name: (0, 0, 0),
                            "layout": layout})()
    words = [t.text for t in step_tokens(canvas, box.steps, (0, 0, 0), box.paid)
             if isinstance(t, Word)]
    assert words[0] == PAY and THEN_GAIN in words
    assert words.index(THEN_GAIN) == words.index("Add") - 1
    assert render_face(layout, card.id, front).size == layout.size


def test_a_round_requirement_is_a_badge(vocab, content):
    box = faces.effect_box(_line("In round 3 or later: Draw 1 Arcana", vocab), None,
                           content.grimoires)
    assert box.badges == (Badge("condition", "round 3 or later", None),)
