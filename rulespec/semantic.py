"""Cross-field checks that pydantic cannot see, reported at the offending YAML location."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from .errors import Problem
from .limits import (MAX_VARIABLE_SLOTS, MAX_BOARD_SLOTS, MAX_CHOICE, MAX_CHOICE_PITS, MAX_COUNT_PITS_DEPTH, MAX_GAME_PIECES,
                     MAX_KIND_SLOTS, MAX_LAPS, MAX_MARK_SLOTS, MAX_MOVE_KINDS, MAX_KINDS, MAX_PLACED_PIECES,
                     MAX_POINTS, MAX_STAGES, MAX_TAKE_ANY_PIECES)
from .labels import owner_labels, shared_labels, player_rows
from .models import CaptureRule, ChooseSelector, Condition, PickSelector, Spec
from .models.turn import Lift
from .models.conditions import PIT_FREE
from .suggest import did_you_mean
from .yamlio import SourceMap

Path = tuple[Any, ...]


def _walk(obj: Any, path: Path) -> Iterator[tuple[Path, Any]]:
    """Every model, list item and dict value inside `obj`, with its YAML path."""
    yield path, obj
    if isinstance(obj, BaseModel):
        for name, f in type(obj).model_fields.items():
            if name in obj.model_fields_set or getattr(obj, name) is not None:
                yield from _walk(getattr(obj, name), path + (f.alias or name,))
    elif isinstance(obj, list):
        for i, item in enumerate(obj):
            yield from _walk(item, path + (i,))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _walk(v, path + (k,))


def check_spec(spec: Spec, smap: SourceMap) -> list[Problem]:
    problems: list[Problem] = []

    def bad(path: Path, message: str, *, key: bool = False) -> None:
        problems.append(smap.problem(path, message, key=key))

    board = spec.board
    labels = {**owner_labels(board), **{lab: ("middle", i) for i, lab in enumerate(shared_labels(board))}}
    rows = set(player_rows(board)) | ({"middle"} if board.ranks == 3 else set())
    circuit = board.circuit or ("own" if board.ranks == 4 else "all")
    if board.ranks == 4 and circuit == "all":
        bad(("board", "circuit"), "a 4-rank board is sown around each player's own two ranks: use circuit: own")
    if circuit == "sides" and (board.ranks == 4 or (board.ranks == 3 and board.middle == "shared")):
        bad(("board", "circuit"), "circuit: sides runs over the players' own pits: it needs 2 ranks, or 3 with the "
                                  "middle row owned half by each player (middle: right_half or left_half)")
    if board.ranks != 4 and circuit == "own":
        bad(("board", "circuit"), f"circuit: own needs 4 ranks (each player owning two); this board has {board.ranks}")
    if board.middle != "shared" and (board.ranks != 3 or board.pits % 2):
        bad(("board", "middle"), f"a middle row owned half by each player needs 3 ranks of an even number of "
                                 f"pits; this board has {board.ranks} ranks of {board.pits}")
    if board.stores == "in_circuit" and board.ranks != 2:
        bad(("board", "stores"), "stores in the circuit need a 2-rank board")
    if board.notation == "letters" and (board.ranks != 2 or board.pits > 26):
        bad(("board", "notation"), "letters notation needs 2 ranks of at most 26 pits; use row-number")

    def check_label(path: Path, label: str, key: bool = False) -> None:
        if label not in labels:
            bad(path, f"unknown pit {label!r}{did_you_mean(label, labels)}; pits are named "
                      f"{_label_range(labels)} from the owner's side", key=key)

    for role, body in board.roles.items():
        for i, label in enumerate(body.pits):
            check_label(("board", "roles", role, "pits", i), label)
    for label in spec.setup.pits:
        check_label(("setup", "pits", label), label, key=True)
    for mark, pits in spec.setup.marks.items():
        if mark not in spec.marks:
            bad(("setup", "marks", mark), f"undeclared mark {mark!r}{did_you_mean(mark, spec.marks)}; "
                                          "declare it under 'marks'", key=True)
        for i, label in enumerate(pits):
            check_label(("setup", "marks", mark, i), label)
    if spec.rounds is not None:
        _check_rounds(spec, bad)
    if spec.opening is not None:
        _check_opening(spec, bad)
    _check_relay_lift(spec, bad)
    _check_go_on(spec, bad)
    _check_variables(spec, bad, check_label)
    kind_names = [k.name for k in spec.setup.kinds]
    multi = len(kind_names) > 1
    if multi:
        _check_kinds(spec, kind_names, bad, check_label)

    stage_names = [s.name for s in spec.stages]
    for i, stage in enumerate(spec.stages):
        if stage.name in stage_names[:i]:
            bad(("stages", i, "name"), f"stage {stage.name!r} is defined twice")
        last = i == len(spec.stages) - 1
        if last and stage.until is not None:
            bad(("stages", i, "until"), "the last stage cannot end: remove 'until' or add a stage after it")
        if not last and stage.until is None:
            bad(("stages", i), f"stage {stage.name!r} never ends: give it an 'until' condition")

    has_stores = board.stores != "none"
    for path, node in _walk(spec, ()):
        if isinstance(node, Condition):
            _check_condition(node, path, spec, labels, rows, stage_names, bad, check_label)
            for key in LOOK_AHEAD:
                if getattr(node, key) is not None and not _after_a_move(path) and "require_after" not in path:
                    bad(path + (key,), f"{key} looks ahead at the next move, so it can only be tested after a "
                                       "move: in marks (set_after_move, clear_after_move, unless), extra_turn "
                                       "or a stage's until", key=True)
            for key in PIECE_KEYS:
                if getattr(node, key) is not None and not multi:
                    bad(path + (key,), f"{key} asks about kinds of piece, {ONE_KIND}", key=True)
            for key, names in (("dropped", node.dropped), ("before", node.before and node.before.kinds),
                               ("in_play", node.in_play and node.in_play.kinds)):
                for name in [names] if isinstance(names, str) else (names or []):
                    if name not in kind_names:
                        bad(path + (key,), f"unknown kind of piece {name!r}{did_you_mean(name, kind_names)}")
        elif isinstance(node, PickSelector):
            if not multi:
                bad(path + ("pick",), f"pick takes pieces of some kinds, {ONE_KIND}", key=True)
            for name in node.pick.kinds:
                if name not in kind_names:
                    bad(path + ("pick", "kinds"), f"unknown kind of piece {name!r}{did_you_mean(name, kind_names)}")
        elif isinstance(node, CaptureRule):
            if node.by == "opponent" and node.to not in ("store", "removed"):
                bad(path + ("by",), "a capture by the opponent puts the pieces into the opponent's store or out of "
                                    "play (to: store or removed), never onto the mover's side")
            if node.by == "owner" and node.to != "store":
                bad(path + ("by",), "a capture by each pit's owner puts the pieces into the owners' stores: "
                                    "it needs to: store")
            if node.at == "move_end":
                if node.to not in ("store", "removed") or node.then != "end":
                    bad(path + ("at",), "a capture once the move is over ends the move: it needs to: store or "
                                        "removed, and then: end")
                if multi:
                    bad(path + ("at",), "at: move_end is played with one kind of piece")
            if node.to == "store" and not has_stores and node.take:
                bad(path + ("to",), "captures go to the store, but the board has no stores "
                                    "(set board.stores, or use to: removed)")
            if not node.take and node.mark is None:
                bad(path + ("take",), "a capture must take something: give the pits to take "
                                      "(or a mark the capture sets, e.g. a captured hole)")
            if node.pieces == "capturable" and not multi:
                bad(path + ("pieces",), f"only some kinds of piece can be captured, {ONE_KIND}")
            if node.mark is not None and node.mark not in spec.marks:
                bad(path + ("mark",), f"unknown mark {node.mark!r}{did_you_mean(node.mark, spec.marks)}; "
                                      "declare it under 'marks'")
            if "behind_opposite" in node.take and board.ranks != 4:
                bad(path + ("take",), "behind_opposite needs a 4-rank board")
    if "store" in spec.scoring.counts and not has_stores:
        if "scoring" in spec.model_fields_set:
            bad(("scoring", "counts"), "the score counts the store, but the board has no stores")
        else:
            bad(("board", "stores"), "the board has no stores, but the score counts the store by default: "
                                     "give a scoring block (e.g. counts: [own_pits])")
    for i, cond in enumerate(spec.end):
        about_player = cond.kind in ("side_empty", "no_legal_move", "condition")
        if not about_player and cond.result not in ("by_score", "draw"):
            bad(("end", i, "result"), f"{cond.kind} is not about one player: use result: by_score or draw")
        if not about_player and cond.remaining in ("to_player", "to_other"):
            bad(("end", i, "remaining"), f"{cond.kind} is not about one player: use to_owner, stay or removed")
        if cond.remaining in ("to_owner", "to_player", "to_other", "to_first") and not has_stores:
            bad(("end", i, "remaining"), "pieces can only be collected into stores; the board has none")
        own_rows = player_rows(board)
        for j, row in enumerate(getattr(cond, "rows", None) or []):
            if row not in own_rows:
                bad(("end", i, "rows", j), f"a player owns no {row} row on a {board.ranks}-rank board; "
                                           f"their rows are {', '.join(own_rows)}")
        if cond.kind in ("no_legal_move", "move_limit") and cond.during_move:
            bad(("end", i, "during_move"), f"{cond.kind} is about whole moves, which cannot change in the middle of "
                                           "one: remove during_move")
        if cond.kind == "repetition" and cond.during_move:
            bad(("end", i, "during_move"), "a repetition is of whole positions, between moves: "
                                           "remove during_move")
    for where, turn in [(("turn",), spec.turn)] + [(("stages", i, "turn"), st.turn)
                                                   for i, st in enumerate(spec.stages) if st.turn]:
        for i, kind in enumerate(turn.moves):
            if kind.into is not None:
                if kind.sow != "anywhere":
                    bad(where + ("moves", i, "into"), "into says where placed pieces may go: it needs sow: anywhere")
                fixed = _fixed_keys_only(kind.into)
                if fixed:
                    bad(where + ("moves", i, "into"), f"into may test only what a pit is and where it lies (side, row, "
                                                      f"role, pit, start, and opposite, mirror, behind, origin, all, "
                                                      f"any, not of those), not `{fixed}`: a piece must always have a "
                                                      "pit to go to")
            for key in ("require_capture", "require"):
                if kind.sow == "anywhere" and getattr(kind, key):
                    bad(where + ("moves", i, key), f"sow: anywhere puts the pieces down with no lap or capture "
                                                   f"after them: {key} has nothing to test; remove it")
            if kind.require_after is not None:
                if kind.sow == "anywhere":
                    bad(where + ("moves", i, "require_after"), "sow: anywhere puts the pieces down one decision at "
                                                               "a time, and such moves are not played ahead: "
                                                               "require_after cannot be tested; remove it")
                for path, key in _settled_after_legality(kind.require_after, where + ("moves", i, "require_after")):
                    bad(path, f"{key} {SETTLED_AFTER_LEGALITY[key]}, and require_after decides whether the move "
                              "may be played at all: it cannot test this", key=True)
    for i, kind in enumerate(spec.turn.moves):
        if kind.lift == "one_from_stock" and spec.setup.stock == 0:
            bad(("turn", "moves", i, "lift"), "moves from the stock, but setup gives no stock")
    for where, sowing in [(("sowing",), spec.sowing)] + [(("stages", i, "sowing"), st.sowing)
                                                         for i, st in enumerate(spec.stages) if st.sowing]:
        if sowing.order is not None and not multi:
            bad(where + ("order",), f"the mover chooses the order of the kinds of piece sown, {ONE_KIND}")
    counted = spec.scoring.counts
    for j, what in enumerate(counted):
        if what in counted[:j]:
            bad(("scoring", "counts", j), f"{what} is counted twice: list it once")
    feed = spec.obligations.feed
    if feed is not None:
        for path in _about_a_pit(feed.when, ("obligations", "feed", "when")):
            bad(path, f"feeding is decided before a move, when there is no pit to test: {path[-1]} needs one "
                      "(count pits with count_pits, or ask about a side with own_side / opponent_side)", key=True)
    skip = spec.sowing.skip
    if skip is not None and not skip.model_fields_set:
        bad(("sowing", "skip"), "an empty condition is true of every pit: skipping them all, nothing could be sown")
    problems += _bounds(spec, smap)
    return problems


BOUNDS = {"max_laps": MAX_LAPS, "from_stock": MAX_GAME_PIECES, "take": MAX_GAME_PIECES, "per_pit": MAX_GAME_PIECES,
          "stock": MAX_GAME_PIECES, "more_pits": MAX_CHOICE, "length": MAX_CHOICE, "count": MAX_CHOICE}
"""Numbers of the vocabulary with an upper bound (docs/limits.md). A condition's `count` is a
test, not a quantity, and has none."""


def _bounds(spec: Spec, smap: SourceMap) -> list[Problem]:
    """Numbers past the bounds every game keeps (pieces, laps, the options of one decision,
    stages, marks), and the pieces of the whole game, located."""
    problems = []
    if len(spec.stages) > MAX_STAGES:
        problems.append(smap.problem(("stages", MAX_STAGES), f"{len(spec.stages)} stages; a spec may have at most "
                                                             f"{MAX_STAGES} (see docs/limits.md)"))
    slots = 0
    for name, mark in spec.marks.items():
        slots += 2 if mark.owned else 1
        if slots > MAX_MARK_SLOTS:
            problems.append(smap.problem(("marks", name), f"mark {name!r}: too many marks; a pit can carry at most "
                                                          f"{MAX_MARK_SLOTS} (an owned mark counts twice) "
                                                          f"(see docs/limits.md)", key=True))
            break
    for path, node in _walk(spec, ()):
        if isinstance(node, Condition) and node.count_pits is not None and path.count("count_pits") >= \
                MAX_COUNT_PITS_DEPTH:
            problems.append(smap.problem(path + ("count_pits",), f"count_pits inside count_pits may nest "
                                                                 f"{MAX_COUNT_PITS_DEPTH} deep at most (each level "
                                                                 f"tests every pit again; see docs/limits.md)"))
            break
    for path, node in _walk(spec, ()):
        if not isinstance(node, BaseModel) or isinstance(node, Condition):
            continue
        for name, bound in BOUNDS.items():
            value = getattr(node, name, None)
            if type(value) is int and value > bound:
                problems.append(smap.problem(path + (name,), f"{name} is {value}; at most {bound} "
                                                             f"(see docs/limits.md)"))
    setup, board = spec.setup, spec.board
    counts = list(setup.pits.values())
    for table in [setup.contents or {}, *setup.layouts.values()]:
        counts += [n for pits in table.values() for n in pits.values()]
    slots = board.ranks * board.pits + 2
    total = setup.per_pit * slots + sum(counts) + 2 * setup.stock
    if total > MAX_GAME_PIECES:
        problems.append(smap.problem(("setup",), f"the setup puts up to {total} pieces in play; a game has at most "
                                                 f"{MAX_GAME_PIECES} (see docs/limits.md)"))
    else:
        problems += _engine_bounds(spec, smap)
    return problems


def _engine_bounds(spec: Spec, smap: SourceMap) -> list[Problem]:
    """The sizes the engine's tables and 32-bit counts hold: the board's slots, the kinds of
    piece and their worth, the move kinds, and the pieces of a game whose moves ask a count or
    place pieces one by one."""
    problems = []

    def bad(path: Path, message: str, *, key: bool = False) -> None:
        problems.append(smap.problem(path, f"{message} (see docs/limits.md)", key=key))

    board, setup = spec.board, spec.setup
    n_pits = board.ranks * board.pits
    slots = n_pits + (0 if board.stores == "none" else 2)
    if slots > MAX_BOARD_SLOTS:
        bad(("board", "pits"), f"a board of {board.ranks} ranks of {board.pits} pits has {slots} pits and stores; "
                               f"at most {MAX_BOARD_SLOTS}")
    kinds = setup.kinds
    if len(kinds) > MAX_KINDS:
        bad(("setup", "kinds", MAX_KINDS), f"{len(kinds)} kinds of piece; at most {MAX_KINDS}")
    elif len(kinds) > 1 and len(kinds) * slots > MAX_KIND_SLOTS:
        bad(("setup", "kinds"), f"{len(kinds)} kinds of piece on {slots} pits and stores; the kinds times the "
                                f"pits and stores are at most {MAX_KIND_SLOTS}")
    pieces = _pieces(spec)
    worth, most = max((abs(k.value), i) for i, k in enumerate(kinds))
    if worth * pieces > MAX_POINTS:
        bad(("setup", "kinds", most, "value"), f"{pieces} pieces worth up to {worth} each could score "
                                               f"{worth * pieces}; at most {MAX_POINTS}")
    turns = [(("turn",), spec.turn)] + [(("stages", i, "turn"), st.turn) for i, st in enumerate(spec.stages) if st.turn]
    names: list[str] = []
    for where, turn in turns:
        for i, kind in enumerate(turn.moves):
            if kind.name not in names:
                names.append(kind.name)
                if len(names) == MAX_MOVE_KINDS + 1:
                    bad(where + ("moves", i), f"more than {MAX_MOVE_KINDS} move kinds; at most {MAX_MOVE_KINDS}")
            if isinstance(kind.lift, Lift) and kind.lift.take == "any" and pieces > MAX_TAKE_ANY_PIECES:
                bad(where + ("moves", i, "lift", "take"), f"take: any asks how many of up to {pieces} pieces to lift; a game "
                                                  f"that asks has at most {MAX_TAKE_ANY_PIECES} pieces")
            if kind.sow == "anywhere" and pieces > MAX_PLACED_PIECES:
                bad(where + ("moves", i, "sow"), f"sow: anywhere places up to {pieces} pieces one by one; a game "
                                                 f"that places them has at most {MAX_PLACED_PIECES} pieces")
    if n_pits > MAX_CHOICE_PITS:
        for path, node in _walk(spec, ()):
            if isinstance(node, ChooseSelector) and node.choose.optional:
                bad(path + ("choose", "optional"), f"an optional choice among the board's {n_pits} pits; at most "
                                                   f"{MAX_CHOICE_PITS}")
    return problems


def _pieces(spec: Spec) -> int:
    """The pieces a game starts with, on the pits and in the players' hands (as the game sets
    them up: a shared pit's label names one pit, an owned pit's label one pit of each player)."""
    setup, board = spec.setup, spec.board
    shared = set(shared_labels(board))
    if len(setup.kinds) > 1:
        contents = setup.layouts.get(setup.layout or "", setup.contents or {})
        on_pits = sum(sum(pieces.values()) * (1 if label in shared else 2) for label, pieces in contents.items())
    else:
        on_pits = setup.per_pit * board.ranks * board.pits
        on_pits += sum((n - setup.per_pit) * (1 if label in shared else 2) for label, n in setup.pits.items())
    return on_pits + 2 * setup.stock


ONE_KIND = "but this game has one kind of piece (several are declared under setup.kinds)"
PIECE_KEYS = ("dropped", "before", "in_play")
"""Condition keys about kinds of piece."""


def _about_a_pit(cond: Condition, path: Path) -> Iterator[Path]:
    """The paths of the keys of `cond` that test the pit it is about (not inside count_pits,
    which tests pits of its own)."""
    for key, value in cond:
        if value is None:
            continue
        name = type(cond).model_fields[key].alias or key
        if key in ("all", "any"):
            for i, member in enumerate(value):
                yield from _about_a_pit(member, path + (name, i))
        elif key == "not_":
            yield from _about_a_pit(value, path + (name,))
        elif key not in PIT_FREE and key != "mark_owner":
            yield path + (name,)


LOOK_AHEAD = ("threatened", "opponent_can_capture", "can_move", "opponent_can_move")
"""Condition keys that play the next move ahead: inside a move they would look ahead for ever."""

SETTLED_AFTER_LEGALITY = {
    **{key: "looks ahead at the next move" for key in LOOK_AHEAD},
    "moves_played": "counts a move only once it is played",
    "variable": "changes by the effects of a move once it is played",
    "mark": "is set and cleared once a move is played (set_after_move, clear_after_move)",
    "mark_owner": "is set and cleared once a move is played (set_after_move, clear_after_move)",
}
"""Condition keys whose answer after a move is settled only once the move is played: a move
kind's `require_after`, part of the look-ahead deciding which moves are legal, cannot test them."""


