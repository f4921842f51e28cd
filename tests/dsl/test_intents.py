"""Words for intents the language does not have get one message with the nearest real line."""

from __future__ import annotations

import pytest

from prophecy.dsl.diagnose import intent_of, intents
from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse

TABLE = sorted(intents().values(), key=lambda i: i.word)


def test_the_table_holds_the_intents_designers_reach_for():
    assert {"steal", "summon", "score", "copy", "mill"} <= set(intents())


@pytest.mark.parametrize("intent", TABLE, ids=[i.word for i in TABLE])
def test_the_nearest_line_parses(intent, vocab):
    parse(intent.nearest, vocab)


@pytest.mark.parametrize("intent", TABLE, ids=[i.word for i in TABLE])
@pytest.mark.parametrize("form", ["{w} a card", "Grimoire Level 2: {w} 1 Arcana",
                                  "Draw 1 Arcana, then {w} it"])
def test_the_word_anywhere_gets_the_intent_message(intent, form, vocab):
    """The message names the nearest line: the table's, or, for a word the table maps to
    the language's own words ('Recover': 'Return'), the line mended with them when it then
    parses. Either way the line it names parses."""
    text = form.format(w=intent.word.capitalize())
    with pytest.raises(DslError) as caught:
        parse(text, vocab)
    head = f"'{intent.word.capitalize()}' is not in the rules language; the nearest is '"
    assert caught.value.message.startswith(head) and caught.value.message.endswith("'")
    nearest = caught.value.message[len(head):-1]
    parse(nearest, vocab)
    assert nearest == intent.nearest or (
        intent.instead and intent.instead.split()[0] in nearest)
    assert caught.value.hint == intent.why
    assert caught.value.column == text.index(intent.word.capitalize()) + 1


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


@pytest.mark.parametrize(("line", "word", "nearest"), [
    ("Take an extra action", "extra", "Draw 1 Arcana"),
    ("Take an extra turn", "extra", "Draw 1 Arcana"),
    ("Cancel a card an opponent plays", "Cancel", "Each opponent discards 1"),
    ("Counter an opponent's card", "Counter", "Each opponent discards 1"),
    ("Negate an effect", "Negate", "Each opponent discards 1"),
    ("Copy the effect of a card in your discard pile", "Copy", "Draw 1 Arcana twice"),
    ("Shuffle your discard pile into the Arcana deck", "Shuffle",
     "Look at the top 3 cards of the Arcana deck, put them back in any order"),
])
def test_what_the_game_cannot_have_is_refused_plainly(line, word, nearest, vocab):
    """Extra actions, cancelling, copying and shuffling are no part of the game: the message
    says so, and names a real line that shares the intent's action and object."""
    with pytest.raises(DslError) as caught:
        parse(line, vocab)
    assert caught.value.message == (f"'{word}' is not in the rules language; the nearest is "
                                    f"'{nearest}'")
    assert caught.value.hint.startswith("the game has no ")
