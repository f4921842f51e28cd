"""Mutation testing: how many small changes to the code the test suite notices.

Run:  python tests/mutation/run.py [dsl] [handlers] [engine] [--jobs N] [--work DIR]
                                   [--keep | --again]

mutmut (a mutation tester from PyPI, the `mutation` extra) makes one small
change at a time to the code of the packages named (all three by default):
``prophecy.dsl``, ``prophecy.compiler.handlers`` and ``prophecy.engine``; a
flipped comparison, a number off by one, a string changed, a call dropped.
For each change it runs the tests that reach the changed function. A change
some test fails on is *killed*; one every test passes with *survived*.

mutmut mutates a copy of the sources laid out as the installed package
(``prophecy/dsl/...``) under the work folder (default ``.mutation/``, which
git ignores), so the checkout is never touched. The run ends with, per
package, the mutants made, killed (a timeout counts as killed: the change
hangs the code), survived and not reached by any test, and the share killed;
then every survivor with its diff. ``tests/mutation/equivalent.txt`` lists
the survivors judged equivalent (the change cannot alter behaviour), each
with the reason; they are shown apart and left out of the second share.

A full run of the three packages takes hours on two cores; run one package
at a time in the background, for example:

    nohup python tests/mutation/run.py dsl --jobs 2 > output/mutation-dsl.txt 2>&1 &

``--again`` brings what changed in the checkout into the last run's work
folder (changed sources get their mutants made and tested anew) and tests the
survivors again: the way to see new tests kill survivors without a full run.
``--keep`` only reports on the last run.

``--sample N`` makes every mutant but tests a random sample of N of them (the
same N for the same ``--seed``), each tested anew, and gives the share killed
with its 95% interval: a figure for a package whose full run takes longer than
the time at hand. With ``--again`` it samples the last run's work folder.

Exit 0 when the share killed (equivalents left out) is at least GOAL, else 1.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EQUIVALENT = Path(__file__).resolve().parent / "equivalent.txt"
GOAL = 0.90
PACKAGES = {
    "dsl": "prophecy/dsl/*",
    "handlers": "prophecy/compiler/handlers.py",
    "engine": "prophecy/engine/*",
}
#: The tests that can reach those packages (rendering and packaging cannot).
#: Left out: the Dask test (a mutant can leave its local cluster waiting for good) and the
#: headless-browser page (the same HTML is held exactly by tests/engine/test_report_numbers.py).
TESTS = ["tests/dsl", "tests/content", "tests/engine", "tests/scenarios", "tests/lint",
         "tests/test_tables.py", "--ignore=tests/engine/test_dask.py",
         "--ignore=tests/engine/test_report_browser.py"]
#: The folders of the checkout and where they go in the package.
FOLDERS = ("dsl", "compiler", "engine", "render", "content")
STATUS = {"killed": "killed", "timeout": "killed", "survived": "survived",
          "no tests": "no tests", "caught by type check": "killed"}


def stage(work: Path, packages: list[str]) -> Path:
    """A copy of the checkout laid out as the package, with mutmut's settings; returns it."""
    if work.exists():
        shutil.rmtree(work)
    tree = work / "stage"
    for name in FOLDERS:
        shutil.copytree(ROOT / name, tree / "prophecy" / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("content", "docs", "tests"):
        shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in FOLDERS[:-1]:  # tests read some sources by path (the layer rule)
        shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "README.md", tree / "README.md")
    settings = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    only = ", ".join(json.dumps(PACKAGES[p]) for p in packages)
    tests = ", ".join(json.dumps(t) for t in TESTS)
    settings += (
        "\n[tool.mutmut]\n"
        'source_paths = ["prophecy"]\n'
        f"only_mutate = [{only}]\n"
        f"pytest_add_cli_args_test_selection = [{tests}]\n"
        'also_copy = ["content", "docs", "README.md", "dsl", "compiler", "engine", "render"]\n'
        "use_git_change_detection = false\n"
    )
    (tree / "pyproject.toml").write_text(settings, encoding="utf-8")
    return tree


