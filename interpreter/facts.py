"""The last move of a state, as MoveInfo describes it.

The engine keeps only what the move was (its start, its decisions, the position before it:
`Core._last_move`); the facts are read by playing the move again in the stage's kernel when
first asked, so that the per-action path pays nothing for them.
"""
from __future__ import annotations

from functools import cached_property
from typing import Any

from . import layout
from .kernel import done_facts, engine_request
from .requests import Request, direction_request

DIRECTIONS = (layout.LATER, layout.CCW, layout.CW)


class MoveInfo:
    """The facts of a finished move (`state.last_move`). Defaults live on the class: a move
    sets only what it did."""

    origin = -1
    direction = 0
    """0 counter-clockwise, 1 clockwise, -1 not chosen yet."""
    kind = ""
    """The name of the move kind."""
    stage = -1
    """The stage the move was played in (-1: between moves; read the state's)."""
    lifted = 0
    lap = 1
    """The number of the current lap (1 for the first)."""
    captured = 0
    first_captured = False
    """The first lap captured."""
    last = -1
    lap_seq: tuple[int, ...] = ()
    lap_hand = 0
    first_ok = True
    """The first lap met its move kind's requirement (require_capture, require)."""
    sowings = 1
    """Laps the move took."""
    fired: tuple[str, ...] = ()
    """Names of the capture rules that fired, in order (rule coverage)."""
    end: Any = None
    """(end program, player) when an end condition fired in the middle of the move."""
    trace: list[tuple[Any, ...]] | None = None
    """What the move did, step by step, when the game traces moves (`game.traced()`, for
    rulebook diagrams): ("lap", slots sown in order), ("take", pits, destination, pieces),
    ("place", slot). None otherwise (the per-move path pays one test)."""
    taken: tuple[tuple[int, int], ...] = ()
    """(slot, pieces) of each pit a capture emptied, in the order taken, over the whole move."""
    taken_kinds: tuple[tuple[int, int, int], ...] = ()
    """With several kinds of piece: (slot, kind index, pieces) of each capture, in order."""
    marks_before: list[int] | None = None
    """The marks at the start of the move, when the game has marks (for last_move_facts)."""
    decisions: tuple[int, ...] = ()
    """The actions of a finished move with decisions inside it, in order (empty for a move
    of one action: its start pit, `origin`)."""
    played: tuple[int, ...] = ()
    """With `decisions`: every decision of the move, those forced (one option) included."""
    forced: tuple[Any, ...] = ()
    """With `decisions`: (index in `played`, request, option) of each decision applied
    because it had one option."""

    def __init__(self, mover: int, origin: int = -1, direction: int = 0):
        self.mover = mover
        self.origin = origin
        self.direction = direction


class EngineMove(MoveInfo):
    """A finished move's facts (MoveInfo's attributes, read-only) from the engine's record."""

    forced_at: tuple[int, ...] = ()
    """The indices in `played` of the decisions the rules made."""
    opening = 1
    """Actions in `played` before the move's own decisions: the start, and a direction chosen
    among the starts."""

    def __init__(self, game: Any, kernel: Any, record: tuple[Any, ...]):
        kind_index, pit, direction, start, directions, before, decisions, marks_set = record
        d = self.__dict__
        d["game"], d["kernel"], d["position"] = game, kernel, before
        stage, mover = before[4], before[6]
        rs = game.rulesets[stage]
        kind = rs.kinds[kind_index]
        d["rs"], d["start"], d["directions"] = rs, (kind_index, pit, direction), directions
        given = [x & ~layout.FORCED for x in decisions]
        d["given"] = given
        out, trace = (kernel.traced_play(*before, kind_index, pit, direction, given) if game.trace_moves
                      else (kernel.play(*before, kind_index, pit, direction, given), None))
        d.update(done_facts(rs, out, trace))
        d.update(mover=mover, origin=pit, kind=kind.name, stage=stage)
        if self.end is None:  # the marks set after the move
            fired = self.fired
            for bit, times in zip(game.mark_setter_bits, marks_set):
                fired += (f"mark set: {game.mark_label[bit[mover]].split(':')[0]}",) * times
            if fired:
                d["fired"] = fired
        d["marks_before"] = list(before[1]) if game.mark_names or rs.may_ask else None
        if rs.may_ask:  # a move's decisions, where its ruleset may ask any
            chosen_direction = (sum(1 for x in DIRECTIONS if directions >> (x + 1) & 1) > 1
                                and not kind.ask_direction)
            opening = (start, game.dir_base + direction) if chosen_direction else (start,)
            played = opening + tuple(given)
            forced = {len(opening) + j for j, x in enumerate(decisions) if x & layout.FORCED}
            d["played"] = played
            d["decisions"] = tuple(a for i, a in enumerate(played) if i not in forced)
            d["forced_at"] = tuple(sorted(forced))
            d["opening"] = len(opening)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a finished move's {name} is read only")

    def asked(self, i: int) -> Request:
        """The decision `played[i]` answered (i >= 1), as the state asked it."""
        game, rs = self.game, self.rs
        if i < self.opening:  # the direction, chosen among the starts before the move (never forced)
            directions = [x for x in DIRECTIONS if self.directions >> (x + 1) & 1]
            return direction_request(game, rs, self.mover, self.origin, directions)
        out = self.kernel.play(*self.position, *self.start, self.given[:i - self.opening])
        return engine_request(game, rs, self.mover, *out[5], hand_kinds=out[7])

    @cached_property
    def forced(self) -> tuple[tuple[int, Request, int], ...]:  # type: ignore[override]
        """(index in `played`, request, option) of each decision the rules made."""
        return tuple((i, self.asked(i).restrict([self.played[i]]), self.played[i]) for i in self.forced_at)

    def written(self) -> list[tuple[str, bool]]:
        """Each decision of the move as written, and whether it is the decision's default."""
        from .notation import action_label

        parts = [(action_label(self.game, self.mover, None, self.played[0]), False)]
        for i in range(1, len(self.played)):
            request, option = self.asked(i), self.played[i]
            parts.append((request.labels[request.options.index(option)], option == request.default))
        return parts