def _settled_after_legality(cond: Condition, path: Path) -> Iterator[tuple[Path, str]]:
    """The keys of `cond` (at any depth) that SETTLED_AFTER_LEGALITY names, with their paths."""
    for inner_path, node in _walk(cond, path):
        if isinstance(node, Condition):
            for key in SETTLED_AFTER_LEGALITY:
                if getattr(node, key) is not None:
                    yield inner_path + (key,), key


def _check_go_on(spec: Spec, bad: Any) -> None:
    """A capture the move goes on after needs a relay to go on with, and one kind of piece."""
    stages = [("",), *[("stages", i) for i in range(len(spec.stages))]]
    for where in stages:
        stage = spec.stages[where[1]] if where != ("",) else None
        captures = spec.captures if stage is None or stage.captures is None else stage.captures
        sowing = (stage.sowing if stage is not None and stage.sowing else spec.sowing)
        for i, cap in enumerate(captures):
            path = (where if stage is not None else ()) + ("captures", i, "then")
            seek = path[:-1] + ("seek",)
            if cap.seek and cap.then != "relay":
                after = "ends" if cap.then == "end" else f"goes on by then: {cap.then}"
                bad(seek, f"seek says where the move goes on after the capture, but this capture's move "
                          f"{after}: use then: relay")
            elif cap.seek and (sowing.laps.kind != "relay" or sowing.laps.lift != "next"):
                bad(seek, "seek looks for the next pit holding pieces that a relay lifting the next pit goes "
                          "on from: the sowing needs laps: {kind: relay, lift: next}")
            if cap.then == "end":
                continue
            if not isinstance(cap.to, str):
                bad(path, f"captures sown again already go on; then: {cap.then} is for captures into the store or removed")
            elif cap.then in ("carry", "next_pit"):
                if len(spec.setup.kinds) > 1:
                    bad(path, f"then: {cap.then} is played with one kind of piece")
            elif sowing.laps.kind != "relay":
                bad(path, "then: relay goes on with the sowing's relay laps, but the sowing is single-lap")
            elif len(spec.setup.kinds) > 1:
                bad(path, "then: relay is played with one kind of piece")


