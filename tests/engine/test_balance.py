"""Paired balance games: twins from the typed model, pairs that differ by the card alone, and a
sequential test that decides planted cards and leaves an A/A comparison alone."""

from __future__ import annotations

import dataclasses
import json

import pytest

from prophecy.compiler import model
from prophecy.dsl import ast
from prophecy.engine.protocol import QUESTIONS
from prophecy.lab import balance, balance_report, pairs, twins
from prophecy.lab.executors import Serial
from prophecy.lab.stats import Sprt, Sums, interval


@pytest.fixture(scope="module")
def trial(kit):
    """The synthetic set with planted cards: a windfall, an exact copy of it under another
    name, a Dark Deed worth far less than its twin, a Verse nobody meets, a rich Title and a
    plain card."""
    base = kit.content()
    windfall = ["Stash the top card of the Arcana deck", "Stash the top card of the Arcana deck"]
    cards = [
        kit.arcana("Windfall", "Blood Magic", windfall, copies=3),
        kit.arcana("Echo", "Necromancy", windfall, copies=3),
        kit.arcana("Echo Again", "Necromancy", windfall, copies=3),
        kit.arcana("Plain", "Necromancy", ["Add 1 to any Dark Deed"], copies=2),
    ]
    drought = kit.verse("Drought", "starting", "If you have 20 or more stashed cards",
                        ("Add 2 to any Dark Deed",))
    dust = kit.deed("Dust", "Demonology", 4, 1)
    crown = kit.title("Crown", "Most stashed cards", 12)
    return kit.book(arcana=cards + list(base.of_kind("arcana")),
                    verse=[drought, *base.of_kind("verse")],
                    deed=[dust, *base.of_kind("deed")], title=[crown, *base.of_kind("title")])


def _design(book, name):
    return next(d for d, card in enumerate(book.designs) if card.name == name)


def _measure(book, subject, seed=3, **plan):
    """One measure played to its verdict in this process (no second bot)."""
    options = {"pairs": 600, "confirm": "", "seat_games": 0, **plan}
    made = balance.plan_for(book, [subject.design], seed, 3, ("greedy",), **options)

    def runner(plan, tasks):
        return [balance.play_batch(book, s, plan, a, b) for s, a, b in tasks]

    [m] = balance.run(book, made, [subject], runner)
    return m


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


def test_a_variant_book_keeps_every_card_id_and_plans_with_its_basis(trial):
    d = _design(trial, "Windfall")
    other = twins.twin_book(trial, d)
    assert other.design == trial.design and other.kind == trial.kind and other.mask == trial.mask
    assert other.nodes[d] == (twins.VANILLA_ADD,) and trial.nodes[d] != other.nodes[d]
    assert other.designs[d].name == "Windfall" and other.effects[d] != trial.effects[d]
    assert twins.twin_book(trial, d) is other  # built once
    both = twins.twin_book(trial, d, _design(trial, "Echo"))
    assert both.basis is trial and other.basis is trial and trial.basis is None


def test_every_seat_of_a_pair_plans_with_the_tables_of_the_book_as_designed(trial):
    """What the Levels unlock and the typical Dark Deed come from the book as designed,
    whichever design a seat's cards replace; what each card does, from the seat's cards."""
    from prophecy.engine.bots.estimate import Valuer

    gated = _design(trial, "Demonology 3")  # 'Grimoire Level 3: Level up any Grimoire'
    real, vanilla = Valuer.of(trial), Valuer.of(twins.twin_book(trial, gated))
    assert vanilla.unlock == real.unlock and vanilla.new_deed == real.new_deed
    on_its_own = dataclasses.replace(twins.twin_book(trial, gated), basis=None, cache={})
    assert Valuer.of(on_its_own).unlock != real.unlock  # what the seat would plan with
    crown = _design(trial, "Crown")
    assert Valuer.of(twins.twin_book(trial, crown)).title_count[crown][2] == 0
    assert real.title_count[crown][2] == 12


