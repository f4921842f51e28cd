"""The game's vocabulary, read fast: ``content/game.yaml`` in, a Vocabulary out.

``prophecy parse`` needs only the names a line may use, so this reads
game.yaml alone, without schema validation or other files. The full loader
(``compiler/model/loader.py``) validates the same file against its schema.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prophecy.compiler.model.yamlsafe import load_yaml
from prophecy.dsl.errors import ProphecyError
from prophecy.dsl.vocabulary import DEED_SELECTORS, Vocabulary


def read_vocabulary(content: Path) -> Vocabulary:
    """The vocabulary of ``content/game.yaml``; a ProphecyError if it cannot be read."""
    path = content / "game.yaml"
    if not path.is_file():
        raise ProphecyError(
            "no game.yaml here", where=str(path), hint="name the content folder with --content DIR"
        )
    _, _, data = load_yaml(path, "game.yaml")
    return vocabulary_from(data, str(path))


def vocabulary_from(data: Any, where: str) -> Vocabulary:
    """A Vocabulary from game.yaml's parsed data."""
    vocab = data.get("vocabulary") if isinstance(data, dict) else None
    lists: list[tuple[str, ...]] = []
    for key in ("grimoires", "card_types", "deed_targets"):
        names = vocab.get(key, DEED_SELECTORS if key == "deed_targets" else None) if isinstance(
            vocab, dict) else None
        # A list of names, never a bare string: 'grimoires: Necromancy' is not ten letters.
        if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
            raise ProphecyError(
                "game.yaml has no complete 'vocabulary' (lists of names: grimoires, card_types)",
                where=where, line=0,
                hint="run 'prophecy check' for the details",
            )
        lists.append(tuple(names))
    return Vocabulary(lists[0], lists[1], lists[2], _words(vocab), nouns_written(data))


def nouns_written(data: Any) -> tuple[tuple[str, str], ...]:
    """game.yaml's ``words:`` as (the language's noun, the pack's word for one)."""
    found = data.get("words") if isinstance(data, dict) else None
    if not isinstance(found, dict):
        return ()
    return tuple((str(noun), str(say["one"])) for noun, say in found.items()
                 if isinstance(say, dict) and isinstance(say.get("one"), str))


def _words(vocab: Any) -> tuple[tuple[str, str, str], ...]:
    """The pack's words table (``vocabulary: words``), as the schema checked it."""
    found = vocab.get("words") if isinstance(vocab, dict) else None
    if not isinstance(found, list):
        return ()
    return tuple((str(w.get("written", "")), str(w.get("means") or ""),
                  str(w.get("before") or ""))
                 for w in found if isinstance(w, dict) and w.get("written"))