def _check_relay_lift(spec: Spec, bad: Any) -> None:
    """A relay that lifts the next pit is decided by `when` alone: `stop_when` and `ask_when`
    read the landing pit, which such a relay does not lift, and were silently not applied. It
    lifts the pit after the landing pit in the move's direction, so that direction is known
    from the start (not `direction: later`)."""
    sowings = [(("sowing",), spec.sowing)] + [(("stages", i, "sowing"), s.sowing)
                                             for i, s in enumerate(spec.stages) if s.sowing is not None]
    for path, sowing in sowings:
        laps = sowing.laps
        if laps.seek and (laps.kind != "relay" or laps.lift != "next"):
            bad(path + ("laps", "seek"), "seek passes over empty pits to the next pit a relay lifts: it needs "
                                         "kind: relay and lift: next")
        if laps.reverse and (laps.kind != "relay" or laps.lift != "landing"):
            bad(path + ("laps", "reverse"), "reverse turns each relay lap back from the landing pit it lifts: it "
                                            "needs kind: relay and lift: landing")
        for key in ("stop_when", "ask_when"):
            if laps.lift == "next" and getattr(laps, key) is not None:
                bad(path + ("laps", key), f"{key} is not read with lift: next (the relay lifts the pit after "
                                          f"the landing pit): say when the relay goes on in laps.when, which is "
                                          f"tested on that pit")
    plays = [((), spec.turn, spec.sowing)] + [(("stages", i), s.turn or spec.turn, s.sowing or spec.sowing)
                                              for i, s in enumerate(spec.stages)]
    for path, turn, sowing in plays:
        if sowing.laps.kind != "relay" or sowing.laps.lift != "next":
            continue
        for j, kind in enumerate(turn.moves):
            if kind.direction == "later":
                where = path + ("turn",) if path else ("turn",)
                bad(where + ("moves", j, "direction"),
                    f"move kind {kind.name!r} sets its direction later, but a relay that lifts the next pit "
                    f"needs the move's direction from its start (lift: next)")


