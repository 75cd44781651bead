"""Snapshots: a JSON-able position that holds everything needed to play on (docs/positions.md)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from pydantic import ValidationError

from rulespec.errors import RulespecError
from rulespec.limits import MAX_PENDING_DEPTH
from rulespec.models.position import Position

from .geometry import CCW, CW
from .layout import MAX_SLOTS
from .native import END_REASONS


class PositionError(RulespecError, ValueError):
    """A snapshot that does not describe a position of this game."""


def snapshot(st: Any) -> dict[str, Any]:
    """A state's snapshot, from the engine's views."""
    seen = sorted(seen_keys(st)) if st.game.uses_repetition else []
    return write_snapshot(st, seen, st._move_start(), _race_snapshot(st))


def seen_keys(st: Any) -> list[tuple[int, ...]]:
    """The positions a state played by the engine saw since the last capture, as
    game.position_key gives them."""
    layout, round_ = _key_layout(st.game), st.round
    return [tuple(round_ if at == ROUND else key[at] for at in layout) for key in st._seen_keys()]


def _race_snapshot(st: Any) -> dict[str, Any] | None:
    """The opening race in progress as a snapshot writes it (docs/positions.md), from the
    engine's race parts."""
    race = st._race()
    if race is None:
        return None
    step, *parts = race
    game = st.game
    label = game.geo.label
    kinds = game.rulesets[st.stage].kinds
    players = []
    for choosing, finished, chosen, origin, direction, kind, lifted, laps, captured, last, sowing in parts:
        out: dict[str, Any] = {"choosing": choosing, "finished": None if finished < 0 else finished,
                               "chosen": [label[game.geo.own[len(players)][a]] for a in chosen]}
        if origin >= 0:
            out.update(origin=label[origin], direction="ccw" if direction == CCW else "cw", kind=kinds[kind].name,
                       lifted=lifted, laps=laps, captured=captured, last=label[last] if last >= 0 else None,
                       sowing=[label[q] for q in sowing])
        players.append(out)
    return {"step": step, "players": players}


def write_snapshot(st: Any, seen: list[tuple[int, ...]], move: tuple[Any, list[int]] | None,
                   race: dict[str, Any] | None) -> dict[str, Any]:
    """The snapshot of `st` from its views, with what the engine keeps apart: the repetition
    keys seen (sorted), the move waiting for a decision (the state where it began and its
    actions so far) and the race in progress."""
    game = st.game
    geo = game.geo
    b = st.board
    request = st.pending_request()
    scores = st.scores()
    out: dict[str, Any] = {
        "variant": game.name,
        "params": dict(game.params),
        "to_move": st.to_move if st.to_move in (0, 1) else None,
        "stage": game.stage_names[st.stage],
        "moves_played": st.moves_played,
        "players": [
            {
                "pits": [b[q] for q in geo.own[p]],
                "store": b[geo.store[p]] if geo.store[p] != -1 else 0,
                "hand": st.stock[p],
                "score": scores[p],
            }
            for p in (0, 1)
        ],
        "removed": st.removed,
        "in_hand": (request.in_hand if request is not None else
                    sum(len(p.get("sowing", ())) for p in race["players"]) if race is not None else 0),
        "terminal": st.terminal,
    }
    if st.kinds is not None:
        names = game.kind_names
        kinds = st.kinds

        def by_kind(row: list[int]) -> dict[str, int]:
            return {names[k]: n for k, n in enumerate(row) if n}

        if request is not None and request.hand_kinds is not None:
            out["in_hand_contents"] = by_kind(request.hand_kinds)
        for p in (0, 1):
            out["players"][p]["contents"] = [by_kind(kinds[q]) for q in geo.own[p]]
            if geo.store[p] != -1:
                out["players"][p]["store_contents"] = by_kind(kinds[geo.store[p]])
    if geo.ranks == 4:
        for p in (0, 1):
            out["players"][p]["rows"] = {
                letter: [b[q] for q in sorted(pits, key=lambda q: geo.col[q])]
                for letter, pits in _row_pits(geo, p).items()}
    if geo.n_pits > 2 * geo.per_player:  # a shared middle row
        out["shared"] = [b[q] for q in range(2 * geo.per_player, geo.n_pits)]
    if game.rounds is not None:
        out["round"] = st.round + 1
    if race is not None:
        out["race"] = race
    if game.mark_names:
        marks = st.marks
        out["marks"] = {name: [geo.label[q] for q in range(geo.n_slots) if marks[q] & bit]
                        for name, bit in game.mark_slots.items()}
    if game.initial_variables:
        out["variables"] = st.variables
    if st.terminal:
        returns = st.returns()
        out["returns"] = returns
        out["end_reason"] = st.end_reason
        margin = abs(scores[0] - scores[1])
        out["margin"] = margin
        out["victory_value"] = 0 if returns[0] == 0 else game.victory_values.get(margin, 1)
    if game.uses_repetition and not st.terminal:
        out["repetition"] = [list(k) for k in seen]
    if move is not None:
        from .notation import action_to_string

        origin, actions = move
        decisions = []
        replay = origin.clone()
        for a in actions:
            decisions.append(action_to_string(replay, a))
            replay.apply_action(a)
        out["pending"] = {"position": origin.snapshot(), "decisions": decisions}
    return out


