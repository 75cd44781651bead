"""Matches between players: sides alternated, win/draw/loss with 95% intervals, and an Elo
table when more than two players meet (every pair plays)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from rulespec.campaign import GameRecord, play_batch, run, split_games

from .stats import elo, wilson


@dataclass
class Pairing:
    a: str
    b: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    """From a's view."""
    records: list[GameRecord] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def line(self) -> str:
        n = self.games
        parts = []
        for label, k in (("win", self.wins), ("draw", self.draws), ("loss", self.losses)):
            lo, hi = wilson(k, n)
            parts.append(f"{label} {k} ({100 * k / n:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
        return f"{self.a} vs {self.b}, {n} games: " + ", ".join(parts)


def match(variant: str, params: dict[str, Any], players: list[str], games: int, seed: int = 0,
          max_moves: int = 1000, ray: str | None = None, workers: int | None = None,
          batch_size: int = 5, progress: Callable[[int], None] | None = None) -> tuple[list[Pairing], dict[str, float]]:
    """Every pair of `players` plays `games` games, each taking South in every other game.
    Returns the pairings (a's view) and Elo ratings (only meaningful with three or more)."""
    labels = _unique(players)
    pairings = {(a, b): Pairing(a, b) for a, b in combinations(labels, 2)}
    batches = []
    for a, b in pairings:
        spec_a, spec_b = labels[a], labels[b]
        half = (games + 1) // 2
        batches += split_games(variant, params, spec_a, spec_b, half, batch_size, first=seed * 100_000,
                               max_moves=max_moves, tag=(a, b, False))
        batches += split_games(variant, params, spec_b, spec_a, games - half, batch_size,
                               first=seed * 100_000 + 50_000, max_moves=max_moves, tag=(a, b, True))
    done = 0
    for batch, records in run(play_batch, batches, ray=ray, workers=workers):
        a, b, swapped = batch.tag
        p = pairings[a, b]
        for r in records:
            score = -r.result if swapped else r.result
            if score > 0:
                p.wins += 1
            elif score < 0:
                p.losses += 1
            else:
                p.draws += 1
            p.records.append(r)
        done += len(records)
        if progress:
            progress(done)
    results = [(p.a, p.b, 1.0) for p in pairings.values() for _ in range(p.wins)]
    results += [(p.a, p.b, 0.5) for p in pairings.values() for _ in range(p.draws)]
    results += [(p.a, p.b, 0.0) for p in pairings.values() for _ in range(p.losses)]
    return list(pairings.values()), elo(results)


def _unique(players: list[str]) -> dict[str, str]:
    """Labels for the players (a spec named twice gets #2): label -> spec."""
    out: dict[str, str] = {}
    for spec in players:
        label, k = spec, 1
        while label in out:
            k += 1
            label = f"{spec}#{k}"
        out[label] = spec
    return out