def _check_opening(spec: Spec, bad: Any) -> None:
    """The opening race plays the first stage's moves without asking anything inside them:
    whole pits lifted, a fixed direction, captures that take fixed pits."""
    from .models import ChainSelector, WhereSelector

    stage = spec.stages[0] if spec.stages else None
    turn = stage.turn if stage is not None and stage.turn else spec.turn
    sowing = stage.sowing if stage is not None and stage.sowing else spec.sowing
    captures = stage.captures if stage is not None and stage.captures is not None else spec.captures
    why = []
    if len(spec.setup.kinds) > 1:
        why.append("one kind of piece")
    if spec.setup.stock:
        why.append("no pieces in hand (stock)")
    for m in turn.moves:
        if m.lift != "all" or m.sow != "circuit" or m.direction not in ("counterclockwise", "clockwise") \
                or m.require_capture or m.require is not None or m.require_after is not None:
            why.append(f"move kind {m.name!r} lifting a whole pit and sowing it in a fixed direction, "
                       "with no required capture")
        if m.from_ is None or m.from_.side != "own":
            why.append(f"move kind {m.name!r} starting from the mover's own pits (from: {{side: own, ...}})")
    if sowing.laps.lift != "landing":
        why.append("relays that lift the landing pit (lift: landing)")
    if sowing.laps.ask_when is not None or sowing.order or sowing.first_into_origin:
        why.append("sowing that asks nothing and skips the origin as usual")
    if sowing.per_pit != 1:
        why.append("sowing one piece into each pit (per_pit: 1)")
    if sowing.laps.reverse:
        why.append("relay laps that go on in the same direction (no reverse)")
    for cap in captures:
        if cap.optional or cap.then != "end" or not isinstance(cap.to, str) \
                or any(not isinstance(sel, (str, ChainSelector, WhereSelector)) for sel in cap.take):
            why.append(f"capture {cap.name!r} taking fixed pits into the store or off the board, "
                       "not optional, ending the move")
    if any(e.during_move for e in spec.end):
        why.append("no end condition checked in the middle of a move")
    if turn.extra_turn is not None and any(isinstance(node, Condition) and getattr(node, key) is not None
                                           for _, node in _walk(turn.extra_turn, ()) for key in LOOK_AHEAD):
        why.append(f"another turn decided without looking ahead ({', '.join(LOOK_AHEAD)})")
    if why:
        bad(("opening",), "the opening race plays both first moves step by step and asks nothing inside "
                          "them; it needs " + "; ".join(dict.fromkeys(why)))