def test_a_card_that_is_its_own_twin_is_not_measured(trial):
    found = {trial.designs[d].name for d in balance.subjects(trial)}
    assert {"Windfall", "Drought", "Dust", "Crown"} <= found and "Plain" not in found


def test_both_games_of_a_pair_deal_the_same_cards(trial):
    """A card that plays as its twin never parts the two games, in either mode."""
    c = pairs.against_twin(trial, _design(trial, "Plain"))
    for k in range(4):
        for mode in pairs.MODES:
            found, _ = pairs.play_deal(c, mode, 4, k, 3, ("greedy",))
            assert all(p == pairs.Pair(0, 0, False) for p in found)


def _reached(contrast, focal):
    """A player wrapper noting the index of the first answer at which the focal seat has a
    copy of the card in hand or among its options: the first moment it could matter."""
    copies = {c for d in contrast.designs for c in pairs._copies(contrast.base, d)}

    class Note:
        first = None

        def __init__(self, inner):
            self.inner = inner

        def choose(self, game, me, ask, options, about):
            focal_hand = game.players[focal].hand
            if Note.first is None and (copies & set(focal_hand) or me.seat == focal and (
                    QUESTIONS[ask].options == "card" and copies & set(options))):
                Note.first = len(game.log)
            return self.inner.choose(game, me, ask, options, about)

    return Note


@pytest.mark.parametrize("name", ["Whispering Sigil", "Imp Familiar", "Bargain of Horns"])
def test_the_games_of_a_pair_part_only_once_the_card_is_drawn(bundled_book, name):
    """The focal seat's bot plans alike in both games (one valuation per pair): the decision
    logs agree answer for answer until the focal seat first holds a copy of the card."""
    from prophecy.engine.bots.roster import make_bot
    from prophecy.engine.game import Game
    from prophecy.lab.simulate import game_seed

    c = pairs.against_twin(bundled_book, _design(bundled_book, name))
    parted = 0
    for k in range(8):
        focal = k % 3
        logs, first = [], None
        for arm in (c.a, c.b):
            views = [c.base] * 3
            views[focal] = arm.view
            chairs = [make_bot("greedy", f"1:{k}:{s}") for s in range(3)]
            game = Game(c.base, chairs, game_seed(1, k), views=views, log=True)
            note = _reached(c, focal)
            game.controllers = [note(x) for x in game.controllers]
            logs.append(game.play().log)
            first = note.first
        a, b = logs
        same = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                    min(len(a), len(b)))
        if first is None:
            assert a == b  # never drawn: the same game
        else:
            assert same >= first
            parted += same < min(len(a), len(b))
    assert parted  # the card did change some of the games


def test_a_game_the_card_never_reached_is_the_game_without_it(trial):
    """The seats a chosen card never reached are not played again: each such game, played
    anyway, is move for move the game with the twin, for every kind of design."""
    skipped = 0
    for name in ("Windfall", "Echo", "Dust", "Drought", "Crown", "Verse 4", "Hireling 1",
                 "Hireling 4", "Blood Magic deed 3"):
        c = pairs.against_twin(trial, _design(trial, name))
        for k in range(6):
            for focal in range(3):
                reach = pairs.Reach(c, 3)
                b = pairs.play_game(c, c.b, focal, 2, k, 3, ("greedy",), reach=reach)
                if reach.seats[focal]:
                    continue
                a = pairs.play_game(c, c.a, focal, 2, k, 3, ("greedy",))
                assert a.digest() == b.digest() and a.results == b.results, (name, k, focal)
                skipped += 1
    assert skipped > 40
    # not with a bot that plays out futures in which the card may come up
    assert pairs._skips(("greedy", "random")) and not pairs._skips(("greedy", "planner:1"))


