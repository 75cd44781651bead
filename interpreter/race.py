"""A simultaneous opening (Opening kind `race`): both players sow their first move at once.

The race is a sequence of steps. At each step every player still sowing drops one piece
(South's before North's: a pit reached by both gets both); then each player whose hand is
empty ends a lap as in an ordinary move of the first stage (captures, then the relay rule,
then another turn). A player earning another turn chooses a new start while the other sows
on; a player whose move ends is done, and the step number is their finishing time. The state
holds a `Race` while it lasts; `State` asks it who decides (both at once: OpenSpiel's
simultaneous node) and hands it the chosen starts.
"""
from __future__ import annotations

from copy import copy
from dataclasses import dataclass, field
from typing import Any

from .context import MoveInfo
from .geometry import NONE
from .moves import _lifted, _take, _to_owners, legal_starts, taken_pits
from .rules import Start

SIMULTANEOUS = -2
"""current_player() while both players choose at once (pyspiel.PlayerId.SIMULTANEOUS)."""


@dataclass
class Runner:
    """One player's part of the race."""

    player: int
    choosing: bool = True
    """Waiting for the player to choose a start (at the beginning, or after another turn)."""
    hand: int = 0
    seq: tuple[int, ...] = ()
    at: int = 0
    laps: int = 0
    move: MoveInfo | None = None
    finished: int | None = None
    """The step at which this player's part ended (None while it goes on)."""
    legal: list[int] = field(default_factory=list)
    starts: dict[int, list[Start]] = field(default_factory=dict)
    chosen: list[str] = field(default_factory=list)
    """The starts this player chose, as written (the race's record)."""


@dataclass
class Race:
    runners: list[Runner]
    step: int = 0

    def deciding(self) -> list[int]:
        return [r.player for r in self.runners if r.choosing]

    def clone(self) -> Race:
        return Race([Runner(r.player, r.choosing, r.hand, r.seq, r.at, r.laps, copy(r.move), r.finished, r.legal,
                            r.starts, r.chosen[:]) for r in self.runners], self.step)


def begin(st: Any) -> None:
    """Start the race at the game's first position: both players choose a start."""
    st.race = Race([Runner(0), Runner(1)])
    for r in st.race.runners:
        _offer(st, r)


def _offer(st: Any, r: Runner) -> None:
    """The starts `r` may choose now (the first stage's legal moves for that player)."""
    saved = st.to_move
    st.to_move = r.player
    game = st.game
    r.legal, r.starts = legal_starts(st, game.rulesets[st.stage], game.feed)
    if game.race_from is not None and not r.chosen:  # the race's own first starts
        ctx = game.turn_ctx[r.player]
        r.legal = [a for a in r.legal if game.race_from(st, r.starts[a][0].pit, ctx)]
    st.to_move = saved
    if not r.legal:
        r.choosing = False
        r.finished = st.race.step if r.finished is None else r.finished


def choose(st: Any, player: int, action: int) -> None:
    """`player` starts sowing from the start behind `action` (a legal action of theirs)."""
    from .notation import action_to_string

    race = st.race
    r = race.runners[player]
    saved = st.to_move
    st.to_move = player
    r.chosen.append(action_to_string(st, action))
    st.to_move = saved
    start = r.starts[action][0]
    rs = st.game.rulesets[st.stage]
    mv = MoveInfo(player, start.pit, start.direction)
    mv.kind = start.kind.name
    mv.stage = st.stage
    b = st.board
    r.hand = mv.lifted = b[start.pit]
    b[start.pit] = 0
    _lifted(st, rs, start.pit)
    r.move, r.choosing, r.laps = mv, False, 0
    _lap(st, r, start.pit)


def _lap(st: Any, r: Runner, last: int) -> None:
    rs = st.game.rulesets[st.stage]
    mv = r.move
    seq = rs.after[r.player][mv.direction][last]
    if rs.skip is not None:
        seq = tuple(s for s in seq if not rs.skip(st, s, mv))
    if not seq:
        r.hand, r.finished = 0, st.race.step  # nowhere to sow: this part ends
        return
    r.seq, r.at = seq, 0
    mv.lap_seq, mv.lap_hand = seq, r.hand


def run(st: Any) -> None:
    """Play steps until a player must choose or the race is over."""
    race = st.race
    while not race.deciding():
        sowing = [r for r in race.runners if r.finished is None and r.hand]
        if not sowing:
            return
        race.step += 1
        b = st.board
        for r in sowing:
            q = r.seq[r.at % len(r.seq)]
            r.at += 1
            r.hand -= 1
            b[q] += 1
            r.move.last = q
        for r in sowing:
            if not r.hand and r.finished is None:
                _lap_end(st, r)
        for r in sowing:
            if r.choosing:  # offered once every lap of the step has ended (a relay may lift a pit)
                _offer(st, r)