def _check_rounds(spec: Spec, bad: Any) -> None:
    """Rounds refill pits from stores: the board needs stores, one kind of piece, the mark."""
    rounds = spec.rounds
    if spec.board.stores == "none":
        bad(("rounds",), "rounds refill the pits from the players' stores: the board needs stores")
    if len(spec.setup.kinds) > 1:
        bad(("rounds",), "rounds are played with one kind of piece")
    if spec.board.ranks != 2:
        bad(("rounds",), "rounds need a 2-rank board (each player refilling their own row)")
    mark = rounds.out_of_play
    if mark is not None and mark not in spec.marks:
        bad(("rounds", "out_of_play"), f"undeclared mark {mark!r}{did_you_mean(mark, spec.marks)}; "
                                       "declare it under 'marks'")
    elif mark is not None and spec.marks[mark].owned:
        bad(("rounds", "out_of_play"), f"the mark {mark!r} is owned; a pit out of play is nobody's")
    held = rounds.to_opponent
    if held is not None and held not in spec.marks:
        bad(("rounds", "to_opponent"), f"undeclared mark {held!r}{did_you_mean(held, spec.marks)}; "
                                       "declare it under 'marks' (owned: true, holds_pit: true)")
    elif held is not None and not spec.marks[held].holds_pit:
        bad(("rounds", "to_opponent"), f"the mark {held!r} must hold the pit for its owner: "
                                       "give it owned: true and holds_pit: true")
    if (rounds.per_pit or spec.setup.per_pit) < 1:
        bad(("rounds", "per_pit"), "rounds refill each pit with at least one piece: give per_pit")
    for i, name in enumerate(rounds.clear_marks):
        if name not in spec.marks:
            bad(("rounds", "clear_marks", i), f"undeclared mark {name!r}{did_you_mean(name, spec.marks)}; "
                                              "declare it under 'marks'")
    part = rounds.part_pit
    if rounds.remainder == "next_pit_out_of_play" and mark is None:
        bad(("rounds", "remainder"), "the remainder's pit is marked out of play with the rounds' own mark: "
                                     "give rounds.out_of_play (or remainder: next_pit, in play)")
    if rounds.remainder != "store" and held is not None:
        bad(("rounds", "remainder"), "the remainder put into the next pit leaves no pit to pass to the opponent: "
                                     "leave out to_opponent (or remainder)")
    if part is not None and held is None:
        bad(("rounds", "part_pit"), "a part pit may be the opponent's, which the player then holds: "
                                    "give rounds.to_opponent")
    if part is not None and part.min >= (rounds.per_pit or spec.setup.per_pit):
        bad(("rounds", "part_pit", "min"), f"part_pit.min ({part.min}) must be fewer than the pieces of a "
                                           f"whole pit ({rounds.per_pit or spec.setup.per_pit})")


