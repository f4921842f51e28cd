"""Reading what designers write (ruling 20): a line the grammar refused in, the one canonical
line it means (with a note) or an error that names the words at fault out.

Runs only for lines the grammar refuses, so a canonical line never pays for it. First
the refusals that know the answer: a count with no number ('a few', 'some') and forms
the language lacks (a trigger while in play); what the
game cannot have at all (an extra action, cancelling, copying, shuffling) is the
intents table's to say (``dsl/intents.py``). Then the normaliser: everyday words mapped
through the words table (the pack's ``vocabulary: words`` first, then
``dsl/words.txt``: preambles such as 'When you play this,' dropped, 'Show' read as
'Reveal'), trailing full stops, sentences joined, and fixed shapes ('Round 3 or
later:', 'For each X, Y', 'the Dark Deed worth the most points'). Then the shapes that
may split a line more than one way ('If X, Y', a ':' after a price, options listed
with commas, 'an opponent discards 1'), each tried as a candidate. Every candidate is
parsed whole by the grammar; the line is read only when the candidates that parse all
mean one thing. Two meanings are refused, naming both.

Nothing here drops a word that carries meaning: each rewrite maps words to the words
that say the same, and a word the tables do not know stays for the grammar to refuse.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lark.exceptions import UnexpectedInput

from prophecy.dsl import ast
from prophecy.dsl.errors import DslError
from prophecy.dsl.keywords import unknown_words
from prophecy.dsl.printer import to_text
from prophecy.dsl.vocabulary import Vocabulary

#: An entry of the words table: (written, the language's words, the words that must follow).
Word = tuple[str, str, str]


@dataclass(frozen=True)
class Parsers:
    """The parser's entry points, handed in by ``dsl.parser`` (which imports this module
    only when a line is refused): the grammar alone (a Lark error or a DslError out), the
    error it explains, the grammar with errors explained, and the whole reading."""

    strict: Callable[[str, Vocabulary], ast.Line]
    explain: Callable[[Exception, str, Vocabulary], DslError]
    exact: Callable[[str, Vocabulary], ast.Line]
    whole: Callable[[str, Vocabulary], ast.Line]
#: The most candidates a line is tried as.
MOST_CANDIDATES = 24


# ------------------------------------------------------------------ text with its origin
@dataclass(frozen=True)
class Text:
    """A rewritten line and, for each character, where it was in the line as written."""

    text: str
    origin: tuple[int, ...]

    @staticmethod
    def of(text: str) -> Text:
        return Text(text, tuple(range(len(text) + 1)))

    def sub(self, pattern: re.Pattern[str], repl: Callable[[re.Match[str]], str | None],
            count: int = 0) -> Text:
        """Each match replaced by ``repl``'s text (None: left as it is); the new words take
        the place of the match's first character, a group kept whole keeps its own."""
        pieces: list[tuple[str, tuple[int, ...]]] = []
        at, done = 0, 0
        for match in pattern.finditer(self.text):
            new = repl(match)
            if new is None:
                continue
            pieces.append((self.text[at:match.start()], self.origin[at:match.start()]))
            pieces.append(_placed(new, match, self.origin))
            at = match.end()
            done += 1
            if count and done >= count:
                break
        if not pieces:
            return self
        pieces.append((self.text[at:], self.origin[at:]))
        return Text("".join(p[0] for p in pieces),
                    tuple(o for p in pieces for o in p[1]))

    def splice(self, start: int, end: int, new: str) -> Text:
        """The text with ``[start:end]`` replaced by ``new`` (placed where it starts)."""
        return Text(self.text[:start] + new + self.text[end:],
                    self.origin[:start] + (self.origin[start],) * len(new) + self.origin[end:])

    def column(self, column: int) -> int:
        """A 1-based column of this text as a column of the line as written."""
        return self.origin[min(max(0, column - 1), len(self.origin) - 1)] + 1


