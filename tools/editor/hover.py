"""Hover: an effect line in, Markdown with its canonical form and what it does in play out."""

from __future__ import annotations

from prophecy.compiler.explain import explain_line
from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text
from prophecy.dsl.vocabulary import Vocabulary


def effect_hover(text: str, vocab: Vocabulary, card_grimoire: str | None) -> str:
    """The canonical line, what it does (``compiler/explain.py``), or why it does not parse."""
    try:
        node = parse(text, vocab)
    except DslError as exc:
        hint = f"\n\n{exc.hint}" if exc.hint else ""
        return f"**Does not parse** (column {exc.column}): {exc.message}{hint}"
    canonical = to_text(node)
    out = [f"**{canonical}**", "", f"In play: {explain_line(node, card_grimoire)}"]
    if canonical != text:
        out += ["", "Written otherwise here; `prophecy fmt` rewrites it to the form above."]
    return "\n".join(out)
