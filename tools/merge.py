"""`prophecy merge`: the JSON of each shard of a run in; the whole run's numbers out.

Reads the files written by ``prophecy simulate --shard I/N --json`` or
``prophecy balance --shard I/N --json``, checks they are every shard of one
run, adds them up (``lab/merge.py``) and prints what the run played whole
would print: the summary, or with ``--json`` every number; ``--report
FILE.html`` writes the web page.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from prophecy.compiler.model.loader import load_content
from prophecy.engine.cards import book_of
from prophecy.lab import balance_report
from prophecy.lab.merge import merge
from prophecy.lab.report_html import write_balance_report
from prophecy.lab.shards import check_report, read_run
from prophecy.lab.simulate import Tally
from prophecy.tools.options import add_content, content_dir
from prophecy.tools.simulate import output


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE.json",
                        help="the --json output of each shard")
    parser.add_argument("--json", action="store_true", help="print every number as JSON")
    parser.add_argument("--report", type=Path, metavar="FILE.html", help="write the HTML report")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    # every file checked whole (schema, sums, report) before any is added up
    documents = [read_run(path) for path in args.files]
    whole = merge([d.data for d in documents], [str(p) for p in args.files])
    if whole["kind"] == "balance":
        return _balance(whole, args)
    return _simulate(whole, documents, args)


def _balance(whole: dict[str, object], args: argparse.Namespace) -> int:
    summary = balance_report.summarise(whole)
    if args.report:
        write_balance_report(summary, args.report)
    if args.json:
        print(json.dumps({"kind": "balance", "summary": summary, **whole}, indent=1))
    else:
        sys.stdout.write(balance_report.text(summary))
    return 0


def _simulate(whole: dict[str, object], documents: list[Any], args: argparse.Namespace) -> int:
    book = book_of(load_content(content_dir(args)))
    for document in documents:
        check_report(document, book)
    tally = Tally.from_json(whole["tally"])  # type: ignore[arg-type]
    return output(book, tally, int(whole["seed"]), args)  # type: ignore[call-overload]
