"""Golden games (tests/golden/): seeded random games of every shipped variant, at its
parameters' defaults and documented extremes, and of 200 specs generated across the
vocabulary, recorded from the engine as it was. The engine, compiled and its source run by
Python, must reproduce every action, every position (digests), every move as written and what
it did, every result and every whole game of `game.playouts`; a difference
is a change to the rules' behaviour, to be made on purpose and recorded again
(`python tests/golden/record.py`)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "golden"))

import record as golden  # noqa: E402

EXPECTED = golden.read()


def test_every_shipped_variant_is_in_the_golden_games() -> None:
    import rulespec

    shipped = [e for e in EXPECTED if "spec" not in e]
    assert {e["variant"] for e in shipped} == set(rulespec.shipped_variants())
    assert sum(len(e["games"]) for e in shipped) >= 3 * len(rulespec.shipped_variants())
    assert len(EXPECTED) - len(shipped) == sum(golden.GENERATED.values())  # the generated specs


@pytest.mark.parametrize("engine", ["compiled", "interpreted"])
@pytest.mark.parametrize("expected", EXPECTED, ids=lambda e: f"{e['variant']}-{'-'.join(f'{k}{v}' for k, v in e['params'].items())}")
def test_the_golden_games_reproduce(expected: dict, engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulespec.interpreter import kernel

    monkeypatch.setenv("RULESPEC_PURE", "1" if engine == "interpreted" else "0")
    game = golden.game_of(expected)
    module = kernel.engine_module()
    assert module.__name__.endswith(".engine" if engine == "interpreted" else "._engine")
    assert type(game.new_initial_state()).__mro__[2] is module.Core
    assert golden.difference(expected, game) is None


def test_a_changed_rule_is_seen() -> None:
    """The check can fail: Oware capturing fours too differs somewhere in its golden games."""
    import rulespec

    oware = next(e for e in EXPECTED if e["variant"] == "oware" and e["params"] == {})
    text = rulespec.loader.resolve("oware").read_text(encoding="utf-8").replace("count: [2, 3]", "count: [2, 3, 4]")
    assert "differ at" in golden.difference(oware, rulespec.load_text(text, "oware.yaml"))