def _lap_end(st: Any, r: Runner) -> None:
    """As a lap of an ordinary move ends: captures, the relay, another turn, or the end."""
    game = st.game
    rs = game.rulesets[st.stage]
    mv = r.move
    last = mv.last
    r.laps += 1
    mv.lap = r.laps
    if r.laps > rs.max_laps:
        r.finished = st.race.step  # the spec's bound on a move's laps ends this part here
        return
    saved = st.to_move
    st.to_move = r.player
    try:
        if rs.sown_to_owner:
            _to_owners(st, rs)
        kind = next((k for k in rs.kinds if k.name == mv.kind), None)
        for cap in (rs.captures if kind is None or kind.captures else ()):
            if cap.when(st, last, mv):
                taken = _take(st, rs, cap, taken_pits(st, cap, last, mv), mv)
                mv.captured += taken
                mv.fired += (cap.name,)
                r.finished = st.race.step
                return
        relay = rs.relay_when if rs.relay else None
        if relay is not None and rs.relay_next:
            last = rs.steps[r.player][mv.direction][last]
            if last != NONE and relay(st, last, mv):
                r.hand, st.board[last] = st.board[last], 0
                _lifted(st, rs, last)
                _lap(st, r, last)
                return
        elif relay is not None and relay(st, last, mv) and not (rs.stop_when is not None and rs.stop_when(st, last, mv)):
            r.hand, st.board[last] = st.board[last], 0
            _lifted(st, rs, last)
            _lap(st, r, last)
            return
        if rs.extra_turn is not None and rs.extra_turn(st, last, mv):
            r.choosing = True
            return
        r.finished = st.race.step
    finally:
        st.to_move = saved


def outcome(st: Any) -> tuple[int, int] | None:
    """(the player who moves next, the player who finished last) once the race is over."""
    race = st.race
    if race.deciding() or any(r.finished is None for r in race.runners):
        return None
    south, north = (r.finished for r in race.runners)
    if south == north:
        return st.game.first_player, 1 - st.game.first_player
    first = 0 if south < north else 1
    return (first if st.game.spec.opening.next_player == "first_finished" else 1 - first), 1 - first


def to_snapshot(st: Any) -> dict[str, Any]:
    """The race as a snapshot gives it: enough to play on exactly (docs/positions.md)."""
    label = st.game.geo.label
    players = []
    for r in st.race.runners:
        out: dict[str, Any] = {"choosing": r.choosing, "finished": r.finished, "chosen": list(r.chosen)}
        mv = r.move
        if mv is not None:
            n = len(r.seq)
            out.update(origin=label[mv.origin], direction="ccw" if mv.direction == 0 else "cw", kind=mv.kind,
                       lifted=mv.lifted, laps=r.laps, captured=mv.captured,
                       last=label[mv.last] if mv.last >= 0 else None,
                       sowing=[label[r.seq[(r.at + i) % n]] for i in range(r.hand)] if r.finished is None else [])
        players.append(out)
    return {"step": st.race.step, "players": players}


def from_snapshot(st: Any, data: Any) -> None:
    """Set up `st.race` from a snapshot's `race` (True: the race is still to begin)."""
    from .snapshot import PositionError

    if data is True:
        begin(st)
        return
    geo = st.game.geo
    try:
        step = int(data["step"])
        runners = []
        for p, d in enumerate(data["players"][:2]):
            r = Runner(p, bool(d["choosing"]), finished=d.get("finished"), chosen=[str(c) for c in d.get("chosen", [])])
            if "origin" in d:
                mv = MoveInfo(p, geo.by_label[d["origin"]], 0 if d["direction"] == "ccw" else 1)
                mv.kind, mv.lifted, mv.captured = str(d.get("kind", "")), int(d["lifted"]), int(d["captured"])
                mv.stage = st.stage
                mv.last = geo.by_label[d["last"]] if d.get("last") else -1
                r.laps = mv.lap = int(d["laps"])
                r.seq = tuple(geo.by_label[q] for q in d.get("sowing", []))
                r.hand = len(r.seq)
                mv.lap_seq, mv.lap_hand = r.seq, r.hand
                r.move = mv
            runners.append(r)
        if len(runners) != 2:
            raise ValueError("two players")
    except (KeyError, TypeError, ValueError) as exc:
        raise PositionError(f"race: not a race in progress as snapshots give it ({exc})") from None
    st.race = Race(runners, step)
    for r in runners:
        if r.choosing:
            _offer(st, r)
