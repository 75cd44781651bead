"""Translate between OpenSpiel's oware/mancala states and rulespec snapshots."""
from __future__ import annotations

from typing import Any

import pyspiel


def oware_view(state: Any, houses: int, total: int) -> dict[str, Any]:
    obs = state.observation_tensor(0)
    seeds = [round(x * total) for x in obs[: 2 * houses]]
    scores = [round(x * total) for x in obs[2 * houses:]]
    return {
        "pits": [seeds[:houses], seeds[houses:]],
        "stores": scores,
        "to_move": state.current_player(),
        "legal": state.legal_actions(),
        "terminal": state.is_terminal(),
        "returns": state.returns(),
    }


def kalah_view(state: Any) -> dict[str, Any]:
    board = [round(x) for x in state.observation_tensor(0)[:14]]
    player = state.current_player()
    legal = state.legal_actions()
    to_ours = [a - 1 if player == 0 else a - 8 for a in legal]
    return {
        "pits": [board[1:7], board[8:14]],
        "stores": [board[7], board[0]],
        "to_move": player,
        "legal": sorted(to_ours),
        "terminal": state.is_terminal(),
        "returns": state.returns(),
    }


def kalah_action(player: int, ours: int) -> int:
    return ours + 1 if player == 0 else ours + 8


def ours_view(state: Any) -> dict[str, Any]:
    snap = state.snapshot()
    return {
        "pits": [p["pits"] for p in snap["players"]],
        "stores": [p["store"] for p in snap["players"]],
        "to_move": state.current_player(),
        "legal": state.legal_actions(),
        "terminal": state.is_terminal(),
        "returns": state.returns(),
    }


def load_oware(houses: int = 6, seeds: int = 4) -> Any:
    return pyspiel.load_game("oware", {"num_houses_per_player": houses, "num_seeds_per_house": seeds})


def load_kalah() -> Any:
    return pyspiel.load_game("mancala")
