"""The event log in words: each kind of question's options as written, and every refusal."""

from __future__ import annotations

import json

import pytest

from prophecy.dsl.errors import ProphecyError
from prophecy.engine import log
from prophecy.engine import protocol as P
from prophecy.engine.bots.greedy import RandomBot
from prophecy.engine.game import Game


@pytest.fixture()
def game(book, new_game):
    return new_game(book=book)


def test_options_are_written_as_names(game, book):
    p = game.players[0]
    card, deed = p.hand[0], p.deeds[1]
    name, deed_name = book.label(card), book.label(deed)
    assert P.describe(game, p, P.ASK_PLAY, [card]) == [name]
    assert P.describe(game, p, P.ASK_COMPLETE, [deed, -1]) == [deed_name, "none"]
    assert P.describe(game, p, P.ASK_OVERFLOW, [-1, deed]) == ["none", deed_name]
    assert P.describe(game, p, P.ASK_LEVEL_UP, [0, 2]) == ["Blood Magic", "Necromancy"]
    assert P.describe(game, p, P.ASK_DEED, [1, 0]) == [deed_name, book.label(p.deeds[0])]
    assert P.describe(game, p, P.ASK_SUPPORT_PLAYER, [1]) == ["seat 2"]
    assert P.describe(game, p, P.ASK_SUPPORT_VERSE, [0]) == [book.label(game.verses[0])]
    assert P.describe(game, p, P.ASK_USE, [False, True]) == [False, True]
    assert P.describe(game, p, P.ASK_ACTION, [P.PLAY, P.END]) == ["play", "end"]
    with pytest.raises(KeyError):  # a question nobody declared is never written blind
        P.describe(game, p, "a question of the future", [3, 0])


def test_a_game_not_logged_has_no_lines(game):
    with pytest.raises(ValueError, match="^the game was not played with log=True$"):
        log.to_lines(game)


def test_the_last_line_names_scores_winner_and_state(synthetic):
    game = Game(synthetic, [RandomBot(1), RandomBot(2)], 6, log=True).play()
    end = json.loads(log.to_lines(game)[-1])
    assert end == {"event": "end", "scores": game.results["scores"],
                   "winner": game.results["winner"], "state": game.digest()}


def _logged(synthetic) -> list[str]:
    return log.to_lines(Game(synthetic, [RandomBot(1), RandomBot(2)], 6, log=True).play())


def test_a_log_that_ends_early_is_refused_at_its_last_line(synthetic):
    lines = _logged(synthetic)[:6]
    with pytest.raises(ProphecyError) as caught:
        log.replay(synthetic, lines, list(range(1, 7)))
    error = caught.value
    assert error.message == "the log ends before the game's 'end' line: it was cut short"
    assert (error.where, error.line, error.source) == ("log", 6, lines[5])


def test_an_answer_to_another_question_is_refused_at_its_line(synthetic):
    lines = _logged(synthetic)
    event = json.loads(lines[3])
    event["ask"], event["seat"] = "hireling", 1
    lines[3] = json.dumps(event)
    with pytest.raises(ProphecyError) as caught:
        log.replay(synthetic, lines, list(range(1, len(lines) + 1)))
    error = caught.value
    first = json.loads(_logged(synthetic)[3])
    assert error.message == (f"the log answers 'hireling' for seat 2 where the game asks "
                             f"'{first['ask']}' of seat {first['seat'] + 1}")
    assert (error.where, error.line, error.hint) == (
        "log", 4, "replay with the content the log was written with")


def test_a_changed_end_state_is_refused_at_the_last_line(synthetic):
    lines = _logged(synthetic)
    state = json.loads(lines[-1])["state"]
    lines[-1] = lines[-1].replace(f'"state":"{state}', f'"state":"0{state}')
    with pytest.raises(ProphecyError) as caught:
        log.replay(synthetic, lines, list(range(1, len(lines) + 1)))
    assert caught.value.message == (
        f'the replayed game ends otherwise than the log (state: the log says "0{state}", '
        f'the game gives "{state}")')
    assert (caught.value.line, caught.value.source) == (len(lines), lines[-1])