def _placed(new: str, match: re.Match[str], origin: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    """The origins of ``new``: a group of the match found in it keeps its own places."""
    places = [origin[match.start()]] * len(new)
    for index in range(1, (match.re.groups or 0) + 1):
        group = match.group(index)
        if group and group in new:
            start = new.index(group)
            places[start:start + len(group)] = origin[match.start(index):match.end(index)]
    return new, (*places, origin[match.start()])[:len(new)]


# ------------------------------------------------------------------ the words table
@cache
def bundled_words() -> tuple[Word, ...]:
    """The words table of ``dsl/words.txt``."""
    return tuple(parse_words(Path(__file__).with_name("words.txt").read_text(encoding="utf-8")))


def parse_words(text: str) -> Iterator[Word]:
    """The entries of a words table written one a line (``written ; words [; before]``)."""
    for raw in text.splitlines():
        if raw.strip() and not raw.lstrip().startswith("#"):
            parts = [p.strip() for p in raw.split(";")]
            yield (parts[0], parts[1] if len(parts) > 1 else "",
                   parts[2] if len(parts) > 2 else "")


#: '...' in a words entry: one to eight words, each but the last followed by one space
#: (a space that may be left out would let a long word split eight ways over: a line of
#: a few dozen letters took minutes to read).
_SLOT = r"((?:[\w'\-]+ ){0,7}?[\w'\-]+)"


@cache
def _word_patterns(words: tuple[Word, ...]) -> tuple[tuple[re.Pattern[str], str, str], ...]:
    """Each entry as a pattern, longest written words first; preambles apart (``_preambles``)."""
    out = []
    for written, means, before in sorted(words, key=lambda w: -len(w[0])):
        if not means:
            continue
        body = r"\s+".join(_SLOT if w == "..." else re.escape(w) for w in written.split())
        body = body.replace(_SLOT + r"\s+", _SLOT + " ").replace(r"\s+" + _SLOT, " " + _SLOT)
        out.append((re.compile(rf"(?<![\w'\-]){body}(?![\w\-])", re.I), means, before))
    return tuple(out)


def table(vocab: Vocabulary) -> tuple[Word, ...]:
    """The words table a line is read with: the pack's entries, then the bundled ones."""
    return (*vocab.words, *bundled_words())


def _map_words(line: Text, words: tuple[Word, ...]) -> Text:
    """Every everyday word of the table replaced by the language's words."""
    taken: list[tuple[int, int]] = []  # spans of the new text already mapped
    original = line.text
    for pattern, means, before in _word_patterns(words):
        follows = re.compile(rf"\s*(?:[\w'\-]+\s+){{0,4}}?{re.escape(before)}s?\b", re.I) \
            if before else None

        def swap(match: re.Match[str], means: str = means,
                 follows: re.Pattern[str] | None = follows,
                 taken: list[tuple[int, int]] = taken) -> str | None:
            if any(a < match.end() and match.start() < b for a, b in taken):
                return None
            if follows is not None and not follows.match(_clause_after(match)):
                return None
            new = means
            if "..." in means:
                new = means.replace("...", match.group(1).strip())
            return new

        before_text = line.text
        line = line.sub(pattern, swap)
        if line.text != before_text:
            taken = _changed(original, line.text)
    return line


def _changed(old: str, new: str) -> list[tuple[int, int]]:
    """Spans of ``new`` that are not in ``old`` (a word mapped is never mapped again)."""
    import difflib

    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return [(j1, j2) for tag, _, _, j1, j2 in matcher.get_opcodes() if tag != "equal"]


_CLAUSE_END = re.compile(r"[,:;]|\bthen\b", re.I)


def _clause_after(match: re.Match[str]) -> str:
    rest = match.string[match.end():]
    end = _CLAUSE_END.search(rest)
    return rest[:end.start()] if end else rest


def _preambles(words: tuple[Word, ...]) -> re.Pattern[str] | None:
    said = sorted((w for w, means, _ in words if not means), key=len, reverse=True)
    if not said:
        return None
    names = "|".join(r"\s+".join(map(re.escape, w.split())) for w in said)
    # the preamble with what follows it: ',' or ':' ('When you finish this: Draw 2')
    return re.compile(rf"(^|[:,]\s*|,?\s*\b(?:then|and)\s+)(?:{names})\b\s*[,:]?\s*", re.I)


# ------------------------------------------------------------------ the normaliser
_FIXED: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.I), r) for p, r in (
        ("[\u2018\u2019\u02bc]", "'"),
        (r"\s*[\u2022\u00b7]\s*", " "),  # a bullet before each option of a choice
        (r"^((?:choose|pick) (?:one|two|three))\s*[\u2013\u2014]\s*", r"\1: "),
        ("[\u2013\u2014]", ","),
        # a Hireling's role before its effect ('Sabotage - ...'), as early as the dash is a
        # comma: the shapes of _LOOKED read the effect from the start of the line
        (r"^(?:hireling\s*[,:]?\s*)?(?:support|sabotage)\s*(?::|,|\s-)\s*", ""),
        # 'Requires Necromancy 2: ...', 'Requirement: Grimoire Level 2, ...': the requirement
        (r"^(?:requires?|requirements?|req\.?)\s*:?\s+(?=\S)", ""),
        (r"\s*[.!]+\s*$", ""),  # a closing full stop
        # 'too' and 'also' of a reward beside another: the action is the same without them
        (r"\s+(?:too|as well)\s*(?=[.!]*\s*$)", ""),
        (r"\b(you|they) also\b", r"\1"),
        (r"\bcentre\b", "center"),  # before the words table, whose entries spell it so
        (r"\.\s+if you do,?\s*", ", then "),
        (r"(?:,?\s+and)?[,;]?\s+if you do,?\s*", ", then "),
        (r"\.\s+(?=put (?:them|it|the rest) back\b)", ", "),
        # 'Choose one. Draw a card, or ...': the options follow
        (r"^(choose (?:one|two|three))\s*\.\s+", r"\1: "),
        (r"\.\s+(?!then\b)(?=[a-z])", ", then "),  # sentences: one action after another
        (r"^if (?:it's|it is|this is|we're in|we are in)(?: in)? (?=rounds? \w)", ""),
        (r"^(?:from|starting in|starting from|beginning in|beginning with) round (\w+)"
         r"(?: on| onwards| onward| and later)?", r"In round \1 or later"),
        (r"^(?:in )?rounds? (?:1|one) (?:or|and|to|through) (\w+)(?: only)?\b",
         r"In round \1 or earlier"),
        (r"^round (\w+)\b", r"In round \1"),
        # 'During round 3 or later, ...': the round is a requirement, before a colon
        (r"^(?:during|in) (round \w+(?: or (?:later|earlier))?)\s*,\s*", r"In \1: "),
        (r"(?:(?:the|your|whichever) )?dark deeds? (?:that is |that's |which is |is )?worth the "
         r"most points", "highest-points Dark Deed"),
        (r"(?:(?:the|your|whichever) )?dark deeds? (?:that is |that's |which is |is )?worth the "
         r"(?:least|fewest) points", "lowest-points Dark Deed"),
        (r"(?:(?:the|your) )?dark deeds? (?:that has|that's got|with) the highest points",
         "highest-points Dark Deed"),
        (r"(?:(?:the|your) )?dark deeds? (?:that has|that's got|with) the (?:least|lowest) "
         r"points|(?:(?:the|your) )?dark deeds? (?:that has|that's got) the fewest points",
         "lowest-points Dark Deed"),
        (r"(?:(?:the|your) )?dark deed with the (highest|lowest) points? value",
         r"\1-points Dark Deed"),
        (r"(?:\s+and|\.)\s+(?=put (?:them|it|the rest)\b)", ", "),
        # 'the one worth the fewest points', said of a Dark Deed named before it
        (r"\bthe one (?:that is |that's |which is )?worth the most points\b",
         "highest-points Dark Deed"),
        (r"\bthe one (?:that is |that's |which is )?worth the (?:least|fewest) points\b",
         "lowest-points Dark Deed"),
        # what 'keep 1' already does with the rest (ruling 18): said again, it changes nothing
        (r"(\bkeep \w+)(?: of them)?(?:(?:\s*,)+\s*(?:(?:and|then)\s+)?|\s+and\s+)"
         r"(?:put|place|return) the "
         r"(?:other|"
         r"others|rest)\b"
         r"[^,.;:]*?\bbottom\b[^,.;:]*$", r"\1"),
        (r",?\s*including (?:you|yourself),?\s*", " "),  # each player is every player, you too
        # 'must' of 'has to': the action itself ('Each opponent must discard 1')
        # 'must move one of their Grimoires down a level': Level down
        (r"(\bmust |\bto |\band |^)move (.+?) down (?:a|one|1) level\b", r"\1level down \2"),
        (r"\b((?:each|every) (?:opponent|player)) (?:must|has to|gets to|get to|have to) "
         r"(add|discard|draw|gain|remove|stash|reveal|take|"
         r"return|swap|scheme|level)\b", r"\1 \2s"),
        (r"\b(they) must\b", r"\1"),
        (r"\s+[x\u00d7]\s?2$", " twice"),  # 'Add 1 to any Dark Deed x2'
        (r"\s+[x\u00d7]\s?(\d+)$", r" \1 times"),
        # words that add nothing to what a line does: what is chosen is always the player's
        # choice, and an effect costs nothing beyond its price
        (r"\s+of (?:your|their) choice\b|\s+(?:you choose|you like|you want|you wish)\b"
         r"(?=\s*[,.:;]|$)", ""),
        (r"\s+(?:for free|at no cost|free of charge)\b", ""),
        (r"\bfor each (\w+ )?cards? (?:that )?you(?: have|'ve) stashed\b",
         r"for each stashed \1card"),
        (r"\b(cards?) (?:that )?you(?: have|'ve) stashed\b", r"stashed \1"),
        # 'Level up your Blood Magic book by one': one level is what Level up does
        (r"\b(levels? (?:up|down) [^,.;:]*?)\s+(?:by )?(?:one|1|a)(?: level)?"
         r"(?=\s*(?:[,.;:]|$|twice|and\b))",
         r"\1"),
        # 'draw two cards and put them in your hand': where a drawn card goes
        (r"\b(draws? [^,.;:]*?)\s*(?:,\s*|\s+and\s+)(?:and\s+)?(?:put|keep|add|place) (?:them|it) "
         r"(?:in|into) (?:your )?hand\b",
         r"\1"),
        (r"^(choose one:\s*)either\s+", r"\1"),
        (r"\bgrimoires? (?:that is|that are|which is|which are) (?:at )?level\b",
         "Grimoire at Level"),
        (r"\b(dark deeds?) (?:that )?you(?: have|'ve) (?:finished|completed)(?: so far)?\b",
         r"\1 you have completed"),
        (r"\b(dark deeds?) you (?:still )?have(?: left)?(?=\s*(?:[,.;]|$))", r"\1"),
        (r"\bor up\b", "or higher"),  # 'at level 1 or up'
        # where a discard goes is your own discard pile: saying so adds nothing
        (r"(\bdiscards?\b[^,:;]*?)\s+(?:into|in|onto|on|to) (?:(?:your|their) (?:own )?)?"
         r"(?:personal )?"
         r"(?:discard )?pile\b", r"\1"),
        # 'Draw a Dark Deed and keep it': one drawn, one kept
        (r"\bdraw (?:a|one|1) dark deed,? and keep it\b", "Draw 1 Dark Deed, keep 1"),
        # a removed card goes to the center: 'and throw it away' says so again
        (r"(\bremoves? [^,:;]*?dark deeds?),?\s+and (?:it|they) (?:goes|go) (?:to|into) the center"
         r"(?: discard pile)?$", r"\1"),
        (r"(\bremoves? [^,:;]*?dark deeds?),?\s+(?:and\s+)?(?:then\s+)?(?:(?:discard|throw away|"
         r"toss|get rid of) (?:it|them)(?: away)?|(?:throw|toss) (?:it|them) away)$", r"\1"),
        # 'Choose an opponent and level down one of their Grimoires': what they do
        (r"^(choose an opponent)(?:,?\s+and|,)\s+(?:then\s+)?(level down|discard|remove)\b",
         r"\1: they \2"),
        # 'If you show a Spell and an Item from your hand, ...': the Reveal is a requirement
        (r"^if you (?:can )?reveal (.+?)(?: from your hand)?\s*,\s*(?:then\s+)?", r"Reveal \1: "),
        # a Title said as who did it: 'Finished the most Demonology Dark Deeds'
        (r"^(?:(?:who |whoever )?(?:has|have) )?(?:finished|completed) the (most|fewest) (.+)$",
         r"\1 completed \2"),
        # 'whichever of your Dark Deeds has the fewest cards on it': a Dark Deed target
        (r"\b(?:the |your |whichever (?:one )?of your |whichever )?dark deeds? (?:that |which )?"
         r"(?:has|have|with|that's got|holding) the most cards(?: (?:on|in|stored on|added to) "
         r"(?:it|them))?", "most-cards Dark Deed"),
        (r"\b(?:the |your |whichever (?:one )?of your |whichever )?dark deeds? (?:that |which )?"
         r"(?:has|have|with|that's got|holding) the (?:fewest|least) cards(?: (?:on|in|stored on|"
         r"added to) (?:it|them))?", "fewest-cards Dark Deed"),
        # who chooses among equals is the player, as the rules say: 'if there's a tie, you pick'
        (r"(?:[.,;]\s*(?:then\s+)?)?\s*\(?(?:if (?:there's|there is|it's|it is) a tie|if tied|"
         r"on a tie),? (?:you "
         r"(?:pick|choose|decide)|your choice|pick one|choose one)\)?", ""),
        (r"\bwhichever (?:one )?of your grimoires is (?:the )?(lowest|highest)(?: right now)?\b",
         r"your \1 Grimoire"),
        (r",?\s+(?:right away|immediately)\b", ""),
        (r"^(at the (?:start|end|beginning) of (?:your|each) turn)\s*[,;]\s*", r"\1: "),
        (r"^exhaust(?: it)?\s*:", "Exhaust this card:"),
        (r"\b(reveal arcana until) you (?:find|reveal|hit|get) an? (\w+)(?: card)?\b",
         r"\1 a \2 card"),
        # 'lowers one of their Grimoires by one level': what another player does
        (r"\blowers (.+?) by (?:one|a|1) level\b", r"levels down \1"),
        (r"\braises (.+?) by (?:one|a|1) level\b", r"levels up \1"),
        # 'Each opponent draws 1, then discards 1': the same players go on acting
        (r"^(each (?:opponent|player)) ([^,;:]+?)(?:,\s*(?:and\s+)?(?:then\s+)?|\s+and\s+"
         r"(?:then\s+)?|\s+then\s+)(?=(?:adds|removes|"
         r"stashes|draws|levels|discards|reveals|takes|returns|swaps|gains)\b)",
         r"\1 \2, then \1 "),
        # what each opponent loses, said of their Dark Deeds
        (r"^remove (\w+) (?:cards? )?from each opponent's ((?:[\w-]+ )*?dark deed)\b",
         r"Each opponent removes \1 from their \2"),
        # '+2 Cards' (a deck-builder's draw)
        (r"(^|:\s*|,\s*then\s+|,\s*)\+\s*(\d+) cards?\b", r"\1Draw \2 Arcana"),
        (r"\bat least level (\w+)", r"level \1 or higher"),
        # 'Draw cards equal to the number of ...': one for each
        (r"\b(draw|stash|discard|add) (?:a number of )?(?:arcana )?cards? equal to (?:the number "
         r"of |the amount of )?(?:your )?(?=\w)", r"\1 1 for each "),
        # 'X, where X is ...': one for each of what X counts
        (r"^(.*?)\bX\b(.*?),?\s+where X is (?:equal to )?(?:the number of )?(?:your )?"
         r"(.+?)$", r"\1 1\2 for each \3"),
        # 'Reveal a Creature and a Spell': two requirements
        (r"\b(reveal (?:a |an )?(?:\w+ )?\w+(?: card)?) and (?:a |an )?(?=\w)", r"\1 + Reveal "),
        # 'Top Discard Spell or Item:': each of the two a requirement of its own
        (r"\b(top discard|reveal) (\w+) or (?:an? )?(?=\w+(?: card)?\s*[:+])", r"\1 \2 or \1 "),
        # 'Top of discard: Spell.' and 'top of discard Creature': the Top Discard requirement
        (r"\btop of (?:your )?discard(?: pile)?(?:\s*[:=-]\s*|\s+(?:is (?:an? )?)?)(\w+)\s*"
         r"(?:[.:]|,\s*(?:then\b)?)\s*",
         r"Top Discard \1: "),
        (r"(\btake the top\b[^,:]*?\b(?:pile|center discard))(?:,?\s*(?:and\s+)?(?:put|place|"
         r"add|keep) (?:it|them))?\s+(?:back\s+)?(?:in|into|to) (?:your )?hand\b",
         r"\1"),  # where Take puts it
        (r"(dark deeds?) (?:that )?you(?: have|'ve)(?: got)?(?: in play| going| out| in front "
         r"of you| on the table)?(?=\s*(?:,|$))",
         r"\1 in play"),
        # what 'Draw' takes is the top of the Arcana deck: 'from the deck' says so again
        (r"\b(draw (?:\S+ )?(?:more )?(?:arcana )?(?:cards? )?)(?:from|off) (?:the )?(?:top of "
         r"the )?(?:arcana )?deck\b", r"\1"),
        # what 'Add' takes is always the top of the Arcana deck: 'from the deck' says so again
        (r"\b(add (?:\S+ )?(?:cards? )?)from the (?:top of the )?(?:arcana )?deck\s+(?=to\b)",
         r"\1"),
        # the card's field named before the line it holds ('Title: Most stashed cards')
        (r"^(?:title|verse|prophecy verse|when completed?|bonus|condition|support|sabotage)"
         r"\s*(?::|,|\s[\u2014\u2013-])\s*", ""),  # 'Support: ...', 'Support — ...
        (r"^when completed?\s*,\s*", ""),
        (r"^(?:done|finished|completed?)\s*[!.:,]\s*", ""),  # a bonus's cheer before it
        # the top Dark Deeds looked at, one kept: what drawing Dark Deeds does
        (r"^look at (?:the top )?(\w+) dark deeds(?: from the (?:top of the )?(?:dark deed )?"
         r"deck)?,? (?:then )?(?:and )?keep (\w+)(?: of them)?"
         r"(?:,? (?:and )?(?:then )?put the (?:rest|others) (?:on|at) the bottom(?: of the "
         r"(?:dark deed )?deck)?)?$", r"Draw \1 Dark Deeds, keep \2"),
        # 'your discard pile has 3 or more cards': a count of your discard pile
        (r"\byour discard pile (?:has|holds|contains) ((?:exactly |at least |at most )?\w+"
         r"(?: or (?:more|fewer|less))?) cards\b", r"you have \1 cards in your discard pile"),
        # where a removed card goes is the center: saying so adds nothing
        (r"(\bremoves? [^,:;]*?dark deeds?)(?:,? (?:and )?(?:then )?(?:puts?|places?|throws?|"
         r"discards?) (?:it|them))? (?:in|into|on|onto|to) the center(?: discard pile)?\b",
         r"\1"),
        # a chosen opponent's Grimoire losing a level: they level it down (ruling 21)
        (r"^(?:target|an|one|choose an|pick an) opponent'?s (highest|lowest) grimoire (?:loses|"
         r"goes down|drops)(?: by)? (?:1|one|a) level\b",
         r"Choose an opponent: they level down their \1 Grimoire"),
        (r"^level down (?:an|one|target|a chosen) opponent'?s (highest|lowest) grimoire\b",
         r"Choose an opponent: they level down their \1 Grimoire"),
        # every opponent's Grimoire losing a level: each of them levels it down
        (r"^each (opponent|player)'s (highest|lowest) grimoire (?:loses|goes down|drops)(?: by)? "
         r"(?:1|one|a) level\b", r"Each \1 levels down their \2 Grimoire"),
        # the next Verse is the one still face down: saying so adds nothing
        (r"\b(?:peek|look) at the next (?:face[- ]down |hidden )?(?:prophecy )?verse(?: card)?"
         r"(?:,? (?:that(?:'s| is)|which is) (?:still )?(?:face[- ]down|hidden|unrevealed)|"
         r",? (?:that(?:'s| is)|which is) still)?",
         "Look at the next Prophecy Verse"),
        # a Title of the sum of Levels: 'Most Grimoire levels'
        (r"^(?:(?:whoever has|the player with|the player who has|who has) )?the (?:highest|"
         r"biggest|largest|greatest|most) (?:total|sum) of (?:all )?(?:their|your|the|his or "
         r"her) grimoire levels(?: added up| combined| together)?$", "Most Grimoire levels"),
        # a Title is won at the end of the game: saying so adds nothing
        (r"^((?:(?:has|have) the )?(?:most|fewest|highest|lowest)\b.*?),?\s+at (?:the end(?: of "
         r"(?:the )?game)?|game end|the game's end)$", r"\1"),
        (r"^(?:and )?also\s+(?=[a-z])", ""),  # 'Also draw a card': a reward beside another
        # who has the most of something: a Title's condition ('Most stashed cards')
        (r"^(?:you |they )?(?:have|has|had|own|owns|hold|holds)"
         r"(?: got)? the (most|fewest|highest|lowest)\b", r"\1"),
        (r"^you've (?=got\b|finished|completed|stashed)", "you have "),
        (r"^you have got\b", "you have"),
        (r"^you have (?!to\b)", "If you have "),  # a Verse's condition without its 'If'
        (r"\bcenter discard\b(?! pile)", "center discard pile"),
        # a Verse's condition written with what it pays: 'If X, you get the reward'
        (r",?\s*(?:then\s+)?you (?:get|gain|earn|receive|win|score) (?:the|this|its) "
         r"(?:reward|bonus|verse|prize)s?\s*$", ""),
        # a Title written as who wins it: 'Whoever has the most stashed cards wins this title'
        (r"^(?:the player|the person|whoever|the one)\s+(?:who\s+)?(?:has\s+|with\s+)?"
         r"(completed\s+)?the most\s+(.+?)(?:\s+at the end of the game)?(?:,?\s+(?:gets|wins|"
         r"earns|takes|receives)\s+(?:this|the)\s+title)?$", r"Most \1\2"),
    ))


