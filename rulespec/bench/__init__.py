"""`rulespec bench`: rulespec's speed against references measured in the same run.

Every figure is a rate measured here, now, in this process, in alternating rounds with its
reference, and the ratio reported is the median over the rounds of each round's ratio (robust
to a shared machine's speed drifting). References:

- native playouts (`game.playouts`) against OpenSpiel's C++ random rollouts: its `MCTSBot`
  with a `RandomRolloutEvaluator` (one rollout per simulation), simulations per second from
  the start position: each simulation walks the tree, then plays one random game to the end
  in C++ from the new leaf. (OpenSpiel's `evaluate_bots` with two uniform random bots, whole
  games in C++, is slower still; `--evaluate-bots` adds it.)
- the per-action API (a Python loop of legal_actions, a random choice, apply_action,
  is_terminal) against the same loop over pyspiel's states, and with a clone() per action.
- where OpenSpiel lacks the game: the same two rates without a reference run, and Ludii's
  figures as the issue reported them on this machine class (not run here: no JVM), marked as
  such.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from statistics import median
from typing import Any

OPENSPIEL = {"oware": "oware", "kalah": "mancala"}
LUDII = {"bao-la-kiswahili": ("Ludii 1.3 'Bao' random playouts (reported, not run here)", 832.0),
         "mefuvha": ("Ludii random playouts (reported, not run here)", 184.0)}


@dataclass
class Row:
    game: str
    measure: str
    ours: float
    reference: float | None = None
    label: str = ""
    ratio: float | None = None
    note: str = ""


@dataclass
class Pair:
    """A rate of ours and a reference rate, measured in alternating rounds."""

    ours: Callable[[float], float]
    reference: Callable[[float], float] | None
    ours_rates: list[float] = field(default_factory=list)
    ref_rates: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)

    def round(self, seconds: float) -> None:
        mine = self.ours(seconds)
        self.ours_rates.append(mine)
        if self.reference is not None:
            theirs = self.reference(seconds)
            self.ref_rates.append(theirs)
            self.ratios.append(mine / theirs if theirs else 0.0)


def timed(step: Callable[[], int], seconds: float) -> float:
    """Units per second: call step() (which returns the units it did) until `seconds` pass."""
    done = 0
    start = time.perf_counter()
    while True:
        done += step()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def native_playouts(game: Any, batch: int = 50) -> Callable[[float], float]:
    """game.playouts in batches: games per second."""
    seed = iter(range(10**9))

    def run(seconds: float) -> float:
        return timed(lambda: game.playouts(batch, seed=next(seed))["games"], seconds)

    return run


def openspiel_rollouts(name: str, simulations: int = 1000) -> Callable[[float], float]:
    """OpenSpiel's MCTSBot with a RandomRolloutEvaluator: simulations per second from the start."""
    import pyspiel

    game = pyspiel.load_game(name)
    seeds = iter(range(10**9))

    def step() -> int:
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, next(seeds)), 2.0, simulations,
                              10**9, False, next(seeds), False)
        bot.step(game.new_initial_state())
        return simulations

    return lambda seconds: timed(step, seconds)


def openspiel_evaluate_bots(name: str) -> Callable[[float], float]:
    """Whole random games in C++: pyspiel.evaluate_bots with two uniform random bots."""
    import pyspiel

    game = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(0, 1), pyspiel.make_uniform_random_bot(1, 2)]
    seeds = iter(range(10**9))

    def step() -> int:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, next(seeds))
        return 1

    return lambda seconds: timed(step, seconds)


def api_loop(new_state: Callable[[], Any], clone: bool = False) -> Callable[[float], float]:
    """Games per second of the Python loop over an OpenSpiel-style API (with a clone per action)."""
    rng = random.Random(1)

    def game() -> int:
        state = new_state()
        choice = rng.choice
        if clone:
            while not state.is_terminal():
                state = state.clone()
                state.apply_action(choice(state.legal_actions()))
        else:
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
        return 1

    return lambda seconds: timed(game, seconds)


def capped(name: str) -> str:
    """'; random play with rounds=3' when the variant's random-play parameters apply."""
    from ..fuzz import random_play_params
    from ..loader import load_spec

    params = random_play_params(load_spec(name))
    return "; random play with " + ", ".join(f"{k}={v}" for k, v in params.items()) if params else ""


def lengths(game: Any, n: int = 200) -> tuple[float, float]:
    """Mean actions and turns per random game."""
    result = game.playouts(n, seed=12345)
    return result["actions"] / n, result["turns"] / n


def pairs_for(name: str, evaluate_bots: bool = False) -> list[tuple[str, str, Pair, str]]:
    """(measure, reference label, pair, note) for one shipped variant, with its random-play
    parameters (a cap on rounds the rules leave open: random games of Congkak may otherwise
    run for thousands of rounds)."""
    from ..fuzz import load_for_random_play

    game = load_for_random_play(name)
    try:
        import pyspiel  # noqa: F401
    except ImportError:  # pragma: no cover - the test extra installs it
        spiel = None
    else:
        spiel = OPENSPIEL.get(name)
    out: list[tuple[str, str, Pair, str]] = []
    if spiel:
        out.append(("playouts/s, native", "OpenSpiel C++ MCTS random rollouts, simulations/s",
                    Pair(native_playouts(game), openspiel_rollouts(spiel)), ""))
        if evaluate_bots:
            out.append(("playouts/s, native", "OpenSpiel C++ evaluate_bots, 2 uniform random bots",
                        Pair(native_playouts(game), openspiel_evaluate_bots(spiel)), ""))
        loaded = pyspiel.load_game(spiel)
        out.append(("playouts/s, Python API loop", "pyspiel, same Python loop",
                    Pair(api_loop(game.new_initial_state), api_loop(loaded.new_initial_state)), ""))
        out.append(("playouts/s, API loop + clone", "pyspiel, same loop with clone()",
                    Pair(api_loop(game.new_initial_state, True), api_loop(loaded.new_initial_state, True)), ""))
    else:
        out.append(("playouts/s, game.playouts", "", Pair(native_playouts(game, 10), None), ""))
        out.append(("playouts/s, Python API loop", "", Pair(api_loop(game.new_initial_state), None), ""))
    return out