def _after_a_move(path: Path) -> bool:
    """Whether a condition at `path` is only tested between moves (never inside a look-ahead)."""
    return (path[:1] in (("marks",), ("effects",)) or "extra_turn" in path
            or (path[:1] == ("stages",) and path[2:3] == ("until",)))


def _known_variable(spec: Spec, name: str, path: Path, bad: Any) -> bool:
    if name in spec.variables:
        return True
    bad(path, f"unknown variable {name!r}{did_you_mean(name, spec.variables)}"
              + ("" if spec.variables else "; declare it under 'variables'"))
    return False


def _check_value(spec: Spec, name: str, value: Any, path: Path, bad: Any) -> None:
    try:
        spec.variables[name].value_of(value)
    except ValueError as why:
        bad(path, f"variable {name!r}: {why}{did_you_mean(value, spec.variables[name].values or [])}")


def _check_variables(spec: Spec, bad: Any, check_label: Any) -> None:
    """Effects change declared variables, to values they have; variables are within the engine's slots."""
    slots = sum(2 if v.per == "player" else 1 for v in spec.variables.values())
    if slots > MAX_VARIABLE_SLOTS:
        bad(("variables",), f"the variables take {slots} slots (a player's variable two); the engine keeps at most "
                            f"{MAX_VARIABLE_SLOTS}")
    for i, effect in enumerate(spec.effects):
        for key in ("set", "add"):
            for name, value in (getattr(effect, key) or {}).items():
                path = ("effects", i, key, name)
                if _known_variable(spec, name, path, bad) and key == "set":
                    _check_value(spec, name, value, path, bad)
        if "round_start" in effect.events and spec.rounds is None:
            bad(("effects", i, "on"), "round_start happens only in a game of rounds (give a rounds block)")
        if effect.transfer:
            _check_transfer(spec, effect.transfer, ("effects", i, "transfer"), bad, check_label)


