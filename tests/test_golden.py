"""Golden games (tests/golden/): seeded random games of every shipped variant, at its
parameters' defaults and documented extremes, recorded from the engine as it was. Both
engines (the move kernel and the Python path) must reproduce every action, every position
(digests) and every result; a difference is a change to the rules' behaviour, to be made on
purpose and recorded again (`python tests/golden/record.py`)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "golden"))

import record as golden  # noqa: E402

EXPECTED = golden.read()


def test_every_shipped_variant_is_in_the_golden_games() -> None:
    import rulespec

    assert {e["variant"] for e in EXPECTED} == set(rulespec.shipped_variants())
    assert sum(len(e["games"]) for e in EXPECTED) >= 3 * len(rulespec.shipped_variants())


TYPED = {"typed": {"RULESPEC_ENGINE": "typed"}, "typed-interpreted": {"RULESPEC_ENGINE": "typed", "RULESPEC_PURE": "1"}}
"""The typed engine (interpreter/engine.py) playing every stage, compiled and run by Python."""


@pytest.mark.parametrize("engine", ["kernel", "python", *TYPED])
@pytest.mark.parametrize("expected", EXPECTED, ids=lambda e: f"{e['variant']}-{'-'.join(f'{k}{v}' for k, v in e['params'].items())}")
def test_the_golden_games_reproduce(expected: dict, engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import rulespec
    from rulespec.interpreter import kernel

    for name, value in TYPED.get(engine, {}).items():
        monkeypatch.setenv(name, value)
    game = rulespec.load(expected["variant"], **expected["params"])
    if engine in TYPED:
        typed = kernel.typed_engine().Kernel
        assert all(isinstance(rs.kernel.kernel, typed) for rs in game.rulesets), game.kernel_refusals
    if engine == "python":
        game = game.without_kernel()
    assert golden.difference(expected, game) is None


def test_a_changed_rule_is_seen() -> None:
    """The check can fail: Oware capturing fours too differs somewhere in its golden games."""
    import rulespec

    oware = next(e for e in EXPECTED if e["variant"] == "oware" and e["params"] == {})
    text = rulespec.loader.resolve("oware").read_text(encoding="utf-8").replace("count: [2, 3]", "count: [2, 3, 4]")
    assert "differ at" in golden.difference(oware, rulespec.load_text(text, "oware.yaml"))
