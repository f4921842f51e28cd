"""What must hold for any input: the fuzz properties, shared by the suite and the long-run script.

Each property takes one generated input and asserts the project's promise
for it: the parser answers with a node that round-trips or a placed error;
the YAML reader answers with data or placed errors; the loader never raises
on any content folder, only reports; ``fmt`` on any content that loads
leaves files that load again with only effect lines changed. A failure is a
crash, a hang (hypothesis's deadline) or a broken promise, never a message.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import analyse
from prophecy.compiler.model.vocab import read_vocabulary
from prophecy.compiler.model.yamlsafe import compose, data_of, read_source
from prophecy.dsl import ast
from prophecy.dsl.diagnose import keywords
from prophecy.dsl.errors import ContentErrors, DslError, ProphecyError
from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text

VOCAB = read_vocabulary(bundled_content())
BREAKS = ["\n", "\r\n", "\r", "\x85", "\u2028", "\u2029"]

# ------------------------------------------------------------------ inputs
words = st.sampled_from(sorted(keywords()) + list(VOCAB.grimoires + VOCAB.card_types
                                                    + VOCAB.deed_targets))
marks = st.sampled_from([":", ",", "+", ".", ", then", "or", "and", "-1", "2+", "99",
                         "100", "9" * 30, "\x1b", "\u2028", "é", "\t", "!", "Each", "twice"])
lines = st.one_of(
    st.text(max_size=60),
    st.lists(st.one_of(words, marks, st.integers(0, 12).map(str)), min_size=1,
             max_size=14).map(" ".join),
)
yaml_texts = st.one_of(
    st.text(alphabet=st.sampled_from("ab:- [{}]'\"#&*!\n\t01.,|>~"), max_size=120),
    st.recursive(
        st.one_of(st.integers(), st.text(max_size=8), st.booleans(), st.none()),
        lambda inner: st.one_of(st.lists(inner, max_size=3),
                                st.dictionaries(st.text(min_size=1, max_size=5), inner,
                                                max_size=3)),
        max_leaves=12,
    ).map(json.dumps),
)


@st.composite
def damaged_files(draw: st.DrawFn) -> tuple[str, str]:
    """A bundled content file (its path in the folder) with a random edit to its text."""
    files = sorted(p.relative_to(bundled_content()).as_posix()
                   for p in bundled_content().rglob("*.yaml"))
    rel = draw(st.sampled_from(files))
    text = (bundled_content() / rel).read_text(encoding="utf-8")
    rows = text.split("\n")
    at = draw(st.integers(0, max(0, len(rows) - 1)))
    edit = draw(st.sampled_from(["delete", "duplicate", "insert", "indent", "truncate",
                                 "replace", "break"]))
    if edit == "delete":
        del rows[at]
    elif edit == "duplicate":
        rows.insert(at, rows[at])
    elif edit == "insert":
        rows.insert(at, draw(st.text(max_size=30)))
    elif edit == "indent":
        rows[at] = " " * draw(st.integers(1, 6)) + rows[at]
    elif edit == "truncate":
        return rel, text[: draw(st.integers(0, len(text)))]
    elif edit == "replace":
        column = draw(st.integers(0, len(rows[at])))
        rows[at] = rows[at][:column] + draw(st.text(max_size=8)) + rows[at][column + 2:]
    else:
        rows[at] = rows[at] + draw(st.sampled_from(BREAKS[3:]))
    return rel, "\n".join(rows)


def _spreadsheet_pack() -> Path:
    """A pack whose cards sit in a spreadsheet (Fate of the Hours' arcana.csv)."""
    from prophecy.tools.init import shipped

    return Path(shipped()["fate-deduction"])


@st.composite
def damaged_spreadsheets(draw: st.DrawFn) -> str:
    """The spreadsheet of a pack with a few random edits: the characters CSV gives a
    meaning to (commas, quotes, line breaks) put in, or a stretch cut out."""
    text = (_spreadsheet_pack() / "arcana.csv").read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        piece = draw(st.one_of(st.sampled_from([",", '"', '""', "\n", "\r\n", ",,", '",',
                                                ', "', "\r", "\x00"]),
                               st.text(max_size=6)))
        cut = draw(st.integers(0, 12)) if draw(st.booleans()) else 0
        text = text[:at] + piece + text[at + cut:]
    return text


@st.composite
def loose_effects(draw: st.DrawFn) -> tuple[str, str]:
    """A card file whose effect lines are written loosely, and a line break pasted in prose."""
    canonical = draw(st.lists(st.sampled_from([
        *sorted(verb.example for verb in ast.VERBS.values()),  # every verb, as declared
        "Grimoire Level 2: Draw 2 Arcana, then Discard 1", "Each opponent discards 1",
        "Choose one: Draw 1 Arcana or Gain 1 point",
    ]), min_size=1, max_size=4))
    loose = [draw(st.sampled_from([c, c.lower(), c.upper(), c.replace(" ", "  "),
                                   c.replace(", then", " then"), c + "."]))
             for c in canonical]
    pasted = draw(st.sampled_from(BREAKS))
    newline = draw(st.sampled_from(BREAKS[:3]))
    quoted = [draw(st.sampled_from(['"{}"', "'{}'"] + ([] if ":" in line else ["{}"])))
              .format(line) for line in loose]  # a plain 'a: b' would be a mapping
    body = (f"grimoire: Necromancy{newline}cards:{newline}  - name: Fuzzed{newline}"
            f"    types: [Spell]{newline}    flavor: \"pasted{pasted}here\"{newline}"
            f"    effects:{newline}" + "".join(f"      - {q}{newline}" for q in quoted))
    return body, "\n".join(canonical)


# --------------------------------------------------------------- properties
def parser_answers(text: str) -> None:
    try:
        node = parse(text, VOCAB)
    except DslError as error:
        assert error.message and error.hint, error
        assert 1 <= error.column <= max(1, len(text) + 1), error
        str(error)  # renders without failing, control characters escaped
    else:
        assert parse(to_text(node), VOCAB) == node


def reader_answers(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "f.yaml"
        path.write_text(text, encoding="utf-8", newline="")
        src = read_source(path, "f.yaml")
        node, errors = compose(src)
        if node is not None:
            try:
                data_of(src, node)
            except ContentErrors as exc:
                errors = exc.errors
        for error in errors:
            assert error.line >= 1 and error.column >= 1, error
            str(error)


def loader_reports(edited: tuple[str, str]) -> None:
    rel, text = edited
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("*.py"))
        (root / rel).write_text(text, encoding="utf-8", newline="")
        report = analyse(root)  # must not raise, whatever the file says
        for error in report.errors:
            assert isinstance(error, ProphecyError) and error.message
            str(error)


def spreadsheet_reports(text: str) -> None:
    """A damaged spreadsheet is reported, each problem placed in the file, and never
    raises."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "pack"
        shutil.copytree(_spreadsheet_pack(), root, ignore=shutil.ignore_patterns("*.py"))
        (root / "arcana.csv").write_text(text, encoding="utf-8", newline="")
        report = analyse(root)  # must not raise, whatever the file says
        lines = len(re.findall(r"\r\n|\r|\n", text)) + 1  # CSV's line ends
        for error in report.errors:
            assert isinstance(error, ProphecyError) and error.message
            if error.where.endswith("arcana.csv"):
                assert 1 <= error.line <= lines and error.column >= 1, error
            str(error)


def fmt_keeps_files(case: tuple[str, str]) -> None:
    from prophecy.tools import main

    body, canonical = case
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("*.py"))
        path = root / "arcana" / "necromancy.yaml"
        header = path.read_text(encoding="utf-8").split("\n", 1)[0] + "\n"
        path.write_text(header + body, encoding="utf-8", newline="")
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["fmt", "--content", str(root)]) in (0, 1)
        report = analyse(root)
        cards = [c for c in report.content.cards if c.name == "Fuzzed"]
        assert [line.text for c in cards for line in c.effects] == canonical.split("\n")
        assert all(not line.written for c in cards for line in c.effects)


# ------------------------------------------------------------ check is the gate
def _identity_effects() -> list[str]:
    """The canonical effect lines of the language's fixtures (verse and Title lines left out)."""
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "dsl" / "identity.txt"
    out = []
    for line in fixture.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#") and isinstance(parse(line, VOCAB),
                                                                     ast.Effect):
            out.append(line)
    return out