RETURNS = ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
"""What a finished game can return (endgame.py): a win, a loss, or a draw."""


def _position_problem(error: Any) -> str:
    """A position's first validation error in the words of the position format: an unknown
    key with the keys that would fit there, and the two players' entries asked for by name."""
    from rulespec.models.position import PlayerPosition
    from rulespec.suggest import did_you_mean

    loc = error["loc"]
    where = ".".join(str(x) for x in loc) or "top level"
    if error["type"] == "extra_forbidden":
        key = str(loc[-1])
        model = PlayerPosition if len(loc) > 1 and loc[0] == "players" else Position
        keys = [name for name in model.model_fields]
        at = ".".join(str(x) for x in loc[:-1]) or "the top level"
        if model is Position and key in PlayerPosition.model_fields:
            return (f"bad position: {key!r} is about one player: put it in that player's entry "
                    f"(players: [{{{key}: ...}}, {{}}] for South)")
        return (f"bad position: unknown key {key!r} at {at}{did_you_mean(key, keys)}; "
                f"the keys there are: {', '.join(keys)}")
    if loc == ("players",) and error["type"] in ("too_short", "too_long"):
        return ("bad position at players: list both players, South's entry first, then North's "
                "(an entry may be {} when nothing about that player matters)")
    return f"bad position at {where}: {error['msg']}"


