"""End conditions, what happens to the pieces left, and the result."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .conditions import _pit_free

NOT_ENDED = -2
NONE = -1
NOBODY = -1


@dataclass
class EndProgram:
    kind: str
    check: Callable[[Any, int], int]
    """check(state, last_mover) -> NOT_ENDED, NOBODY (ended, about no player) or the player."""
    remaining: str
    result: str
    during_move: bool = False
    winner_needs: int | None = None
    """With a result about one player: the other wins only with at least this score."""
    after_capture_only: bool = False
    """Scores only change when something is captured, so a move without capture cannot end
    the game by this condition (a compile-time shortcut)."""
    player: str = ""
    """side_empty: whose side is looked at ('any', 'mover', 'opponent' or 'to_move')."""
    side_pits: list[list[int]] | None = None
    """side_empty: per player, the pits that must all be empty (where pits change hands: every
    pit of the rows looked at, for both players; only those the player holds then count)."""
    check_at: Callable[[Any, int, int], int] | None = None
    """condition: check(state, last_mover) on a given pit; during a move, the pit where the lap
    ended (between moves, check tests the pit where the last move ended)."""


def compile_end(cond: Any, game: Any) -> EndProgram:
    """Compile one end condition for `game` (its geometry and score function are known)."""
    kind = cond.kind
    score = game.score
    if kind == "side_empty":
        rows = set(cond.rows) if cond.rows else None
        who = cond.player
        geo = game.geo
        from .geometry import _getter

        side_pits = [[q for q in geo.own[p] if not rows or geo.row[q] in rows] for p in (0, 1)]
        row_counts = [_getter(pits) for pits in side_pits]
        whose = game.owner_of if game.held is not None else None  # pits change hands: the pits held now
        if whose is not None:
            side_pits = [[q for q in range(geo.n_pits) if not rows or geo.row[q] in rows]] * 2

        def empty(st: Any, p: int) -> bool:
            if whose is None:
                return not any(row_counts[p](st.board))
            return not any(st.board[q] for q in side_pits[p] if whose(st, q) == p)

        def check(st: Any, mover: int) -> int:
            if who == "any":
                players = (st.to_move, 1 - st.to_move) if st.to_move in (0, 1) else (0, 1)
            elif who == "mover":
                players = (mover,)
            elif who == "opponent":
                players = (1 - mover,)
            else:
                players = (st.to_move,)
            for p in players:
                if empty(st, p):
                    return p
            return NOT_ENDED

        prog = EndProgram(kind, check, cond.remaining, cond.result, cond.during_move, player=who,
                          side_pits=side_pits)
        prog.winner_needs = getattr(cond, "winner_needs", None)
        return prog
    elif kind == "no_legal_move":
        def check(st: Any, mover: int) -> int:
            return NOT_ENDED if st._legal else st.to_move
    elif kind == "majority":
        half = game.total_pieces * game.piece_value / 2
        if list(game.score_counts) == ["store"] and game.piece_value == 1:
            st0, st1 = game.geo.store

            def check(st: Any, mover: int) -> int:
                b = st.board
                s0, s1 = b[st0], b[st1]
                return NOBODY if (s0 > half or s1 > half or s0 == s1 == half) else NOT_ENDED

            return EndProgram(kind, check, cond.remaining, cond.result, cond.during_move,
                              after_capture_only=not game.geo.stores_in_circuit and not _stores_fill_otherwise(game.spec))

        def check(st: Any, mover: int) -> int:
            s0, s1 = score(st, 0), score(st, 1)
            return NOBODY if (s0 > half or s1 > half or s0 == s1 == half) else NOT_ENDED
    elif kind == "score_at_least":
        points = cond.points

        def check(st: Any, mover: int) -> int:
            return NOBODY if score(st, 0) >= points or score(st, 1) >= points else NOT_ENDED
    elif kind == "repetition":
        key_of = game.position_key

        def check(st: Any, mover: int) -> int:
            key = key_of(st)
            if key in st._seen:
                return NOBODY
            st._seen.add(key)
            return NOT_ENDED
    elif kind == "move_limit":
        limit = cond.moves

        def check(st: Any, mover: int) -> int:
            return NOBODY if st.moves_played >= limit else NOT_ENDED
    elif kind == "condition":
        test = game.conditions.compile(cond.when)
        about_next = cond.player == "next"
        about_a_pit = not _pit_free(cond.when)

        def check_at(st: Any, mover: int, pit: int) -> int:
            p = st.to_move if about_next else mover
            if p not in (0, 1) or (about_a_pit and pit == NONE):
                return NOT_ENDED
            return p if test(st, pit, game.turn_ctx[p]) else NOT_ENDED

        def check(st: Any, mover: int) -> int:
            mv = getattr(st, "last_move", None)  # (a look-ahead copy keeps no last move)
            return check_at(st, mover, mv.last if mv is not None else NONE)

        prog = EndProgram(kind, check, cond.remaining, cond.result, cond.during_move, check_at=check_at)
        prog.winner_needs = getattr(cond, "winner_needs", None)
        return prog
    else:  # pragma: no cover - the model's discriminator admits no other kind
        raise ValueError(kind)
    prog = EndProgram(kind, check, cond.remaining, cond.result, cond.during_move)
    prog.winner_needs = getattr(cond, "winner_needs", None)
    return prog


def _stores_fill_otherwise(spec: Any) -> bool:
    """Whether stores can grow in a move that captures nothing for the mover (pieces sown into
    an owned pit, or taken by a pit's owner as a lap passes)."""
    sowings = [spec.sowing] + [s.sowing for s in spec.stages if s.sowing]
    return any(m.sown_to_owner for m in spec.marks.values()) or any(s.passing for s in sowings)


def finish(st: Any, end: EndProgram, player: int) -> None:
    """Apply `end`'s rules for the pieces left and set the returns; in a game of rounds, start
    the next round instead while both players can fill a pit (the scores decide the game)."""
    geo = st.game.geo
    b = st.board
    if end.remaining != "stay":
        for pit in range(geo.n_pits):
            n = b[pit]
            o = st.game.owner_of(st, pit)
            if not n or (o == -1 and end.remaining == "to_owner"):
                continue
            b[pit] = 0
            if end.remaining == "to_owner":
                b[geo.store[o]] += n
            elif end.remaining == "to_player":
                b[geo.store[player]] += n
            elif end.remaining == "to_other":
                b[geo.store[1 - player]] += n
            elif end.remaining == "to_first":
                b[geo.store[st.game.first_player]] += n
            else:
                st.removed += n
    rounds = st.game.rounds
    if rounds is not None:
        from .rounds import next_round

        if next_round(st, rounds):
            st._begin_turn(1 - st.to_move, check_repetition=False)
            return
    if end.result == "by_score" or rounds is not None:
        s0, s1 = st.score(0), st.score(1)
        st._returns = [1.0, -1.0] if s0 > s1 else [-1.0, 1.0] if s1 > s0 else [0.0, 0.0]
    else:
        loser = player if end.result == "player_loses" else 1 - player
        if end.winner_needs is not None and st.score(1 - player) < end.winner_needs:
            loser = 1 - player
        st._returns = [-1.0, 1.0] if loser == 0 else [1.0, -1.0]
    st.terminal = True
    st.to_move = -4
    st._legal = []
    st._starts = {}
    st.end_reason = end.kind


IMPLICIT_END = EndProgram("no_legal_move", lambda st, mover: NOT_ENDED, "stay", "by_score")
"""Ends a game whose player to move has no legal move when the spec's end conditions say
nothing about it: the scores decide (so a state that is not terminal always has a move)."""
