"""The seats of a scenario table: nobody sits there, the scenario's answers play for them."""

from __future__ import annotations

import pytest

from prophecy.engine import protocol as P
from prophecy.engine.scenarios.answers import Unanswered
from prophecy.engine.scenarios.table import _Nobody


def test_a_scenario_seat_refuses_to_be_asked_and_says_why():
    with pytest.raises(AssertionError, match="^a scenario game answers its own questions$"):
        _Nobody().choose(None, None, P.ASK_ACTION, [P.PLAY, P.END], None)


def test_a_question_left_unanswered_is_named_by_its_answer_key():
    exc = Unanswered(1, "ask:discard", ["Adder", "Drawer"])
    assert str(exc) == "ask:discard"
    assert (exc.seat, exc.key, exc.words) == (1, "ask:discard", ["Adder", "Drawer"])
