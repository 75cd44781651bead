"""Golden games: seeded random games of every shipped variant (at its parameters' defaults and
their documented extremes), recorded as their actions, digests of the positions they pass
through, of the moves as written and what each did, and their results, and a digest of seeded whole games from `game.playouts` (the
engine's runner, its own generator). tests/test_golden.py plays them again and asserts the
engine reproduces every position and every playout, so a change to the engine that changes what any game does is seen
at once (and must be a deliberate fix, listed where it is made).

Specs generated at random across the vocabulary (the property tests' generators,
tests/test_spec_fuzz.py and tests/test_kernel.py) are pinned the same way: the specs are kept
in the data as text, drawn once (`--new-corpus`), so their games stay the same whatever the
generators become.

    python tests/golden/record.py               # write tests/golden/games.json.gz again
    python tests/golden/record.py --new-corpus  # the same, with newly drawn generated specs
    python tests/golden/record.py --check       # what the test does: compare, report the first difference
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "games.json.gz"
GAMES = 3
"""Seeded games per configuration."""
MAX_ACTIONS = 400
"""Actions after which a game is cut off (still pinned: every position up to there)."""
EVERY = 8
"""A digest of the position after every EVERY-th action (and after the last)."""
PLAYOUTS = 4
"""Whole games played by `game.playouts` per configuration (seed PLAYOUT_SEED)."""
PLAYOUT_SEED = 13
GENERATED = {"specs": 160, "block_specs": 40}
"""Generated specs in the corpus, by generator."""
SLOW = 0.05
"""Seconds (compiled) past which a generated spec's games are left out of the corpus."""


def configurations() -> list[tuple[str, dict[str, Any]]]:
    """Every shipped variant at its random-play parameters, then at each number parameter's
    documented minimum and maximum (where the game loads there)."""
    import rulespec
    from rulespec.fuzz import random_play_params

    out = []
    for name in rulespec.shipped_variants():
        loaded = rulespec.load_spec(name)
        base = random_play_params(loaded)
        out.append((name, base))
        for pname, param in loaded.spec.parameters.items():
            if isinstance(param.default, bool) or not isinstance(param.default, int):
                continue
            for value in (param.min, param.max):
                if value is not None and value != param.default and value <= 12:
                    out.append((name, {**base, pname: value}))
    return out