def run_mutmut(tree: Path, jobs: int, names: list[str] | None = None) -> int:
    """mutmut's own run, in the staged tree (of some mutants only); its progress shows here."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs)]
    if not names:
        return subprocess.call(command, cwd=tree, env=env)
    codes = [subprocess.call([*command, *names[i : i + 1000]], cwd=tree, env=env)
             for i in range(0, len(names), 1000)]
    return max(codes)


#: mutmut's own first step (make the mutants), run alone: the sample is drawn from them.
MAKE = """
import os, mutmut.__main__ as m
m.set_mutant_under_test("mutant_generation")
os.makedirs("mutants", exist_ok=True)
m.copy_src_dir(); m.copy_also_copy_files(); m.setup_source_paths()
m.store_lines_covered_by_tests(); m.create_mutants(2)
"""


def make_mutants(tree: Path) -> None:
    """Make every mutant of the staged tree without testing any."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", MAKE], cwd=tree, env=env, check=False,
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"making the mutants failed (is mutmut 3 installed?):\n{done.stderr[-2000:]}")


def sample(names: list[str], n: int, seed: int) -> list[str]:
    """N of the mutant names, drawn at random (the same for the same seed)."""
    return sorted(random.Random(seed).sample(sorted(names), min(n, len(names))))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def sync(tree: Path) -> list[str]:
    """Copy what changed in the checkout into the staged tree; returns the files copied.

    A changed source file gets its mutants made anew (and tested); changed tests
    are what the survivors are tested with again.
    """
    copied = []
    pairs = [(ROOT / name, tree / "prophecy" / name) for name in FOLDERS]
    pairs += [(ROOT / name, tree / name) for name in ("content", "docs", "tests", *FOLDERS[:-1])]
    pairs += [(ROOT / "tests", tree / "mutants" / "tests")]
    for source, target in pairs:
        for path in sorted(source.rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            dest = target / path.relative_to(source)
            if not dest.is_file() or dest.read_bytes() != path.read_bytes():
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, dest)
                copied.append(str(dest.relative_to(tree)))
    return copied


def results(tree: Path) -> dict[str, str]:
    """Mutant name -> killed, survived or no tests, read from mutmut's records."""
    from mutmut.stats import status_by_exit_code

    out: dict[str, str] = {}
    for meta in sorted((tree / "mutants").rglob("*.meta")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        for name, code in data.get("exit_code_by_key", {}).items():
            status = status_by_exit_code[code]
            out[name] = STATUS.get(status, status)
    return out


def diff(tree: Path, name: str) -> str:
    found = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=tree,
                           capture_output=True, text=True, check=False)
    lines = [line for line in found.stdout.splitlines()
             if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))]
    return "\n".join(f"        {line}" for line in lines)


def equivalents() -> dict[str, str]:
    """Survivors judged equivalent: mutant name -> the reason."""
    if not EQUIVALENT.is_file():
        return {}
    out = {}
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, reason = line.partition(" ; ")
            out[name.strip()] = reason.strip()
    return out


def package_of(name: str) -> str:
    for package in PACKAGES:
        if f".{package}." in f".{name}" or name.startswith(f"prophecy.compiler.{package}."):
            return package
    return "?"


