"""Words for intents the language does not have get one message with the nearest real line."""

from __future__ import annotations

import pytest

from prophecy.dsl.diagnose import intent_of, intents
from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text

TABLE = sorted(intents().values(), key=lambda i: i.word)


def test_the_table_holds_the_intents_designers_reach_for():
    assert {"steal", "summon", "score", "copy", "mill"} <= set(intents())


SAME = [i for i in TABLE if not i.lacks]
LACKS = [i for i in TABLE if i.lacks]


def test_the_table_says_both_kinds():
    """Words for what the language says otherwise name a line; words for what it lacks
    name none (a line with another action would mislead)."""
    assert {"recover", "summon", "score", "peek", "raise"} <= {i.word for i in SAME}
    assert {"steal", "copy", "shuffle", "extra", "cancel", "give"} <= {i.word for i in LACKS}


@pytest.mark.parametrize("intent", SAME, ids=[i.word for i in SAME])
def test_the_nearest_line_parses(intent, vocab):
    parse(intent.nearest, vocab)


@pytest.mark.parametrize("intent", LACKS, ids=[i.word for i in LACKS])
@pytest.mark.parametrize("form", ["{w} a card", "Grimoire Level 2: {w} 1 Arcana",
                                  "Draw 1 Arcana, then {w} it"])
def test_a_word_for_what_the_language_lacks_says_so(intent, form, vocab):
    """The message names the word and what the game lacks, and quotes no line to write
    instead: the why is the whole answer."""
    text = form.format(w=intent.word.capitalize())
    with pytest.raises(DslError) as caught:
        parse(text, vocab)
    word = intent.word.capitalize()
    assert caught.value.message == f"'{word}' is not in the rules language: {intent.why}"
    assert caught.value.column == text.index(word) + 1
    assert "nearest" not in caught.value.message and not caught.value.hint.startswith("write")


@pytest.mark.parametrize("intent", SAME, ids=[i.word for i in SAME])
def test_a_word_for_a_verb_the_language_has_names_its_line(intent, vocab):
    """'Recover a card' is the line the table names, or the line mended with the
    language's own verb ('Return'): either parses and leads with that verb."""
    text = f"{intent.word.capitalize()} a card"
    verb = (intent.instead or intent.nearest).split()[0]
    try:
        read = to_text(parse(text, vocab))  # the words table reads it ('Sacrifice': 'Discard')
    except DslError as caught_error:
        caught = caught_error
    else:
        assert read.startswith(verb)
        return
    message = caught.message
    word = intent.word.capitalize()
    head = f"'{word}' is not in the rules language; the nearest is '"
    if not message.startswith(head):  # no line of the table's says what this line says
        assert message.startswith(("the rules language has no words for", f"'{word}'")), \
            message
        assert caught.column == 1
        return
    nearest = message[len(head):-1]
    parse(nearest, vocab)
    assert nearest.startswith(verb)
    assert caught.hint == intent.why


def test_a_word_the_table_maps_is_answered_with_the_line_mended(vocab):
    with pytest.raises(DslError) as caught:
        parse("Recover a Creature card from your discard pile", vocab)
    assert caught.value.message == ("'Recover' is not in the rules language; the nearest is "
                                    "'Return a Creature card from your discard pile to your "
                                    "hand'")


@pytest.mark.parametrize(("word", "intent"), [
    ("steals", "steal"), ("Retrieved", "retrieve"), ("summoning", "summon"), ("scores", "score"),
    ("copies", None), ("copied", None), ("stole", None), ("drawn", None),
])
def test_inflections_find_their_intent(word, intent):
    found = intent_of(word)
    assert (found.word if found else None) == intent


@pytest.mark.parametrize(("line", "word"), [
    ("Take an extra action", "extra"),
    ("Take an extra turn", "extra"),
    ("Cancel a card an opponent plays", "Cancel"),
    ("Counter an opponent's card", "Counter"),
    ("Negate an effect", "Negate"),
    ("Copy the effect of a card in your discard pile", "Copy"),
    ("Shuffle your discard pile into the Arcana deck", "Shuffle"),
])
def test_what_the_game_cannot_have_is_refused_plainly(line, word, vocab):
    """Extra actions, cancelling, copying and shuffling are no part of the game: the message
    says so, and names no line of another action as if it were the same."""
    with pytest.raises(DslError) as caught:
        parse(line, vocab)
    assert caught.value.message.startswith(f"'{word}' is not in the rules language: the game "
                                           "has no ")
    assert "nearest" not in caught.value.message