#: How many of ``_FIXED`` come before the words table (up to 'centre', whose entries spell it
#: 'center'); the rest come after it.
_EARLY = 10
assert _FIXED[_EARLY - 1][0].pattern == r"\bcentre\b", "_EARLY ends at 'centre'"


#: What is done with cards looked at or revealed, in everyday words: read before the words
#: table, which would take their 'put' and 'in your hand' apart.
_LOOKED: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.I), r) for p, r in (
        # 'Draw Arcana cards until you draw a Spell. Keep it.': what 'Reveal Arcana until' does
        (r"\bdraw (?:arcana )?cards? until you (?:draw|find|reveal|hit|get) an? (\w+)(?: card)?"
         r"[.,]?\s+(?:and\s+)?(?:keep|take) it\b", r"Reveal Arcana until a \1 card, take it"),
        (r"\bif your hand is empty\b", "If you have no cards in hand"),
        # 'Their highest Grimoire loses 1 Level': the player's Level down
        (r"(^|:\s*)your (highest|lowest) grimoire (?:loses|goes down|drops)(?: by)? (?:1|one|a) "
         r"level\b", r"\1Level down your \2 Grimoire"),
        (r"(^|:\s*)your (highest|lowest) grimoire (?:gains|goes up|rises)(?: by)? (?:1|one|a) "
         r"level\b", r"\1Level up your \2 Grimoire"),
        (r"\btheir (highest|lowest) grimoire (?:loses|goes down|drops)(?: by)? (?:1|one|a) level\b",
         r"they level down their \1 Grimoire"),
        # asides that add nothing: '(then put it back)', 'face down', 'already'
        (r"\s*\((?:then |and )?(?:put|return|keep) (?:it|them) back(?: in your hand)?\)", ""),
        (r"\s+face[ -]down\b(?!\s+(?:prophecy\s+)?verse)", ""),
        (r"\s+already\b", ""),
        (r"\s+at all\b", ""),
        (r"\s+(?:to save it|to keep it|to score it|to keep|to save|to score) for "
         r"(?:points|later|the "
         r"end)\b", ""),
        (r",?\s*(?:and\s+)?you (?:don't|do not) (?:have to|need to) (?:discard|throw(?: \w+)? "
         r"away|pay|give up)[^,.;]*", ""),
        # a card taken from the top of the deck and put on a Dark Deed: what 'Add' does
        (r"\b(?:take|grab|draw|flip) the top card of the (?:arcana )?deck and (?:put|stick|place|"
         r"add|slide) it (?:on|onto|to) ", "Add 1 to "),
        (r"\b(?:pick|choose|take|grab) (?:any|a|one) card (?:from|out of) your (?:own )?discard "
         r"pile and (?:put|place|take|add) it (?:back )?(?:in|into|to) your hand\b",
         "Return a card from your discard pile to your hand"),
        (r"\b(?:pick|choose|take|grab) (?:a|one) card from your hand and (?:tuck|put|hide|slide|"
         r"place) it under your reference card\b", "Stash a card from your hand"),
        (r"\breveal (?:cards )?(?:from )?the top (?:cards? )?of the (?:arcana )?deck until you "
         r"(?:reveal|find|hit) an? (\w+(?: \w+)?) card\b", r"Reveal Arcana until a \1 card"),
        (r"\breveal (?:cards )?(?:from )?the top (?:cards? )?of the (?:arcana )?deck until you "
         r"(?:reveal|find|hit) an? (\w+(?: \w+)?)\b", r"Reveal Arcana until a \1 card"),
        (r"(\buntil an? [\w ]+? card)[.,]?\s+(?:put|take) it (?:in|into) your hand\b",
         r"\1, take it"),
        (r"(, take it),?\s+and\s+(?=discard the rest\b)", r"\1, "),
        (r"(, take it)[.,]?\s+(?:and\s+)?(?:put\s+|discard\s+)?the (?:rest|others)\s+"
         r"(?:in|into|to)\s+the center(?: discard pile)?", r"\1, discard the rest to the center"),
        (r"(\blook at the top \w+ cards?[^.,]*)[.,]?\s+(?:and\s+)?(?:put|place|take|keep)\s+"
         r"(one|two|three|\d+)\s+(?:of them\s+)?(?:in|into)\s+your hand\b", r"\1, take \2"),
        (r"(\blook at the top \w+ cards?[^.,]*)[.,]?\s+(?:and\s+)?keep\s+(one|two|three|\d+)"
         r"(?:\s+of them)?(?=,?\s+(?:and\s+)?(?:put\s+)?the (?:rest|others|other \w+)\b)",
         r"\1, take \2"),
        (r"(\blook at the top [^;]*?)[.,]?\s+(?:and\s+)?(?:put\s+)?the (?:rest|others|other \w+)\s+"
         r"(?:on|at|to)\s+the bottom(?: of the (?:arcana )?deck)?",
         r"\1, put the rest on the bottom"),
        (r"(\blook at the top [^;]*?)[.,]?\s+(?:and\s+)?(?:put\s+)?the (?:rest|others|other \w+)\s+"
         r"back(?: on top)?(?: in any order)?", r"\1, put the rest back in any order"),
        (r"(\blook at the top [^;]*?)[.,]?\s+(?:and\s+)?(?:discard|throw away)\s+the "
         r"(?:rest|others|other \w+)\b", r"\1, discard the rest"),
    ))


