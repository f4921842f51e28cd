"""Every example of the common-mistakes catalogue gets its catalogued message."""

from __future__ import annotations

import pytest

from prophecy.dsl.diagnose import CATALOGUE
from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse

EXAMPLES = [(case, example) for case in CATALOGUE for example in case.examples]


@pytest.mark.parametrize(
    ("case", "example"), EXAMPLES, ids=[f"{c.label}:{e}" for c, e in EXAMPLES]
)
def test_catalogued_mistake_gets_its_message(case, example, vocab):
    with pytest.raises(DslError) as caught:
        parse(example, vocab)
    assert caught.value.message == case.message
    assert caught.value.hint == case.hint
    assert 1 <= caught.value.column <= len(example) + 1


def test_labels_are_unique():
    labels = [case.label for case in CATALOGUE]
    assert len(labels) == len(set(labels))
