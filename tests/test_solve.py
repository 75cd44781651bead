"""The exact solver: published Kalah values, an independent brute-force oracle, the memory
bound, and alpha-beta agreeing with the solver."""
from __future__ import annotations

import random

import pytest

import rulespec
from rulespec.players import AlphaBetaPlayer
from rulespec.players.search import Search, TranspositionTable, utility
from rulespec.solve import solve


@pytest.mark.parametrize("seeds, value", [(1, 2), (2, 10)])
def test_reproduces_irving_donkers_uiterwijk_kalah_values(seeds: int, value: int) -> None:
    # "Solving Kalah" (ICGA Journal 23(3), 2000) solves the empty-capture convention (a last
    # seed in an own empty pit is captured even with nothing opposite), seeds left on the board
    # counting for their owner: Kalah(6,1) = +2, Kalah(6,2) = +10 for the first player.
    # Kalah(6,3) (+2) takes several minutes in Python: benchmarks/solve.py.
    game = rulespec.load("kalah", pits=6, seeds=seeds, empty_capture=True)
    assert solve(game).value == value


def test_both_capture_rules_match_the_brute_force_oracle() -> None:
    # kalah.yaml's default (OpenSpiel's rule) captures nothing when the opposite pit is empty;
    # the option gives the paper's convention. Both are solved exactly on a small board.
    values = set()
    for empty in (False, True):
        game = rulespec.load("kalah", pits=3, seeds=2, empty_capture=empty)
        value = solve(game).value
        assert value == minimax(game.new_initial_state(), 0)
        values.add(value)


def minimax(state, player: int) -> int:
    """Plain minimax to the end, no pruning and no table: the solver's oracle."""
    if state.is_terminal():
        return utility(state, player)
    values = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        values.append(minimax(child, player))
    return max(values) if state.current_player() == player else min(values)


@pytest.mark.parametrize("variant, params", [("kalah", {"pits": 3, "seeds": 2}), ("kalah", {"pits": 4, "seeds": 1}),
                                             ("kalah", {"pits": 2, "seeds": 3, "empty_capture": True})])
def test_solver_agrees_with_brute_force_from_random_positions(variant: str, params: dict) -> None:
    game = rulespec.load(variant, **params)
    rng = random.Random(7)
    for _ in range(6):
        state = game.new_initial_state()
        for _ in range(rng.randrange(4)):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        assert solve(game, state).value == minimax(state, 0)


def test_a_tiny_table_gives_the_same_value_within_its_bound() -> None:
    game = rulespec.load("kalah", pits=4, seeds=2)
    full = solve(game)
    table = TranspositionTable(max_entries=64)
    search = Search(table)
    state = game.new_initial_state()
    assert search.value(state) == full.value
    assert len(table) <= 64 and table.flushes > 0


def test_best_moves_are_those_whose_exact_value_is_the_games() -> None:
    game = rulespec.load("kalah", pits=4, seeds=2)
    sol = solve(game, all_moves=True)
    assert sol.best and set(sol.best) == {m for m, v in sol.moves.items() if v == sol.value}
    assert max(sol.moves.values()) == sol.value


def test_alpha_beta_to_full_depth_plays_only_optimal_moves() -> None:
    game = rulespec.load("kalah", pits=4, seeds=2)
    sol = solve(game, all_moves=True)
    for seed in range(2):
        player = AlphaBetaPlayer(depth=40, seed=seed)
        state = game.new_initial_state()
        assert state.action_to_string(player.choose(state)) in sol.best


def test_solve_command_prints_value_and_best_moves() -> None:
    from typer.testing import CliRunner

    from rulespec.cli import app

    result = CliRunner().invoke(app, ["solve", "kalah", "-p", "seeds=1", "-p", "empty_capture=true"])
    assert result.exit_code == 0, result.output
    assert "value: +2" in result.output
    assert "best first moves: " in result.output
