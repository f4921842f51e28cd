"""The executors without a cluster: the worker's card book, the choice of executor, and
what ``DaskPool`` asks of Dask (a stand-in for ``distributed`` records it; the real
local cluster is run by ``test_dask.py``)."""

from __future__ import annotations

import sys
import types

import pytest

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.dsl.errors import UsageError
from prophecy.engine.cards import book_of
from prophecy.lab import executors, simulate
from prophecy.lab.executors import (
    DaskPool,
    ForkPool,
    Serial,
    book_from_files,
    content_files,
    digest,
    executor_for,
    run_task,
)


@pytest.fixture(scope="module")
def files():
    return content_files(bundled_content())


@pytest.fixture(scope="module")
def bundled():
    return book_of(load_content(bundled_content()))


def test_a_worker_builds_the_book_of_the_files_once(files, bundled, monkeypatch):
    monkeypatch.setattr(executors, "_WORKER_BOOKS", {})
    book = book_from_files(files)
    assert [d.name for d in book.designs] == [d.name for d in bundled.designs]
    assert book.design == bundled.design and book.size == bundled.size
    assert book_from_files(dict(files)) is book  # the same files: the book already built
    assert list(executors._WORKER_BOOKS) == [digest(files)]


def test_the_digest_reads_names_and_bytes(files):
    name = "game.yaml"
    assert digest(files) == digest(dict(reversed(files.items())))  # order does not matter
    assert digest({**files, name: files[name] + b"\n"}) != digest(files)
    assert digest({"a": b"bc"}) != digest({"ab": b"c"})  # the name ends where the data starts
    assert len(digest(files)) == 16


def test_a_remote_task_plays_what_this_process_plays(files, bundled, monkeypatch):
    monkeypatch.setattr(executors, "_WORKER_BOOKS", {})
    task = (simulate.play_chunk, 5, 0, 3, 3, ("random",))
    assert executors._remote(files, task) == run_task(bundled, task)
    assert run_task(bundled, task) == simulate.play_chunk(bundled, 5, 0, 3, 3, ("random",))


def test_a_task_without_its_function_is_refused(bundled):
    with pytest.raises(ValueError, match="^a task starts with the function that plays it, "
                                         "not \\('replay',\\)$"):
        run_task(bundled, ("replay", 1))


def test_the_executor_the_options_ask_for(bundled, monkeypatch):
    assert isinstance(executor_for(bundled, 1), Serial)
    assert isinstance(executor_for(bundled, 0), Serial)
    pool = executor_for(bundled, 2)
    try:
        assert isinstance(pool, ForkPool) and pool.pool._processes == 2
        assert pool.map([(simulate.play_chunk, 2, 0, 2, 3, ("random",))]) == \
            Serial(bundled).map([(simulate.play_chunk, 2, 0, 2, 3, ("random",))])
    finally:
        pool.close()
    with pytest.raises(ValueError, match="needs the content folder"):
        executor_for(bundled, 2, "dask")
    with pytest.raises(ValueError, match="needs the content folder"):
        executor_for(bundled, 1, scheduler="tcp://h:1")


class FakeDask:
    """Stands in for ``distributed``: records what is asked and runs tasks at once."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple, dict]] = []
        fake = self

        class LocalCluster:
            def __init__(self, *args, **kwargs):
                fake.calls.append(("cluster", args, kwargs))

            def close(self):
                fake.calls.append(("cluster.close", (), {}))

        class Client:
            def __init__(self, *args, **kwargs):
                fake.calls.append(("client", args, kwargs))

            def scatter(self, data, **kwargs):
                fake.calls.append(("scatter", (sorted(data),), kwargs))
                return data

            def submit(self, fn, *args, **kwargs):
                fake.calls.append(("submit", (), kwargs))
                return fn(*args)

            def gather(self, futures):
                return iter(futures)

            def close(self):
                fake.calls.append(("client.close", (), {}))

        self.module = types.SimpleNamespace(Client=Client, LocalCluster=LocalCluster)

    def names(self) -> list[str]:
        return [c[0] for c in self.calls]


@pytest.fixture()
def fake_dask(monkeypatch):
    fake = FakeDask()
    monkeypatch.setitem(sys.modules, "distributed", fake.module)
    monkeypatch.setattr(executors, "_WORKER_BOOKS", {})
    return fake


def test_dask_runs_a_local_cluster_of_one_thread_processes(fake_dask, bundled, files):
    pool = executor_for(bundled, 3, "dask", content=bundled_content())
    assert isinstance(pool, DaskPool)
    kind, args, kwargs = fake_dask.calls[0]
    assert kind == "cluster" and args == ()
    assert kwargs == {"n_workers": 3, "threads_per_worker": 1, "processes": True,
                      "dashboard_address": "127.0.0.1:0"}  # a free port, never 8787
    assert fake_dask.calls[2] == ("scatter", (sorted(files),), {"broadcast": True})
    tasks = [(simulate.play_chunk, 4, 0, 2, 3, ("random",)),
             (simulate.play_chunk, 4, 2, 3, 3, ("random",))]
    assert pool.map(tasks) == Serial(bundled).map(tasks)
    assert [c[2] for c in fake_dask.calls if c[0] == "submit"] == [{"pure": False}] * 2
    pool.close()
    assert fake_dask.names()[-2:] == ["client.close", "cluster.close"]


def test_dask_at_a_scheduler_starts_no_cluster(fake_dask, bundled):
    pool = executor_for(bundled, 1, scheduler="tcp://10.0.0.5:8786", content=bundled_content())
    assert fake_dask.calls[0] == ("client", ("tcp://10.0.0.5:8786",), {})
    assert "cluster" not in fake_dask.names() and pool.cluster is None
    pool.close()
    assert fake_dask.names()[-1] == "client.close"


def test_a_local_cluster_has_at_least_one_worker(fake_dask, bundled):
    DaskPool(bundled_content(), 0).close()
    assert fake_dask.calls[0][2]["n_workers"] == 1


def test_without_distributed_the_dask_executor_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails
    with pytest.raises(UsageError) as caught:
        DaskPool(bundled_content(), 1)
    assert caught.value.message == "the Dask executor needs the 'distributed' package"
    assert caught.value.where == "--executor dask"
    assert caught.value.hint == "pip install 'dark-prophecies[cluster]'"

