"""A verb is one declaration (``ast.Verb`` on its class): every list about verbs agrees with it.

The lists are derived from ``ast.VERBS``; each test here would fail if one of
them were kept by hand and went out of step: the words a line may start with,
what 'Each opponent' may do and how it is written after it, the examples, the
docs' sentence, the intents table and the fuzzer's lines.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from prophecy.dsl import ast
from prophecy.dsl.diagnose import _STARTS_HINT, intents
from prophecy.dsl.errors import DslError
from prophecy.dsl.grammar import lark_parser
from prophecy.dsl.parser import EACH_ACTIONS, parse
from prophecy.dsl.printer import THIRD_PERSON, to_text

ROOT = Path(__file__).resolve().parents[2]
VERBS = sorted(ast.VERBS.items(), key=lambda item: item[0].__name__)
IDS = [cls.__name__ for cls, _ in VERBS]


def _only_action(line: ast.Line) -> ast.Node:
    assert isinstance(line, ast.Effect) and not line.requirements and len(line.actions) == 1
    return line.actions[0]


def test_every_action_is_a_verb_or_a_way_of_joining_them():
    joins = {ast.Repeat, ast.ForEach, ast.Each, ast.Chosen, ast.Choose}
    assert set(ast.VERBS) | joins == set(ast.ACTION_CLASSES)
    assert not set(ast.VERBS) & joins


@pytest.mark.parametrize(("cls", "verb"), VERBS, ids=IDS)
def test_the_example_is_canonical_and_uses_its_verb(cls, verb, vocab):
    line = parse(verb.example, vocab)
    assert to_text(line) == verb.example
    assert type(_only_action(line)) is cls
    assert verb.example.startswith(verb.words)
    for other in verb.also:  # its other forms: canonical lines of the same verb
        line = parse(other, vocab)
        assert to_text(line) == other and type(_only_action(line)) is cls


@pytest.mark.parametrize(("cls", "verb"), VERBS, ids=IDS)
def test_each_opponent_does_what_the_declaration_says(cls, verb, vocab):
    """'Each opponent <third> ...' parses for the verbs declared ``each`` (and prints with
    the declared third person); for the others it is refused, with the hint listing them."""
    first, _, rest = verb.example.partition(" ")  # 'Scheme' is a line of one word
    line = f"Each opponent {verb.third} {rest}".rstrip().replace(" your ", " their ")
    if verb.each:
        node = _only_action(parse(line, vocab))
        assert isinstance(node, ast.Each) and type(node.action) is cls
        assert to_text(node).startswith(f"Each opponent {verb.third}")
        assert cls in EACH_ACTIONS
    else:
        with pytest.raises(DslError) as caught:
            parse(line, vocab)
        assert caught.value.message == "'Each opponent' cannot be followed by this action"
        assert cls not in EACH_ACTIONS


@pytest.mark.parametrize(("cls", "verb"), VERBS, ids=IDS)
def test_a_chosen_opponent_does_what_each_opponent_may(cls, verb, vocab):
    """Ruling 21: 'Choose an opponent: they <verb> ...' parses for the verbs declared
    ``each`` and round-trips; for the others it is refused, naming the verbs it may take."""
    line = f"Choose an opponent: they {verb.example[:1].lower()}{verb.example[1:]}"
    line = line.replace(" your ", " their ")
    if verb.each:
        node = _only_action(parse(line, vocab))
        assert isinstance(node, ast.Chosen) and type(node.action) is cls
        assert parse(to_text(node), vocab) == parse(line, vocab)
    else:
        with pytest.raises(DslError) as caught:
            parse(line, vocab)
        assert caught.value.message == "'Choose an opponent' cannot be followed by this action"
        assert "a chosen opponent may add, remove" in caught.value.hint


def test_the_each_hint_and_the_third_persons_come_from_the_declarations(vocab):
    with pytest.raises(DslError) as caught:
        parse("Each opponent looks at the top 2 cards of the Arcana deck, put them back", vocab)
    allowed = [v.words.lower() for v in ast.VERBS.values() if v.each]
    for words in allowed:
        assert words in caught.value.hint
    assert {v.words.split()[0]: v.third for v in ast.VERBS.values()} == THIRD_PERSON


def test_a_price_is_joined_by_to_before_every_verb_and_only_a_verb():
    """The grammar's _PAY_TO ('Discard 1 to Draw 2 Arcana') looks ahead for a verb's first
    word: its list is the declared verbs' first words, no more, no fewer."""
    terminal = next(t for t in lark_parser().terminals if t.name == "_PAY_TO")
    listed = re.search(r"\+\(([a-z|]+)\)", terminal.pattern.value)
    assert listed is not None
    assert sorted(listed.group(1).split("|")) == sorted(
        {v.words.split()[0].lower() for v in ast.VERBS.values()})


def test_every_cost_verb_can_be_checked_before_it_is_paid():
    from prophecy.compiler.handlers import PAYABLE

    assert set(PAYABLE) == {cls for cls, verb in ast.VERBS.items() if verb.cost}


def test_the_hint_for_a_bad_start_names_every_verb():
    for verb in ast.VERBS.values():
        assert f"{verb.words}," in _STARTS_HINT or f"{verb.words})" in _STARTS_HINT


def test_the_docs_list_what_each_opponent_may_do():
    text = " ".join((ROOT / "docs" / "dsl.md").read_text(encoding="utf-8").split())
    found = re.search(r"The actions a player can be told to do this way are (.+?);", text)
    assert found is not None
    listed = [word.strip("`") for word in re.split(r", | and ", found.group(1))]
    wanted = list(dict.fromkeys(v.words for v in ast.VERBS.values() if v.each))
    assert listed == wanted, ("docs/dsl.md, 'Every opponent, every player': write 'The "
                              "actions a player can be told to do this way are "
                              f"{', '.join(wanted[:-1])} and {wanted[-1]};'")


def test_no_intent_is_a_word_of_the_language():
    """A word the grammar reads as a keyword never reaches the intents table: an entry for
    it would be dead (a verb added later takes its word out of the table)."""
    dead = [word for word in intents()
            if next(iter(lark_parser().lex(word.capitalize()))).type != "WORD"]
    assert dead == []


def test_every_verb_has_its_icon_and_gives_something_the_linter_knows():
    from prophecy.compiler.lint.values import GIVES
    from prophecy.render.icons import ICONS

    for cls, verb in VERBS:
        assert verb.icon in ICONS, f"{cls.__name__}: no icon '{verb.icon}' in render/icons.py"
        assert verb.gives in GIVES
