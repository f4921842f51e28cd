"""The fuzz properties (tests/fuzz/properties.py), a bounded number of inputs each.

The whole file runs in well under a minute; ``python tests/fuzz/run.py``
runs the same properties on as many inputs as it is given time for.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from . import properties as prop

pytestmark = pytest.mark.slow  # property-based fuzzing

QUICK = settings(max_examples=300, deadline=2000, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=40, deadline=10000, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@QUICK
@given(prop.lines)
def test_the_parser_answers_any_line(text):
    prop.parser_answers(text)


@QUICK
@given(prop.yaml_texts)
def test_the_yaml_reader_answers_any_text(text):
    prop.reader_answers(text)


@SLOW
@given(prop.damaged_files())
def test_the_loader_reports_any_damage_and_never_raises(edited):
    prop.loader_reports(edited)


@SLOW
@given(prop.loose_effects())
def test_fmt_makes_any_loose_content_canonical_and_keeps_it_loading(case):
    prop.fmt_keeps_files(case)


GATE = settings(max_examples=8, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@GATE
@given(prop.gate_content())
def test_whatever_check_accepts_every_other_command_handles(edits):
    prop.check_is_the_gate(edits)
