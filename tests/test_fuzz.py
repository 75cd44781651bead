"""The fuzz toolkit finds planted bugs, shrinks them and writes replayable records."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.fuzz import load_for_random_play
from seed_games import SEEDS
from rulespec.cli import app
from rulespec.fuzz import (InvariantError, crosscheck, fails, hypothesis_games, lint, random_games, shrink,
                           write_failure)
from rulespec.records import parse_record, replay


@pytest.fixture()
def leaky_take(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deliberately broken state: once a capture has put three or more pieces into a store,
    the state's snapshot (what the fuzzer reads the position from) shows one piece fewer there."""
    cls = type(rulespec.load("oware").new_initial_state())
    real = cls.snapshot

    def snapshot(self):  # type: ignore[no-untyped-def]
        snap = real(self)
        for player in snap["players"]:
            if player["store"] >= 3:
                player["store"] -= 1
                break
        return snap

    monkeypatch.setattr(cls, "snapshot", snapshot)


def test_every_shipped_variant_survives_a_short_campaign() -> None:
    """Eight games of each seed and oracle game, two of the rest of the catalogue (the
    property tests play each catalogue game again; `rulespec fuzz` plays thousands)."""
    for name in rulespec.shipped_variants():
        games = 8 if name in SEEDS else 2
        game = load_for_random_play(name)
        stats, failing = random_games(game, games=games, seed=1, max_actions=3000)
        assert failing is None, f"{name}: {fails(game, failing or [], 3000)}"
        assert stats.games == games and stats.actions > 0


def test_a_leaking_capture_is_found_shrunk_and_written_as_a_record(leaky_take: None, tmp_path: Path) -> None:
    game = rulespec.load("oware")
    _, failing = random_games(game, games=50, seed=3, max_actions=400)
    assert failing is not None
    failure = fails(game, failing, 400)
    assert isinstance(failure, InvariantError) and "pieces instead of 48" in str(failure)
    small = shrink(game, failing, 400)
    assert len(small) <= len(failing) and fails(game, small, 400) is not None
    path = tmp_path / "failure.txt"
    text = write_failure(game, small, 400, str(path))
    record = parse_record(text)
    assert record.header["Variant"] == "Oware" and "pieces instead of 48" in record.header["Failure"]
    state, _ = replay(game, record)  # the record replays: it is the failing game
    snap = state.snapshot()
    total = sum(sum(p["pits"]) + p["store"] for p in snap["players"])
    assert total < 48, "replaying the record reproduces the leak"


def test_hypothesis_guided_play_finds_and_shrinks_the_leak(leaky_take: None) -> None:
    game = rulespec.load("oware")
    failing = hypothesis_games(game, games=200, seed=0, max_actions=400)
    assert failing is not None and fails(game, failing, 400) is not None


def test_a_clone_sharing_its_original_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deliberately broken state: a clone taken after a long sowing (ten or more seeds
    lifted) is the original itself, so it moves when the original does."""
    game = rulespec.load("kalah")
    cls = type(game.new_initial_state())
    real = cls.clone

    def clone(self):  # type: ignore[no-untyped-def]
        move = self.last_move
        return self if move is not None and move.lifted >= 10 else real(self)

    monkeypatch.setattr(cls, "clone", clone)
    _, failing = random_games(game, games=100, seed=0, max_actions=400)
    assert failing is not None and "a clone changed when its original moved" in str(fails(game, failing, 400))


def test_crosscheck_agrees_with_openspiel_and_reports_a_divergence() -> None:
    from rulespec.oracle import OracleGame

    assert crosscheck(rulespec.load("oware"), OracleGame("oware", {}), games=50, seed=0) is None
    divergence = crosscheck(rulespec.load("kalah", empty_capture=True), OracleGame("mancala", {}), games=300, seed=0)
    assert divergence is not None
    assert "stores" in str(divergence) and "position before the last action" in str(divergence)


def test_lint_reports_a_capture_that_cannot_trigger_and_one_that_never_fires() -> None:
    text = rulespec.load_spec("oware").text.replace(
        "captures:\n", "captures:\n  - {name: impossible, when: {side: own, store: true}, take: [landing]}\n"
                       "  - {name: rare, when: {side: opponent, count: 30}, take: [landing]}\n")
    warnings = list(lint(rulespec.load_text(text, "lint.yaml"), games=20))
    assert ("capture rule 'impossible' can never trigger on this board (no pit where a lap can end meets "
            "its fixed keys)") in warnings
    assert "capture rule 'rare' never fired in 20 random games" in warnings


def test_cli_fuzz_summary() -> None:
    result = CliRunner().invoke(app, ["fuzz", "mefuvha", "--games", "3", "--param", "pits=6"])
    assert result.exit_code == 0, result.output
    assert result.output.strip().startswith("mefuvha: 3 games,")


def test_cli_fuzz_plays_with_the_specs_random_play_values_unless_told_otherwise() -> None:
    result = CliRunner().invoke(app, ["fuzz", "congkak", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "random play with rounds=3" in result.output and "unfinished 0" in result.output
    result = CliRunner().invoke(app, ["fuzz", "congkak", "--games", "2", "-p", "rounds=1"])
    assert result.exit_code == 0 and "random play with" not in result.output, result.output


def test_cli_fuzz_failure_writes_a_record(tmp_path: Path, leaky_take: None) -> None:
    result = CliRunner().invoke(app, ["fuzz", "oware", "--games", "60", "--seed", "3", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert (tmp_path / "fuzz-failure-oware.txt").exists()


def test_random_play_values_come_from_the_spec_and_are_checked() -> None:
    from rulespec.fuzz import random_play_params

    assert random_play_params(rulespec.load("congkak")) == {"rounds": 3}
    assert load_for_random_play("congkak").params["rounds"] == 3
    assert load_for_random_play("oware").params == rulespec.load("oware").params
    spec = """name: T
parameters:
  seeds: {doc: seeds a pit, default: 3, min: 1, max: 6, random_play: 9}
board: {pits: 3}
setup: {per_pit: $seeds}
"""
    with pytest.raises(rulespec.SpecError) as info:
        rulespec.load_text(spec, "t.yaml")
    assert "t.yaml:3:" in str(info.value) and "random_play" in str(info.value) and "above the maximum 6" in str(info.value)


def test_lint_counts_a_stage_that_is_passed_through() -> None:
    """A stage entered and left again before the game ends was reached: lint does not say it
    never was (only the last stage of each game used to be counted)."""
    game = rulespec.load_text("""
name: Three stages
board: {pits: 3, stores: beside}
setup: {per_pit: 2}
stages:
  - {name: first, until: {moves_played: {min: 1}}}
  - {name: second, until: {moves_played: {min: 2}}}
  - {name: third}
end: [{kind: side_empty, remaining: to_owner}]
""", "three.yaml")
    warnings = list(lint(game, games=5))
    assert not [w for w in warnings if "never reached" in w], warnings
