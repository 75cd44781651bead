"""Batches of games between players: what a worker plays and what it sends back."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulespec.fuzz import end_fired, move_fired


@dataclass(frozen=True)
class GameBatch:
    """Games `first` .. `first + count - 1` of a campaign: game g is played with seed g by
    `south` (moving first) against `north`. Carries the spec's text so that a worker on
    another machine needs nothing but rulespec."""

    variant: str
    """A shipped variant's name or the spec's path (for messages)."""
    spec_text: str
    params: tuple[tuple[str, Any], ...]
    south: str
    north: str
    first: int
    count: int
    max_moves: int = 1000
    tag: Any = None
    """The caller's label for the batch (a grid cell, a pairing)."""


@dataclass
class GameRecord:
    seed: int
    south: str
    north: str
    result: int
    """+1 South won, -1 North won, 0 a draw (or cut off at the move limit)."""
    margin: int
    """South's final score minus North's."""
    moves: int
    """Moves completed (a move is one turn, whatever decisions it took)."""
    end: str
    """The end condition that ended the game, or 'move limit'."""
    fired: Counter[str] = field(default_factory=Counter)
    """Rules that fired: captures, relay events, marks, stages, the end (as rulespec fuzz counts them)."""


@lru_cache(maxsize=16)
def load_game(variant: str, spec_text: str, params: tuple[tuple[str, Any], ...]) -> Any:
    from rulespec.interpreter import Game
    from rulespec.loader import load_spec_text

    folder = Path(variant).parent if variant.endswith((".yaml", ".yml")) else None
    return Game(load_spec_text(spec_text, variant, folder, **dict(params)))


def spec_text(variant: str) -> str:
    """The text of a shipped variant or of the spec file the user named."""
    from rulespec.inputs import read_text
    from rulespec.loader import resolve

    return read_text(resolve(variant))


def split_games(variant: str, params: dict[str, Any], south: str, north: str, games: int,
                batch_size: int = 10, first: int = 0, max_moves: int = 1000, tag: Any = None) -> list[GameBatch]:
    """Games first .. first+games-1 cut into batches of `batch_size`."""
    text = spec_text(variant)
    items = tuple(sorted(params.items()))
    return [GameBatch(variant, text, items, south, north, start, min(batch_size, first + games - start),
                      max_moves, tag)
            for start in range(first, first + games, batch_size)]


def play_batch(batch: GameBatch) -> list[GameRecord]:
    from rulespec.players import make_player

    game = load_game(batch.variant, batch.spec_text, batch.params)
    records = []
    for seed in range(batch.first, batch.first + batch.count):
        players = [make_player(batch.south, seed=2 * seed), make_player(batch.north, seed=2 * seed + 1)]
        records.append(play_one(game, players, seed, batch.max_moves))
    return records


def play_one(game: Any, players: list[Any], seed: int, max_moves: int) -> GameRecord:
    from rulespec.players import play_decision

    state = game.new_initial_state()
    fired: Counter[str] = Counter()
    while not state.is_terminal() and state.move_number() < max_moves:
        play_decision(players, state)
        if state.pending_request() is None:
            move_fired(fired, state)
    if state.is_terminal():
        end_fired(fired, game, state)
        r = state.returns()[0]
        result = 1 if r > 0 else -1 if r < 0 else 0
        end = state.end_reason or ""
    else:
        result, end = 0, "move limit"
    return GameRecord(seed, players[0].name, players[1].name, result, state.margin(0), state.move_number(),
                      end, fired)
