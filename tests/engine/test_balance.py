"""Paired balance games: twins from the typed model, paired differences that mean what they say."""

from __future__ import annotations

import pytest

from prophecy.compiler import model
from prophecy.dsl import ast
from prophecy.engine import balance, balance_report, twins
from prophecy.engine.executors import Serial
from prophecy.engine.stats import Sums, holm, interval, p_value


@pytest.fixture(scope="module")
def trial(kit):
    """The synthetic set with a windfall card, a verse nobody meets, and a plain card."""
    base = kit.content()
    cards = [
        kit.arcana("Windfall", "Blood Magic", ["Stash the top card of the Arcana deck",
                                               "Stash the top card of the Arcana deck"],
                   copies=3),
        kit.arcana("Plain", "Necromancy", ["Add 1 to any Dark Deed"], copies=2),
    ]
    drought = kit.verse("Drought", "starting", "If you have 20 or more stashed cards",
                        ("Add 2 to any Dark Deed",))
    return kit.book(arcana=cards + list(base.of_kind("arcana")),
                    verse=[drought, *base.of_kind("verse")])


def test_each_kind_has_a_twin_built_from_the_typed_model(book):
    by_kind = {card.kind: card for card in book.designs}
    pack = book.content.pack
    arcana = twins.twin(by_kind["arcana"], pack)
    assert arcana is not None and arcana.kind == "arcana"
    assert [ln.text for ln in arcana.effects] == ["Add 1 to any Dark Deed"]
    assert (arcana.grimoire, arcana.types, arcana.copies) == (
        by_kind["arcana"].grimoire, by_kind["arcana"].types, by_kind["arcana"].copies)
    deed = twins.twin(by_kind["deed"], pack)
    assert deed is not None and deed.kind == "deed" and deed.when_complete == ()
    assert deed.points == twins.curve_points(deed.cards_needed)
    assert [twins.curve_points(n) for n in range(2, 8)] == [2, 4, 6, 8, 11, 14]
    verse = twins.twin(by_kind["verse"], pack)
    assert verse is not None and verse.kind == "verse" and verse.condition.node == twins.ALWAYS
    assert verse.condition.text == "If you have 0 or more stashed cards"
    hireling = twins.twin(by_kind["hireling"], pack)
    assert hireling is not None and hireling.kind == "hireling" and hireling.effect == ()
    title = twins.twin(by_kind["title"], pack)
    assert title is not None and title.kind == "title" and title.points == 0
    grimoire = twins.twin(by_kind["grimoire"], pack)
    assert grimoire is not None and grimoire.kind == "grimoire"
    assert grimoire.manifest.node == ast.Effect((), (ast.RevealUntil(ast.THIS, "center"),))


def test_a_variant_book_keeps_every_card_id(trial):
    d = trial.design_index["arcana/windfall"]
    other = twins.twin_book(trial, d)
    assert other.design == trial.design and other.kind == trial.kind and other.mask == trial.mask
    assert other.nodes[d] == (twins.VANILLA_ADD,) and trial.nodes[d] != other.nodes[d]
    assert other.designs[d].name == "Windfall" and other.effects[d] != trial.effects[d]
    assert twins.twin_book(trial, d) is other  # built once


def test_a_card_that_is_its_own_twin_is_not_measured(trial):
    found = {trial.designs[d].name for d in balance.subjects(trial)}
    assert {"Windfall", "Drought"} <= found and "Plain" not in found


def test_both_games_of_a_pair_deal_the_same_cards(trial):
    """Until the card is played, the two games are the same game."""
    d = trial.design_index["arcana/plain"]
    plan = balance.plan_for(trial, [d], 4, 3, ("greedy",), 30)
    for k in range(6):
        assert balance.play_pair(trial, d, plan, k) == (0, 0, False)


def test_a_windfall_is_stronger_and_a_verse_nobody_meets_weaker(trial):
    """Two stashes a play beat a plain Add 1; a Verse that never pays loses to one that
    always pays Add 1 (its twin)."""
    raw = balance.sweep(trial, Serial(trial), names=["Windfall", "Drought"], seed=2, pairs=120)
    summary = balance_report.summarise(raw)
    verdicts = {r["name"]: r["verdict"] for r in summary["designs"]}
    assert verdicts == {"Windfall": "stronger", "Drought": "weaker"}
    windfall, drought = summary["decided"]
    assert windfall["points"]["ci"][0] > 0 and windfall["stopped"] == "effect"
    assert windfall["pairs"] < 120  # stopped early: decided before the limit
    assert drought["points"]["ci"][1] < 0 and drought["kind"] == "verse"
    assert summary["findings"][0].startswith("Windfall (Arcana) is stronger than its vanilla")
    assert summary["findings"][1].startswith("Drought (Verse) is weaker than its vanilla")
    stash = next(f for f in summary["features"] if f["feature"] == "Stash at Level 0")
    assert stash["decided"] and stash["points"]["mean"] > 0


