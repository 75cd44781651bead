"""Specs the loader accepts must play, and those it cannot play must be refused where they are
written: never a raw traceback from `play`, `book` or the API for a spec someone wrote.
Each case here once got through validation and failed later (issue #11)."""
from __future__ import annotations

import copy
import random
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.interpreter import kernel
from rulespec.interpreter.native import native
from rulespec.cli import app
from rulespec.errors import SpecError

BAO = rulespec.load_spec("bao-la-kiswahili").text
SMALL = """name: Small
board: {ranks: 2, pits: 4, stores: beside}
setup: {per_pit: 2}
turn:
  moves: [{from: {side: own, count: {min: 1}}, require: {count: {min: 1}}}]
end:
  - END
  - {kind: no_legal_move}
"""


def problems(text: str, name: str = "spec.yaml") -> list[str]:
    with pytest.raises(SpecError) as caught:
        rulespec.load_text(text, name)
    return [str(p) for p in caught.value.problems]


def play_out(game, games: int = 5, limit: int = 200) -> None:
    for seed in range(games):
        state, rng = game.new_initial_state(), random.Random(seed)
        for _ in range(limit):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


def test_an_end_on_a_row_the_players_do_not_own_is_located():
    """A 4-rank Bao ending on an empty `middle` row passed validation, then the engine raised
    TypeError (an empty row getter) at the first move."""
    text = BAO.replace("rows: [front], result: player_loses, during_move: true",
                       "rows: [middle], result: player_loses, during_move: true", 1)
    assert text != BAO
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "rows: [middle]" in row)
    found = problems(text, "bao.yaml")
    assert found == [f"bao.yaml:{line}:44: a player owns no middle row on a 4-rank board; their rows are front, back"]
    two = SMALL.replace("END", "{kind: side_empty, rows: [back]}")
    assert "a player owns no back row on a 2-rank board; their rows are front" in problems(two)[0]


def test_a_repetition_during_a_move_is_refused_where_it_is_written():
    """A repetition is of positions between moves; during a move the look-ahead's scratch
    positions kept no history and the first move raised AttributeError."""
    found = problems(SMALL.replace("END", "{kind: repetition, during_move: true}"))
    assert found == ["spec.yaml:7:37: a repetition is of whole positions, between moves: remove during_move"]
    rulespec.load_text(SMALL.replace("END", "{kind: repetition}"), "spec.yaml")


@pytest.mark.parametrize("engine", ["compiled", "interpreted"])
def test_a_condition_ending_the_game_during_a_move_plays_under_look_ahead(monkeypatch, engine):
    """A condition end checked during a move read `last_move`, which the look-ahead's scratch
    states lacked ('State' object has no attribute 'last_move')."""
    monkeypatch.setenv("RULESPEC_PURE", "1" if engine == "interpreted" else "0")
    game = rulespec.load_text(SMALL.replace("END", "{kind: condition, when: {count: 5}, result: player_wins, "
                                                   "during_move: true}"), "spec.yaml")
    play_out(game)


def test_deepcopy_clones_a_state_and_shares_the_game():
    for name in ("kalah", "bao-la-kiswahili"):
        game = rulespec.load(name)
        state, rng = game.new_initial_state(), random.Random(1)
        for _ in range(4):
            state.apply_action(rng.choice(state.legal_actions()))
        before = (str(state), state.history())
        for twin in (copy.deepcopy(state), copy.copy(state)):
            assert type(twin) is type(state) and twin.game is game
            assert str(twin) == str(state) and twin.legal_actions() == state.legal_actions()
            twin.apply_action(twin.legal_actions()[0])
            assert twin.history() == before[1] + [twin.history()[-1]]
            assert (str(state), state.history()) == before


def test_an_extra_turn_opposite_any_pit_loads_and_plays_in_the_kernel():
    """`extra_turn: {opposite: {}}` once made the kernel's program check raise a raw ValueError
    ('an unknown condition node') from rulespec.load."""
    text = SMALL.replace("END", "{kind: move_limit, moves: 60}").replace(
        "turn:\n", "turn:\n  extra_turn: {opposite: {}}\n")
    game = rulespec.load_text(text, "spec.yaml")
    native(game)  # assembles, or raises LimitError
    play_out(game)


def test_an_engine_built_from_older_sources_is_not_used(monkeypatch):
    """A stale build (another program layout) would read today's programs wrongly ('a decision
    the kernel asked was not offered'): the engine's source, run by Python, plays instead."""
    monkeypatch.setattr(kernel, "LAYOUT", kernel.LAYOUT - 1)
    assert kernel.engine_module().__name__ == "rulespec.interpreter.engine"
    game = rulespec.load("kalah")
    assert type(game.new_initial_state()).__mro__[2].__module__ == "rulespec.interpreter.engine"
    play_out(game, games=1)


def test_book_all_names_a_rulebook_that_fails_and_writes_the_others(tmp_path, monkeypatch):
    import rulespec.book.render as render
    import rulespec.cli as cli

    real = render.render_book

    def broken(game):
        if game.spec.name == "Kalah":
            raise ValueError("a broken template")
        return real(game)

    monkeypatch.setattr(render, "render_book", broken)
    monkeypatch.setattr(cli, "shipped_variants", lambda: ["kalah", "oware"])
    done = CliRunner().invoke(app, ["book", "--all", "-o", str(tmp_path)])
    assert done.exit_code == 1, done.output
    assert "Kalah: the rulebook could not be rendered (ValueError: a broken template)" in done.output
    assert "Traceback" not in done.output and done.exception is None or isinstance(done.exception, SystemExit)
    assert sorted(p.name for p in tmp_path.glob("*.md")) == ["index.md", "oware.md"]


def test_the_kernels_bound_is_a_rulespec_error():
    """A look-ahead past its bound in a native state (new_initial_state, apply_action) raised
    the kernel's own RuntimeError, a traceback at the CLI; it is a LimitError now."""
    assert issubclass(kernel.engine_module().LimitError, rulespec.LimitError)


def test_rules_under_which_no_round_lets_anyone_move_are_a_limit_with_its_reason():
    """Every move refused as endless, round after round: the engine's bound on rounds begun
    without a move was a RuntimeError ("internal error" at the CLI); it is a LimitError that
    says what to look at, and the commands print it as a message."""
    path = "tests/hostile/rounds-without-a-move.yaml"
    with pytest.raises(rulespec.LimitError, match="rounds in a row ended before their first move"):
        rulespec.load(path).new_initial_state()
    done = subprocess.run([sys.executable, "-m", "rulespec", "show", path], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1 and "error: more than 64 rounds in a row ended" in done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr


def test_the_action_space_grows_with_the_pieces_only_where_a_move_asks_how_many():
    """One action per count of pieces exists only for `take: any`: elsewhere a spec with a
    million pieces would otherwise have a million actions, and an RL agent as many outputs."""
    assert rulespec.load("oware", seeds=4).num_distinct_actions == rulespec.load("oware", seeds=30).num_distinct_actions
    many = SMALL.replace("END", "{kind: move_limit, moves: 40}").replace("require: {count: {min: 1}}",
                                                                       "lift: {take: any}")
    few_game = rulespec.load_text(many, "any.yaml")
    more_game = rulespec.load_text(many.replace("per_pit: 2", "per_pit: 9"), "any.yaml")
    assert more_game.num_distinct_actions - few_game.num_distinct_actions == 7 * 8
    state = more_game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert [state.action_to_string(a) for a in state.legal_actions()] == [f"x{n}" for n in range(1, 10)]
