"""OpenSpiel's Oware and Kalah ("mancala") as an oracle: views of their states in rulespec's
terms, and the translation of actions. Needs the `open_spiel` package (the test extra)."""
from __future__ import annotations

from typing import Any


def _pyspiel() -> Any:
    from .extras import require_extra

    require_extra("openspiel", "pyspiel", "OpenSpiel's games")
    import pyspiel

    return pyspiel


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
    return _pyspiel().load_game("oware", {"num_houses_per_player": houses, "num_seeds_per_house": seeds})


def load_kalah() -> Any:
    return _pyspiel().load_game("mancala")


class OracleGame:
    """An OpenSpiel game seen through rulespec's eyes, for cross-checking: `view(state)` and
    `to_theirs(player, action)`."""

    def __init__(self, name: str, params: dict[str, Any]):
        self.name = name
        if name == "oware":
            self.houses = int(params.get("pits", 6))
            seeds = int(params.get("seeds", 4))
            self.game = load_oware(self.houses, seeds)
            self.total = 2 * self.houses * seeds
        elif name in ("mancala", "kalah"):
            self.game = load_kalah()
        else:
            raise ValueError(f"no OpenSpiel oracle for {name!r}; known: oware, mancala")

    def new_initial_state(self) -> Any:
        return self.game.new_initial_state()

    def view(self, state: Any) -> dict[str, Any]:
        return oware_view(state, self.houses, self.total) if self.name == "oware" else kalah_view(state)

    def to_theirs(self, player: int, action: int) -> int:
        return action if self.name == "oware" else kalah_action(player, action)
