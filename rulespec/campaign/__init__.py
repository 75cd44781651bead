"""Campaigns: many independent batches of work (games between players, fuzz runs, solver
splits) run on a local process pool or on a Ray cluster, results streamed back as each batch
finishes. A batch is a picklable description plus a module-level function; it depends only on
its own seeds, so the totals are the same whichever backend runs it and in whatever order.

A batch whose worker dies is run again (Ray's task retries; on the local pool, a broken pool
is replaced and its unfinished batches resubmitted), so nothing is lost."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .games import GameBatch, GameRecord, load_game, play_batch, split_games

__all__ = ["run", "GameBatch", "GameRecord", "play_batch", "split_games", "load_game"]


def run(fn: Callable[[Any], Any], batches: Iterable[Any], ray: str | None = None,
        workers: int | None = None, retries: int = 3) -> Iterator[tuple[Any, Any]]:
    """Yield (batch, fn(batch)) for every batch as it finishes.

    `ray`: None for the local process pool; 'auto' for the Ray cluster this machine belongs to
    (a local Ray instance is started when there is none); or a cluster address such as
    'ray://head:10001'. `workers`: local pool size (default: the machine's cores)."""
    if ray is None:
        from .local import run_local

        return run_local(fn, list(batches), workers, retries)
    from .ray_backend import run_ray

    return run_ray(fn, list(batches), ray, retries)
