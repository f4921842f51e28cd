"""The mutation script's arithmetic: the sample it draws and the interval it gives."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "mutation" / "run.py"
spec = importlib.util.spec_from_file_location("mutation_run", SCRIPT)
assert spec is not None and spec.loader is not None
run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run)


def test_the_sample_is_the_same_for_the_same_seed_and_order():
    names = [f"m{i}" for i in range(1000)]
    one = run.sample(names, 50, 1)
    assert one == run.sample(list(reversed(names)), 50, 1)  # the order read does not matter
    assert one != run.sample(names, 50, 2)
    assert len(set(one)) == 50 and set(one) <= set(names) and one == sorted(one)
    assert run.sample(names[:10], 50, 1) == sorted(names[:10])  # never more than there are


def test_the_wilson_interval():
    low, high = run.wilson(90, 100)
    assert (round(low, 4), round(high, 4)) == (0.8256, 0.9448)
    assert run.wilson(0, 0) == (0.0, 1.0)
    low, high = run.wilson(10, 10)
    assert high == 1.0 and round(low, 4) == 0.7225


def test_a_mutant_belongs_to_its_package():
    assert run.package_of("prophecy.engine.game.xǁGameǁplay__mutmut_3") == "engine"
    assert run.package_of("prophecy.dsl.parser.x_parse__mutmut_1") == "dsl"
    assert run.package_of("prophecy.compiler.handlers.x_op__mutmut_2") == "handlers"
    assert run.package_of("prophecy.render.faces.x_draw__mutmut_2") == "?"
