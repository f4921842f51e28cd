"""The Dask executor: a small job on a local Dask cluster equals the process pool's result."""

from __future__ import annotations

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.engine.cards import book_of
from prophecy.lab import balance, simulate
from prophecy.lab.executors import DaskPool, ForkPool, content_files

pytestmark = pytest.mark.slow  # a local Dask cluster

pytest.importorskip("distributed", reason="pip install 'dark-prophecies[cluster]'")


@pytest.fixture(scope="module")
def bundled():
    return book_of(load_content(bundled_content()))


def test_a_local_dask_cluster_plays_what_the_process_pool_plays(bundled):
    forked = ForkPool(bundled, 2)
    try:
        tally_pool = simulate.run(bundled, 24, 3, 8, ("random", "greedy"), 2, executor=forked)
        raw_pool = balance.sweep(bundled, forked, names=["Bloodletting", "The Gravedigger"],
                                 seed=3, pairs=30, confirm="", seat_games=6)
    finally:
        forked.close()
    cluster = DaskPool(bundled_content(), 2)
    try:
        tally_dask = simulate.run(bundled, 24, 3, 8, ("random", "greedy"), 2, executor=cluster)
        raw_dask = balance.sweep(bundled, cluster, names=["Bloodletting", "The Gravedigger"],
                                 seed=3, pairs=30, confirm="", seat_games=6)
    finally:
        cluster.close()
    assert tally_dask == tally_pool and tally_dask.games == 24
    assert raw_dask["measures"] == raw_pool["measures"]
    assert raw_dask["seats"] == raw_pool["seats"]
    # two designs, two modes, each at least two looks of 30 pairs (the ceiling's least)
    assert sum(m["pairs"][0] for m in raw_dask["measures"]) == 4 * 60


def test_workers_get_the_content_as_files_not_a_path(tmp_path):
    files = content_files(bundled_content())
    assert "game.yaml" in files and any(name.startswith("arcana/") for name in files)
    assert all(isinstance(data, bytes) for data in files.values())


def test_a_dask_run_leaves_no_copy_of_the_content_in_the_temporary_folder(tmp_path,
                                                                           monkeypatch, bundled):
    # Each worker builds its card book from the files it is sent; those files must be gone
    # when the run ends (each run once left a copy of the content folder per worker).
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))  # the workers are new processes: they read it
    cluster = DaskPool(bundled_content(), 2)
    try:
        tally = simulate.run(bundled, 8, 3, 1, ("random",), 2, executor=cluster)
        workers = cluster.client.run(lambda: __import__("tempfile").gettempdir())
    finally:
        cluster.close()
    assert tally.games == 8
    assert set(workers.values()) == {str(temp)}  # the workers did use this folder
    assert [p.name for p in temp.iterdir() if p.name.startswith("prophecy-")] == []