def _check_transfer(spec: Spec, steps: list[Any], path: Path, bad: Any, check_label: Any) -> None:
    """Steps of pieces moved by hand: places on this board, a pit before every `next`, the hand
    emptied by a later step, marks declared, a bounded number of steps."""
    touched = holding = False
    for j, step in enumerate(steps):
        at = path + (j,)
        for key, place in (("from", step.from_), ("to", step.to)):
            if isinstance(place, str) and place in _TRANSFER_WORDS[key]:
                if place == "store" and spec.board.stores == "none":
                    bad(at + (key,), "the board has no stores (board.stores)")
            elif isinstance(place, str) and place in _TRANSFER_WORDS["to"] | _TRANSFER_WORDS["from"]:
                bad(at + (key,), f"{key}: {place} is not allowed here; use a pit or one of "
                                 f"{', '.join(sorted(_TRANSFER_WORDS[key]))}")
            else:
                check_label(at + (key,) + (() if isinstance(place, str) else ("pit",)),
                            place if isinstance(place, str) else place.pit)
        if step.from_ == "next" and not touched:
            bad(at + ("from",), "`next` is the pit after the last one touched; no step touched a pit before this one")
        if step.to in ("next", "opposite") and step.from_ == "hand" and not touched:
            bad(at + ("to",), f"`{step.to}` from the hand needs a pit touched before this step")
        if step.to in ("next", "opposite") and step.from_ == "store":
            bad(at + ("to",), f"`{step.to}` is reckoned from the pit the pieces came from: not from the store")
        if step.mark is not None and step.to in ("hand", "store", "off"):
            bad(at + ("mark",), f"a mark is put on the pit that receives the pieces: `to: {step.to}` is no pit")
        if step.to == "opposite" and spec.board.ranks != 2:
            bad(at + ("to",), "`opposite` in a transfer needs a board of two rows")
        if step.from_ == "hand" and step.take != "all":
            bad(at + ("take",), "from the hand every piece held is put: leave out take")
        if step.mark is not None and step.mark not in spec.marks:
            bad(at + ("mark",), f"undeclared mark {step.mark!r}{did_you_mean(step.mark, spec.marks)}; "
                                "declare it under 'marks'")
        touched = touched or step.from_ not in ("hand", "store") or step.to not in ("hand", "store", "off")
        holding = step.to == "hand" or (holding and step.from_ != "hand")
    if holding:
        bad(path, "pieces are left in hand: put them somewhere with a later step `from: hand`")
    if sum(step.times for step in steps) > MAX_BOARD_SLOTS:
        bad(path, f"at most {MAX_BOARD_SLOTS} steps (counting `times`)")
    if len(spec.setup.kinds) > 1:
        bad(path, "transfers move pieces of one kind only: this game has several kinds of piece")


_TRANSFER_WORDS = {"from": {"next", "hand", "store"}, "to": {"next", "opposite", "hand", "store", "off"}}