def state_from_snapshot(game: Any, snap: dict[str, Any], _depth: int = 0) -> Any:
    """A state from a snapshot, which is checked completely first: every count, the shared
    row, the stock, the move counter, the pending move and a finished game's returns. Its
    history starts at the position."""
    if not isinstance(snap, dict):
        raise PositionError(f"a position is a mapping of fields, not {type(snap).__name__}")
    data = {k: v for k, v in snap.items() if k not in ("end_reason", "margin", "victory_value", "in_hand_contents")}
    try:
        pos = Position.model_validate(data)
    except ValidationError as exc:
        raise PositionError(_position_problem(exc.errors()[0])) from None
    if pos.pending is not None:
        from .notation import string_to_action

        if _depth >= MAX_PENDING_DEPTH:
            raise PositionError("pending.position has a pending move itself; a move in progress starts "
                                "from a position between moves")
        st = state_from_snapshot(game, pos.pending.position, _depth + 1)
        for text in pos.pending.decisions:
            st.apply_action(string_to_action(st, text))
        return st
    from .native import native

    runner = native(game)
    geo = game.geo
    at = SimpleNamespace(board=[0] * geo.n_slots, kinds=None, marks=[0] * geo.n_slots)
    """The position read: board, kinds, stock, removed, marks, moves_played, round, stage."""
    if game.multi:
        at.kinds = [[0] * len(game.kind_names) for _ in range(geo.n_slots)]
    for p, pl in enumerate(pos.players):
        if game.multi:
            _read_contents(game, at, p, pl)
            continue
        if pl.rows is not None:
            pl = pl.model_copy(update={"pits": _pits_from_rows(game, p, pl.rows)})
        if pl.pits is None:
            raise PositionError(f"players[{p}] needs pits (in action order) or rows (by row letter)")
        if len(pl.pits) != geo.per_player:
            raise PositionError(f"players[{p}].pits has {len(pl.pits)} counts; this board gives "
                                f"each player {geo.per_player} pits")
        if min(pl.pits, default=0) < 0:
            raise PositionError(f"players[{p}].pits has a negative count")
        for q, n in zip(geo.own[p], pl.pits):
            at.board[q] = n
        if geo.store[p] != -1:
            at.board[geo.store[p]] = pl.store
        elif pl.store:
            raise PositionError(f"players[{p}].store is {pl.store}, but the board has no stores")
    if geo.n_pits > 2 * geo.per_player:  # a shared middle row
        shared = pos.shared if pos.shared is not None else [0] * geo.width
        if len(shared) != geo.width:
            raise PositionError(f"shared has {len(shared)} counts; the middle row has {geo.width} pits")
        if min(shared, default=0) < 0:
            raise PositionError("shared has a negative count")
        for i, n in enumerate(shared):
            at.board[2 * geo.per_player + i] = n
    elif pos.shared:
        raise PositionError("shared gives a shared middle row, but this board has none")
    at.stock = [pos.players[0].hand, pos.players[1].hand]
    at.removed = pos.removed
    for name, labels in pos.marks.items():
        if name not in game.mark_slots:
            raise PositionError(f"unknown mark {name!r}; marks: {', '.join(game.mark_slots) or 'none'}")
        for label in labels:
            if label not in geo.by_label:
                raise PositionError(f"unknown pit {label!r} in marks.{name}")
            at.marks[geo.by_label[label]] |= game.mark_slots[name]
    at.moves_played = pos.moves_played
    try:
        at.variables = game.slots_of_variables(pos.variables)
    except ValueError as bad:
        raise PositionError(f"variables: {bad}") from None
    if pos.round != 1 and game.rounds is None:
        raise PositionError(f"round is {pos.round}, but this game is played in one round")
    at.round = pos.round - 1
    if game.multi:
        _check_kind_counts(game, at, pos.partial)
    total = sum(at.board) + sum(at.stock) + at.removed + _race_hands(pos.race)
    if pos.partial and total <= game.total_pieces:
        at.removed += game.total_pieces - total  # the pieces not placed are out of play
    elif total != game.total_pieces:
        more = "" if total > game.total_pieces else " (a fragment of a position: give partial: true)"
        raise PositionError(f"the position holds {total} pieces; this game is played with "
                            f"{game.total_pieces}{more}")
    to_move = pos.to_move if pos.to_move is not None else 0
    if pos.stage is None and pos.race:
        at.stage = 0  # the race is the game's first move
    elif pos.stage is None:
        ends = _engine_until(runner, at, to_move)
        at.stage = _inferred_stage(game, at.moves_played, pos, ends)
    elif pos.stage in game.stage_names:
        at.stage = game.stage_names.index(pos.stage)
    else:
        raise PositionError(f"unknown stage {pos.stage!r}; stages: {', '.join(game.stage_names)}")
    returns = None
    if pos.terminal:
        returns = [float(r) for r in pos.returns or [0.0, 0.0]]
        if returns not in RETURNS:
            raise PositionError(f"returns {pos.returns} are not those of a finished game: "
                                f"[1, -1], [-1, 1] or [0, 0]")
    if pos.race and not pos.terminal and game.spec.opening is None:
        raise PositionError("race is true, but this game has no opening race")
    end_reason = snap.get("end_reason") if snap.get("end_reason") in END_REASONS else None
    return _engine_state(game, runner, at, pos, to_move, returns, end_reason)


def _engine_state(game: Any, runner: Any, at: Any, pos: Position, to_move: int,
                  returns: list[float] | None, end_reason: str | None) -> Any:
    """The engine's state (a NativeState) at a position read and checked by state_from_snapshot:
    its turn begun as in play, its history starting there."""
    from .state import native_state_class

    position = (_flat_board(at), at.marks, at.stock, at.removed, at.stage, at.moves_played, to_move, at.variables)
    ended = None
    if returns is not None:
        ended = (END_REASONS.index(end_reason) if end_reason is not None else -1, int(returns[0]))
    seen = None
    if pos.repetition is not None:
        seen = _engine_keys(game, pos.repetition, at.round)
    race = True if pos.race is True else _race_parts(game, at.stage, pos.race) if pos.race else None

    st = native_state_class()._resume(runner.runner, game, position, at.round, seen, ended, race)
    return st if ended is not None or race is not None else _round_unchanged(at.round, st)


def _round_unchanged(played: int, st: Any) -> Any:
    """st, its turn begun in round `played`, refused where that ended the round: the next round
    would be set up silently."""
    if st.round != played:
        raise PositionError(f"this position ends round {played + 1} (its end holds before anyone moves); give the "
                            f"position round {played + 2} starts from, or the position before the last move")
    return st


def _flat_board(at: Any) -> list[int]:
    """The board as the engine reads a position: each slot's count, then (several kinds of
    piece) each slot's count of each kind."""
    return at.board + [n for row in at.kinds for n in row] if at.kinds is not None else list(at.board)