def _expand(template: str) -> Callable[[re.Match[str]], str]:
    return lambda match: match.expand(template)


def normalise(text: str, vocab: Vocabulary) -> Text:
    """The line with its everyday words and fixed shapes mapped to the language's."""
    line = Text.of(text.strip())
    for pattern, repl in (*_FIXED[:_EARLY], *_LOOKED):
        line = line.sub(pattern, _expand(repl))
    words = table(vocab)
    preamble = _preambles(words)
    for _ in range(3):  # 'When you play this, you may ...'
        if preamble is None:
            break
        before = line.text
        line = line.sub(preamble, lambda m: m.group(1))
        if line.text == before:
            break
    line = _map_words(line, words)
    for pattern, repl in _FIXED[_EARLY:]:
        line = line.sub(pattern, _expand(repl))
    for pattern, rewrite in _named_shapes(vocab.grimoires):
        line = line.sub(pattern, rewrite)
    names = "|".join(re.escape(g) for g in vocab.grimoires)
    line = line.sub(re.compile(rf"((?:(?:{names})\s+)?)(dark deeds?) (?:that )?you(?: have|'ve) "
                               r"completed", re.I), lambda m: f"completed {m.group(1)}{m.group(2)}")
    line = line.sub(re.compile(r"^for each (.+?),\s*(.+)$", re.I),
                    lambda m: f"{m.group(2)} for each {m.group(1)}")
    return line.sub(re.compile(r"^\s+"), lambda m: "")


@cache
def _named_shapes(grimoires: tuple[str, ...]
                  ) -> tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...]:
    """The fixed shapes that name the pack's Grimoires or count them, made once a pack:
    'Demonology 4:', 'If you have Demonology at level 3' and 'Your Demonology is level 3',
    'If you have a level 5 Grimoire', 'for each Necromancy level', 'If all your Grimoires
    are level 2 or higher'; and a discard 'into the middle pile'."""
    names = "|".join(re.escape(g) for g in grimoires)
    every = len(grimoires)
    shapes: tuple[tuple[str, Callable[[re.Match[str]], str]], ...] = (
        # 'Necromancy 2 — Add ...', 'Blood Magic 3+: ...': a Level before what it allows
        # (the dash is a comma by now; 'N+' is 'N or higher', as a bare Level is, ruling 19)
        (rf"^({names}) (?:level |lvl )?(\d+)\s*\+?\s*[,:]\s*(?=(?:{_verbs()})\b|\+)(?![^:]*:)",
         lambda m: f"{m.group(1)} Level {m.group(2)}: "),
        (rf"(^|[,+]\s*|\band\s+)({names}) (\d+)(?=\s*(?:[:,+]|and\b))",
         lambda m: f"{m.group(1)}{m.group(2)} Level {m.group(3)}"),
        (rf"(?:\bif you (?:have|control) (?:a |an |your )?|\bif your |^your )({names})"
         r"(?: grimoire)? (?:(?:of|at) |is (?:at )?)(exactly )?(?:at )?level\b",
         lambda m: f"If your {m.group(1)} is {m.group(2) or ''}Level"),
        # 'If your Blood Magic level is exactly 2': the Level of a Grimoire, named first
        (rf"\b(if |^)your ({names})(?: grimoire)?'?s? level is (?:at )?(exactly )?(\d+)\b",
         lambda m: f"{m.group(1)}your {m.group(2)} is {m.group(3) or ''}Level {m.group(4)}"),
        # a Title of one Grimoire's Level: 'Has the highest Blood Magic book'
        (rf"^(?:the )?highest ({names})(?: grimoire)?(?: level)?$",
         lambda m: f"Highest {m.group(1)} level"),
        (r"\bif you (?:have|control) (?:a|an|one|any) (?:level|lvl) (\d+)(?: or higher)? "
         r"grimoire\b",
         lambda m: f"If you have 1 or more Grimoires at Level {m.group(1)} or higher"),
        (r"(\bdiscards?\b[^,:;]*?)\s+(?:into|in|onto|on) the (?:center discard pile|center|"
         r"middle(?: pile)?)\b", lambda m: f"{m.group(1)} to the center"),
        (rf"\bfor each (?:level of )?(?:your )?({names}) (?:grimoire )?level\b",
         lambda m: f"for each level of your {m.group(1)} Grimoire"),
        (r"^(?:if )?(?:each of|all(?: \w+)? of|all(?: \w+)?|every one of) (?:your )?grimoires "
         r"(?:(?:is|are) )?(?:at )?(?:level )?(\w+) or (?:higher|more)",
         lambda m: f"If you have {every} or more Grimoires at Level {m.group(1)} or higher"),
        # 'Add a card to a Dark Deed, but only one that matches Blood Magic'
        (rf"\b(add \w+(?: cards?)?) to (?:a|any|one of your) dark deeds?,? but only (?:one|a "
         rf"dark deed|to one) (?:that matches|matching|of) ({names})\b",
         lambda m: f"{m.group(1)} to a {m.group(2)} Dark Deed"),
        # 'Your Demonology book jumps up two levels at once': Level up, twice
        (rf"^(?:your )?({names})(?: book| grimoire)? (?:jumps|goes|moves|rises|levels) up "
         r"(two|2|one|1|a) levels?(?: at once)?",
         lambda m: f"Level up {m.group(1)}" + (" twice" if m.group(2) in ("two", "2") else "")),
        # 'Each player draws a card, but you draw two': the others do the first, you the second
        (r"^each player (\w+) ([^,]+?),? (?:but|while) you (\w+) (.+?)(?: instead)?$",
         _but_you),
        (r"^each player (\w+) ([^,]+?),? then you (\w+) (.+?) instead$", _but_you),
        # 'Each player draws a card. You draw two.': 'then you draw' is the card's own player
        (r"(,\s*then\s+)you\s+(?=(?:draw|discard|stash|add|remove|level|take|return|swap|"
         r"look|gain|reveal)\b)", lambda m: m.group(1)),
        # 'Your Demonology book has to be level 4 or higher: ...': a Level requirement
        (rf"^your ({names})(?: grimoire)? (?:has to|must|needs to) be (?:at )?(?:level )?(\d+)"
         r"(?: or (?:higher|more|above))?\s*[:,]\s*(?:then\s+)?",
         lambda m: f"{m.group(1)} Level {m.group(2)}: "),
        (rf"\bto one ({names}) dark deed\b", lambda m: f"to a {m.group(1)} Dark Deed"),
        # 'Remove a card from an opponent's Dark Deed': a chosen opponent's (ruling 21)
        (r"^(add|remove) (?:the top card|the top|a card|one card|(\w+)(?: cards?)?) (to|from) an "
         r"opponent's ((?:highest-points|lowest-points|most-cards|fewest-cards) )?dark deed\b",
         lambda m: f"Choose an opponent: they {m.group(1).lower()} {m.group(2) or '1'} "
                   f"{m.group(3).lower()} {m.group(4) or 'any '}Dark Deed"),
        # all at N or lower: none at N + 1 or higher
        (r"^(?:if )?(?:each of|all(?: \w+)? of|all(?: \w+)?|every one of) (?:your )?grimoires "
         r"(?:(?:is|are) )?(?:at )?(?:level )?(\d) or (?:lower|less|below)",
         lambda m: f"If you have exactly 0 Grimoires at Level {int(m.group(1)) + 1} or higher"),
    )
    return tuple((re.compile(pattern, re.I), repl) for pattern, repl in shapes)


