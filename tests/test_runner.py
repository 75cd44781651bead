"""Whole random games on the engine's runner (interpreter/engine.py): its source run by Python
plays the very games its compiled build plays (the same generator, the same choices), a game
that never ends stops at the cap, a broken turn record is refused, and Ctrl-C is heard.
tests/test_golden.py pins the games themselves; tests/test_playouts.py replays them on the
state API.
"""
from __future__ import annotations

import signal
from typing import Any, Callable

import pytest

import rulespec
from rulespec.errors import LimitError
from rulespec.fuzz import load_for_random_play
from rulespec.interpreter import kernel, layout, native

ENGINES = {"compiled": "0", "interpreted": "1"}
"""RULESPEC_PURE for each way of running the engine."""
INTERPRETED = [("oware", 3), ("kalah", 3), ("bao-la-kiswahili", 1), ("glass-bead-game", 1), ("sungka", 2),
               ("ayoayo", 1), ("nam-nam", 1)]
"""The games interpreted (slow): sowing and feeding, a store, marks by look-ahead, several
kinds of piece, the opening race, rounds, pits changing hands between rounds."""


def on_engine(monkeypatch: pytest.MonkeyPatch, engine: str, load: Callable[[], Any], n: int, seed: int) -> dict:
    """n playouts of a game loaded and played with `engine` (one of ENGINES)."""
    with monkeypatch.context() as env:
        env.setenv("RULESPEC_PURE", ENGINES[engine])
        module = kernel.engine_module()
        if engine == "compiled" and module.__name__.endswith(".engine"):
            pytest.skip("the engine was not compiled at install")
        game = load()
        result = native.playouts(game, n, seed=seed, lengths=True, record=True)
        return result


@pytest.mark.parametrize("name,n", INTERPRETED, ids=[name for name, _ in INTERPRETED])
def test_the_runner_interpreted_plays_the_same_games(monkeypatch: pytest.MonkeyPatch, name: str, n: int) -> None:
    compiled = on_engine(monkeypatch, "compiled", lambda: load_for_random_play(name), n, 5)
    assert on_engine(monkeypatch, "interpreted", lambda: load_for_random_play(name), n, 5) == compiled


ENDLESS = ("name: Endless\nboard: {ranks: 2, pits: 2, stores: none}\nsetup: {per_pit: 50}\n"
           "turn: {moves: [{from: {side: own, count: {min: 1}}}]}\n"
           "end: [{kind: move_limit, moves: 2000000000}]\nscoring: {counts: [own_pits]}\n")


@pytest.mark.parametrize("engine", list(ENGINES))
def test_a_game_that_never_ends_stops_at_the_cap(monkeypatch: pytest.MonkeyPatch, engine: str) -> None:
    monkeypatch.setattr(native, "MAX_PLAYOUT_ACTIONS", 2_000)
    with pytest.raises(LimitError, match="more than 2000 actions without ending"):
        on_engine(monkeypatch, engine, lambda: rulespec.load_text(ENDLESS, "endless.yaml"), 1, 0)


def test_the_runner_refuses_a_turn_record_it_cannot_read() -> None:
    game = rulespec.load("oware")
    asm = native.TurnAssembler(game, game.rulesets[0], [k.name for k in game.rulesets[0].kinds])
    program = asm.assemble()
    at = asm.turn(0)
    engine = kernel.engine_module()
    engine.Runner((engine.Kernel(program),), (at,))
    with pytest.raises(ValueError, match="a turn record the runner cannot read: a turn record lies outside"):
        engine.Runner((engine.Kernel(program),), (len(program) - 3,))
    program[at + layout.T_FIRST] = 2
    with pytest.raises(ValueError, match="a first player other than 0 or 1"):
        engine.Runner((engine.Kernel(program),), (at,))


class SignalLost(Exception):
    """A second timer signal arrived: the first one's KeyboardInterrupt was swallowed."""


@pytest.mark.parametrize("engine", list(ENGINES))
def test_ctrl_c_stops_a_long_run(monkeypatch: pytest.MonkeyPatch, engine: str) -> None:
    """A run of a billion games answers Ctrl-C (the runner lets signals through between games
    and every 4,096 actions): a timer's signal raises KeyboardInterrupt, as Ctrl-C's does. The
    timer repeats, so a run that lost the first signal fails on the second instead of playing
    on; nothing is recorded, so such a run cannot fill the memory either."""
    signals = []

    def interrupt(signum: int, frame: Any) -> None:
        signals.append(signum)
        raise KeyboardInterrupt if len(signals) == 1 else SignalLost(f"{len(signals)} signals")

    with monkeypatch.context() as env:
        env.setenv("RULESPEC_PURE", ENGINES[engine])
        game = rulespec.load("kalah")
        previous = signal.signal(signal.SIGALRM, interrupt)
        signal.setitimer(signal.ITIMER_REAL, 0.5, 2.0)
        try:
            with pytest.raises(KeyboardInterrupt):
                native.playouts(game, 10**9, seed=0)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    assert signals == [signal.SIGALRM]