def test_a_pair_differs_on_the_score_alone(trial):
    """A Title's points (or a Dark Deed's) change the score and nothing on the table: the
    pair counts as changed by the card all the same."""
    import copy

    from prophecy.engine.bots.roster import make_bot
    from prophecy.engine.game import Game

    b = Game(trial, [make_bot("greedy", s) for s in range(3)], 7).play()
    a = copy.copy(b)
    scores = [s + 5 * (seat == 1) for seat, s in enumerate(b.results["scores"])]
    a.results = {**b.results, "scores": scores}
    assert a.digest() == b.digest()
    assert pairs._pair(a, b, 1) == pairs.Pair(5, 0, True)
    assert pairs._pair(b, b, 1) == pairs.Pair(0, 0, False)


def test_a_forced_design_is_in_the_focal_seats_hands_from_the_start(trial):
    """Dealt into the opening hand or row (the card it replaces takes its place), or on top
    of the Hireling deck; every card still in exactly one place. Verses and Titles, which
    no player chooses to use, are not forced."""
    from prophecy.engine.bots.roster import make_bot
    from prophecy.engine.game import Game

    checks = {
        "Windfall": lambda g, p, copies: copies & set(p.hand),
        "Dust": lambda g, p, copies: copies & set(p.deeds),
        "Hireling 1": lambda g, p, copies: g.hire_deck[-1] in copies,
    }
    for name, check in checks.items():
        d = _design(trial, name)
        copies = set(pairs._copies(trial, d))
        for seed in range(6):
            game = Game(trial, [make_bot("greedy", s) for s in range(3)], seed)
            before = sorted(c for cards in game.places().values() for c in cards)
            pairs.force(game, seed % 3, d)
            assert check(game, game.players[seed % 3], copies), (name, seed)
            assert sorted(c for cards in game.places().values() for c in cards) == before
            assert len(game.players[seed % 3].hand) == trial.rules.starting_hand
    game = Game(trial, [make_bot("greedy", s) for s in range(3)], 1)
    with pytest.raises(ValueError, match="^a title is not forced; forced kinds: arcana, deed"):
        pairs.force(game, 0, _design(trial, "Crown"))
    assert pairs.modes_of("verse") == ("chosen",)
    assert pairs.modes_of("deed", ("forced",)) == ("forced",)


def test_an_exact_copy_of_another_card_is_within_the_margin(trial):
    """The A/A test: a card against an identical design under another name (each in the
    focal seat's hands with the other's twin) differs by the shuffle alone. With a few
    hundred pairs the test must not call it stronger or weaker, and finds it within ±1."""
    subject = balance.Subject(_design(trial, "Echo"), pairs.CHOSEN,
                              _design(trial, "Echo Again"))
    m = _measure(trial, subject, seed=5, pairs=900)
    assert m.differed >= balance.MIN_DIFFERED and m.pairs.n <= 900
    assert m.verdict == "within", (m.verdict, m.points.mean, m.pairs.n)
    assert abs(m.points.mean) < 0.5


def test_planted_stronger_and_weaker_cards_are_decided(trial):
    """A windfall (two free stashes a play) is stronger as chosen; a Verse nobody meets is
    weaker; a four-card Dark Deed worth 1 point (its twin: 6) is weaker once it is dealt to
    the focal seat, even though the bots pass it over when they draw it; a 12-point Title
    is stronger, on the score it changes."""
    found = {}
    for name, mode in (("Windfall", "chosen"), ("Drought", "chosen"), ("Dust", "forced"),
                       ("Crown", "chosen")):
        m = _measure(trial, balance.Subject(_design(trial, name), mode))
        found[name] = (m.verdict, m.points.mean, m.pairs.n)
    assert {k: v[0] for k, v in found.items()} == {
        "Windfall": "stronger", "Drought": "weaker", "Dust": "weaker", "Crown": "stronger"}
    assert found["Windfall"][1] > 1 and found["Dust"][1] < -1


