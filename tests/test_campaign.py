"""Campaigns: the same totals on the local pool, in-process and on Ray for the same seeds, and
a batch whose worker dies is run again."""
from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from rulespec.campaign import play_batch, run, split_games


def totals(results) -> Counter:
    out: Counter = Counter()
    for _, records in results:
        for r in records:
            out[f"result {r.result}"] += 1
            out["moves"] += r.moves
            out["margin"] += r.margin
            out.update(r.fired)
    return out


def batches():
    return split_games("kalah", {"pits": 4, "seeds": 3}, "random", "greedy", 24, batch_size=4)


def crash_once(job: tuple[str, int]) -> int:
    """Kill the worker process the first time the job with number 2 runs (a marker file
    remembers), as a machine failure would; every job returns its number squared."""
    marker, n = job
    if n == 2 and not Path(marker).exists():
        Path(marker).write_text("crashed")
        os._exit(1)
    return n * n


def test_the_local_pool_gives_the_same_totals_as_one_process() -> None:
    assert totals(run(play_batch, batches(), workers=2)) == totals(run(play_batch, batches(), workers=1))


def test_the_local_pool_reruns_a_batch_whose_worker_died(tmp_path: Path) -> None:
    jobs = [(str(tmp_path / "marker"), n) for n in range(6)]
    results = sorted(r for _, r in run(crash_once, jobs, workers=2))
    assert results == [n * n for n in range(6)]
    assert (tmp_path / "marker").exists()


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    # The workers import this module for crash_once.
    here = str(Path(__file__).parent)
    # The machine may be busy: give the local instance's processes time to start.
    os.environ.setdefault("RAY_raylet_start_wait_time_s", "120")
    os.environ.setdefault("RAY_gcs_rpc_server_connect_timeout_s", "60")
    for attempt in range(2):
        try:
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                     runtime_env={"env_vars": {"PYTHONPATH": here}})
            break
        except Exception:  # a start-up timeout on a loaded machine: try once more
            ray.shutdown()
            if attempt:
                raise
    yield ray
    ray.shutdown()


def test_ray_gives_the_same_totals_as_the_local_pool_and_retries(local_ray, tmp_path: Path) -> None:
    on_ray = totals(run(play_batch, batches(), ray="auto"))
    assert on_ray == totals(run(play_batch, batches(), workers=2))
    assert on_ray["result 1"] + on_ray["result -1"] + on_ray["result 0"] == 24
    jobs = [(str(tmp_path / "marker"), n) for n in range(4)]
    assert sorted(r for _, r in run(crash_once, jobs, ray="auto")) == [0, 1, 4, 9]
    assert (tmp_path / "marker").exists()  # the worker did die once; Ray ran the task again
    from rulespec.campaign.fuzzing import fuzz_campaign

    stats, _ = fuzz_campaign("kalah", {"pits": 4}, 10, 1, 2000, "auto", None, batch_size=3)
    local, _ = fuzz_campaign("kalah", {"pits": 4}, 10, 1, 2000, None, 2, batch_size=3)
    assert vars(stats) == vars(local) and stats.games == 10


def test_fuzz_as_a_campaign_plays_the_same_games() -> None:
    import rulespec
    from rulespec.campaign.fuzzing import fuzz_campaign
    from rulespec.fuzz import random_games

    alone, failing = random_games(rulespec.load("oware", pits=4), 12, 3, 2000)
    spread, failing2 = fuzz_campaign("oware", {"pits": 4}, 12, 3, 2000, None, 2, batch_size=5)
    assert failing is None and failing2 is None
    assert vars(alone) == vars(spread)


def test_mutation_analysis_runs_on_ray_with_the_local_pools_outcomes(local_ray, tmp_path: Path) -> None:
    from rulespec.check import mutate

    path = tmp_path / "weak.yaml"
    path.write_text("name: Weak\nboard: {pits: 3, stores: beside}\nsetup: {per_pit: 2}\n"
                    "turn: {moves: [{name: sow}]}\n"
                    "captures: [{name: two, when: {side: opponent, count: 2}, take: [landing]}]\n"
                    "end: [{kind: side_empty}, {kind: move_limit, moves: 60}]\nscoring: {counts: [store]}\n",
                    encoding="utf-8")
    on_ray = mutate.run(str(path), games=3, ray="auto")
    local = mutate.run(str(path), games=3, jobs=1)
    assert [o.status for o in on_ray.outcomes] == [o.status for o in local.outcomes]
    assert on_ray.count("surviving") > 0