def _key_layout(game: Any) -> tuple[int, ...]:
    """Where each field of game.position_key's tuple is in the engine's key (make_key: mover,
    stage, board, both stocks, marks, each slot's kinds); ROUND for the round, which the
    engine's key leaves out (its table holds one round's positions: emptied at each new round)."""
    ns = game.geo.n_slots
    nk = len(game.kind_names)
    kinds = 4 + 2 * ns
    variables = kinds + (ns * nk if game.multi else 0)
    view = SimpleNamespace(to_move=0, stage=1, round=ROUND, board=range(2, 2 + ns), stock=(2 + ns, 3 + ns),
                           marks=range(4 + ns, 4 + 2 * ns),
                           kinds=[range(kinds + q * nk, kinds + (q + 1) * nk) for q in range(ns)],
                           variable_slots=range(variables, variables + len(game.initial_variables)))
    return game.position_key(view)


ROUND = -1
"""_key_layout's place of the round."""
INT_RANGE = range(-2**31, 2**31)
"""What the engine's keys hold."""


def _engine_keys(game: Any, keys: list[list[int]], round_: int) -> list[tuple[int, ...]]:
    """Repetition keys as position_key gives them, in the engine's form: the fields a key of this
    game leaves out are those that never change in it (0); keys that are no position of this
    game in this round are left out (none is ever seen)."""
    layout = _key_layout(game)
    width = (4 + 2 * game.geo.n_slots + (game.geo.n_slots * len(game.kind_names) if game.multi else 0)
             + len(game.initial_variables))
    out = []
    for key in keys:
        if len(key) != len(layout) or any(n not in INT_RANGE for n in key):
            continue
        engine_key = [0] * width
        for at, n in zip(layout, key):
            if at != ROUND:
                engine_key[at] = n
            elif n != round_:
                break
        else:
            out.append(tuple(engine_key))
    return out


def _race_parts(game: Any, stage: int, race: dict[str, Any]) -> tuple[Any, ...]:
    """A race in progress as a snapshot gives it, in the engine's form
    (engine.race_resume), checked."""
    geo = game.geo
    kinds = [k.name for k in game.rulesets[stage].kinds]
    try:
        step = int(race["step"])
        parts = []
        for d in race["players"][:2]:
            finished = d.get("finished")
            part = [bool(d["choosing"]), -1 if finished is None else int(finished),
                    tuple(_start_action(geo, len(parts), str(c)) for c in d.get("chosen", [])),
                    -1, CCW, -1, 0, 0, 0, -1, [], 0]
            if "origin" in d:
                sowing = [geo.by_label[q] for q in d.get("sowing", [])]
                kind = str(d.get("kind", ""))
                if kind not in kinds:
                    raise ValueError(f"no move kind {kind!r} in this stage")
                part[3:] = [geo.by_label[d["origin"]], CCW if d["direction"] == "ccw" else CW, kinds.index(kind),
                            int(d["lifted"]), int(d["laps"]), int(d["captured"]),
                            geo.by_label[d["last"]] if d.get("last") else -1, _one_round(sowing), len(sowing)]
            if not part[0] and part[1] < 0 and not part[-1]:
                raise ValueError("a part neither chooses, sows nor has finished")
            parts.append(tuple(part))
        if len(parts) != 2:
            raise ValueError("two players")
    except (KeyError, TypeError, ValueError) as exc:
        raise PositionError(f"race: not a race in progress as snapshots give it ({exc})") from None
    return step, *parts


def _start_action(geo: Any, player: int, label: str) -> int:
    """The start action of one of the player's pits, by its label."""
    pit = geo.by_label[label]
    if pit not in geo.own[player]:
        raise ValueError(f"{label} is not a pit {('South', 'North')[player]} starts from")
    return geo.own[player].index(pit)


def _one_round(sowing: list[int]) -> list[int]:
    """The pits a race's hand sows, one round of them (the shortest that repeats to give them
    all): what the engine keeps, at most a pit per slot."""
    for n in range(1, min(len(sowing), MAX_SLOTS) + 1):
        if all(q == sowing[i % n] for i, q in enumerate(sowing)):
            return sowing[:n]
    if len(sowing) > MAX_SLOTS:
        raise ValueError("the pits to sow do not go round the board")
    return sowing


def _race_hands(race: Any) -> int:
    """Pieces in the players' hands in a race in progress (checked in full by _race_parts)."""
    if not isinstance(race, dict):
        return 0
    players = race.get("players")
    if not isinstance(players, list):
        return 0
    return sum(len(p.get("sowing") or []) for p in players if isinstance(p, dict) and p.get("finished") is None)


MAX_COUNTS_TRIED = 10_000
"""Move counts tried when a stage ends on one (`until: {moves_played: ...}`)."""
DECIDED_BY_POSITION = frozenset({"stocks", "in_play", "mover"})
"""Condition keys a position alone decides (with `moves_played` when the position gives it)."""