def test_a_card_that_never_mattered_runs_out_undecided_never_within(kit):
    """An Ending Verse behind a schedule that never shows it changes no game: it plays on
    to the ceiling and is undecided there, not 'within'."""
    from prophecy.engine.cards import book_of

    from .conftest import rules

    base = kit.content()
    hidden = kit.verse("Hidden", "ending", "If you have 20 or more stashed cards",
                       ("Add 2 to any Dark Deed",))
    content = kit.content(rules(verses_per_round=[1, 1, 1, 1, 1]),
                          verse=[hidden, *base.of_kind("verse")])
    book = book_of(content)
    raw = balance.sweep(book, Serial(book), names=["Hidden"], seed=1, pairs=60, confirm="",
                        seat_games=0)
    rows = balance_report.summarise(raw)["measures"]
    assert [(r["mode"], r["verdict"], r["differed"], r["pairs"]) for r in rows] == [
        ("chosen", "undecided", 0, 60)]
    assert rows[0]["points"]["ci"] == [0.0, 0.0]


def test_the_second_bot_plays_as_many_pairs_as_its_spread_needs(trial):
    """A finding is played again with the planner at budget 1 in the focal seat, one-sided,
    0 against the effect found, with the pairs its own first look's spread asks for: it
    agrees. Given fewer pairs than that, it says plainly that it did not check, and why."""
    raw = balance.sweep(trial, Serial(trial), names=["Windfall"], modes=["chosen"], seed=2,
                        pairs=300, confirm="planner:1", seat_games=0)
    [m] = raw["measures"]
    check = m["check"]
    assert m["verdict"] == "stronger" and check["bots"] == ["planner:1"]
    assert check["verdict"] == "agrees" and check["pairs"] <= check["needed"] <= 1200
    summary = balance_report.summarise(raw)
    assert summary["findings"][0].endswith("a second bot (planner:1) agrees)")
    assert "a second bot (planner:1) agrees" in summary["verdicts"][0]["sentence"]
    short = balance.sweep(trial, Serial(trial), names=["Windfall"], modes=["chosen"], seed=2,
                          pairs=300, confirm="planner:1", confirm_pairs=30, seat_games=0)
    [m] = short["measures"]
    assert m["check"]["verdict"] == "not checked" and m["check"]["pairs"] == 30
    sentence = balance_report.summarise(short)["verdicts"][0]["sentence"]
    assert ("not checked by a second bot: at its spread (" in sentence
            and f"it would need about {m['check']['needed']:,} pairs to be as sure as the "
            "first bot, and --confirm-pairs allows 30" in sentence)


def test_the_second_bot_is_sized_to_its_own_spread():
    """Twice the pairs of a fixed one-sided test at alpha with power 1 - beta at the effect
    found, in whole batches: four times the spread asks sixteen times the pairs."""
    plan = balance.Plan(1, 3, ("greedy",), 300, 30, ("x",), modes=("forced",), measures=1)
    test = Sprt(2.0, 0.05, 0.1, side=1)

    def spread(sd):
        m = balance.Measure("x", "arcana", "X", None, "forced")
        for i in range(30):
            m.points.add(sd * (-1) ** i)
        return m

    # the spread of +-sd thirty times is sd * sqrt(30 / 29)
    deals = ((1.6449 + 1.2816) * 4.0 * (30 / 29) ** 0.5 / 2.0) ** 2
    assert deals == pytest.approx(35.45, abs=0.05)
    assert balance.check_pairs(spread(4.0), test, plan) == 90  # 2 x 35.45, up to 3 batches
    assert balance.check_pairs(spread(16.0), test, plan) == 1140  # 2 x 16 x 35.45 = 1,134
    assert balance.check_pairs(spread(0.5), test, plan) == 60  # two looks at least
    assert balance.said("stronger", "stronger") == "agrees"
    assert balance.said("weaker", "within") == "disagrees"
    assert balance.said("weaker", "undecided") == "not enough games"
    assert balance.said("stronger", "unchecked") == "not checked"