def _but_you(m: re.Match[str]) -> str:
    """'Each player draws a card, but you draw two': each opponent does the first and you the
    second, when both name the same action (else the line as it was)."""
    third, first = m.group(1).lower(), m.group(3).lower()
    if third not in (first + "s", first + "es"):
        return m.group(0)
    return f"Each opponent {m.group(1)} {m.group(2)}, then {first.capitalize()} {m.group(4)}"


# ------------------------------------------------------------------ shapes with choices
def _verbs() -> str:
    words = {v.words.split()[0].lower() for v in ast.VERBS.values()}
    words |= {v.third.lower() for v in ast.VERBS.values()}
    return "|".join(sorted(words | {"each", "choose"}))


def _if_comma(line: Text) -> Iterator[Text]:
    """'If X, Y': 'If X: Y', and 'X: Y' for a requirement the grammar writes without 'If'."""
    if not line.text.lower().startswith("if "):
        return
    for match in re.finditer(r",\s*(?:then\s+)?", line.text):
        head = line.splice(match.start(), match.end(), ": ")
        yield head
        yield head.splice(0, 3, "")


def _if_after(line: Text) -> Iterator[Text]:
    """'Draw 2 Arcana if your Necromancy is Level 3': the condition first."""
    match = re.search(r",?\s+(if\s+.+)$", line.text, re.I)
    if match and match.start() > 0:
        cond = line.splice(0, match.start(1), "")
        act = line.splice(match.start(), len(line.text), "")
        yield Text(f"{cond.text}: {act.text}",
                   cond.origin[:-1] + (cond.origin[-1],) * 2 + act.origin)


def _colon_cost(line: Text) -> Iterator[Text]:
    """'Discard a card: Draw 2': a price before what it buys (ruling 17)."""
    at = line.text.find(":")
    if at > 0 and not line.text.lower().startswith(("choose", "pick", "either")):
        yield line.sub(re.compile(r"\s*:\s*"), lambda m: ", then ", count=1)


def _choice_list(line: Text) -> Iterator[Text]:
    """'Choose one: A, B, or C': the options joined with 'or'."""
    if not re.search(r"\b(choose one|either)\b", line.text, re.I):
        yield line.sub(re.compile(rf",\s*or\s+(?=(?:{_verbs()})\b)", re.I), lambda m: " or ")
        return
    yield line.sub(re.compile(rf",\s*(?:or\s+)?(?=(?:{_verbs()})\b)|;\s*(?:or\s+)?", re.I),
                   lambda m: " or ")


def _joins(line: Text) -> Iterator[Text]:
    """Actions joined with 'and' or a bare ',' (not in a choice): ', then'."""
    if re.search(r"\b(choose one|either)\b", line.text, re.I):
        return
    yield line.sub(re.compile(rf"(?:\s+and\s+|,\s*)(?=(?:{_verbs()})\b)", re.I),
                   lambda m: ", then ")


def _chosen(line: Text) -> Iterator[Text]:
    """'An opponent discards 1' (ruling 21): 'Choose an opponent: they discard 1'; and
    'Choose an opponent. They discard 1', the choice and what they do as two sentences."""
    yield _they(line.sub(re.compile(r"\b(choose an opponent)(?:,\s*then\s+|[,;]\s*|\s+)(they)\b",
                                    re.I), lambda m: "Choose an opponent: they"))
    yield _they(line.sub(re.compile(
        r"(?:^|(?<=: ))(?:another player|an opponent|one opponent|target opponent|"
        r"a chosen opponent|an opponent of your choice|one other player)\s+(?!'s)", re.I),
        lambda m: "Choose an opponent: they "))


def _they(line: Text) -> Text:
    """'they discards 1' of 'An opponent discards 1': the verb as 'they' takes it."""
    thirds = {v.third.lower(): v.words.split()[0].lower() for v in ast.VERBS.values()}
    thirds |= {"lowers": "lower", "raises": "raise", "loses": "lose", "has": "have"}
    return line.sub(re.compile(r"(?<=\bthey )(\w+)", re.I),
                    lambda m: thirds.get(m.group(1).lower()))


def _requirements_joined(line: Text) -> Iterator[Text]:
    """'Grimoire Level 4, Top Discard Creature: ...' or '... and ...': requirements before
    the colon joined with a comma or 'and', which the language joins with '+'."""
    at = line.text.find(":")
    head = line.text[:at]
    if at > 0 and re.search(r",|\band\b", head) and not re.match(r"\s*(?:choose|pick|either)\b",
                                                                  head, re.I):
        yield line.sub(re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+"),
                       lambda m: " + " if m.start() < at else None)


def _reveal_price(line: Text) -> Iterator[Text]:
    """'Reveal an Item to draw 2' and 'Reveal an Item, then draw 2': a Reveal is a
    requirement, shown before what it allows (the card stays in hand)."""
    yield line.sub(re.compile(rf"^(reveal\b[^:]*?)(?:\s+to|,\s*then|,?\s+and(?: then)?)\s+"
                              rf"(?=(?:{_verbs()})\b)",
                              re.I), lambda m: m.group(1) + ": ", count=1)


def _requirement_then_price(line: Text) -> Iterator[Text]:
    """'Demonology Level 2, Discard a card: Add 1 to any Dark Deed': a requirement, then a
    price before what it buys (ruling 17)."""
    match = re.match(r"^([^,:]+?),\s*((?:discard|reveal)\b[^:]*?)\s*:\s*", line.text, re.I)
    if match:
        head = line.splice(match.end(1), match.start(2), ": ")
        at = head.text.find(":", match.end(1) + 2)
        if at > 0:
            yield head.splice(at, at + 1, ", then")


SHAPES = (_choice_list, _joins, _if_comma, _if_after, _colon_cost, _chosen, _requirements_joined,
          _reveal_price, _requirement_then_price)


def candidates(line: Text) -> list[Text]:
    """The line, and the line in each shape that may split it another way."""
    found = {line.text: line}
    for shape in SHAPES:
        for known in list(found.values()):
            for new in shape(known):
                if len(found) < MOST_CANDIDATES:
                    found.setdefault(new.text, new)
    return list(found.values())


