"""When the game ends, what happens to the pieces left, and who wins."""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from .base import Block
from .conditions import Condition

Remaining = Literal["stay", "to_owner", "to_player", "to_other", "to_first", "removed"]
Result = Literal["by_score", "player_loses", "player_wins", "draw"]


class _End(Block):
    remaining: Remaining = "stay"
    """What happens to pieces left on the board: they `stay`, go `to_owner` (each player
    takes their own side), `to_player` / `to_other` (all to the player this condition is
    about, or to the other), `to_first` (all to the player who moved first in the game), or are
    `removed`."""
    result: Result = "by_score"
    """`by_score`: compare scores; `player_loses` / `player_wins`: the player this condition
    is about loses / wins outright; `draw`: the game is drawn whatever the scores (e.g. the
    players agreeing to stop when play goes round in circles: `kind: repetition, result:
    draw`). In a game of rounds, the scores decide the game when no round can follow."""
    during_move: bool = False
    """Also checked inside a move, once a lap, after its sowing and before its capture: the
    game can end mid-move (a capture that ends the move is seen by the check between moves)."""


class SideEmpty(_End):
    """A player's pits (or given rows) are empty."""

    kind: Literal["side_empty"]
    """Selects this end condition."""
    player: Literal["any", "mover", "opponent", "next"] = "any"
    """Whose side is tested after a move: either player, the mover, the mover's opponent,
    or the player about to move."""
    rows: list[Literal["front", "back", "middle"]] | None = None
    """Only these rows count (default: all the player's pits)."""
    winner_needs: int | None = Field(None, ge=1)
    """The other player wins only with at least this score, and otherwise loses."""


class NoLegalMove(_End):
    """The player to move has no legal move."""

    kind: Literal["no_legal_move"]
    """Selects this end condition."""


class Majority(_End):
    """One player's score is more than half of all points, or both have exactly half."""

    kind: Literal["majority"]
    """Selects this end condition."""


class ScoreAtLeast(_End):
    """A player's score reaches a threshold."""

    kind: Literal["score_at_least"]
    """Selects this end condition."""
    points: int = Field(ge=1)
    """The score that ends the game."""


class Repetition(_End):
    """A position (board, stores and player to move) repeats since the last capture."""

    kind: Literal["repetition"]
    """Selects this end condition."""


class MoveLimit(_End):
    """The game has lasted this many moves."""

    kind: Literal["move_limit"]
    """Selects this end condition."""
    moves: int = Field(ge=0)
    """Moves (by both players together) after which the game ends; 0: never (a parameter that
    turns the limit off, e.g. a limit offered only to tools playing random games)."""


class WhenHolds(_End):
    """Any condition on the position, tested after every move (the subject pit is the last
    pit sown; keys about the mover are read for `player`)."""

    kind: Literal["condition"]
    """Selects this end condition."""
    when: Condition
    """The game ends when this holds, e.g. `{on_board: {max: 4}}`."""
    player: Literal["mover", "next"] = "mover"
    """Whose point of view `when` takes (own_side, stock...) and whom `result` and
    `remaining: to_player` are about: the player who just moved or the player about to move."""


END_REASONS = {
    "side_empty": "a side was empty",
    "no_legal_move": "the player to move had no legal move",
    "majority": "a player holds more than half of the pieces",
    "score_at_least": "a player reached the target score",
    "repetition": "a position came round again",
    "move_limit": "the move limit was reached",
    "condition": "the rules' end condition held",
}
"""Why a game ended, by the kind of end condition that ended it, in a player's words (the
result line of the terminal and the web page)."""


def end_reason_words(kind: str | None) -> str:
    """`kind` (a state's end_reason) in a player's words."""
    return END_REASONS.get(kind or "", (kind or "").replace("_", " "))


EndCondition = Annotated[
    Union[SideEmpty, NoLegalMove, Majority, ScoreAtLeast, Repetition, MoveLimit, WhenHolds],
    Field(discriminator="kind"),
]


class VictoryValue(Block):
    """A win by this margin counts as `value` ordinary wins (reported, not played)."""

    margin: int = Field(ge=1)
    """The winning margin, in points."""
    value: int = Field(ge=1)
    """How many ordinary wins it is worth."""


class Scoring(Block):
    """What a player's score counts."""

    victory_values: list[VictoryValue] = Field(default_factory=list)
    """Wins by particular margins that count as more than one (the final snapshot reports
    `margin` and `victory_value`)."""

    counts: list[Literal["store", "own_pits", "stock", "owned_marks"]] = Field(default_factory=lambda: ["store"])
    """The pieces that make up the score: the player's `store` (captured pieces), the pieces
    on their `own_pits`, the pieces in their `stock`, the pieces in pits carrying an owned mark
    that belongs to them (`owned_marks`, e.g. captured holes where pieces pile up). An own pit
    carrying the opponent's owned mark is not counted as theirs; with `owned_marks` counted too,
    an own pit carrying their own owned mark is counted once. An empty list: the game keeps
    no score (every end then says who wins, e.g. `result: player_loses`)."""
