"""Glossary checks: prose in, findings for rejected synonyms and miscapitalised terms.

Every prose field of every card (names, flavour, verse text, reminders, the
reference heading, manifest names) and the Markdown under ``docs/`` is matched
against the glossary of ``game.yaml``. Matching is by whole words, with an
optional plural ``s``; a canonical term inside a longer canonical term (say
"Deed" inside "Dark Deed") belongs to the longer one and is not looked at again.

Matching is case-aware, so that ordinary English is not taken for a game term:

- a one-word rejected synonym written with a capital ("Discipline") is flagged
  only where the text capitalises it too ("years of discipline" passes); any
  other rejected word or phrase ("main deck", "Victory Points") in any casing;
- a term capitalised only at its start ("Level", "Points", "Level up",
  "Reference card") is capitalised as a sentence would be: written all in
  lower case it is plain English and passes;
- a term with capitals further in ("Dark Deed", "Top Discard") is a proper
  name and must keep them: "dark deed" is flagged;
- any other casing is flagged ("Level Up", "the Center"), except that a term
  may open a sentence with a capital, and names and headings may be in Title
  Case ("The Discard Pile of Ages").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from prophecy.compiler.lint.core import Context, Edit, Finding, check, rule
from prophecy.compiler.lint.source import word_place
from prophecy.compiler.model import Card, Place, Term, prose_fields
from prophecy.compiler.model.files import regular_files
from prophecy.compiler.model.pack import Pack
from prophecy.dsl import parser
from prophecy.dsl.errors import ProphecyError
from prophecy.dsl.vocabulary import Vocabulary

rule("PL101", "rejected-term", "warning",
     "a word the glossary rejects is used instead of its canonical term")
rule("PL102", "term-case", "warning",
     "a glossary term is written with the wrong capitalisation")

_WORD_START = r"(?<![\w'’-])"
_WORD_END = r"(?![\w-])"


@dataclass(frozen=True)
class Hit:
    """One use of a word in a text: where, what was written, what to write."""

    start: int
    written: str
    code: str
    canonical: str


def _key(words: str) -> str:
    return " ".join(words.split()).lower()


def _initials(text: str) -> tuple[bool, ...]:
    return tuple(w[:1].isupper() for w in text.split())


class Glossary:
    """The glossary compiled into matchers; ``hits(text)`` finds what to flag."""

    def __init__(self, terms: tuple[Term, ...]) -> None:
        self.terms = tuple(sorted(terms, key=lambda t: -len(t.term)))

    @cached_property
    def _entries(self) -> dict[str, tuple[Term, str | None]]:
        """Each word or phrase, lower-cased: its term, and the rejected word (None: canonical)."""
        out: dict[str, tuple[Term, str | None]] = {}
        for term in self.terms:
            out.setdefault(_key(term.term), (term, None))
        for term in self.terms:
            for word in term.rejected:
                out.setdefault(_key(word), (term, word))
        return out

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        """One alternation, longest first, so the longest words at a place win."""
        words = sorted(self._entries, key=len, reverse=True)
        body = "|".join(r"\s+".join(re.escape(w) for w in word.split()) for word in words)
        return re.compile(_WORD_START + f"(?:{body})" + r"(?:e?s)?" + _WORD_END, re.IGNORECASE)

    def _entry(self, written: str) -> tuple[Term, str | None] | None:
        key = _key(written)
        for cut in (0, 1, 2):
            found = self._entries.get(key[: len(key) - cut])
            if found:
                return found
        return None

    def hits(self, text: str, title_case: bool = False) -> list[Hit]:
        """Rejected synonyms and miscapitalised terms in ``text``, in order.

        ``title_case``: the text is a name or a heading, where every word may
        start with a capital.
        """
        out: list[Hit] = []
        if not self.terms:
            return out
        # The longest words win: "Victory Points" is one rejected phrase, not "Points".
        for m in self._pattern.finditer(text):
            entry = self._entry(m.group(0))
            if entry is None:
                continue
            term, word = entry
            if word is not None and not _rejected_case(m.group(0), word):
                continue
            hit = self._hit(text, m, term, word, title_case)
            if hit is not None:
                out.append(hit)
        return out

    @staticmethod
    def _hit(text: str, m: re.Match[str], term: Term, word: str | None,
             title_case: bool) -> Hit | None:
        opening = _opens_sentence(text, m.start())
        if word is not None:
            written = m.group(0) + _overlap_tail(text, m.end(), word, term.term)
            return Hit(m.start(), written, "PL101", _replace(m.group(0), word, term, opening))
        if _case_ok(m.group(0), term.term, opening, title_case):
            return None
        return Hit(m.start(), m.group(0), "PL102", _recase(m.group(0), term.term))


def _plural(written: str, base: str) -> str:
    """The plural ending of ``written`` beyond ``base`` ('', 's' or 'es')."""
    if len(written.split()) != len(base.split()):
        return ""
    return written[len(" ".join(base.split())):]


def _core(written: str, base: str) -> str:
    suffix = _plural(" ".join(written.split()), base)
    joined = " ".join(written.split())
    return joined[: len(joined) - len(suffix)] if suffix else joined


def _overlap_tail(text: str, end: int, word: str, term: str) -> str:
    """The words after a rejected phrase that its replacement already says.

    "personal discard" is rejected for "discard pile": in "a personal discard
    pile" the rejected words and the " pile" after them together become
    "discard pile", not "discard pile pile".
    """
    last, words = word.split()[-1].lower(), term.split()
    for k, w in enumerate(words[:-1]):
        if w.lower() == last:
            rest = r"\s+".join(re.escape(x) for x in words[k + 1:])
            m = re.compile(r"\s+" + rest + _WORD_END, re.IGNORECASE).match(text, end)
            if m:
                return m.group(0)
    return ""


def _opens_sentence(text: str, start: int) -> bool:
    before = text[:start].rstrip()
    return not before or before[-1] in ".!?:;#*•|(-–—\"“"


def _case_ok(written: str, term: str, opening: bool, title_case: bool) -> bool:
    core = _core(written, term)
    if core == term or core.isupper():
        return True
    if opening and core == term[:1].upper() + term[1:]:
        return True
    if title_case and all(w[:1].isupper() for w in core.split()):
        return True
    return core == core.lower() and term[1:] == term[1:].lower()


def _recase(written: str, term: str) -> str:
    return term + _plural(" ".join(written.split()), term)


def _rejected_case(written: str, word: str) -> bool:
    if word == word.lower() or len(word.split()) > 1:
        return True
    return _initials(written) == _initials(word) or written.isupper()


def _replace(written: str, word: str, term: Term, opening: bool) -> str:
    plural = _plural(" ".join(written.split()), word)
    canonical = term.term
    if plural and not canonical.endswith("s"):
        canonical += "s"
    if opening and written[:1].isupper() and canonical[:1].islower():
        canonical = canonical[:1].upper() + canonical[1:]
    return canonical


# ------------------------------------------------------------------ the checks
def title_case(card: Card, pack: Pack, field: str) -> bool:
    """Whether a field is written in Title Case (every word may start with a capital): the
    name and the one-line text fields; prose is written in sentences."""
    kind = pack.kind(card.kind)
    spec = kind.field(field) if kind else None
    return field == "name" or (spec is not None and spec.type == "text")


def designs(ctx: Context) -> list[Card]:
    """One card per design: copies expanded by the loader share an id."""
    seen: dict[str, Card] = {}
    for card in ctx.content.cards:
        seen.setdefault(card.id, card)
    return list(seen.values())


def _finding(hit: Hit, place: Place, field: str) -> Finding:
    """A finding for a hit; renaming a card is left to its designer (no fix on names)."""
    if hit.code == "PL101":
        message = f"'{hit.written}' is not the game's word: the glossary says '{hit.canonical}'"
    else:
        message = f"'{hit.written}' is written '{hit.canonical}' in the glossary"
    rename = field == "name" and hit.code == "PL101"
    fix = None if rename else Edit(place, hit.written, hit.canonical)
    where = f" in the {FIELD_WORDS[field]}" if field in FIELD_WORDS else ""
    return Finding(hit.code, message, place, f"write '{hit.canonical}'{where}", fix)


FIELD_WORDS = {"name": "name", "flavor": "flavour", "text": "verse text", "reminder": "reminder",
               "heading": "heading", "manifest_name": "Manifest name"}


@check("PL101", "PL102")
def glossary_in_cards(ctx: Context) -> Iterator[Finding]:
    """Rejected synonyms and miscapitalised terms in every prose field of every card."""
    glossary = Glossary(ctx.content.glossary)
    if not glossary.terms:
        return
    for card in designs(ctx):
        for field, text in prose_fields(card, ctx.content.pack):
            for hit in glossary.hits(text, title_case=title_case(card, ctx.content.pack, field)):
                yield _finding(hit, word_place(ctx, card, field, text, hit.start), field)


@check("PL101")
def glossary_in_rules_lines(ctx: Context) -> Iterator[Finding]:
    """Rejected synonyms in the rules lines of every card, as written. The fix rewrites the
    line only when the line with the term still reads in the rules language."""
    glossary = Glossary(ctx.content.glossary)
    if not glossary.terms:
        return
    for card in designs(ctx):
        for line in card.lines:
            text = line.written or line.text
            hits = [h for h in glossary.hits(text) if h.code == "PL101"]
            for hit in hits:
                fix = None
                # the term, or the term keeping the phrase's last word ('Relic card' for
                # 'Item' reads as 'Item card'): the first that reads in the language
                last = hit.written.split()[-1]
                kept = () if last.lower() in hit.canonical.lower().split() or len(
                    hit.written.split()) < 2 else (f"{hit.canonical} {last}",)
                for word in (*kept, hit.canonical):
                    new = _article(text[:hit.start], word) + word + text[
                        hit.start + len(hit.written):]
                    if _reads(new, ctx):
                        fix = Edit(line.place, text, new, effect=True)
                        break
                yield Finding(
                    "PL101", f"'{hit.written}' is not the game's word: the glossary says "
                    f"'{hit.canonical}'", _in_line(ctx, line.place, hit.start),
                    f"write '{hit.canonical}' in the rules line" if fix else
                    f"write '{hit.canonical}': the rules language reads the game's words "
                    "from its vocabulary, so rename it there too", fix)


def _article(before: str, word: str) -> str:
    """The text before a replaced word, its article ('a' or 'an') made to fit the word."""
    found = re.search(r"\b(a|an|A|An)\s+$", before)
    if found is None:
        return before
    vowel = word[:1].lower() in "aeiou"
    article = ("an" if vowel else "a")
    if found.group(1)[0].isupper():
        article = article.capitalize()
    return before[:found.start(1)] + article + before[found.end(1):]


def _reads(text: str, ctx: Context) -> bool:
    """Whether a rules line reads in the game's language (its vocabulary's names)."""
    content = ctx.content
    try:
        parser.parse(text, Vocabulary(content.grimoires, content.card_types, content.deed_targets))
    except ProphecyError:
        return False
    return True


def _in_line(ctx: Context, place: Place, start: int) -> Place:
    """The place of character ``start`` of a rules line written at ``place`` (after the
    quote that opens it, if it is quoted)."""
    lines = ctx.lines(place.file)
    row = lines[place.line - 1] if 0 < place.line <= len(lines) else ""
    quoted = row[place.column - 1:place.column] in ("'", '"')
    return Place(place.file, place.line, place.column + start + quoted)


@check("PL101", "PL102")
def glossary_in_docs(ctx: Context) -> Iterator[Finding]:
    """The same in the prose of the Markdown documents (code and quotations skipped)."""
    glossary = Glossary(ctx.content.glossary)
    if not glossary.terms or ctx.docs is None or not ctx.docs.is_dir():
        return
    for path in regular_files(ctx.docs, "*.md"):
        yield from _doc_findings(ctx, glossary, path)


def _doc_findings(ctx: Context, glossary: Glossary, path: Path) -> Iterator[Finding]:
    file = doc_file(ctx, path)
    for number, text in prose_lines(path):
        for hit in glossary.hits(text, title_case=text.lstrip().startswith("#")):
            yield _finding(hit, Place(file, number, hit.start + 1), "docs")


def doc_file(ctx: Context, path: Path) -> str:
    """A document's name relative to the content folder (``../docs/x.md``)."""
    import os

    return Path(os.path.relpath(path, ctx.root)).as_posix()


_MASK = re.compile(r"`[^`]*`|\"[^\"]*\"|“[^”]*”|<!--.*?-->|\]\([^)]*\)|https?://\S+")


def prose_lines(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, text) of a Markdown file with code, quotations and links blanked.

    Blanking keeps columns: each masked character becomes a space.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return
    fenced = False
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced or line.startswith("    "):
            continue
        yield number, _MASK.sub(lambda m: " " * len(m.group(0)), line)