EFFECTS = _identity_effects()


def _copies_bound() -> int:
    """The most copies of one Arcana card the bundled component list allows."""
    import yaml

    from prophecy.compiler.model.limits import copies_bound

    game = yaml.safe_load((bundled_content() / "game.yaml").read_text(encoding="utf-8"))
    return copies_bound("arcana", game.get("components"))[0]


COPIES_BOUND = _copies_bound()
#: Text a designer may paste: letters of many scripts, marks, emoji; no control characters.
visible = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))


@st.composite
def gate_content(draw: st.DrawFn) -> list[tuple[str, tuple[Any, ...], Any]]:
    """Edits within the schemas' bounds: (file, path of keys, new value), 1 to 4 of them."""
    from prophecy.compiler.model import limits

    edits: list[tuple[str, tuple[Any, ...], Any]] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["copies", "rule", "rounds", "effect", "name", "flavor",
                                     "card size", "players"]))
        card = ("arcana/" + draw(st.sampled_from(["blood-magic", "demonology", "necromancy"]))
                + ".yaml", ("cards", draw(st.integers(0, 23))))
        if kind == "copies":  # within the arcana's share of the component list
            edits.append((card[0], (*card[1], "copies"), draw(st.integers(1, COPIES_BOUND))))
        elif kind == "rule":
            name = draw(st.sampled_from(sorted(set(limits.RULES) - {"rounds"})))
            low, high = limits.RULES[name]
            edits.append(("game.yaml", ("rules", name), draw(st.integers(low, high))))
        elif kind == "players":
            low = draw(st.integers(2, 8))
            edits.append(("game.yaml", ("rules", "min_players"), low))
            edits.append(("game.yaml", ("rules", "max_players"), draw(st.integers(low, 8))))
        elif kind == "rounds":
            rounds = draw(st.integers(1, limits.TRACKER_ROUNDS))
            edits.append(("game.yaml", ("rules", "rounds"), rounds))
            edits.append(("tracker.yaml", ("tracker", "rounds"), rounds))
            verses = draw(st.lists(st.integers(0, 3), min_size=rounds, max_size=rounds))
            edits.append(("game.yaml", ("rules", "verses_per_round"), verses))
        elif kind == "effect":
            lines = draw(st.lists(st.sampled_from(EFFECTS), min_size=1,
                                  max_size=limits.EFFECTS_PER_CARD))
            edits.append((card[0], (*card[1], "effects"), lines))
        elif kind == "name":
            name = draw(st.text(visible, min_size=1, max_size=limits.NAME_LENGTH))
            edits.append((card[0], (*card[1], "name"), name.strip() or "X"))
        elif kind == "flavor":
            edits.append((card[0], (*card[1], "flavor"),
                          draw(st.text(visible, max_size=limits.PROSE_LENGTH))))
        else:  # another card size, every box scaled to it
            edits += _card_size(draw(st.integers(20, 66)), draw(st.integers(20, 92)),
                                draw(st.integers(72, 200)))
    return edits