def test_seats_rotate_and_the_plan_splits_alpha_over_every_measure(trial):
    d = _design(trial, "Windfall")
    plan = balance.plan_for(trial, [d, _design(trial, "Crown")], 1, 3, ("greedy",), 100)
    assert plan.batch % 3 == 0 and plan.pairs == 100 and plan.measures == 3  # no forced Title
    assert plan.test.alpha == pytest.approx(0.05 / 3) and plan.test.margin == 1.0
    assert plan.per_deal("chosen") == 3 and plan.per_deal("forced") == 1
    check = plan.checking()
    assert check.focal_bot == "planner:1" and check.bots == ("greedy",)
    assert check.pairs == balance.CONFIRM_PAIRS


def test_paired_sums_give_the_textbook_interval():
    s = Sums()
    for v in (1.0, 2.0, 3.0, 4.0):
        s.add(v)
    assert s.mean == 2.5 and s.se == pytest.approx((5 / 3) ** 0.5 / 2)
    lo, hi = interval(s, 0.05)
    assert lo == pytest.approx(2.5 - 1.959964 * s.se, rel=1e-5) and hi > 2.5
    z196 = Sums(100, 19.6, 99 + 19.6**2 / 100)  # mean 0.196, standard error 0.1
    assert z196.se == pytest.approx(0.1)
    assert interval(z196, 0.05)[0] == pytest.approx(0.0, abs=1e-4)
    assert Sums(1, 2.0, 4.0).se == 0.0 and Sums().mean == 0.0


def _sums(values):
    s = Sums()
    for v in values:
        s.add(v)
    return s


def test_the_sequential_test_stops_at_its_bounds():
    from prophecy.lab.stats import Sprt, llr

    test = Sprt(1.0, 0.05, 0.05)
    assert test.upper == pytest.approx(2.944, abs=1e-3) and test.lower == -test.upper
    # n/2 ln(Σx² / Σ(x-1)²): twenty values of 2 and 0 alternately (mean 1, Σx² = 40, Σ(x-1)² = 20)
    assert llr(_sums([2.0, 0.0] * 10), 0.0, 1.0) == pytest.approx(10 * 0.6931, abs=1e-3)
    assert test.verdict(_sums([2.0, 0.0] * 10)) == "stronger"
    assert test.verdict(_sums([-2.0, 0.0] * 10)) == "weaker"
    assert test.verdict(_sums([0.5, -0.5] * 60)) == "within"
    assert test.verdict(_sums([2.0, -1.0] * 2)) is None  # too few to tell
    assert test.verdict(_sums([0.0] * 30)) == "within"  # callers wait for enough change
    one = dataclasses.replace(test, side=1)
    assert one.verdict(_sums([-2.0, 0.0] * 10)) == "within"  # the other way is no finding


def test_the_power_of_the_test_is_simulated_the_same_every_time():
    from prophecy.lab.stats import Sprt, operating

    test = Sprt(1.0, 0.05 / 200, 0.05)
    near = operating(test, 3.0, 1.0, 10, 400)
    assert near == operating(test, 3.0, 1.0, 10, 400) and near["stronger"] > 0.9
    assert operating(test, 3.0, 0.0, 10, 400)["within"] > 0.9
    wide = operating(test, 12.0, 1.0, 10, 400)  # a wide spread and a low ceiling
    assert wide["undecided"] > 0.5 and sum(wide.values()) == pytest.approx(1.0)


def test_the_chi_square_test_of_seat_wins():
    from prophecy.lab.stats import chi_square_sf, seat_chi_square

    for x, df in ((3.841, 1), (5.991, 2), (7.815, 3), (9.488, 4)):
        assert chi_square_sf(x, df) == pytest.approx(0.05, abs=2e-4)
    assert chi_square_sf(0.0, 3) == 1.0
    assert seat_chi_square([100, 100, 100]) == (0.0, 1.0)
    x, p = seat_chi_square([227, 250, 193, 330])  # 1000 games: the last seat ahead
    assert x == pytest.approx(sum((w - 250) ** 2 / 250 for w in (227, 250, 193, 330)))
    assert p < 0.001


