"""Pit labels: how a spec and its notation name pits, from the owner's side."""
from __future__ import annotations

from .models import Board


def player_rows(board: Board) -> list[str]:
    """The rows each player owns, front (facing the opponent) first."""
    return ["front", "back"] if board.ranks == 4 else ["front"]


def owner_labels(board: Board, player: int = 0) -> dict[str, tuple[str, int]]:
    """Label -> (row, column from the owner's left, 0-based) for one player's own pits."""
    out: dict[str, tuple[str, int]] = {}
    for row in player_rows(board):
        for col in range(board.pits):
            out[pit_label(board, player, row, col)] = (row, col)
    for col in middle_columns(board):
        out[pit_label(board, player, "middle", col)] = ("middle", col)
    return out


def middle_columns(board: Board) -> list[int]:
    """The columns (from the owner's left) of the middle-row pits each player owns, in sowing
    order (from the owner's right towards the left): none unless the middle row is split."""
    if board.ranks != 3 or board.middle == "shared":
        return []
    half = board.pits // 2
    cols = range(half, board.pits) if board.middle == "right_half" else range(half)
    return sorted(cols, reverse=True)


def shared_labels(board: Board) -> list[str]:
    """The names of a shared middle row's pits (M1.. from South's left), which specs may use
    like a player's own labels: they name the same pit for both players."""
    if board.ranks != 3 or board.middle != "shared":
        return []
    return [pit_label(board, None, "middle", col) for col in range(board.pits)]


def pit_label(board: Board, player: int | None, row: str, col: int) -> str:
    """The label of a pit given its owner (None for a shared pit), row and column from the
    owner's left (for shared pits: from South's left)."""
    if board.notation == "letters" and row == "front" and player is not None:
        return chr((ord("A") if player == 0 else ord("a")) + col)
    letters = board.row_labels.get(row, ["?", "?"])
    letter = letters[0] if player in (0, None) else letters[1]
    return f"{letter}{col + 1}"
