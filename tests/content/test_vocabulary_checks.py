"""A vocabulary that is not lists of names stops every reader of it, not only `check`."""

from __future__ import annotations

import pytest

from prophecy.tools import main


@pytest.mark.parametrize("grimoires", ["Necromancy", "[1, 2]", "{a: b}"])
def test_parse_refuses_a_vocabulary_that_is_not_a_list_of_names(make_content, capsys, grimoires):
    root = make_content()
    game = root / "game.yaml"
    game.write_text(game.read_text().replace("grimoires: [Blood Magic, Necromancy]",
                                             f"grimoires: {grimoires}"))
    assert main(["parse", "--content", str(root), "Draw 1 Arcana"]) == 1
    err = capsys.readouterr().err.partition("\n")[2]  # after the pack line
    assert err.startswith(f"{game}: game.yaml has no complete 'vocabulary' (lists of names: "
                          "grimoires, card_types)")
    assert main(["check", "--content", str(root), "--no-fit"]) == 1
    assert "game.yaml:5:" in capsys.readouterr().out
