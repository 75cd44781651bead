"""End conditions, what happens to the pieces left, and the result."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

NOT_ENDED = -2
NOBODY = -1


@dataclass
class EndProgram:
    kind: str
    check: Callable[[Any, int], int]
    """check(state, last_mover) -> NOT_ENDED, NOBODY (ended, about no player) or the player."""
    remaining: str
    result: str


def compile_end(cond: Any) -> EndProgram:
    kind = cond.kind
    if kind == "side_empty":
        rows = set(cond.rows) if cond.rows else None
        who = cond.player

        def check(st: Any, mover: int) -> int:
            geo = st.game.geo
            b = st.board
            if who == "any":
                players = (st.to_move, 1 - st.to_move) if st.to_move in (0, 1) else (0, 1)
            elif who == "mover":
                players = (mover,)
            elif who == "opponent":
                players = (1 - mover,)
            else:
                players = (st.to_move,)
            for p in players:
                if not any(b[q] for q in geo.own[p] if rows is None or geo.row[q] in rows):
                    return p
            return NOT_ENDED
    elif kind == "no_legal_move":
        def check(st: Any, mover: int) -> int:
            return NOT_ENDED if st._legal else st.to_move
    elif kind == "majority":
        def check(st: Any, mover: int) -> int:
            half = st.game.total_pieces * st.game.piece_value / 2
            s0, s1 = st.score(0), st.score(1)
            return NOBODY if (s0 > half or s1 > half or s0 == s1 == half) else NOT_ENDED
    elif kind == "score_at_least":
        points = cond.points

        def check(st: Any, mover: int) -> int:
            return NOBODY if st.score(0) >= points or st.score(1) >= points else NOT_ENDED
    elif kind == "repetition":
        def check(st: Any, mover: int) -> int:
            key = st.position_key()
            if key in st._seen:
                return NOBODY
            st._seen.add(key)
            return NOT_ENDED
    elif kind == "move_limit":
        limit = cond.moves

        def check(st: Any, mover: int) -> int:
            return NOBODY if st.moves_played >= limit else NOT_ENDED
    else:  # pragma: no cover - the model's discriminator admits no other kind
        raise ValueError(kind)
    return EndProgram(kind, check, cond.remaining, cond.result)


def finish(st: Any, end: EndProgram, player: int) -> None:
    """Apply `end`'s rules for the pieces left and set the returns."""
    geo = st.game.geo
    b = st.board
    if end.remaining != "stay":
        for pit in range(geo.n_pits):
            n = b[pit]
            o = geo.owner[pit]
            if not n or (o == -1 and end.remaining == "to_owner"):
                continue
            b[pit] = 0
            if end.remaining == "to_owner":
                b[geo.store[o]] += n
            elif end.remaining == "to_player":
                b[geo.store[player]] += n
            elif end.remaining == "to_other":
                b[geo.store[1 - player]] += n
            else:
                st.removed += n
    if end.result == "by_score":
        s0, s1 = st.score(0), st.score(1)
        st._returns = [1.0, -1.0] if s0 > s1 else [-1.0, 1.0] if s1 > s0 else [0.0, 0.0]
    else:
        loser = player if end.result == "player_loses" else 1 - player
        st._returns = [-1.0, 1.0] if loser == 0 else [1.0, -1.0]
    st.terminal = True
    st.to_move = -4
    st._legal = []
    st._starts = {}
    st.end_reason = end.kind