@pytest.mark.parametrize(("lines", "message"), [
    ([], "the log holds no game"),
    (['{"event": "end", "scores": [1, 2], "winner": 0, "state": "x"}'],
     "the log does not start with a 'start' line"),
    (['{"event": "choice"}'], "a 'choice' line has exactly the fields ask, choice, options, "
                              "round, seat"),
    (['{"event": "start", "seed": 1}'], "a 'start' line has exactly the fields players, seed"),
    (['{"event": "start", "seed": 1, "players": 9}',
      '{"event": "end", "scores": [1, 2], "winner": 0, "state": "x"}'],
     "the log is of a game of 9 players"),
])
def test_a_log_without_a_proper_start_is_refused(synthetic, lines, message):
    with pytest.raises(ProphecyError) as caught:
        log.replay(synthetic, lines)
    assert caught.value.message == message and caught.value.line == 1


START = '{"event": "start", "seed": 1, "players": 2}'


@pytest.mark.parametrize(("text", "line", "message"), [
    (f"{START}\nnot json\n", 2, "not a JSON line: Expecting value"),
    (f"{START}\n[1, 2]\n", 2, "a log line is an object whose 'event' is 'start', 'choice' or "
                              "'end'"),
    ('{"event": "choice"}\n', 1, "a 'choice' line has exactly the fields"),
    (f"{START}\n", 1, "the game that starts here has no 'end' line"),
])
def test_a_log_file_is_cut_into_games_or_refused_at_its_line(text, line, message):
    with pytest.raises(ProphecyError) as caught:
        log.split_games(text.splitlines(), "games.jsonl")
    assert (caught.value.where, caught.value.line) == ("games.jsonl", line)
    assert caught.value.message.startswith(message)


def test_games_are_cut_at_their_start_lines_and_blank_lines_skipped():
    end = '{"event": "end", "scores": [1, 2], "winner": 0, "state": "x"}'
    text = f"{START}\n\n{end}\n{START}\n{end}\n"
    assert log.split_games(text.splitlines()) == [
        [(1, START), (3, end)], [(4, START), (5, end)]]


def test_several_games_are_written_one_after_another(synthetic, tmp_path):
    games = [Game(synthetic, [RandomBot(s), RandomBot(s + 1)], s, log=True).play()
             for s in (1, 2)]
    path = tmp_path / "games.jsonl"
    assert log.write_games(games, path) == 2
    text = path.read_text(encoding="utf-8")
    assert text == "".join("\n".join(log.to_lines(g)) + "\n" for g in games)
    assert [len(g) for g in log.split_games(text.splitlines())] == [
        len(log.to_lines(g)) for g in games]


CHOICE = ('{"event": "choice", "round": 1, "seat": 0, "ask": "action", "options": ["end"], '
          '"choice": 0}')
END = '{"event": "end", "scores": [1, 2], "winner": 0, "state": "x"}'
CUT_SHORT = "the game that starts here has no 'end' line: the log was cut short"
WRITE_AGAIN = "write the log again with 'prophecy simulate --log FILE'"


def _refusal(lines, *where) -> ProphecyError:
    with pytest.raises(ProphecyError) as caught:
        log.split_games(lines, *where)
    return caught.value


def test_a_line_before_any_start_is_refused_as_written_in_the_log():
    error = _refusal(["\n", CHOICE + "  \n"])  # as read from a file: each line ends in \n
    assert error.message == "this line is not inside a game (each game opens with a 'start' line)"
    assert (error.where, error.line, error.source, error.hint) == (
        "log", 2, CHOICE + "  ", "write logs with 'prophecy simulate --log FILE'")


def test_a_refused_line_shows_its_first_200_characters():
    long = CHOICE.replace('["end"]', "[" + ", ".join(['"end"'] * 60) + "]")
    assert len(long) > 300
    assert _refusal([long], "games.jsonl").source == long[:200]


def test_a_new_start_inside_a_game_names_the_start_of_the_game_cut_short():
    cut = START.replace('"seed": 1', '"seed": 5')
    lines = [START, END, START, END, cut + "  \n", START]
    error = _refusal(lines)
    assert (error.message, error.where, error.line, error.source, error.hint) == (
        CUT_SHORT, "log", 5, cut + "  ", WRITE_AGAIN)
    assert _refusal(lines, "games.jsonl").where == "games.jsonl"


def test_a_log_cut_short_shows_the_first_200_characters_of_its_start():
    start = START.replace('"seed": 1', f'"seed": "{"7" * 300}"')
    error = _refusal([START, END, start + "\n", CHOICE])
    assert (error.message, error.line, error.source, error.hint) == (
        CUT_SHORT, 3, start[:200], WRITE_AGAIN)


