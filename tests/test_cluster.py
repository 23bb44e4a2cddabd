"""Where chunks run: in order and the same here, in processes and on a Dask cluster.

The Dask tests start a real ``distributed.LocalCluster`` of two worker processes;
without the ``dask`` extra they are skipped, except under CI (``CI=true``), where
a missing extra fails them.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardcore.replay.batch import judge_all
from cardcore.replay.cluster import ClusterError, DaskCluster, InProcess, Processes, executor
from cardcore.replay.study import StudySpec, run_study

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted(str(p) for p in (ROOT / "fixtures").rglob("*.json"))
HAVE_DASK = importlib.util.find_spec("distributed") is not None


def test_in_process_and_processes_map_in_order() -> None:
    """Results come back in the order of the items, whoever finished first."""
    items = list(range(-20, 20))
    with InProcess() as here:
        assert list(here.map(abs, items)) == [abs(i) for i in items]
    with Processes(2) as there:
        assert list(there.map(abs, items)) == [abs(i) for i in items]


def test_executor_picks_by_jobs() -> None:
    """One job: this process; more: local processes."""
    with executor(jobs=1) as one, executor(jobs=2) as two:
        assert isinstance(one, InProcess)
        assert isinstance(two, Processes) and two.workers == 2


@pytest.mark.skipif(HAVE_DASK, reason="dask.distributed is installed")
def test_a_scheduler_without_the_dask_extra_says_how_to_install_it() -> None:
    """--scheduler without dask.distributed: ClusterError naming the extra."""
    with pytest.raises(ClusterError, match=r"cardcore\[dask\]"):
        DaskCluster("tcp://127.0.0.1:1")


def _need_dask() -> None:
    if not HAVE_DASK:
        if os.environ.get("CI"):
            pytest.fail("CI runs the Dask tests: install the extra (pip install -e '.[dask]')")
        pytest.skip("dask.distributed is not installed (pip install -e '.[dask]')")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A LocalCluster of two single-threaded worker processes, for the module's tests."""
    _need_dask()
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as local:
        yield local


def test_a_study_on_two_dask_workers_is_the_study_played_here(cluster: Any) -> None:
    """Same seed, same study, on a real two-worker cluster and in this process,
    whatever the chunk size."""
    spec = StudySpec(game="orc-poker", players=3, games=60, seed=11)
    with DaskCluster(cluster.scheduler_address) as run:
        assert run.workers == 2
        on_cluster = run_study(spec, run, chunk=4)
    assert on_cluster == run_study(spec, chunk=60)


def test_a_study_with_a_seat_policy_on_two_dask_workers_is_the_study_played_here(
        cluster: Any) -> None:
    """A policy given to one seat (one every worker can import) makes the same study
    on the cluster as here: the policies are made on the workers, from the seats'
    seeds."""
    spec = StudySpec(game="orc-poker", players=3, games=24, seed=11,
                     seat_policies=((1, "cardcore.play:RandomPolicy"),))
    with DaskCluster(cluster.scheduler_address) as run:
        on_cluster = run_study(spec, run, chunk=4)
    assert on_cluster == run_study(spec, chunk=24)


def test_validation_on_two_dask_workers_reports_what_local_processes_report(
        cluster: Any) -> None:
    """Every fixture's slim report, in the same order, from the cluster and from here."""
    here = list(judge_all(FIXTURES, jobs=1))
    there = list(judge_all(FIXTURES, chunk=8, scheduler=cluster.scheduler_address))
    assert there == here


def test_no_scheduler_at_the_address_is_a_cluster_error() -> None:
    """An address where nothing listens: ClusterError quoting it, not a traceback."""
    _need_dask()
    with pytest.raises(ClusterError, match=r"127\.0\.0\.1:9"):
        DaskCluster("tcp://127.0.0.1:9", timeout="1s")


def test_a_rule_change_over_a_corpus_on_two_dask_workers_is_the_one_judged_here(
        cluster: Any) -> None:
    """``diff DIR --option`` mapped on the cluster: the summary of one process."""
    from cardcore.replay.rulechange import change_corpus

    goblin = [path for path in FIXTURES if "goblin" in path]
    here = change_corpus(goblin, {"ante": 2})
    with DaskCluster(cluster.scheduler_address) as run:
        assert change_corpus(goblin, {"ante": 2}, run=run, chunk=4) == here
    assert here.files > 0


def test_the_commands_print_the_same_with_scheduler_as_with_jobs(cluster: Any) -> None:
    """``study``, ``validate`` and ``diff DIR --option`` with --scheduler print what
    they print with --jobs 2, byte for byte."""
    from click.testing import CliRunner

    from cardcore.cli.main import main

    address = cluster.scheduler_address
    for args in (["study", "auction", "--games", "12", "--players", "3", "--format", "json"],
                 ["validate", "--format", "json", str(ROOT / "fixtures")],
                 ["diff", str(ROOT / "fixtures" / "goblin-poker"), "--option", "ante=2"]):
        local = CliRunner().invoke(main, [*args, "--jobs", "2"])
        there = CliRunner().invoke(main, [*args, "--scheduler", address])
        assert (there.exit_code, there.output) == (local.exit_code, local.output), args
        assert local.exception is None or isinstance(local.exception, SystemExit)