def digest(state: Any) -> str:
    text = json.dumps(state.snapshot(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play(game: Any, seed: int) -> dict[str, Any]:
    """One seeded random game: its actions (a pair at a simultaneous node), digests of its
    positions, digests of its moves as written and what each did (`move_to_string`,
    `last_move_facts`: each digest covers every move so far), and its result."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    actions: list[Any] = []
    digests = [digest(state)]
    written = hashlib.sha256()
    moves = []
    while not state.is_terminal() and len(actions) < MAX_ACTIONS:
        if state.is_simultaneous_node():
            pair = [rng.choice(state.legal_actions(p)) for p in (0, 1)]
            state.apply_actions(pair)
            actions.append(pair)
        else:
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions.append(action)
        if state.pending_request() is None:  # a whole move (or a step of the opening race) is over
            facts = [state.move_to_string(), state.move_to_string(suffix=False), state.last_move_facts()]
            written.update(json.dumps(facts, sort_keys=True, separators=(",", ":")).encode())
        if len(actions) % EVERY == 0:
            digests.append(digest(state))
            moves.append(written.hexdigest()[:16])
    digests.append(digest(state))
    moves.append(written.hexdigest()[:16])
    return {"seed": seed, "actions": actions, "digests": digests, "moves": moves,
            "returns": list(state.returns()) if state.is_terminal() else None}


def playouts(game: Any) -> dict[str, Any]:
    """Seeded whole games from the start as `game.playouts` plays them: their tally, and a
    digest of every game's actions."""
    from rulespec.interpreter.native import playouts as play_whole

    result = play_whole(game, PLAYOUTS, seed=PLAYOUT_SEED, lengths=True, record=True)
    records = json.dumps(result["records"], separators=(",", ":"))
    return {"engine": result["engine"], "wins": result["wins"], "draws": result["draws"],
            "actions": result["actions"], "turns": result["turns"],
            "records": hashlib.sha256(records.encode()).hexdigest()[:16]}


def record(corpus: list[str]) -> list[dict[str, Any]]:
    """The golden data: every configuration's games and playouts, then the generated specs'."""
    import rulespec

    out = []
    for name, params in configurations():
        try:
            game = rulespec.load(name, **params)
        except Exception:  # noqa: BLE001 - an extreme the spec refuses with another parameter
            continue
        out.append({"variant": name, "params": params, "games": [play(game, seed) for seed in range(GAMES)],
                    "playouts": playouts(game)})
    for index, text in enumerate(corpus):
        game = load(text)
        out.append({"variant": f"generated-{index}", "params": {}, "spec": text,
                    "games": [play(game, seed) for seed in range(GAMES)], "playouts": playouts(game)})
    return out


def load(text: str) -> Any:
    """A generated spec's game."""
    import rulespec

    return rulespec.load_text(text, "generated.yaml")


def new_corpus() -> list[str]:
    """Specs drawn from the property tests' generators (deterministically), as JSON text:
    those that load, whose games stay within the engine's look-ahead bounds, and that replay
    quickly (the test plays them interpreted too)."""
    from hypothesis import HealthCheck, given, settings
    from test_kernel import block_specs
    from test_spec_fuzz import specs

    from rulespec.errors import RulespecError

    found: list[str] = []
    for generator, wanted in GENERATED.items():
        drawn: list[str] = []

        @settings(max_examples=4 * wanted, derandomize=True, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(spec={"specs": specs, "block_specs": block_specs}[generator]())
        def draw(spec: dict) -> None:
            if len(drawn) >= wanted:
                return
            text = json.dumps(spec, sort_keys=True)
            began = time.perf_counter()
            try:
                game = load(text)
                play(game, 0)
                playouts(game)
            except RulespecError:  # refused at load, or a look-ahead past its bound
                return
            if time.perf_counter() - began < SLOW and text not in drawn:
                drawn.append(text)

        draw()
        found += drawn
    return found


def difference(expected: dict[str, Any], game: Any) -> str | None:
    """Where a recorded game and its replay part (or the playouts differ), or None."""
    for want in expected["games"]:
        got = play(game, want["seed"])
        for what in ("actions", "digests", "moves", "returns"):
            if got[what] != want[what]:
                at = next((i for i, (a, b) in enumerate(zip(got[what], want[what])) if a != b),
                          min(len(got[what]), len(want[what])))
                where = f"action {at}" if what == "actions" else f"digest {at} (by action {at * EVERY})"
                return (f"{expected['variant']} {expected['params']} seed {want['seed']}: {what} differ at "
                        f"{where}" if what != "returns" else
                        f"{expected['variant']} {expected['params']} seed {want['seed']}: returns "
                        f"{got['returns']} instead of {want['returns']}")
    got = playouts(game)
    if got != expected["playouts"]:
        return f"{expected['variant']} {expected['params']}: game.playouts gives {got} instead of {expected['playouts']}"
    return None


def game_of(expected: dict[str, Any]) -> Any:
    """The game a golden entry was recorded from."""
    import rulespec

    if "spec" in expected:
        return load(expected["spec"])
    return rulespec.load(expected["variant"], **expected["params"])


def read() -> list[dict[str, Any]]:
    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        return json.load(fh)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--new-corpus", action="store_true", help="draw the generated specs again")
    opts = parser.parse_args()
    if opts.check:
        problems = [d for e in read() if (d := difference(e, game_of(e)))]
        print("\n".join(problems) or "every golden game reproduces")
        sys.exit(1 if problems else 0)
    corpus = new_corpus() if opts.new_corpus or not DATA.exists() else [e["spec"] for e in read() if "spec" in e]
    data = record(corpus)
    with gzip.GzipFile(DATA, "wb", compresslevel=9, mtime=0) as fh:  # the same games, the same bytes
        fh.write(json.dumps(data, separators=(",", ":")).encode())
    print(f"{DATA}: {len(data)} configurations ({len(corpus)} generated specs), "
          f"{sum(len(e['games']) for e in data)} games")


if __name__ == "__main__":
    sys.path[:0] = [str(HERE.parent.parent), str(HERE.parent)]
    main()