def _ended_otherwise(synthetic, edit, tail="") -> tuple[ProphecyError, str]:
    """Replay a logged game whose end line is edited; the error and the edited line."""
    lines = [line + "\n" for line in _logged(synthetic)]
    event = json.loads(lines[-1])
    edit(event)
    lines[-1] = json.dumps(event) + tail + "\n"
    with pytest.raises(ProphecyError) as caught:
        log.replay(synthetic, lines)
    return caught.value, json.dumps(event) + tail


def test_an_end_line_wrong_twice_names_both_and_marks_the_whole_line(synthetic):
    game = Game(synthetic, [RandomBot(1), RandomBot(2)], 6, log=True).play()
    scores, winner = game.results["scores"], game.results["winner"]
    wrong = [s + 1 for s in scores]

    def edit(event):
        event["scores"], event["winner"] = wrong, 1 - winner

    error, line = _ended_otherwise(synthetic, edit, tail="  ")
    assert error.message == (
        f"the replayed game ends otherwise than the log (scores: the log says "
        f"{json.dumps(wrong)}, the game gives {json.dumps(scores)}; winner: the log says "
        f"{1 - winner}, the game gives {winner})")
    assert (error.where, error.column, error.source, error.length) == (
        "log", 1, line, len(line))
    assert line.endswith("  ")
    assert error.hint == "replay with the content the log was written with"


def test_a_long_end_line_is_shown_and_marked_to_200_characters(synthetic):
    error, line = _ended_otherwise(synthetic, lambda e: e.update(state="0" * 300))
    assert error.message.startswith("the replayed game ends otherwise than the log (state: ")
    assert (error.source, error.length) == (line[:200], 200)


def test_logs_are_written_without_waiting_for_the_disk(synthetic, tmp_path, monkeypatch):
    """A log is an output the same run writes again: it is not forced to the disk."""
    import os

    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    game = Game(synthetic, [RandomBot(1), RandomBot(2)], 6, log=True).play()
    log.write(game, tmp_path / "one.jsonl")
    assert log.write_games([game, game], tmp_path / "two.jsonl") == 2
    assert synced == []
    assert (tmp_path / "one.jsonl").read_text(encoding="utf-8") == "\n".join(
        log.to_lines(game)) + "\n"


EDITED = ("write logs with 'prophecy simulate --log FILE'; an edited or cut log cannot be "
          "replayed")


def test_a_line_that_is_not_json_is_marked_where_the_json_breaks():
    bad = START.replace("2}", "2,}")  # a trailing comma: the 44th character breaks the JSON
    error = _refusal([bad + "\n"], "games.jsonl")
    assert error.message == "not a JSON line: Expecting property name enclosed in double quotes"
    assert (error.where, error.line, error.column, error.source, error.hint) == (
        "games.jsonl", 1, 44, bad, EDITED)


def test_an_end_line_with_scores_that_are_not_whole_numbers_is_refused():
    error = _refusal([START, END.replace("[1, 2]", "[1.5, 2]")])
    assert error.message == "'scores' are whole numbers"
    assert (error.where, error.line, error.column, error.hint) == ("log", 2, 1, EDITED)


def test_an_empty_log_is_refused_as_the_log_with_its_hint(synthetic):
    with pytest.raises(ProphecyError) as caught:
        log.replay(synthetic, ["\n", "  \n"])
    error = caught.value
    assert (error.message, error.where, error.hint) == (
        "the log holds no game", "log", "write logs with 'prophecy simulate --log FILE'")


def test_a_log_that_ends_early_says_to_write_it_again(synthetic):
    with pytest.raises(ProphecyError) as caught:
        log.replay(synthetic, _logged(synthetic)[:6])
    assert caught.value.hint == WRITE_AGAIN


def test_a_wrong_first_answer_is_refused_at_its_own_line(synthetic):
    lines = _logged(synthetic)
    first = json.loads(lines[1])
    event = dict(first, ask="hireling", seat=1 - first["seat"])
    lines[1] = json.dumps(event)
    with pytest.raises(ProphecyError) as caught:
        log.replay(synthetic, lines)
    error = caught.value
    assert error.message == (f"the log answers 'hireling' for seat {2 - first['seat']} where "
                             f"the game asks '{first['ask']}' of seat {first['seat'] + 1}")
    assert (error.line, error.source) == (2, lines[1])
