"""Games of several rounds: the end of a round, the refilling of the pits, the next player."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RoundRules:
    """The spec's `rounds` block, compiled: per player, the pits in filling order."""

    per_pit: int
    fill_order: tuple[tuple[int, ...], tuple[int, ...]]
    out_of_play: int
    """The mark bits an unfilled pit carries (0: none)."""
    next_player: str
    max_rounds: int | None
    held: tuple[int, int] | None = None
    """South's and North's bits of the mark a pit passed to the opponent carries (to_opponent)."""


def compile_rounds(rounds: Any, game: Any) -> RoundRules | None:
    if rounds is None:
        return None
    geo = game.geo
    order = [tuple(geo.own[p]) for p in (0, 1)]
    if rounds.order == "last":
        order = [tuple(reversed(o)) for o in order]
    per_pit = rounds.per_pit if rounds.per_pit is not None else game.spec.setup.per_pit
    held = rounds.to_opponent
    return RoundRules(per_pit, (order[0], order[1]),
                      game.mark_bit[rounds.out_of_play] if rounds.out_of_play is not None else 0,
                      rounds.next_player, rounds.max_rounds or None,
                      tuple(game.owner_bits[held]) if held is not None else None)


def next_round(st: Any, rules: RoundRules) -> bool:
    """After a round's end (its pieces left already dealt with): start the next round and
    return True, or return False when the game is over (a player cannot fill one pit, or
    the last round was played). Called before the returns are set."""
    game = st.game
    geo = game.geo
    b = st.board
    stores = geo.store
    for p in (0, 1):  # pieces still on a side (a round that ended with `remaining: stay`)
        for q in geo.own[p]:
            b[stores[p]] += b[q]
            b[q] = 0
    if rules.max_rounds is not None and st.round + 1 >= rules.max_rounds:
        return False
    if any(b[stores[p]] < rules.per_pit for p in (0, 1)):
        return False
    s0, s1 = b[stores[0]], b[stores[1]]
    last = getattr(st, "last_move", None)  # (a look-ahead copy keeps no last move)
    last_mover = last.mover if last is not None else 1 - game.first_player
    winner = 0 if s0 > s1 else 1 if s1 > s0 else None
    if rules.next_player == "first_player":
        starter = game.first_player
    elif rules.next_player == "alternate":
        starter = game.first_player if (st.round + 1) % 2 == 0 else 1 - game.first_player
    elif rules.next_player == "last_mover":
        starter = last_mover
    elif winner is None:
        starter = 1 - last_mover
    else:
        starter = winner if rules.next_player == "winner" else 1 - winner
    bit = rules.out_of_play
    held = (rules.held[0] | rules.held[1]) if rules.held is not None else 0
    unfilled: list[list[int]] = [[], []]
    for p in (0, 1):
        for q in rules.fill_order[p]:
            st.marks[q] &= ~held  # each round starts from the rows again
            if b[stores[p]] >= rules.per_pit:
                b[stores[p]] -= rules.per_pit
                b[q] = rules.per_pit
                st.marks[q] &= ~bit
            else:
                unfilled[p].append(q)
    if rules.held is not None:  # the pits a player could not fill pass to the opponent who can
        for p in (0, 1):
            taker = 1 - p
            while unfilled[p] and b[stores[taker]] >= rules.per_pit:
                q = unfilled[p].pop(0)
                b[stores[taker]] -= rules.per_pit
                b[q] = rules.per_pit
                st.marks[q] = (st.marks[q] & ~bit) | rules.held[taker]
    for p in (0, 1):
        for q in unfilled[p]:
            st.marks[q] |= bit
    st.round += 1
    st.stage = 0
    st.to_move = starter
    if hasattr(st, "_seen"):
        st._seen.clear()
    st._pending = None
    return True