def run(names: Iterable[str], seconds: float = 1.0, rounds: int = 3, evaluate_bots: bool = False,
        progress: Callable[[str], None] | None = None) -> list[Row]:
    """Measure every variant; the rows of the table."""
    from ..fuzz import load_for_random_play

    rows: list[Row] = []
    for name in names:
        if progress:
            progress(name)
        measured = pairs_for(name, evaluate_bots)
        for _ in range(rounds):
            for _, _, pair, _ in measured:
                pair.round(seconds)
        actions, turns = lengths(load_for_random_play(name))
        for measure, label, pair, note in measured:
            rows.append(Row(name, measure, median(pair.ours_rates), median(pair.ref_rates) if pair.ref_rates else None,
                            label, median(pair.ratios) if pair.ratios else None, note))
        first = rows[-len(measured)]
        if name in LUDII:
            label, rate = LUDII[name]
            best = max(rows[-len(measured):], key=lambda r: r.ours)
            rows.append(Row(name, best.measure, best.ours, rate, label, best.ours / rate,
                            "not the same run: the machine's load differs"))
        rows.append(Row(name, "turns/s (same games)", first.ours * turns, None, "",
                        note=f"{turns:.1f} turns, {actions:.1f} actions per game{capped(name)}"))
    return rows


def table(rows: list[Row]) -> str:
    """The rows as a Markdown table."""
    lines = ["| game | measure | rulespec | reference, same run | ratio | note |", "|---|---|---|---|---|---|"]
    last = None
    for r in rows:
        game = r.game if r.game != last else ""
        last = r.game
        ref = f"{r.reference:,.0f} ({r.label})" if r.reference is not None else r.label
        ratio = f"{r.ratio:.2f}" if r.ratio is not None else ""
        lines.append(f"| {game} | {r.measure} | {r.ours:,.0f} | {ref} | {ratio} | {r.note} |")
    return "\n".join(lines)


# --- how cost grows with the board ----------------------------------------------------------

SCALING = {"oware": ("pits", list(range(6, 27, 4))), "mefuvha": ("pits", list(range(6, 29, 2)))}


@dataclass
class Point:
    game: str
    pits: int
    playouts: float
    us_per_action: float
    actions: float
    api_us_per_action: float


def scaling(seconds: float = 1.0, games: Iterable[str] = SCALING,
            progress: Callable[[str], None] | None = None) -> list[Point]:
    """Native playouts/s and µs per action (and the Python API loop's µs per action) by board size."""
    import rulespec

    points: list[Point] = []
    for name in games:
        param, sizes = SCALING[name]
        for k in sizes:
            if progress:
                progress(f"{name} {param}={k}")
            game = rulespec.load(name, **{param: k})
            batch = [0, 0, 0]

            def step() -> int:
                result = game.playouts(5, seed=batch[0])
                batch[0] += 1
                batch[1] += result["actions"]
                batch[2] += 5
                return 5

            start = time.perf_counter()
            rate = timed(step, seconds)
            elapsed = time.perf_counter() - start
            actions = batch[1] / batch[2]
            api = api_loop(game.new_initial_state)(seconds / 2)
            points.append(Point(name, k, rate, elapsed * 1e6 / batch[1], actions, 1e6 / (api * actions)))
    return points


def scaling_table(points: list[Point]) -> str:
    lines = ["| game | pits a row | playouts/s (native) | actions/game | µs per action (native) "
             "| µs per action (Python API loop) |", "|---|---|---|---|---|---|"]
    for p in points:
        lines.append(f"| {p.game} | {p.pits} | {p.playouts:,.0f} | {p.actions:,.1f} | {p.us_per_action:.2f} "
                     f"| {p.api_us_per_action:.2f} |")
    return "\n".join(lines)


def plot(points: list[Point], path: str) -> None:
    """µs per action and playouts/s against the pits of a row, one line per game (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for name in dict.fromkeys(p.game for p in points):
        mine = [p for p in points if p.game == name]
        xs = [p.pits for p in mine]
        left.plot(xs, [p.us_per_action for p in mine], marker="o", label=f"{name}, native")
        left.plot(xs, [p.api_us_per_action for p in mine], marker="s", linestyle="--", label=f"{name}, API loop")
        right.plot(xs, [p.playouts for p in mine], marker="o", label=name)
    left.set(xlabel="pits in a row", ylabel="µs per action", title="Cost per action", yscale="log")
    right.set(xlabel="pits in a row", ylabel="random playouts per second", title="Native playouts", yscale="log")
    for ax in (left, right):
        ax.grid(True, alpha=0.3)
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