def _inferred_stage(game: Any, played: int, pos: Position, ends: Any) -> int:
    """The stage of a position that does not name it: the first whose `until` does not hold yet
    (ends(stage, moves_played) tells). Refused when an `until` reads something the position
    does not give (the last move, or the move count when `moves_played` is left out)."""
    stages = game.spec.stages
    known = DECIDED_BY_POSITION | ({"moves_played"} if "moves_played" in pos.model_fields_set else set())
    for i, stage in enumerate(stages[:-1]):
        keys = _condition_keys(stage.until)
        unknown = keys - known
        if unknown:
            raise PositionError(f"give the position's stage ({', '.join(game.stage_names)}): it cannot be told "
                                f"from the position, as stage {stage.name!r} ends on {', '.join(sorted(unknown))}")
        # A stage that ends on a move count ended if its condition held at any count so far.
        counts = range(min(played, MAX_COUNTS_TRIED) + 1) if "moves_played" in keys else [played]
        if not any(ends(i, n) for n in counts):
            return i
    return len(stages) - 1 if stages else 0


def _engine_until(runner: Any, at: Any, to_move: int) -> Any:
    """ends(stage, moves_played) for _inferred_stage: the stage's `until` evaluated by the engine
    as after a move of the player not to move."""
    board = _flat_board(at)

    def ends(stage: int, played: int) -> bool:
        return runner.engine.stage_ends(runner.runner, stage, board, at.marks, at.stock, at.removed, stage, played,
                                        1 - to_move, at.variables)

    return ends


def _condition_keys(cond: Any) -> set[str]:
    """The keys a condition reads, through all/any/not."""
    keys: set[str] = set()
    for key, value in cond:
        if value is None:
            continue
        if key in ("all", "any"):
            for sub in value:
                keys |= _condition_keys(sub)
        elif key == "not_":
            keys |= _condition_keys(value)
        else:
            keys.add(key)
    return keys


def _check_kind_counts(game: Any, st: Any, partial: bool) -> None:
    """Pieces of each kind: as many as the game's set (at most as many in a fragment)."""
    counts = [(name, sum(row[k] for row in st.kinds), sum(row[k] for row in game.initial_kinds))
              for k, name in enumerate(game.kind_names)]
    for name, have, want in sorted(counts, key=lambda c: c[1] <= c[2]):  # too many first
        if have > want or (have < want and not partial):
            raise PositionError(f"the position holds {have} {name}; this game is played with {want}"
                                + (" (a fragment of a position: give partial: true)" if have < want else ""))


def _read_contents(game: Any, st: Any, p: int, pl: Any) -> None:
    """Pieces by kind, for games with several kinds of piece."""
    geo = game.geo
    if pl.contents is None or len(pl.contents) != geo.per_player:
        raise PositionError(f"players[{p}].contents must give the pieces by kind of each of the player's "
                            f"{geo.per_player} pits")
    slots = list(zip(geo.own[p], pl.contents))
    if geo.store[p] != -1:
        slots.append((geo.store[p], pl.store_contents or {}))
    for q, pieces in slots:
        for name, n in pieces.items():
            if name not in game.kind_names:
                raise PositionError(f"players[{p}]: unknown kind of piece {name!r}; kinds: "
                                    f"{', '.join(game.kind_names)}")
            if n < 0:
                raise PositionError(f"players[{p}]: a negative count of {name}")
            st.kinds[q][game.kind_names.index(name)] = n
        st.board[q] = sum(st.kinds[q])


def _row_pits(geo: Any, player: int) -> dict[str, list[int]]:
    """The player's pits grouped by row letter (front row first)."""
    letters: dict[str, list[int]] = {}
    for q in sorted(geo.own[player], key=lambda q: geo.row[q] != "front"):
        letters.setdefault(geo.label[q].rstrip("0123456789"), []).append(q)
    return letters


def _pits_from_rows(game: Any, player: int, rows: dict[str, list[int]]) -> list[int]:
    """Counts in action order from counts given per row letter, each from the owner's left."""
    geo = game.geo
    letters = _row_pits(geo, player)
    counts = [0] * geo.per_player
    for letter, values in rows.items():
        if letter not in letters:
            raise PositionError(f"players[{player}].rows: unknown row {letter!r}; rows: {', '.join(letters)}")
        pits = sorted(letters[letter], key=lambda q: geo.col[q])
        if len(values) != len(pits):
            raise PositionError(f"players[{player}].rows.{letter} has {len(values)} counts; the row has {len(pits)}")
        for q, n in zip(pits, values):
            counts[q - player * geo.per_player] = n
    return counts


__all__ = ["snapshot", "state_from_snapshot", "PositionError"]
