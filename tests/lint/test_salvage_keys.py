"""Which key an effect line belongs to, as lint's salvage of unloaded cards reads it: the
same whether a key's list is indented under it or starts at the key's own indent (as
PyYAML writes it)."""

from __future__ import annotations

import pytest

from prophecy.compiler.lint.salvage import _key_of

INDENTED = """\
cards:
  - name: Bone Lantern
    effects:
      - Draw 1 Arcana
      # a note
      - Gain 1 point
    flavor: Light.
"""

FLUSH = """\
cards:
- name: Bone Lantern
  effects:
  - Draw 1 Arcana
  # a note
  - Gain 1 point
  flavor: Light.
- name: Second
  when_complete:
  - Level up this Grimoire
"""


@pytest.mark.parametrize(("text", "number", "key"), [
    (INDENTED, 4, ["effects"]), (INDENTED, 6, ["effects"]), (INDENTED, 7, ["flavor"]),
    (INDENTED, 2, ["name"]),
    (FLUSH, 4, ["effects"]), (FLUSH, 6, ["effects"]), (FLUSH, 7, ["flavor"]),
    (FLUSH, 10, ["when_complete"]), (FLUSH, 2, ["name"]), (FLUSH, 8, ["name"]),
])
def test_a_line_belongs_to_the_key_whose_value_it_is(text, number, key):
    assert _key_of(text.splitlines(), number) == key


def test_lint_of_content_written_by_pyyaml_parses_no_card_name(tmp_path, monkeypatch):
    """Lists flush with their keys: the card names are not taken for effect lines (each
    parsed, failed and explained: most of a lint of 1,000 cards)."""
    import shutil

    import yaml

    from prophecy.compiler.model.files import bundled_content
    from prophecy.dsl import parser
    from prophecy.tools import main

    content = tmp_path / "content"
    shutil.copytree(bundled_content(), content, ignore=shutil.ignore_patterns("__*"))
    for path in (content / "arcana").glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        header = text.splitlines()[0] + "\n"
        path.write_text(header + yaml.safe_dump(yaml.safe_load(text), sort_keys=False,
                                                allow_unicode=True, width=1000),
                        encoding="utf-8")
    names = {c["name"] for p in (content / "arcana").glob("*.yaml")
             for c in yaml.safe_load(p.read_text(encoding="utf-8"))["cards"]}
    parsed: list[str] = []
    real = parser.parse

    def spy(text, vocab):
        parsed.append(text)
        return real(text, vocab)

    monkeypatch.setattr(parser, "parse", spy)
    assert main(["lint", "--content", str(content)]) == 0
    assert not names & set(parsed)