def report(tree: Path, found: dict[str, str], drawn_from: int = 0) -> bool:
    """Print the figures and the survivors; True when the goal is met.

    ``drawn_from``: when ``found`` is a sample, how many mutants it was drawn from.
    """
    known = equivalents()
    by_package: dict[str, Counter[str]] = {}
    for name, status in found.items():
        by_package.setdefault(package_of(name), Counter())[status] += 1
    print()
    if drawn_from:
        print(f"a random sample of {len(found)} of the {drawn_from} mutants made")
    total, killed = Counter(), 0
    for package, counts in sorted(by_package.items()):
        made = sum(counts.values())
        total.update(counts)
        mine = [n for n, s in found.items() if package_of(n) == package and n in known]
        low, high = wilson(counts["killed"], made - len(mine))
        print(f"{package:9} {made:5} mutants: {counts['killed']} killed, "
              f"{counts['survived']} survived, {counts['no tests']} not reached "
              f"({counts['killed'] / made:.1%} killed; of those not listed as equivalent "
              f"{counts['killed'] / max(1, made - len(mine)):.1%} [95%: {low:.1%} to {high:.1%}])")
    made = sum(total.values())
    killed = total["killed"]
    survivors = sorted(n for n, s in found.items() if s != "killed")
    listed = [n for n in survivors if n in known]
    share = killed / made if made else 0.0
    kept = killed / (made - len(listed)) if made > len(listed) else 0.0
    low, high = wilson(killed, made - len(listed))
    print(f"all       {made:5} mutants: {killed} killed ({share:.1%}); "
          f"{len(listed)} survivors listed as equivalent; "
          f"killed of the rest: {kept:.1%} [95%: {low:.1%} to {high:.1%}] (goal {GOAL:.0%})")
    for title, names in (("Survivors not explained", [n for n in survivors if n not in known]),
                         ("Survivors listed as equivalent", listed)):
        print(f"\n{title}: {len(names)}")
        for name in names:
            why = f"  ({known[name]})" if name in known else f"  [{found[name]}]"
            print(f"    {name}{why}")
            print(diff(tree, name))
    stale = sorted(set(known) - set(found))
    if stale:
        print(f"\nListed as equivalent but not made by this run: {', '.join(stale)}")
    return kept >= GOAL


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="*", metavar="PACKAGE",
                        help=f"some of {', '.join(PACKAGES)} (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--work", type=Path, default=ROOT / ".mutation",
                        help="the work folder (default: .mutation/)")
    parser.add_argument("--keep", action="store_true",
                        help="report on the last run in the work folder instead of running")
    parser.add_argument("--again", action="store_true",
                        help="in the last run's work folder, bring in what changed in the "
                             "checkout and test the survivors again")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="test a random sample of N mutants (each anew) instead of all")
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed (1)")
    args = parser.parse_args(argv)
    unknown = [p for p in args.packages if p not in PACKAGES]
    if unknown:
        parser.error(f"unknown package {', '.join(unknown)}: choose from {', '.join(PACKAGES)}")
    packages = args.packages or list(PACKAGES)
    tree = args.work / "stage"
    drawn: list[str] = []
    if args.sample:  # with --keep: the report on the sample the same seed drew
        if args.again:
            print(f"brought in {len(sync(tree))} changed files")
        elif not args.keep:
            tree = stage(args.work, packages)
        if not args.keep:
            make_mutants(tree)
        every = [n for n in results(tree) if package_of(n) in packages]
        drawn = sample(every, args.sample, args.seed)
        if not args.keep:
            print(f"testing a sample of {len(drawn)} of {len(every)} mutants (seed {args.seed})")
            code = run_mutmut(tree, args.jobs, drawn)
    elif args.again:
        print(f"brought in {len(sync(tree))} changed files")
        run_mutmut(tree, args.jobs)  # mutants of changed files, made anew
        survivors = [n for n, s in results(tree).items() if s != "killed"]
        print(f"testing {len(survivors)} survivors again")
        code = run_mutmut(tree, args.jobs, survivors)
    elif not args.keep:
        tree = stage(args.work, packages)
        code = run_mutmut(tree, args.jobs)
    if not args.keep and code not in (0, 1):
        print(f"mutmut stopped with exit code {code}", file=sys.stderr)
        return 2
    found = {n: s for n, s in results(tree).items() if package_of(n) in packages}
    if drawn:
        made = len(found)
        found = {n: found[n] for n in drawn if n in found}
        return 0 if report(tree, found, made) else 1
    if not found:
        print("no mutants found: run without --keep first", file=sys.stderr)
        return 2
    return 0 if report(tree, found) else 1


if __name__ == "__main__":
    sys.exit(main())