def _card_size(width: int, height: int, dpi: int) -> list[tuple[str, tuple[Any, ...], Any]]:
    import yaml

    rel = "layouts/poker.yaml"
    data = yaml.safe_load((bundled_content() / rel).read_text(encoding="utf-8"))
    sx, sy = width / data["card"]["width_mm"], height / data["card"]["height_mm"]

    def scaled(box: list[float]) -> list[float]:
        x, y, w, h = box
        return [round(x * sx, 2), round(y * sy, 2), round(w * sx, 2), round(h * sy, 2)]

    regions = {kind: {name: scaled(box) for name, box in boxes.items()}
               for kind, boxes in data["regions"].items()}
    return [(rel, ("card", "width_mm"), width), (rel, ("card", "height_mm"), height),
            (rel, ("card", "dpi"), dpi), (rel, ("regions",), regions),
            (rel, ("stamp", "region"), scaled(data["stamp"]["region"]))]


def _apply(root: Path, edits: list[tuple[str, tuple[Any, ...], Any]]) -> None:
    import yaml

    for rel, path, value in edits:
        file = root / rel
        text = file.read_text(encoding="utf-8")
        header = text.split("\n", 1)[0] + "\n" if text.startswith("#") else ""
        data = yaml.safe_load(text)
        node = data
        for step in path[:-1]:
            node = node[step] if not isinstance(node, list) else node[step % len(node)]
        node[path[-1]] = value
        file.write_text(header + yaml.safe_dump(data, allow_unicode=True, sort_keys=False,
                                                width=1000), encoding="utf-8")


def _run(args: list[str]) -> tuple[int, str]:
    from prophecy.tools import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    text = out.getvalue() + err.getvalue()
    assert "Traceback" not in text and "internal error" not in text, text
    assert code != 3, text
    return code, text


def check_is_the_gate(edits: list[tuple[str, tuple[Any, ...], Any]]) -> None:
    """Whatever check accepts, lint, build --only and a short simulate handle."""
    import yaml

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("*.py"))
        _apply(root, edits)
        code, text = _run(["check", "--content", str(root)])
        if code != 0:
            assert code == 1 and "problem" in text, text
            return
        code, text = _run(["lint", "--content", str(root)])
        assert code in (0, 1), text
        card = next(iter(yaml.safe_load(
            (root / edits[0][0]).read_text(encoding="utf-8")).get("cards") or [{}]))
        name = card.get("name") if isinstance(card, dict) else None
        only = ["--only", name] if isinstance(name, str) else []
        code, text = _run(["build", "--content", str(root), "--out", str(Path(tmp) / "out"),
                           "--jobs", "1", *only])
        assert code == 0, text
        rules = yaml.safe_load((root / "game.yaml").read_text(encoding="utf-8"))["rules"]
        code, text = _run(["simulate", "--content", str(root), "--games", "3",
                           "--players", str(rules["min_players"]), "--bots", "random,greedy"])
        # too few components for that many players is lint's PL505, not check's: simulate
        # may refuse it, at the card's place with the fix
        assert code == 0 or (code == 1 and "players need" in text and "PL505" in text), text
