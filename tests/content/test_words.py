"""A game's words for the rules language's nouns: game.yaml's 'words:' in, faces that say them.

The rules lines keep the language's words ('Grimoire Level 2'); the faces print the
game's ('Discipline Level 2'), for one and for several.
"""

from __future__ import annotations

from dataclasses import replace

from prophecy.compiler.faces import card_faces, printed_words
from prophecy.compiler.model.loader import load_content

WORDS = (("Grimoire", "Discipline", "Disciplines"), ("Dark Deed", "Prophecy", "Prophecies"))


def test_the_nouns_are_printed_in_the_game_s_words_one_and_several():
    say = printed_words(WORDS)
    assert say("Level up your highest Grimoire") == "Level up your highest Discipline"
    assert say("Draw 3 Dark Deeds, keep 1") == "Draw 3 Prophecies, keep 1"
    assert say("Add 1 to any Dark Deed") == "Add 1 to any Prophecy"
    assert say("Grimoires of old") == "Disciplines of old"


def test_a_face_prints_the_game_s_words_and_the_line_keeps_the_language_s(content_dir):
    content = load_content(content_dir)
    card = next(c for c in content.of_kind("arcana")
                if any("Dark Deed" in line.text for line in c.lines))
    plain = card_faces(card, content).front.boxes
    worded = card_faces(card, replace(content, words=WORDS)).front.boxes
    texts = [step.text for box in worded for step in box.steps]
    assert any("Prophecy" in t or "Prophecies" in t for t in texts)
    assert not any("Dark Deed" in t for t in texts)
    assert [b.text for b in worded] == [b.text for b in plain]  # the lines as written
    assert any("Dark Deed" in b.text for b in worded)


def test_game_yaml_words_reach_the_content(tmp_path, content_dir):
    import shutil

    root = tmp_path / "game"
    shutil.copytree(content_dir, root)
    game = root / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8")
                    + "\nwords:\n  Grimoire: {one: Discipline, many: Disciplines}\n",
                    encoding="utf-8")
    assert load_content(root).words == (("Grimoire", "Discipline", "Disciplines"),)
