"""Balance analysis: play a campaign of games for every combination of parameter values and
summarise what happened: first-player wins with a 95% interval, draws, game lengths, how
often each rule fired, games ended by a player having no legal move, and games cut off."""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulespec.campaign import GameRecord, play_batch, run, split_games
from rulespec.models.parameters import INTEGER

from .stats import wilson


MAX_GRID_CELLS = 10_000
"""Combinations of parameter values one analysis may play (each is a campaign of games)."""


class GridError(ValueError):
    """A --param value that is neither a value, a list a,b,c, nor a range lo..hi."""


def parse_grid(pairs: list[str] | None) -> dict[str, list[Any]]:
    """NAME=VALUE, NAME=lo..hi (whole numbers) or NAME=a,b,c -> each name's values."""
    grid: dict[str, list[Any]] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise GridError(f"expected NAME=VALUE, NAME=LO..HI or NAME=A,B,C; got {pair!r}")
        name, raw = (s.strip() for s in pair.split("=", 1))
        if ".." in raw:
            lo, _, hi = raw.partition("..")
            try:
                if not (INTEGER.fullmatch(lo.strip()) and INTEGER.fullmatch(hi.strip())):
                    raise ValueError
                a, b = int(lo), int(hi)
            except ValueError:
                raise GridError(f"{pair!r}: a range needs whole numbers, e.g. {name}=4..8") from None
            if b < a:
                raise GridError(f"{pair!r}: the range is empty ({a} > {b})")
            if b - a >= MAX_GRID_CELLS:
                raise GridError(f"{pair!r}: a range may hold at most {MAX_GRID_CELLS} values")
            grid[name] = list(range(a, b + 1))
        else:
            grid[name] = [_typed(v.strip()) for v in raw.split(",")]
    cells = 1
    for values in grid.values():
        cells *= len(values)
        if cells > MAX_GRID_CELLS:
            raise GridError(f"the grid has more than {MAX_GRID_CELLS} combinations of parameters; "
                            f"play fewer values")
    return grid


def _typed(raw: str) -> Any:
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    if INTEGER.fullmatch(raw):
        return int(raw)
    return raw


@dataclass
class Cell:
    """One combination of parameter values and what its games showed."""

    params: dict[str, Any]
    records: list[GameRecord] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.records)

    def count(self, result: int) -> int:
        return sum(1 for r in self.records if r.result == result)

    def summary(self) -> dict[str, Any]:
        n = self.games
        south, north = self.count(1), self.count(-1)
        draws = n - south - north
        lo, hi = wilson(south, n)
        lengths = [r.moves for r in self.records]
        fired_total: Counter[str] = Counter()
        fired_games: Counter[str] = Counter()
        for r in self.records:
            fired_total.update(r.fired)
            fired_games.update(set(r.fired))
        return {
            "params": self.params, "games": n, "south_wins": south, "north_wins": north,
            "draws": draws, "south_win_rate": south / n if n else 0.0, "south_win_ci95": [lo, hi],
            "draw_rate": draws / n if n else 0.0,
            "mean_length": sum(lengths) / n if n else 0.0,
            "min_length": min(lengths, default=0), "max_length": max(lengths, default=0),
            "mean_margin": sum(r.margin for r in self.records) / n if n else 0.0,
            "no_legal_move": sum(1 for r in self.records if r.end == "no_legal_move"),
            "move_limit": sum(1 for r in self.records if r.end == "move limit"),
            "fired_per_game": {k: v / n for k, v in sorted(fired_total.items())},
            "fired_in_games": {k: v / n for k, v in sorted(fired_games.items())},
        }


@dataclass
class Analysis:
    variant: str
    name: str
    """The game's name as the spec gives it."""
    players: tuple[str, str]
    grid: dict[str, list[Any]]
    fixed: dict[str, Any]
    cells: list[Cell]
    max_moves: int
    seed: int
    rules: list[str] = field(default_factory=list)
    """Every rule the spec has that can be counted (rules that never fired show as 0)."""

    def summaries(self) -> list[dict[str, Any]]:
        return [c.summary() for c in self.cells]


def analyze(variant: str, grid: dict[str, list[Any]], players: tuple[str, str], games: int, seed: int = 0,
            max_moves: int = 1000, ray: str | None = None, workers: int | None = None, batch_size: int = 5,
            progress: Callable[[int], None] | None = None) -> Analysis:
    """Play `games` games for every combination of the grid's values (a name with one value is
    simply fixed). Game g of every cell uses seed `seed * 1_000_000 + g`."""
    import rulespec
    from rulespec.fuzz import rule_names

    names = [k for k, v in grid.items() if len(v) > 1]
    fixed = {k: v[0] for k, v in grid.items() if len(v) == 1}
    combos = [dict(zip(names, values)) for values in itertools.product(*(grid[k] for k in names))]
    cells = [Cell({**fixed, **combo}) for combo in combos]
    batches = []
    for i, cell in enumerate(cells):
        batches += split_games(variant, cell.params, players[0], players[1], games, batch_size,
                               first=seed * 1_000_000, max_moves=max_moves, tag=i)
    first = rulespec.load(variant, **cells[0].params)
    done = 0
    for batch, records in run(play_batch, batches, ray=ray, workers=workers):
        cells[batch.tag].records.extend(records)
        done += len(records)
        if progress:
            progress(done)
    for cell in cells:
        cell.records.sort(key=lambda r: r.seed)
    return Analysis(variant, first.spec.name, players, {k: grid[k] for k in names}, fixed, cells, max_moves, seed,
                    rule_names(first))