# ------------------------------------------------------------------ reading
def mend(text: str, vocab: Vocabulary, problem: Exception, parsers: Parsers
         ) -> tuple[ast.Line, str]:
    """The one line ``text`` means and its note, or the DslError that says why not."""
    refused = refusal(text, vocab, parsers)
    if refused is not None:
        raise refused
    line = normalise(text, vocab)
    meanings: dict[str, ast.Line] = {}
    said: DslError | None = None  # what a reading's own words got wrong, named by the parser
    for cand in candidates(line):
        if cand.text == text:
            continue
        try:
            node = parsers.strict(cand.text, vocab)
        except UnexpectedInput:
            continue
        except DslError as error:  # a name unknown, or an action no subject can take
            if said is None and cand is not line and not _UNNAMED.match(error.message):
                said = DslError(error.message, column=cand.column(error.column),
                                length=error.length, source=text, hint=error.hint)
            continue
        meanings.setdefault(to_text(node), node)
    if len(meanings) == 1:
        canonical, node = next(iter(meanings.items()))
        return node, f"reads as '{canonical}'"
    if len(meanings) > 1:
        first, second = list(meanings)[:2]
        raise DslError("this line can be read two ways", column=1, length=len(text),
                       source=text, hint=f"write '{first}' or '{second}', whichever you mean")
    refused = refusal(text, vocab, parsers, late=True)
    if refused is not None:
        raise refused
    center = _CENTER_CARD.search(line.text)
    if center is not None:
        raise DslError("only the top cards of the center discard pile can be taken",
                       column=line.column(center.start() + 1), source=text,
                       length=max(1, line.column(center.end()) - line.column(center.start())),
                       hint="it has no choosing a card from the center discard pile: 'Take the top "
                       "card of the center discard pile' puts its top card in your hand and "
                       "'Stash the top card of the center discard pile' stashes it")
    if said is not None and _SUBJECT.match(said.message):
        raise said
    if line.text == text.strip() or not line.text:
        raise honest(parsers.explain(problem, text, vocab), Text.of(text), text, vocab, parsers)
    return _explained(line, text, vocab, parsers)


#: The parser's word on a reading whose actions no subject can take as written: what the
#: line means to say, so it is said before the line's own grammar error.
_SUBJECT = re.compile(r"'[^']+' reads as what |'(?:Each|Choose) [^']*' cannot be followed")

#: A card of the center discard pile that is not its top one: the pile is not searched.
_CENTER_CARD = re.compile(r"\b(?:a|an|one|\d+) (?:\w+ )?cards? (?:from|of|off) the center "
                          r"discard pile", re.I)


def _explained(line: Text, text: str, vocab: Vocabulary, parsers: Parsers
               ) -> tuple[ast.Line, str]:
    """The error of the rewritten line, placed in the line as written."""
    try:
        node = parsers.exact(line.text, vocab)
    except DslError as error:
        raise honest(error, line, text, vocab, parsers) from None
    return node, ""


# ------------------------------------------------------------------ refusals
@dataclass(frozen=True)
class Refusal:
    """A kind of line refused whatever its words: what to say, and how to fix it."""

    pattern: re.Pattern[str]
    message: str
    hint: str
    late: bool = False  # said only when no reading of the line parses ('put it' may be 'take it')
    #: said only when the words before its clause read as a line: else what is wrong is
    #: there ('Take a card from an opponent's Dark Deed and add it ...': the taking)
    head: bool = False


def _r(pattern: str, message: str, hint: str) -> Refusal:
    return Refusal(re.compile(pattern, re.I), message, hint)


def _late(pattern: str, message: str, hint: str) -> Refusal:
    return Refusal(re.compile(pattern, re.I), message, hint, late=True)


#: Counts with no number: two meanings (or more), so the line asks for the number.
VAGUE = re.compile(r"(?<![\w'])(a few|few|some|several|a couple of|a couple|a number of|"
                   r"a bunch of|many|lots of|a lot of|multiple)(?![\w'])", re.I)

REFUSALS: tuple[Refusal, ...] = (
    _r(r"\b(?:that|as) many\b",
       "the rules language has no 'that many': a count is a number written on the card",
       "it cannot count what an action of the line did; a fixed number is all it has "
       "('Discard 2 to Draw 2 Arcana')"),
    _r(r"^\s*(?:whenever|each time|every time|while|as long as)\b|\bwhenever\b",
       "the rules language has no trigger while in play: a card in play acts at the start "
       "or the end of your turn, or when exhausted",
       "it cannot wait for something to happen; the moments it has are 'At the start of your "
       "turn:', 'At the end of your turn:' and 'Exhaust this card:'"),
    _r(r"^\s*(?:for the rest of (?:this|the) (?:round|turn|game)|until the end of "
       r"(?:this|the|your) (?:round|turn|game))\b",
       "the rules language has no effect that lasts: each line happens once, as its card "
       "is played, or at a moment of a card in play",
       "write 'At the start of your turn: Draw 1 Arcana' on a card that stays in play"),
    _r(r"^\s*(?:the player|whoever)\b.{0,80}?\bthe most\b.{0,80}?\b(?:gets?|wins?|earns?|"
       r"takes?|scores?)\b.{0,80}?\bpoints?\b",
       "a Title's points are its card's points field, not part of its line",
       "write the condition alone, as in 'Most stashed cards', and the points in the "
       "card's points field"),
    _r(r"\b(?:draw|draws)\b[^,.;:]{0,30}?\buntil (?:you have|you hold|your hand has|they have)\b",
       "the rules language has no drawing up to a hand size: a count is how many cards move, "
       "not how many are held after", "write how many are drawn, as in 'Draw 2 Arcana'"),
    _r(r"\b(?:put|puts|add|adds|place|places)\b[^,:]{0,60}?\b(?:from|of) (?:your|their|the) "
       r"(?:own )?(?:discard pile|center discard pile|pile in the middle|middle pile)\b[^,:]{0,60}?"
       r"\b(?:on|onto|to)\b[^,:]{0,60}?\bdark deeds?\b",
       "a card added to a Dark Deed comes from the top of the Arcana deck: the rules "
       "language has no adding from a discard pile",
       "'Add 1 to any Dark Deed' stores the top card of the Arcana deck; the top card of a "
       "discard pile can be taken ('Take the top card of your discard pile') or stashed ('Stash "
       "the top card of your discard pile')"),
    _r(r"\b(?:put|puts|add|adds|place|places)\b[^,:]{0,60}?\bfrom (?:your|their) hand\b"
       r"[^,:]{0,60}?\b(?:on|onto|to)\b[^,:]{0,60}?\bdark deeds?\b",
       "a card added to a Dark Deed comes from the top of the Arcana deck: the rules "
       "language has no adding from a hand",
       "it has no way to put a card from a hand on a Dark Deed: 'Add' always stores the top "
       "card of the Arcana deck; a card from your hand can be stashed or discarded"),
    _late(r"[,.;]\s*if (?:it|they|that card|the card|those cards)(?:'s| is| are| was| were)\b",
       "the rules language has no condition on a card the line has just moved ('if it is'): a "
       "condition comes first and checks what is already in place",
       "it checks only what is in place before the line's actions: the top of your discard "
       "pile, a card you reveal, your Grimoires and your counts ('Top Discard Creature: Draw 1 "
       "Arcana')"),
    Refusal(re.compile(
        r"\b(?:put|puts|place|places|add|adds|stash|stashes|discard|discards|throw|throws|"
        r"show|shows|reveal|reveals)\s+(?:it|them)\b(?!\s+back\b)", re.I),
        "'it' names a card the line moved before: in the rules language each action says "
        "which cards it takes ('Add' always takes the Arcana deck's top cards)",
        "write each action with its own cards, as in 'Stash a card from your hand' or 'Add 1 "
        "to any Dark Deed'", late=True, head=True),
    _r(r"\b(?:discard|discards|throw|throws|stash|stashes)\b[^,.;:]{0,40}?\bdown to "
       r"(?:\d+|one|two|three|four|five|six|seven)\b",
       "the rules language has no 'down to N': a count is how many cards move, not how many "
       "are left", "it cannot discard to a hand size; the hand limit is the rules' own "
       "(rules.hand_limit), and a card discards a fixed number ('Discard 2')"),
    _r(r"\b(?:discard|discards|throw away|throws away|stash|stashes)\s+(?:your|their)\s+"
       r"(?:whole |entire )?hand\b|\ball (?:of )?(?:the )?cards in (?:your|their) hand\b",
       "the rules language has no whole hand as a count: a count is a number written on the "
       "card", "write the number, as in 'Discard 2' or 'Discard 2 to Draw 2 Arcana'"),
    _r(r"\bdark deeds? discard(?: pile)?\b|\bdiscarded dark deeds?\b",
       "the rules language has no taking of a discarded Dark Deed",
       "Dark Deeds come only from the Dark Deed deck, drawn three at a time with one kept "
       "('Draw 3 Dark Deeds, keep 1')"),
    _r(r"\b(?:stash|stashes|return|returns|put|puts|place|places|discard|discards|take|"
       r"takes|shuffle|shuffles|tuck|tucks|move|moves)\s+this card\b(?!\s*:)",
       "an effect never moves the card it is printed on: once its effects are done, a played "
       "card goes to its owner's discard pile",
       "the rules language has no action on the card being played; a card that stays in "
       "front of you is one whose line starts with its moment ('At the start of your turn:')"),
    _r(r"\b(?:each|every|all)(?: other)? (?:opponents?|players?) (?:with|who has|who have|"
       r"whose)\b",
       "the rules language has no condition on each opponent: a requirement checks the "
       "card's own player, before the line's actions",
       "'Each opponent discards 1' makes every opponent act, whatever they have"),
    _r(r"\bsearch(?:es)?(?: through)? (?:the )?(?:center|middle)",
       "the rules language has no searching the center discard pile: only its top card can "
       "be taken",
       "'Take the top card of the center discard pile' takes its top card; your own discard "
       "pile can be searched ('Return a card from your discard pile to your hand')"),
    _r(r"[.,;]\s*(?:and\s+)?(?:it is |it's )?redraw(?:n)?(?: it)? (?:in|at|from) round \w+"
       r"\s*\.?$",
       "'Redraw in Round N' is the Hireling's redraw mark, a field of the card, not part of "
       "its effect", "write the effect alone, and 'redraw: true' on the Hireling"),
    _r(r"^\s*(?:each player|every player|all players|everybody|everyone)\b[^.;:]*?,?\s+and "
       r"(?:then )?you\b",
       "this line can be read two ways: 'and you' may mean you do the first action too, or "
       "only the second",
       "write 'Each opponent draws 1 Arcana, then Draw 2 Arcana' for the others and then you, "
       "or 'Each player draws 1 Arcana, then Draw 2 Arcana' for everyone and then you again"),
    _r(r"^(?!.*\b(?:each|all|every|everyone|everybody|players|opponents)\b[^:]*?\b(?:lower|knock|"
       r"drop|level down|move)\b).*?(?<!they )(?<!they must )(?<!they have to )"
       r"\b(?:lower|knock|drop|"
       r"level down|move)\b"
       r"[^,.;:]{0,30}?\b(?:an opponent's|another player's|target opponent's|your opponent's|"
       r"one of their|one of another player's) (?:grimoires?|books?)\b",
       "the rules language has no choosing which of an opponent's Grimoires goes down: the "
       "chosen opponent picks it, or it is their highest or lowest",
       "write 'Choose an opponent: they level down any Grimoire' for one they pick, or "
       "'Choose an opponent: they level down their highest Grimoire'"),
    _r(r"^\s*keep this(?: card)? (?:in front of you|in play|on the table)",
       "'keep this card in play' is not a line of its own: a card stays in play when one of "
       "its lines starts with its moment",
       "write 'At the start of your turn: Draw 1 Arcana' or 'Exhaust this card: Draw 1 "
       "Arcana'"),
)


