"""Results for scripts and CI: problems and scenario verdicts in, JSON and JUnit XML out.

``check --json`` and ``test --json`` print one object per problem or scenario,
each with ``file``, ``line``, ``column``, ``code``, ``message`` and ``fix``
(the hint, or ""), beside a summary; ``test --junit FILE`` writes the
verdicts as the JUnit XML that CI services read (a ``testsuite`` of one
``testcase`` per scenario, with a ``failure`` or an ``error`` element when it
did not pass, and one ``testcase`` per scenario file that could not be read).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prophecy.compiler.model.files import write_atomic
from prophecy.dsl.errors import DslError
from prophecy.tools.pack import game_name

if TYPE_CHECKING:
    from prophecy.dsl.errors import ProphecyError
    from prophecy.engine.scenarios.runner import Outcome, Report

#: check's codes, one for each kind of problem it finds (docs/build.md lists them).
CHECK_CODES = {
    "content": "a content file: its schema, its YAML, a name it uses",
    "effect": "an effect line of the rules language",
    "fit": "a card face whose text does not fit its layout",
    "layout": "the layout file",
    "scenario": "a scenario file (checked, not played)",
}


def problem_json(error: ProphecyError, code: str) -> dict[str, Any]:
    """One problem as data: where, which kind, what is wrong and how to fix it."""
    if code == "content" and isinstance(error, DslError):
        code = "effect"
    if code == "fit" and Path(error.where).parent.name == "layouts":
        code = "layout"
    return {"file": error.where, "line": error.line, "column": error.column, "code": code,
            "message": error.message, "fix": error.hint}


def check_json(root: Path, problems: Iterable[tuple[ProphecyError, str]],
               summary: str, scenarios: int | None,
               notes: Iterable[tuple[str, int, int, str]] = ()) -> str:
    """``prophecy check --json``: every problem, every line read as its canonical text
    (ruling 20: a note, not a problem; ``fix`` is the canonical text ``prophecy fmt``
    writes), and the summary line's facts."""
    shown = [problem_json(e, code) for e, code in problems]
    read = [{"file": file, "line": line, "column": column, "code": "reads-as",
             "message": note, "fix": note.removeprefix("reads as '").removesuffix("'")}
            for file, line, column, note in notes]

    return json.dumps({"content": str(root), "pack": game_name(root),
                       "problems": shown, "notes": read,
                       "summary": {"problems": len(shown), "notes": len(read),
                                   "scenarios": scenarios, "text": summary}},
                      indent=2, ensure_ascii=False)


def _place(text: str) -> tuple[str, int, int]:
    """'file:12:3' as its parts."""
    file, line, column = text.rsplit(":", 2)
    return file, int(line), int(column)


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """One scenario's verdict as data: its place, status and (when it did not pass) why."""
    file, line, column = _place(outcome.scenario.item.place)
    data: dict[str, Any] = {"id": outcome.scenario.id, "status": outcome.status.lower(),
                            "file": file, "line": line, "column": column,
                            "code": outcome.status.lower(), "message": "", "fix": ""}
    if outcome.error is not None:
        data.update(file=outcome.error.where, line=outcome.error.line,
                    column=outcome.error.column, message=outcome.error.message,
                    fix=outcome.error.hint)
    elif outcome.mismatches:
        first = outcome.mismatches[0]
        data["file"], data["line"], data["column"] = _place(first.item.place)
        data["message"] = "; ".join(str(m) for m in outcome.mismatches)
        data["failures"] = [{"place": m.item.place, "message": str(m)}
                            for m in outcome.mismatches]
    return data


def test_json(report: Report, origin: dict[str, int] | None = None) -> str:
    """``prophecy test --json``: every scenario's verdict, every unreadable file's problem;
    for an expansion, how many scenarios came from the base game and from its own folder
    (``origin``: base, own)."""
    counts = {s.lower(): report.count(s) for s in ("PASS", "FAIL", "ERROR")}
    summary = counts | {"problems": len(report.problems), "ok": report.ok,
                        "text": report.summary()}
    return json.dumps({
        "scenarios": [outcome_json(o) for o in report.outcomes],
        "problems": [problem_json(p, "scenario") for p in report.problems],
        "summary": summary | ({"from": origin} if origin is not None else {}),
    }, indent=2, ensure_ascii=False)


def junit(report: Report) -> bytes:
    """The run as JUnit XML: one testcase per scenario, classname its file."""
    suite = ET.Element("testsuite", name="prophecy test", tests=str(
        len(report.outcomes) + len(report.problems)), failures=str(report.count("FAIL")),
        errors=str(report.count("ERROR") + len(report.problems)), skipped="0")
    for outcome in report.outcomes:
        file, line, _ = _place(outcome.scenario.item.place)
        case = ET.SubElement(suite, "testcase", classname=_classname(file),
                             name=outcome.scenario.id, file=file, line=str(line))
        if outcome.status == "FAIL":
            text = "\n".join(outcome.lines())
            ET.SubElement(case, "failure", message=str(outcome.mismatches[0]),
                          type="FAIL").text = text
        elif outcome.status == "ERROR":
            ET.SubElement(case, "error", message=str(outcome.error).split("\n")[0],
                          type="ERROR").text = str(outcome.error)
    for problem in report.problems:
        case = ET.SubElement(suite, "testcase", classname=_classname(problem.where),
                             name=f"{Path(problem.where).name} (reading the file)",
                             file=problem.where, line=str(problem.line))
        ET.SubElement(case, "error", message=problem.message, type="ERROR").text = str(problem)
    ET.indent(suite)
    data: bytes = ET.tostring(suite, encoding="utf-8", xml_declaration=True)
    return data + b"\n"


def _classname(file: str) -> str:
    """A scenario file as CI services group tests: 'scenarios.rounds' for scenarios/rounds.yaml."""
    path = Path(file)
    return ".".join([*path.parent.parts[-1:], path.stem]) or "scenarios"


def write_junit(path: Path, report: Report) -> None:
    """The JUnit XML written whole or not at all."""
    write_atomic(path, junit(report))
