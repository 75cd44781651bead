"""The smallest action space that covers a game's decisions, for learning code.

The rulespec API numbers actions in blocks laid out the same way in every game (docs/api.md):
starts, two directions, go on / stop, a pit chosen inside a move, numbers of pieces, kinds and
pieces. Most games use few of them: Kalah asks only for a start, yet its ids run to 38. An
`ActionSpace` keeps the ids a game's rules can ask for, read from its compiled rules, and
numbers them 0..n-1 in the API's order, so the starts keep their numbers. The OpenSpiel and
PettingZoo adapters speak in these indices.
"""
from __future__ import annotations

from typing import Any, Iterable

from rulespec.interpreter.rules import LATER, TAKE_ANY


class ActionSpace:
    """The ids a game can use (`ids`, ascending) and their indices 0..len-1."""

    def __init__(self, ids: Iterable[int]):
        self.ids: list[int] = sorted(set(ids))
        self.index = {action: i for i, action in enumerate(self.ids)}

    @classmethod
    def of(cls, game: Any) -> "ActionSpace":
        return cls(a for rs in game.rulesets for a in _ruleset_ids(game, rs))

    def __len__(self) -> int:
        return len(self.ids)

    def to_index(self, action: int) -> int:
        """The index of a rulespec action id (ValueError for one the game never asks)."""
        try:
            return self.index[action]
        except KeyError:
            raise ValueError(f"action {action} is outside this game's action space "
                             f"({len(self.ids)} actions: ids {self.ids})") from None

    def to_action(self, index: int) -> int:
        """The rulespec action id of an index (ValueError out of range)."""
        if not 0 <= index < len(self.ids):
            raise ValueError(f"action index {index} is outside 0..{len(self.ids) - 1}")
        return self.ids[index]


def _ruleset_ids(game: Any, rs: Any) -> set[int]:
    """Every id one stage's decisions can use: its starts, and each block of decisions only
    where a rule of the stage can ask it."""
    ids: set[int] = set()
    pits = {game.pick_base + q for q in range(game.geo.n_slots)}
    directions = {game.dir_base, game.dir_base + 1}
    go_on_stop = {game.relay_base, game.relay_base + 1}
    if rs.offer_all and len({d for kind in rs.kinds for d in kind.directions}) > 1:
        ids |= directions  # kinds offered together from one pit in different directions: a choice
    for kind in rs.kinds:
        ids.update(a for player_ids in kind.aids for a in player_ids)
        if len(kind.directions) > 1 or LATER in kind.directions or kind.ask_direction:
            ids |= directions
        if kind.take == TAKE_ANY:
            ids.update(range(game.number_base + 1, game.kind_base))
        if kind.more_pits:
            ids |= pits | go_on_stop
        if kind.placement:
            ids |= pits
    for capture in rs.captures:
        if capture.optional:
            ids |= go_on_stop
        if capture.chooses_pits:
            ids |= pits | go_on_stop
        if capture.to == "sow":  # the entry pit, and the direction where the entry leaves it open
            ids |= pits | directions
        if capture.picks_pieces:
            ids.update(range(game.piece_base, game.num_distinct_actions))
    if rs.relay and rs.sowing.laps.ask_when is not None:
        ids |= go_on_stop
    if rs.order_choice:
        ids.update(range(game.kind_base, game.piece_base))
    return ids