def test_a_card_that_never_mattered_is_not_called_no_different_before_the_limit(kit):
    """A Verse nobody can meet pays as its twin never does... unless it is never face up:
    an Ending Verse behind a schedule that never shows it changes no game."""
    from prophecy.engine.cards import book_of

    from .conftest import rules

    base = kit.content()
    hidden = kit.verse("Hidden", "ending", "If you have 20 or more stashed cards",
                       ("Add 2 to any Dark Deed",))
    content = kit.content(rules(verses_per_round=[1, 1, 1, 1, 1]),
                          verse=[hidden, *base.of_kind("verse")])
    book = book_of(content)
    raw = balance.sweep(book, Serial(book), names=["Hidden"], seed=1, pairs=60)
    [row] = balance_report.summarise(raw)["designs"]
    assert row["differed"] == 0 and row["points"]["ci"] == [0.0, 0.0]
    assert row["pairs"] == 60 and row["stopped"] == "limit"  # played on: it never mattered


def test_seats_rotate_and_the_plan_decides_the_pairs(trial):
    d = trial.design_index["arcana/windfall"]
    plan = balance.plan_for(trial, [d], 1, 3, ("greedy",), 100)
    assert plan.batch % 3 == 0 and plan.looks == 4
    assert plan.stop_alpha == pytest.approx(0.05 / 4)


def test_paired_sums_give_the_textbook_interval_and_holm():
    s = Sums()
    for v in (1.0, 2.0, 3.0, 4.0):
        s.add(v)
    assert s.mean == 2.5 and s.se == pytest.approx((5 / 3) ** 0.5 / 2)
    lo, hi = interval(s, 0.05)
    assert lo == pytest.approx(2.5 - 1.959964 * s.se, rel=1e-5) and hi > 2.5
    assert p_value(Sums(3, 0.0, 0.0)) == 1.0
    z196 = Sums(100, 19.6, 99 + 19.6**2 / 100)  # mean 0.196, standard error 0.1: z = 1.96
    assert z196.se == pytest.approx(0.1) and p_value(z196) == pytest.approx(0.05, abs=1e-4)
    # Holm: 0.01 <= 0.05/3 and 0.02 <= 0.05/2; 0.04 > 0.05/1 is not reached in order? It is.
    assert holm([0.01, 0.04, 0.02], 0.05) == [True, True, True]
    assert holm([0.01, 0.2, 0.02], 0.05) == [True, False, True]
    assert holm([0.02, 0.03, 0.04], 0.05) == [False, False, False]  # 0.02 > 0.05/3


def _sums(values):
    s = Sums()
    for v in values:
        s.add(v)
    return s


def test_nothing_varies_yet_something_changed_is_decided():
    assert p_value(_sums([2.0, 2.0, 2.0])) == 0.0  # always 2 points more: no doubt
    assert p_value(_sums([2.0])) == 1.0  # one pair tells nothing
    assert p_value(_sums([0.0, 0.0])) == 1.0


def _measure(values, differed=20, looks=1):
    return balance.Measure("arcana/x", "arcana", "X", None, points=_sums(values),
                           wins=_sums([0.0] * len(values)), differed=differed, looks=looks)


def test_a_design_is_no_different_only_inside_the_margin():
    values = [1.0] * 21 + [-1.0] * 19  # mean +0.05: far from decided
    plan = balance.Plan(1, 3, ("greedy",), 1000, 30, ("arcana/x",))
    lo, hi = interval(_sums(values), plan.stop_alpha)
    touching = balance.Plan(1, 3, ("greedy",), 1000, 30, ("arcana/x",), margin=hi)
    m = _measure(values)
    balance.look(m, touching)  # the interval reaches the margin: not yet surely within
    assert m.stopped == "" and m.looks == 2
    wider = balance.Plan(1, 3, ("greedy",), 1000, 30, ("arcana/x",), margin=hi + 0.01)
    m = _measure(values)
    balance.look(m, wider)
    assert m.stopped == "neutral"
    m = _measure(values, differed=19)
    balance.look(m, wider)  # it mattered in too few pairs to say
    assert m.stopped == ""


def test_a_rejected_design_needs_enough_pairs_that_mattered():
    m = _measure([3.0, 2.0, 4.0, 3.0] * 10, differed=20)
    assert balance_report._row(m, 0.001, True, 0.05, 1.0)["verdict"] == "stronger"
    m.points = _sums([-3.0, -2.0, -4.0, -3.0] * 10)
    assert balance_report._row(m, 0.001, True, 0.05, 1.0)["verdict"] == "weaker"
    m.differed = 19
    assert balance_report._row(m, 0.001, True, 0.05, 1.0)["verdict"] == "undecided"


def test_the_raw_run_keeps_its_time_to_the_hundredth(kit):
    book = kit.book()
    plan = balance.Plan(1, 3, ("greedy",), 30, 30, ())
    assert balance.raw(book, plan, [], (1, 1), 12.3456)["seconds"] == 12.35


def test_a_dark_deeds_twin_scores_its_own_points_on_every_copy_and_no_other(trial):
    deed = trial.ids["deed"][0]
    d = trial.design[deed]
    card = trial.designs[d]
    richer = model.with_fields(card, trial.content.pack.kind("deed"), points=card.points + 5)
    other = twins.variant(trial, d, richer)
    for cid, of in enumerate(trial.design):
        if of == d:
            assert other.deed_points[cid] == card.points + 5
        else:
            assert other.deed_points[cid] == trial.deed_points[cid]
    assert trial.deed_points[deed] == card.points  # the book it came from is unchanged
