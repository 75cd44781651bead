"""Whole random games on the typed engine (interpreter/engine.py's runner) against `_game.c`.

Both runners use the same generator and choose in the same order, so a seed must give the very
same games: the same wins, draws, actions, turns, lengths and recorded actions, on every
shipped variant and on generated specs, compiled and (a few games) interpreted.
"""
from __future__ import annotations

import json
import signal
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_spec_fuzz import specs

import rulespec
from rulespec import RulespecError
from rulespec.errors import LimitError
from rulespec.fuzz import load_for_random_play
from rulespec.interpreter import kernel, layout, native

ENGINES = {"compiled": {"RULESPEC_ENGINE": "typed"}, "interpreted": {"RULESPEC_ENGINE": "typed", "RULESPEC_PURE": "1"}}
INTERPRETED = [("oware", 3), ("kalah", 3), ("bao-la-kiswahili", 1), ("glass-bead-game", 1), ("sungka", 2),
               ("ayoayo", 1), ("nam-nam", 1)]
"""The games interpreted (slow): sowing and feeding, a store, marks by look-ahead, several
kinds of piece, the opening race, rounds, pits changing hands between rounds."""


def on_engine(monkeypatch: pytest.MonkeyPatch, engine: str, load: Callable[[], Any], n: int, seed: int) -> dict:
    """n playouts of a game loaded and played with `engine` ("c", or one of ENGINES)."""
    with monkeypatch.context() as env:
        for key in ("RULESPEC_ENGINE", "RULESPEC_PURE"):
            env.delenv(key, raising=False)
        for key, value in ENGINES.get(engine, {}).items():
            env.setenv(key, value)
        if engine == "compiled" and kernel.typed_engine().__name__.endswith(".engine"):
            pytest.skip("the typed engine was not compiled at install")
        game = load()
        return native.playouts(game, n, seed=seed, lengths=True, record=True)


def same_games(monkeypatch: pytest.MonkeyPatch, engine: str, load: Callable[[], Any], n: int, seed: int) -> dict:
    c = on_engine(monkeypatch, "c", load, n, seed)
    typed = on_engine(monkeypatch, engine, load, n, seed)
    assert c.pop("engine") == "native" and typed.pop("engine") == "typed"
    assert typed == c
    return typed


@pytest.mark.parametrize("name", rulespec.shipped_variants())
def test_every_variant_plays_the_same_games_on_the_typed_runner(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    result = same_games(monkeypatch, "compiled", lambda: load_for_random_play(name), 6, 13)
    assert result["games"] == 6 and result["actions"] > 0


@pytest.mark.parametrize("name,n", INTERPRETED, ids=[name for name, _ in INTERPRETED])
def test_the_runner_interpreted_plays_the_same_games(monkeypatch: pytest.MonkeyPatch, name: str, n: int) -> None:
    same_games(monkeypatch, "interpreted", lambda: load_for_random_play(name), n, 5)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(spec=specs(), seed=st.integers(0, 1000))
def test_generated_specs_play_the_same_games_on_the_typed_runner(spec: dict, seed: int) -> None:
    text = json.dumps(spec)
    try:
        rulespec.load_text(text, "generated.yaml")
    except (RulespecError, ValueError):
        return
    with pytest.MonkeyPatch.context() as monkeypatch:
        c = on_engine(monkeypatch, "c", lambda: rulespec.load_text(text, "generated.yaml"), 3, seed)
        if c["engine"] != "native":
            return
        typed = on_engine(monkeypatch, "compiled", lambda: rulespec.load_text(text, "generated.yaml"), 3, seed)
    c.pop("engine")
    assert typed.pop("engine") == "typed" and typed == c


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
    engine = kernel.typed_engine()
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
        for key in ("RULESPEC_ENGINE", "RULESPEC_PURE"):
            env.delenv(key, raising=False)
        for key, value in ENGINES[engine].items():
            env.setenv(key, value)
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