def test_a_measure_is_decided_only_after_its_second_look_and_enough_change():
    plan = balance.Plan(1, 3, ("greedy",), 1000, 30, ("arcana/x",))
    strong = [3.0, 2.0, 4.0, 3.0] * 10
    m = balance.Measure("arcana/x", "arcana", "X", None, points=_sums(strong),
                        pairs=_sums(strong), differed=40)
    balance.look(m, plan)
    assert m.verdict == "" and m.looks == 1
    balance.look(m, plan)
    assert m.verdict == "stronger"
    m = balance.Measure("arcana/x", "arcana", "X", None, points=_sums(strong),
                        pairs=_sums(strong), differed=19, looks=1)
    balance.look(m, plan)
    assert m.verdict == ""  # it changed too few games to say
    m.pairs = _sums([0.0] * 1000)
    balance.look(m, plan)
    assert m.verdict == "undecided"  # the ceiling
    small = [0.5, -0.5] * 100  # surely within a point, on 200 deals
    m = balance.Measure("arcana/x", "arcana", "X", None, points=_sums(small),
                        pairs=_sums(small), differed=balance.MIN_WITHIN - 1, looks=1)
    balance.look(m, plan)
    assert m.verdict == ""  # not yet: the card changed too few games to vouch for their spread
    m.differed = balance.MIN_WITHIN
    balance.look(m, plan)
    assert m.verdict == "within"
    rare = [0.0] * 240 + [4.0, -4.0] * 5  # 250 pairs of a 1000-pair ceiling, 10 changed
    m = balance.Measure("arcana/x", "arcana", "X", None, points=_sums(rare),
                        pairs=_sums(rare), differed=74, looks=8)
    balance.look(m, plan)
    assert m.verdict == "undecided"  # 74 changed a quarter of the way: 296 by the ceiling
    m = balance.Measure("arcana/x", "arcana", "X", None, points=_sums(rare),
                        pairs=_sums(rare), differed=75, looks=8)
    balance.look(m, plan)
    assert m.verdict == ""  # 300 by the ceiling, at this rate: it plays on
    small = balance.Plan(1, 3, ("greedy",), 120, 30, ("arcana/x",))
    few = [0.0] * 25 + [4.0, -4.0] * 5  # a quarter of a 120-pair ceiling, on the first batch
    m = balance.Measure("arcana/x", "arcana", "X", None, points=_sums(few),
                        pairs=_sums(few), differed=10, looks=2)
    balance.look(m, small)
    assert m.verdict == ""  # never before four batches: the ceiling stops it soon enough


def test_the_raw_run_keeps_its_time_to_the_hundredth(kit):
    book = kit.book()
    plan = balance.Plan(1, 3, ("greedy",), 30, 30, ())
    data = balance.raw(book, plan, [], (1, 1), 12.3456)
    assert data["seconds"] == 12.35 and json.loads(json.dumps(data)) == data


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


# -- games a sweep does not need ---------------------------------------------------------


def _both_games(c, mode, k, focal):
    """Deal ``k``'s pair for one focal seat, both games played whatever they reached."""
    forced = mode == pairs.FORCED
    b = pairs.play_game(c, c.b, focal, 2, k, 3, ("greedy",), forced=forced)
    a = pairs.play_game(c, c.a, focal, 2, k, 3, ("greedy",), forced=forced)
    return pairs._pair(a, b, focal), b


