"""The simulators on a Dask cluster: every chunk a task, the counts merged exactly as the local
workers merge them, so a seed gives the same result bit for bit on one process, on worker
processes and on a cluster of two workers (a real ``distributed`` LocalCluster, reached by its
scheduler's address as a remote cluster would be)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

import pytest
from distributed import LocalCluster

from banluck.cli import main
from banluck.games.banluck import preset
from banluck.games.banluck.sim import simulate as banluck_simulate
from banluck.games.blackjack.rules import PRESETS as BLACKJACK
from banluck.games.blackjack.sim.runner import simulate as blackjack_simulate
from banluck.games.kampung.rules import KAMPUNG
from banluck.games.kampung.sim.runner import simulate as kampung_simulate
from banluck.sim.chunks import dask_client

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A cluster of two worker processes (one thread each) on this machine's loopback."""
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        host="127.0.0.1",
    ) as c:
        yield str(c.scheduler_address)


def test_ban_luck_on_a_cluster_equals_the_local_run(cluster: str) -> None:
    rules = preset("table", 2)
    done: list[int] = []
    here = banluck_simulate(rules, 120_000, seed=11, chunk=20_000)
    there = banluck_simulate(
        rules, 120_000, seed=11, chunk=20_000, dask=cluster, progress=done.append
    )
    assert there.counts == here.counts and there.chunks == here.chunks
    assert there.workers == 2 and sorted(done) == [20_000] * 6  # progress as chunks finish
    other = banluck_simulate(rules, 120_000, seed=12, chunk=20_000, dask=cluster)
    assert other.counts != here.counts  # the seed, not the cluster, decides


def test_blackjack_and_kampung_on_a_cluster_equal_the_local_run(cluster: str) -> None:
    infinite = BLACKJACK["infinite"]
    here = blackjack_simulate(infinite, 40_000, seed=3, chunk=10_000)
    there = blackjack_simulate(infinite, 40_000, seed=3, chunk=10_000, dask=cluster)
    assert there.counts == here.counts and there.chunks == here.chunks
    k_here = kampung_simulate(KAMPUNG, 4_000, seed=5, chunk=1_000)
    k_there = kampung_simulate(KAMPUNG, 4_000, seed=5, chunk=1_000, dask=cluster)
    assert k_there.acc == k_here.acc and k_there.workers == 2


def _cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's refusal
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_the_command_takes_a_cluster_and_says_the_same(cluster: str) -> None:
    args = ["simulate", "--preset", "one-on-one", "--hands", "60000", "--chunk", "20000"]
    args += ["--seed", "9", "--json", "--no-progress"]
    code, here, _ = _cli(args)
    code2, there, _ = _cli([*args, "--dask", cluster])
    assert code == code2 == 0
    a: dict[str, Any] = json.loads(here)
    b: dict[str, Any] = json.loads(there)
    for key in ("seconds", "workers", "hands_per_second", "seat_hands_per_second"):
        a.pop(key, None)
        b.pop(key, None)
    assert a == b


def test_a_local_cluster_by_name_and_bad_addresses() -> None:
    rules = preset("one-on-one", 1)
    here = banluck_simulate(rules, 20_000, seed=4, chunk=10_000)
    there = banluck_simulate(rules, 20_000, seed=4, chunk=10_000, dask="local:2")
    assert there.counts == here.counts and there.workers == 2
    for bad in ("local:0", "local:x"):
        with pytest.raises(ValueError, match="1 or more workers"):
            dask_client(bad)
    code, _, err = _cli(["simulate", "--hands", "10", "--workers", "2", "--dask", "local:2"])
    assert code == 2 and "not allowed with argument" in err