def refusal(text: str, vocab: Vocabulary, parsers: Parsers, late: bool = False
            ) -> DslError | None:
    """The refusal of a line that has no meaning the language can say, or two (``late``:
    the refusals said only once no reading of the line parses)."""
    for kind in REFUSALS:
        if kind.late != late:
            continue
        found = kind.pattern.search(text)
        if found is not None and kind.head:
            head = re.sub(r"(?:[\s,.;:]|\band\b|\bthen\b)+$", "", text[:found.start()],
                          flags=re.I)
            if head and not _reading(head, vocab, parsers):
                continue  # the words before it are at fault: the grammar's error names them
        if found is not None:
            return DslError(kind.message, column=found.start() + 1,
                            length=max(1, len(found.group().strip())), source=text,
                            hint=kind.hint)
    if late:
        return None
    vague = VAGUE.search(text)
    if vague is not None:
        return _vague(text, vague, vocab, parsers)
    if re.match(r"^\s*if you do\b", text, re.I):
        return _if_you_do(text, vocab, parsers)
    return None


def _vague(text: str, vague: re.Match[str], vocab: Vocabulary, parsers: Parsers
           ) -> DslError:
    """'Draw a few cards': how many? The hint writes the line with a number, if it reads."""
    word = vague.group()
    hint = "write the number in its place"
    example = text[:vague.start()] + "2" + text[vague.end():]
    if not VAGUE.search(example):
        line = _reading(example, vocab, parsers)
        if line:
            hint = f"write the number in its place, as in '{line}'"
    return DslError(f"'{word}' does not say how many", column=vague.start() + 1,
                    length=len(word), source=text, hint=hint)


def _if_you_do(text: str, vocab: Vocabulary, parsers: Parsers) -> DslError:
    """'If you do, draw 2' alone: what was done belongs on the same line, first."""
    rest = re.sub(r"^\s*if you do\b,?\s*", "", text, flags=re.I)
    line = _reading(rest, vocab, parsers) if rest else ""
    hint = "write the price first on the same line, joined with 'to', as in 'Discard 1 to " \
        "Draw 2 Arcana'"
    if line and not line.startswith(("Choose", "Each", "If", "In round")):
        paid = _reading(f"Discard 1, then {line}", vocab, parsers)
        if paid:
            hint = f"write the price first on the same line, joined with 'to', as in '{paid}'"
    return DslError("'If you do' needs what was done, on the same line before it", column=1,
                    length=len("if you do"), source=text, hint=hint)


def _reading(text: str, vocab: Vocabulary, parsers: Parsers) -> str:
    """The canonical text ``text`` is read as, or '' when it is not read."""
    try:
        return to_text(parsers.whole(text, vocab))
    except DslError:
        return ""


# ------------------------------------------------------------------ honest refusals
#: The mended line a hint offers ("write '...' or '...'") or a message names ("the nearest
#: is '...'"); an example the hint gives for something else ("as in") is not one.
_QUOTED = re.compile(r"(?:^write|^write '[^']+' or|nearest is) '([A-Z][^']*)'")
#: Messages that name no mistake: only where the grammar stopped.
_UNNAMED = re.compile(r"^(?:unexpected |the line ends too soon|unknown word )")
#: Hints that only list the grammar's next tokens or how a line starts: they name nothing.
_BARE = re.compile(r"^(?:expected |a line starts with )")


def honest(error: DslError, line: Text, text: str, vocab: Vocabulary, parsers: Parsers
           ) -> DslError:
    """The grammar's error for a line the reading could not mend, made honest: a hint that
    quotes a line keeps the line's actions and numbers, or it is not offered; an error that
    names nothing ('unexpected ...', 'expected ...') says which words the language has no
    words for and how far it reads the line. ``error`` is placed in ``line``; what comes
    back is placed in ``text``, the line as written."""
    quoted = _QUOTED.findall(error.message) + _QUOTED.findall(error.hint)
    bare = not error.hint or bool(_BARE.match(error.hint))
    keeps = all(same_intent(q, line.text, vocab) for q in quoted)
    named = not _UNNAMED.match(error.message) and not _QUOTED.search(error.message)
    ends = error.message == "the line ends too soon" and error.hint.count("'") <= 6
    kept = all(keeps_meaning(q, line.text) and (_actions(q) & _actions(line.text)
                                                 or not _actions(line.text) or not _actions(q))
               and ((_actions(q) <= _actions(line.text) or not _actions(line.text))
                    and _numbers(q) <= _numbers(line.text) | {"1"}
                    or line.text.rstrip(" .") in q)  # the line, with what it lacks put in
               for q in quoted)  # an example of other actions or counts is no example (it
    # reads as the line to write); one of a requirement alone is ('If your Necromancy is
    # Level 1 or lower')
    if _curated(error.message, line.text, vocab) or (not bare and (keeps or named and kept)) \
            or ends:
        # the table's line says the same; a mended line keeps the line's meaning; the message
        # names the mistake itself; or the few words a line that stops too soon lacks
        out = error
    else:
        out = _lacking(error, line, text, vocab, parsers)
    if out is error:
        out = DslError(error.message, column=line.column(error.column), length=error.length,
                       source=text, hint=error.hint)
    return out


def _curated(message: str, written: str, vocab: Vocabulary) -> bool:
    """Whether a message names the nearest line of a word the intents table maps to a line
    that says the same ('Recover': 'Return a card from your discard pile to your hand'): the
    line, with the word read as the verb it stands for, has the nearest line's actions."""
    from prophecy.dsl.intents import intent_of  # read on the first refusal

    said = re.match(r"'([^']+)' is not in the rules language; the nearest is '([^']+)'$",
                    message)
    found = intent_of(said.group(1)) if said else None
    if said is None or found is None or found.lacks:
        return False
    verb = found.instead or found.nearest.split(",")[0].split(" until ")[0]
    verb = " ".join(verb.split()[:2]) if verb.startswith(("Reveal Arcana", "Level", "Look")) \
        else verb.split()[0]
    at_start = re.search(rf"(?:^|[:,]\s*|\bthen\s+|\b(?:they|opponent|player)\s+)"
                         rf"{re.escape(said.group(1))}\b", written, re.I)
    as_verb = written[:at_start.end() - len(said.group(1))] + verb + written[at_start.end():] \
        if at_start else written
    quoted = said.group(2)
    leads = not at_start or quoted.lower().startswith(verb.lower())  # the word's verb leads
    counts = _numbers(as_verb) - {"1"} <= _numbers(quoted)  # 'by two levels' is not one
    return bool(_actions(as_verb)) and _actions(as_verb) <= _actions(quoted) and leads and \
        counts and \
        _words(as_verb, _MEANING) <= _words(quoted, _MEANING)