def test_a_chosen_deal_no_seat_reached_in_the_printed_book_plays_no_game(trial):
    """The plain game of a deal (the book as printed) is played once; for a design no seat
    reached in it, every game of the deal is that game move for move, so its pairs are 0
    and cost no game. Every pair comes out as it does with both games played."""
    names = ("Windfall", "Dust", "Drought", "Crown", "Verse 4", "Hireling 1",
             "Blood Magic deed 3")
    free = saved = 0
    for name in names:
        d = _design(trial, name)
        c = pairs.against_twin(trial, d)
        assert c.plain is trial
        for k in range(6):
            shared, games = pairs.play_deal(c, pairs.CHOSEN, 2, k, 3, ("greedy",), plain=True)
            alone, played = pairs.play_deal(c, pairs.CHOSEN, 2, k, 3, ("greedy",))
            assert shared == alone, (name, k)
            seen = pairs.plain_reach(trial, 2, k, 3, ("greedy",))
            if d in seen:
                assert games == played
                continue
            assert games == 0 < played
            saved += played
            plain = pairs.Contrast(trial, pairs.Arm(trial, d), pairs.Arm(trial, d))
            printed = pairs.play_game(plain, plain.b, 0, 2, k, 3, ("greedy",))
            for focal in range(3):
                pair, b = _both_games(c, pairs.CHOSEN, k, focal)
                assert pair == pairs.Pair(0, 0, False)
                assert b.digest() == printed.digest() and b.results == printed.results
            free += 1
    assert free >= 5 and saved >= 5  # some designs sat out some deals, at no cost
    # one plain game a deal, kept on the book for every design
    assert "plain:2:0:3:greedy" in trial.cache


def test_the_plain_game_is_shared_only_where_it_pays_and_is_the_same_game(trial):
    """A run of a few designs, an A/A run, the second bot's check and a bot that imagines
    the hidden cards play every deal's game B as before."""
    every = [_design(trial, n) for n in ("Windfall", "Dust", "Drought", "Crown")]
    plan = balance.plan_for(trial, every, 1, 3, ("greedy",), 600)
    assert plan.plain
    assert not balance.plan_for(trial, every[:3], 1, 3, ("greedy",), 600).plain
    assert not plan.checking().plain
    assert not dataclasses.replace(plan, aa=True).plain
    assert not dataclasses.replace(plan, bots=("greedy", "planner:1")).plain
    assert not dataclasses.replace(plan, modes=("forced",)).plain


def test_a_run_with_the_plain_game_finds_what_it_finds_without_it(trial):
    """The same measures, pair for pair, with fewer games; the plain games are counted once
    a deal and added to the games the report gives."""
    every = [_design(trial, n) for n in ("Windfall", "Dust", "Drought", "Crown", "Verse 4")]
    plan = balance.plan_for(trial, every, 3, 3, ("greedy",), 120, confirm="", seat_games=0,
                            modes=("chosen",))
    assert plan.plain
    off = dataclasses.replace(plan, designs=plan.designs[:2])  # the same test, no plain game
    assert not off.plain and off.test == plan.test
    wanted = balance.to_measure(trial, every, plan)

    def runner(plan, tasks):
        return [balance.play_batch(trial, s, plan, a, b) for s, a, b in tasks]

    shared = balance.run(trial, plan, wanted, runner)
    alone = balance.run(trial, off, wanted, runner)
    for m, n in zip(shared, alone, strict=True):
        assert (m.points, m.wins, m.pairs, m.differed, m.verdict) == (
            n.points, n.wins, n.pairs, n.differed, n.verdict)
    assert sum(m.games for m in shared) < sum(m.games for m in alone)
    deals = max(m.points.n for m in shared)
    data = balance.raw(trial, plan, shared, (1, 1), 1.0)
    assert data["plain_games"] == deals
    summary = balance_report.summarise(data)
    assert summary["games_played"] == sum(m.games for m in shared) + deals
    assert balance.raw(trial, off, alone, (1, 1), 1.0)["plain_games"] == 0


