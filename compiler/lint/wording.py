"""Form checks on cards: non-canonical effect text, effect-line counts, flavour.

Input: the loaded cards (with, for each effect line, the text as written when
it was not canonical). Output: findings; the non-canonical ones carry the
canonical text as their fix, which is what ``prophecy fmt`` writes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from prophecy.compiler.lint.core import Context, Edit, Finding, check, rule
from prophecy.compiler.lint.requirements import lines_with_cards
from prophecy.compiler.lint.salvage import unloaded_text
from prophecy.compiler.lint.source import field_place
from prophecy.compiler.lint.terms import designs

rule("PL401", "non-canonical-text", "warning",
     "an effect line is not written in its canonical form (what 'prophecy fmt' writes)")
rule("PL402", "effect-count", "warning",
     "an Arcana card has fewer or more effect lines than a card face holds (1 to 4)")
rule("PL403", "empty-flavor", "warning",
     "a flavour text that is empty or a placeholder: give it words, or leave the field out")
rule("PL404", "stray-space", "warning",
     "a name or prose field with spaces at its ends or doubled inside")

MIN_EFFECTS, MAX_EFFECTS = 1, 4
_PLACEHOLDER = re.compile(r"^\s*(?:|todo|tbd|tba|xxx+|\.\.\.|…|-+|lorem ipsum.*|placeholder)\s*$",
                          re.IGNORECASE)
_EMPTY_FIELD = re.compile(r"^\s*(?:-\s+)?flavou?r\s*:\s*(?:''|\"\"|~|null|Null|NULL)?\s*(?:#.*)?$")


@check("PL401")
def canonical_text(ctx: Context) -> Iterator[Finding]:
    """Effect lines as written that differ from their canonical text: those of the cards
    that loaded, and those of the cards that did not (a card that broke the schema, a file
    whose YAML stops halfway), read from the file as far as it can be read."""
    loaded: set[tuple[str, int]] = set()
    for _card, line in lines_with_cards(ctx):
        loaded.add((line.place.file, line.place.line))
        if line.written and line.written != line.text:
            yield Finding("PL401", f"'{line.written}' is written '{line.text}' canonically",
                          line.place, "run 'prophecy lint --fix' or 'prophecy fmt'",
                          Edit(line.place, line.written, line.text, effect=True))
    yield from unloaded_text(ctx, loaded)


@check("PL402", engine="dark-prophecies")
def effect_count(ctx: Context) -> Iterator[Finding]:
    """An Arcana card with no effect line, or more than a face holds."""
    for card in designs(ctx):
        if card.kind == "arcana" and not MIN_EFFECTS <= len(card.effects) <= MAX_EFFECTS:
            yield Finding("PL402", f"'{card.name}' has {len(card.effects)} effect lines",
                          card.place, f"give it {MIN_EFFECTS} to {MAX_EFFECTS} lines")


@check("PL403")
def empty_flavor(ctx: Context) -> Iterator[Finding]:
    """Flavour that says nothing: a placeholder, or a key with an empty value."""
    for card in designs(ctx):
        place = field_place(ctx, card, "flavor")
        flavor = card.get("flavor", "")
        if flavor and _PLACEHOLDER.match(flavor):
            yield Finding("PL403", f"the flavour of '{card.name}' is a placeholder "
                          f"('{flavor.strip()}')", place, "write the flavour, or delete it")
        elif not flavor and place != card.place:
            source = ctx.lines(place.file)[place.line - 1]
            if _EMPTY_FIELD.match(source):
                yield Finding("PL403", f"'{card.name}' has an empty flavour field", place,
                              "write the flavour, or delete the key: no flavour is fine")


@check("PL404")
def stray_space(ctx: Context) -> Iterator[Finding]:
    """Names with spaces at the ends or doubled inside (invisible on the page, not in search)."""
    for card in designs(ctx):
        name = card.name
        if name != name.strip() or "  " in name:
            tidy = " ".join(name.split())
            yield Finding("PL404", f"the name '{name}' has stray spaces",
                          field_place(ctx, card, "name"), f"write '{tidy}'",
                          Edit(field_place(ctx, card, "name"), name, tidy))
