"""`rulespec fuzz` as a campaign: each batch plays a slice of a variant's random games."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .games import load_game, spec_text


@dataclass(frozen=True)
class FuzzBatch:
    variant: str
    spec_text: str
    params: tuple[tuple[str, Any], ...]
    seed: int
    first: int
    count: int
    max_actions: int


def fuzz_batch(batch: FuzzBatch) -> tuple[Any, list[int] | None]:
    from rulespec.fuzz import random_games

    game = load_game(batch.variant, batch.spec_text, batch.params)
    return random_games(game, batch.count, batch.seed, batch.max_actions, first=batch.first)


def fuzz_campaign(variant: str, params: dict[str, Any], games: int, seed: int, max_actions: int,
                  ray: str | None, workers: int | None, batch_size: int = 20,
                  progress: Callable[[int], None] | None = None) -> tuple[Any, list[int] | None]:
    """The same games as `random_games(game, games, seed, ...)`, in batches on the pool or Ray:
    the merged stats and the failing choices of the earliest failing game (or None)."""
    from rulespec.fuzz import Stats

    from . import run

    text = spec_text(variant)
    items = tuple(sorted(params.items()))
    batches = [FuzzBatch(variant, text, items, seed, start, min(batch_size, games - start), max_actions)
               for start in range(0, games, batch_size)]
    stats = Stats()
    failures: list[tuple[int, list[int]]] = []
    done = 0
    for batch, (part, failing) in run(fuzz_batch, batches, ray=ray, workers=workers):
        stats.add(part)
        if failing is not None:
            failures.append((batch.first + part.games, failing))
        done += batch.count
        if progress:
            progress(done)
    return stats, min(failures)[1] if failures else None