def test_a_card_that_changes_no_game_stops_within_a_few_looks():
    """Under a 3600-pair ceiling a forced card that changed none of its first 90 pairs (90
    deals) surely cannot change 300 by the ceiling: it stops undecided on its third look,
    not at 900 pairs. Not on its second (60 deals leave it possible), nor on its first
    whatever it shows; one that changes games as often as that rate plays on."""
    plan = balance.Plan(1, 3, ("greedy",), 3600, 30, ("arcana/x",))

    def forced(n, differed, looks):
        values = [0.0] * n
        return balance.Measure("arcana/x", "arcana", "X", None, "forced",
                               points=_sums(values), pairs=_sums(values), differed=differed,
                               looks=looks)

    m = forced(90, 0, 2)
    balance.look(m, plan)
    assert m.verdict == "undecided" and m.looks == 3
    m = forced(60, 0, 1)
    balance.look(m, plan)
    assert m.verdict == ""
    m = forced(90, 0, 0)
    balance.look(m, plan)
    assert m.verdict == ""  # never on the first look
    m = forced(90, 7, 2)  # 7 of 90: about the rate that reaches 300 at 3600
    balance.look(m, plan)
    assert m.verdict == ""
    # chosen: 3 pairs a deal count as one deal (they change together): 60 deals are too few
    chosen = balance.Measure("arcana/x", "arcana", "X", None, points=_sums([0.0] * 60),
                             pairs=_sums([0.0] * 180), differed=0, looks=5)
    balance.look(chosen, plan)
    assert chosen.verdict == ""
    chosen.points, chosen.pairs = _sums([0.0] * 70), _sums([0.0] * 210)
    balance.look(chosen, plan)
    assert chosen.verdict == "undecided"
    # a small ceiling: the ceiling itself stops it
    small = balance.Plan(1, 3, ("greedy",), 120, 30, ("arcana/x",))
    assert not balance.rarely_changes(forced(90, 0, 2), small)


def test_the_early_stop_of_a_rare_card_errs_at_most_beta():
    """A card whose deals change at exactly the rate that reaches 300 changed pairs at the
    ceiling is stopped early by the binomial test at most beta of the time, over every look
    to the quarter mark (simulated, seeded)."""
    import random

    from prophecy.lab.stats import binomial_cdf

    assert binomial_cdf(0, 10, 0.5) == pytest.approx(0.5 ** 10)
    assert binomial_cdf(2, 4, 0.5) == pytest.approx(11 / 16)
    assert binomial_cdf(4, 4, 0.3) == 1.0 and binomial_cdf(-1, 4, 0.3) == 0.0
    plan = balance.Plan(1, 3, ("greedy",), 3600, 30, ("arcana/x",))
    rng = random.Random(5)
    rate, stopped, runs = balance.MIN_WITHIN / plan.pairs, 0, 400
    for _ in range(runs):
        m = balance.Measure("arcana/x", "arcana", "X", None, "forced")
        while m.pairs.n < plan.pairs // 4:
            for _ in range(plan.batch):
                m.points.add(0.0)
                m.pairs.add(0.0)
                m.differed += rng.random() < rate
            if balance.rarely_changes(m, plan):
                stopped += 1
                break
    assert stopped / runs <= plan.beta


def test_a_sweep_stops_a_card_that_never_changes_a_game_early(kit):
    """An Ending Verse behind a schedule that never shows it, under the default ceiling:
    it stops undecided after a few looks, and its sentence says it never changed a game."""
    from prophecy.engine.cards import book_of

    from .conftest import rules

    base = kit.content()
    hidden = kit.verse("Hidden", "ending", "If you have 20 or more stashed cards",
                       ("Add 2 to any Dark Deed",))
    content = kit.content(rules(verses_per_round=[1, 1, 1, 1, 1]),
                          verse=[hidden, *base.of_kind("verse")])
    book = book_of(content)
    raw = balance.sweep(book, Serial(book), names=["Hidden"], seed=1, confirm="",
                        seat_games=0)
    summary = balance_report.summarise(raw)
    [row] = summary["measures"]
    assert row["verdict"] == "undecided" and row["differed"] == 0
    assert row["pairs"] <= 300  # was 900: a quarter of the ceiling
    [v] = summary["verdicts"]
    assert f"it never changed a game (0 of {row['pairs']} pairs)" in v["sentence"]
