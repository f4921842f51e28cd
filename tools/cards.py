"""`prophecy cards`: the checked content in, the card list (text or JSON) out.

The text list groups cards by kind, one line per card design (id, name,
grimoire, copies) and its canonical effect lines below. ``--json`` prints a
list of cards, each with every field of its kind (see ``card_json``) and its
effect lines as ``{"text": canonical text, "ast": the AST as JSON}``, so a
script never needs to read the YAML.
"""

from __future__ import annotations

import argparse
import json

from prophecy.compiler.model import Card, effect_lines_of
from prophecy.compiler.model.export import card_json
from prophecy.compiler.model.loader import load_content
from prophecy.dsl.errors import UsageError, printable, suggest
from prophecy.tools.options import add_content, content_dir


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--kind", help="only cards of this kind (a kind game.yaml declares)")
    parser.add_argument("--json", action="store_true", help="print the cards as JSON")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    content = load_content(content_dir(args))
    if args.kind is not None and args.kind not in content.kinds:
        raise UsageError(f"this game has no kind of card '{args.kind}'", where="prophecy cards",
                         hint=suggest(args.kind, list(content.kinds))
                         or f"its kinds are {', '.join(content.kinds)}")
    cards = [c for c in content.cards if args.kind in (None, c.kind)]
    if args.json:
        print(json.dumps([card_json(c) for c in cards], indent=2, ensure_ascii=False))
    else:
        print(printable("\n".join(_text(cards, content.kinds))))  # names may hold any character
    return 0


def _text(cards: list[Card], kinds: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for kind in kinds:
        group = [c for c in cards if c.kind == kind]
        if not group:
            continue
        total = sum(c.copies for c in group)
        out.append(f"{kind} ({total} cards, {len(group)} designs)")
        for card in group:
            grimoire = f" [{card.grimoire_of}]" if card.grimoire_of else ""
            copies = f" x{card.copies}" if card.copies != 1 else ""
            out.append(f"  {card.name}{grimoire}{copies}  ({card.id})")
            out.extend(f"      {line.text}" for line in effect_lines_of(card))
    return out