_ACTION = re.compile(r"\b(level (?:up|down)|levels (?:up|down)|look at|looks at|reveal arcana|"
                     r"add|adds|remove|removes|stash|stashes|draw|draws|discard|discards|"
                     r"reveal|reveals|take|takes|return|returns|swap|swaps|gain|gains|scheme|"
                     r"schemes)\b", re.I)


def _actions(text: str) -> set[str]:
    """The actions a line names, by the language's verbs ('level up' and 'level down' apart)."""
    found = set()
    for match in _ACTION.finditer(text):
        word = match.group(1).lower()
        word = re.sub(r"^(level|look)s\b", r"\1", word)
        word = word[:-2] if word.endswith(("shes", "ches")) else word
        found.add(word.rstrip("s") if word not in ("discards",) else "discard")
    return found


_NUMBER_WORDS = {"a": "1", "an": "1", "one": "1", "another": "1", "two": "2", "three": "3",
                 "four": "4", "five": "5", "six": "6", "twice": "2", "both": "2"}


def _numbers(text: str) -> set[str]:
    found = set(re.findall(r"\b\d+\b", text))
    found |= {_NUMBER_WORDS[w.lower()] for w in re.findall(r"\b[a-z]+\b", text, re.I)
              if w.lower() in _NUMBER_WORDS}
    return found


def same_intent(quoted: str, written: str, vocab: Vocabulary) -> bool:
    """Whether a line a hint quotes says what ``written`` (the line as the words table
    reads it) is about: the same actions, and no number the line does not have."""
    numbers = _numbers(written) | {"1"}
    names = {n.lower() for n in (*vocab.grimoires, *vocab.card_types)}
    kept = all(_words(q, names) >= _words(written, names) for q in (quoted,))
    meaning = _words(written, _MEANING) <= _words(quoted, _MEANING)
    return _actions(quoted) == _actions(written) and _numbers(quoted) <= numbers and kept \
        and meaning


def keeps_meaning(quoted: str, written: str) -> bool:
    """Whether a line a hint quotes keeps the counts of ``written`` and the words that
    change what it is about (``_MEANING``), though it may leave out what the message says
    the language lacks ('Stash a card from your hand' for 'Stash a Creature card from the
    Arcana deck') or add to it (an example of the form)."""
    return _words(written, _MEANING) <= _words(quoted, _MEANING) and \
        _numbers(written) - {"1"} <= _numbers(quoted)


#: Words that change what a line is about: a hint that drops one says something else.
_MEANING = frozenset({"other", "another", "not", "no", "except", "opponent", "opponents", "may",
                      "their", "each", "every", "all", "exactly", "lower", "fewest", "least",
                      "center", "stashed", "completed"})


def _words(text: str, among: frozenset[str] | set[str]) -> set[str]:
    """Which of ``among`` (single words or names of several) ``text`` has, in any casing."""
    lower = f" {re.sub(r'[^a-z0-9]+', ' ', text.lower())} "
    return {w for w in among if f" {w} " in lower}


def _lacking(error: DslError, line: Text, text: str, vocab: Vocabulary, parsers: Parsers
             ) -> DslError:
    """What the language has no words for: from the word at fault to the end of its clause
    (as written), a word of the intents table with what it lacks, and how far it reads."""
    from prophecy.dsl.intents import LACKS_HINT, intent_of  # read on the first refusal

    at = max(0, min(error.column - 1, len(line.text)))
    start = line.column(at + 1) - 1
    prefix = _longest_reading(line, at, vocab, parsers)
    far = f"it reads the line as far as '{prefix}'" if prefix else ""
    for match in unknown_words(line.text, vocab):
        found = intent_of(match.group())
        if found is not None and found.lacks:
            column = line.column(match.start() + 1)
            return DslError(f"'{match.group()}' is not in the rules language: {found.why}",
                            column=column, length=len(match.group()), source=text,
                            hint=far or LACKS_HINT)
    lead = _ACTION_START.match(line.text) if start == 0 else None
    if lead is not None and lead.end() < len(line.text.rstrip(" .")):
        # a line that starts with a verb of the language: what follows the verb is at fault
        at = lead.end() + len(line.text[lead.end():]) - len(line.text[lead.end():].lstrip())
        start = line.column(at + 1) - 1
    fragment = _clause(text, start)
    where = _NONE_SAYS if start == 0 else _verb_forms(line.text[:at]) or _MIDDLE
    first = re.match(r"[A-Za-z]+", text.lstrip())
    known = {n.split()[0].lower() for n in vocab.grimoires} | \
        {w.split()[0] for w, _, _ in table(vocab)}
    if start == 0 and first is not None and not _STARTS.match(line.text) \
            and first.group().lower() not in known:
        # a line that opens with a word no line opens with: that word, and what lines do
        where = (f"no line starts with '{first.group()}': a line does one of the language's "
                 f"actions ({_VERB_LIST}), or first says what it needs ('If you have 2 or more "
                 "stashed cards:', 'Necromancy Level 2:', 'Reveal Spell:'); docs/dsl.md ('What "
                 "the language reads') lists its lines")
    if not fragment:
        return DslError("the line ends before it says what happens", column=start + 1,
                        source=text, hint=far or where)
    return DslError(f"the rules language has no words for '{fragment}'", column=start + 1,
                    length=len(fragment.rstrip(".")), source=text, hint=far or where)


#: How a line of the language may start besides a grimoire's name: a verb, a requirement,
#: a choice, a moment, a Title's word, or a word an intent or the words table reads.
_STARTS = re.compile(rf"\s*(?:{_verbs()}|level|look|if|in|top|at|exhaust|most|fewest|"
                     r"highest|lowest|grimoire|the|your|you|they|an?|one|target|another|every|"
                     r"all|whoever|players?|opponents?)\b", re.I)
_VERB_LIST = ", ".join(dict.fromkeys(v.words for v in ast.VERBS.values()))


#: What a refusal says of words nothing in the language reads: the honest way on, leaving
#: them out or saying the card's work with the language's own actions.
_NONE_SAYS = "nothing in the language says this; leave it out, or write what the card does " \
    "with the language's own actions (docs/dsl.md, 'What the language reads')"
_MIDDLE = "nothing in the language says this part; leave it out, or write it with the " \
    "language's own words (docs/dsl.md, 'What the language reads')"


#: What may stand between a verb and the words it cannot read: a count, an article.
_COUNT = r"(?:\s+(?:\d+|a|an|one|two|three|four|five|six|the|up to))?(?:\s+cards?)?"


_ACTION_START = re.compile(r"\s*(?:level up|level down|look at|reveal arcana|add|remove|"
                           r"stash|draw|discard|take|return|swap|gain)\b" + _COUNT, re.I)


def _verb_forms(before: str) -> str:
    """When the words the language cannot read come straight after one of its verbs ('Take'
    of 'Take 1 card from an opponent's Dark Deed'): the lines that verb has, as a hint that
    names what it can do ('' for any other place)."""
    found = None
    for match in _ACTION.finditer(before):
        found = match
    if found is None or not re.fullmatch(_COUNT + r"\s*", before[found.end():], re.I):
        return ""
    word = next(iter(_actions(found.group(1))))
    examples = [line for verb in ast.VERBS.values() if _actions(verb.words) == {word}
                for line in (verb.example, *verb.also)]
    if not examples:
        return ""
    verb = " ".join(examples[0].split()[:len(word.split())])
    quoted = [f"'{e}'" for e in dict.fromkeys(examples)]
    lines = " or ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)
    return (f"what follows '{verb}' here is none of its forms; the language writes it as in "
            f"{lines}")


def _clause(text: str, start: int) -> str:
    """The words of ``text`` from ``start`` to the end of their clause (at most ten, then
    '...')."""
    rest = text[start:]
    end = re.search(r"[,.;:]|\bthen\b", rest)
    words = (rest[:end.start()] if end and end.start() > 0 else rest).split()
    return " ".join(words[:10]).strip(" .,;:") + ("..." if len(words) > 10 else "")


#: A start of a line that stops inside what it names: an article, a count, a possessive.
_OPEN_END = re.compile(r"\b(?:a|an|the|one|two|three|four|five|six|\d+|any|your|their|each|"
                       r"every|all|of|from|on|in|at|with|up|down|top)$", re.I)


def _longest_reading(line: Text, at: int, vocab: Vocabulary, parsers: Parsers) -> str:
    """The canonical text of the longest start of ``line`` that ends before ``at`` and is a
    line of its own ('Add 1 to any Dark Deed' of 'Add 1 to any Dark Deed that ...'), or ''."""
    cuts = [m.start() for m in re.finditer(r"[,.;:]|\s+(?:and|then|if|for|to)\b", line.text[:at])]
    cuts.append(at)
    tried = 0
    for cut in reversed(cuts):
        head = re.sub(r"(?:[\s,;:.]+|\s+(?:and|then|to|if|or|for|but))+$", "",
                      line.text[:cut], flags=re.I)
        if not head or tried >= 12:
            break
        if _OPEN_END.search(head):  # 'Discard a' of 'Discard a stashed card': not its end
            continue
        tried += 1
        try:
            return to_text(parsers.strict(head, vocab))
        except (UnexpectedInput, DslError):
            continue
    return ""
