"""Worked examples are tests: replay each through the engine and compare with what it expects."""
from __future__ import annotations

from typing import Any

from .errors import Problem, RulespecError
from .suggest import did_you_mean


def _mismatches(expected: Any, actual: Any, path: tuple[Any, ...]) -> list[tuple[tuple[Any, ...], str]]:
    """Where `actual` differs from `expected`; mappings are compared on expected's keys only."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [(path, f"expected a mapping, got {actual!r}")]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append((path + (key,), f"the position has no {key!r}{did_you_mean(key, actual)}"))
            else:
                out.extend(_mismatches(value, actual[key], path + (key,)))
        return out
    if isinstance(expected, list) and expected and isinstance(expected[0], dict):
        if not isinstance(actual, list) or len(actual) != len(expected):
            have = len(actual) if isinstance(actual, list) else 0
            listed = f"{len(expected)} {'entry' if len(expected) == 1 else 'entries'}"
            return [(path, f"the example lists {listed} here but the position has {have}: {actual!r}")]
        out = []
        for i, (e, a) in enumerate(zip(expected, actual)):
            out.extend(_mismatches(e, a, path + (i,)))
        return out
    if expected != actual:
        return [(path, f"expected {expected!r}, got {actual!r}")]
    return []


def example_game(game: Any, index: int) -> Any:
    """The game an example is played in: the spec's default parameters, then the example's own."""
    spec = game.spec
    params = {name: p.default for name, p in spec.parameters.items()}
    params.update(spec.examples[index].params)
    if params == game.params:
        return game
    from rulespec.interpreter import Game

    from .loader import load_spec_text

    loaded = game.loaded
    return Game(load_spec_text(loaded.text, loaded.path, loaded.folder, **params))


def run_example(game: Any, index: int) -> tuple[Any, list[tuple[tuple[Any, ...], str]]]:
    """Replay example `index`; return the final state and the mismatches (path under the
    example, message)."""
    from rulespec.interpreter.notation import parse_move

    game = example_game(game, index)
    example = game.spec.examples[index]
    if example.position is None:
        state = game.new_initial_state()
    else:
        snap = dict(example.position)
        state = game.state_from_snapshot(snap)
    problems: list[tuple[tuple[Any, ...], str]] = []
    if example.legal is not None:
        from .records import complete_moves

        legal = complete_moves(state, limit=500)
        if sorted(legal) != sorted(example.legal):
            problems.append((("legal",), f"legal moves are {legal}, not {example.legal}"))
    for i, move in enumerate(example.moves):
        try:
            for action in parse_move(state, move):
                state.apply_action(action)
        except RulespecError as exc:
            problems.append((("moves", i), str(exc)))
            return state, problems
    problems.extend((("expect",) + path, msg) for path, msg in _mismatches(example.expect, state.snapshot(), ()))
    return state, problems


def check_examples(game: Any) -> list[Problem]:
    """Every example's problems, located in the spec file."""
    out: list[Problem] = []
    source = game.loaded.source
    for i in range(len(game.spec.examples)):
        try:
            _, problems = run_example(game, i)
        except RulespecError as exc:
            out.append(source.problem(("examples", i, "position"), f"example {i + 1}: {exc}"))
            continue
        for path, message in problems:
            out.append(source.problem(("examples", i) + path, f"example {i + 1}: {message}"))
    return out