def _check_kinds(spec: Spec, kind_names: list[str], bad: Any, check_label: Any) -> None:
    """Several kinds of piece: the setup gives contents, and only the blocks the engine plays
    with kinds are used."""
    setup = spec.setup
    if setup.layout is not None and setup.layout not in setup.layouts:
        bad(("setup", "layout"), f"unknown layout {setup.layout!r}{did_you_mean(setup.layout, setup.layouts)}")
    if setup.contents is None and setup.layout is None:
        bad(("setup",), "with several kinds of piece, give the pieces of each pit by kind: setup.contents")
    tables = [(("setup", "contents"), setup.contents or {})] + [
        (("setup", "layouts", name), table) for name, table in setup.layouts.items()]
    for path, table in tables:
        for label, pieces in table.items():
            check_label(path + (label,), label, key=True)
            for name in pieces:
                if name not in kind_names:
                    bad(path + (label, name), f"unknown kind of piece {name!r}{did_you_mean(name, kind_names)}",
                        key=True)
    unsupported = "is not supported with several kinds of piece"
    for where, sowing in [(("sowing",), spec.sowing)] + [(("stages", i, "sowing"), st.sowing)
                                                         for i, st in enumerate(spec.stages) if st.sowing]:
        if sowing.laps.kind != "single":
            bad(where + ("laps", "kind"), f"relay sowing {unsupported}")
        if sowing.per_pit != 1:
            bad(where + ("per_pit",), f"sowing several pieces into each pit {unsupported}")
    turns = [(("turn",), spec.turn)] + [(("stages", i, "turn"), st.turn) for i, st in enumerate(spec.stages) if st.turn]
    for where, turn in turns:
        for i, kind in enumerate(turn.moves):
            if kind.lift != "all" or kind.sow != "circuit":
                bad(where + ("moves", i), f"a move kind that does not lift all and sow round the circuit {unsupported}")
    captures = [(("captures",), spec.captures)] + [(("stages", i, "captures"), st.captures)
                                                   for i, st in enumerate(spec.stages) if st.captures]
    for where, rules in captures:
        for i, rule in enumerate(rules):
            if not isinstance(rule.to, str) or rule.to != "store":
                bad(where + (i, "to"), f"captures anywhere but the store {unsupported}")
    if setup.stock:
        bad(("setup", "stock"), f"a stock {unsupported}")
    for i, cond in enumerate(spec.end):
        if cond.remaining != "stay":
            bad(("end", i, "remaining"), f"collecting the pieces left {unsupported}")


def _label_range(labels: dict[str, Any]) -> str:
    names = list(labels)
    return f"{names[0]}..{names[-1]}" if len(names) > 2 else ", ".join(names)


def _check_condition(cond: Condition, path: Path, spec: Spec, labels: dict[str, Any], rows: set[str],
                     stage_names: list[str], bad: Any, check_label: Any) -> None:
    if cond.row is not None and cond.row not in rows:
        bad(path + ("row",), f"this board has no {cond.row} row (rows: {', '.join(sorted(rows))})")
    for role in [cond.role] if isinstance(cond.role, str) else (cond.role or []):
        if role not in spec.board.roles:
            bad(path + ("role",), f"unknown role {role!r}{did_you_mean(role, spec.board.roles)}"
                                  + ("" if spec.board.roles else "; declare roles under board.roles"))
    for label in [cond.pit] if isinstance(cond.pit, str) else (cond.pit or []):
        check_label(path + ("pit",), label)
    for stage in [cond.stage] if isinstance(cond.stage, str) else (cond.stage or []):
        if stage not in stage_names:
            bad(path + ("stage",), f"unknown stage {stage!r}{did_you_mean(stage, stage_names)}")
    if cond.mark is not None and cond.mark not in spec.marks:
        bad(path + ("mark",), f"unknown mark {cond.mark!r}{did_you_mean(cond.mark, spec.marks)}")
    test = cond.variable
    if test is not None and _known_variable(spec, test.name, path + ("variable", "name"), bad):
        values = test.is_ if isinstance(test.is_, list) else [] if test.is_ is None else [test.is_]
        for j, value in enumerate(values):
            _check_value(spec, test.name, value, path + ("variable", "is") + ((j,) if isinstance(test.is_, list) else ()),
                         bad)
    if cond.mark_owner is not None and (cond.mark is None or (cond.mark in spec.marks
                                                              and not spec.marks[cond.mark].owned)):
        bad(path + ("mark_owner",), "mark_owner needs `mark` naming an owned mark (owned: true) in the same condition")
    if cond.store and spec.board.stores == "none":
        bad(path + ("store",), "the board has no stores")


_FIXED_KEYS = {"side", "row", "role", "pit", "start", "store"}
_FIXED_NEIGHBOURS = {"opposite", "mirror", "behind", "origin"}
"""Keys whose condition is about another pit (which is fixed by the pit tested, or the start)."""


def _fixed_keys_only(cond: Condition) -> str | None:
    """The first key of `cond` that tests more than what a pit is (None when it tests only that)."""
    for key, value in cond:
        if value is None:
            continue
        if key in ("all", "any"):
            found = next((k for c in value if (k := _fixed_keys_only(c))), None)
        elif key == "not_" or key in _FIXED_NEIGHBOURS:
            found = _fixed_keys_only(value)
        else:
            found = None if key in _FIXED_KEYS else key
        if found:
            return found
    return None
