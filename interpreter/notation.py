"""Action strings: pits by label; decisions inside a move as their request labels them."""
from __future__ import annotations

import re
from typing import Any

from rulespec.errors import NotationError

from .geometry import CCW


def action_to_string(st: Any, action: int) -> str:
    from .state import as_action

    game = st.game
    action = as_action(action)
    if not 0 <= action < game.num_distinct_actions:
        raise NotationError(f"{action} is not an action of {game.name} (0 to {game.num_distinct_actions - 1})")
    return action_label(game, st.to_move, st.pending_request(), action)


def action_label(game: Any, player: int, request: Any, action: int) -> str:
    """How `action` is written when `player` is to move and `request` (or None) is asked."""
    geo = game.geo
    if request is not None and action in request.options:
        return request.labels[request.options.index(action)]
    if action < game.dir_base:
        return geo.label[geo.own[player if player in (0, 1) else 0][action]]
    if action < game.relay_base:
        return "ccw" if action - game.dir_base == CCW else "cw"
    if action < game.pick_base:
        return "+" if action == game.relay_base else "-"
    if action >= game.number_base:
        return f"x{action - game.number_base}"
    slot = action - game.pick_base
    return geo.label[slot] if 0 <= slot < geo.n_slots else f"#{action}"


def string_to_action(st: Any, text: str) -> int:
    if not isinstance(text, str):
        raise TypeError(f"an action string is text, not {type(text).__name__} ({text!r})")
    wanted = text.strip()
    legal_actions = st.legal_actions()
    for a in legal_actions:
        if action_to_string(st, a) == wanted:
            return a
    legal = ", ".join(action_to_string(st, a) for a in legal_actions) or "none"
    raise NotationError(f"{text!r} is not a legal move here; legal: {legal}")


EVENTS = {"relay stopped": "stopped by the rules", "relay stop chosen": "stopped by the mover"}


def last_move_facts(st: Any) -> dict[str, Any] | None:
    """The public record of st.last_move (State.last_move_facts)."""
    mv = st.last_move
    if mv is None:
        return None
    game = st.game
    label = game.geo.label
    captures = []
    for q, n in mv.taken:
        entry: dict[str, Any] = {"pit": label[q], "pieces": n}
        if mv.taken_kinds:
            kinds: dict[str, int] = {}
            for slot, k, c in mv.taken_kinds:
                if slot == q:
                    kinds[game.kind_names[k]] = kinds.get(game.kind_names[k], 0) + c
            entry["kinds"] = kinds
        captures.append(entry)
    ends_move = {c.name: c.to != "sow" and not c.go_on and not c.carry
                 for rs in game.rulesets for c in rs.captures if c.rule.at == "lap_end"}
    after_move = {c.name for rs in game.rulesets for c in rs.captures if c.rule.at == "move_end"}
    passing = {name for rs in game.rulesets for name in rs.passing}
    rules = [f for f in mv.fired if f in ends_move or f in after_move or f in passing]
    stop = next((EVENTS[f] for f in mv.fired if f in EVENTS), None)
    if mv.end is not None:
        stop = "the game ended"
    elif stop is None:
        ending = [f for f in rules if f in ends_move]
        stop = "a capture" if ending and ends_move[ending[-1]] and mv.captured else "the last lap"
    facts: dict[str, Any] = {
        "player": mv.mover, "kind": mv.kind, "from": label[mv.origin] if mv.origin >= 0 else None,
        "direction": {0: "ccw", 1: "cw"}.get(mv.direction), "lifted": mv.lifted, "laps": mv.sowings,
        "last": label[mv.last] if mv.last >= 0 else None, "captured": mv.captured, "captures": captures,
        "rules": rules, "stop": stop, "move": move_to_string(st),
    }
    if game.mark_names and mv.marks_before is not None:
        set_, cleared = {}, {}
        for name, bit in game.mark_bit.items():
            before = [q for q in range(game.geo.n_slots) if mv.marks_before[q] & bit]
            after = [q for q in range(game.geo.n_slots) if st.marks[q] & bit]
            set_[name] = [label[q] for q in after if q not in before]
            cleared[name] = [label[q] for q in before if q not in after]
        facts["marks_set"], facts["marks_cleared"] = set_, cleared
    return facts


def _move_kinds(spec: Any) -> list[Any]:
    return list(spec.turn.moves) + [k for stage in spec.stages if stage.turn for k in stage.turn.moves]


def suffixes(game: Any) -> list[str]:
    """The suffixes moves may be written with (move kinds', marks'), longest first."""
    spec = game.spec
    found = {k.suffix for k in _move_kinds(spec) if k.suffix} | {m.suffix for m in spec.marks.values() if m.suffix}
    return sorted(found, key=len, reverse=True)


def written_suffix(st: Any) -> str:
    """The suffix the last move of `st` is written with: a mark's, when the move set a mark
    that has one, else its kind's ("" when none)."""
    mv = st.last_move
    game = st.game
    if mv is None:
        return ""
    before = mv.marks_before
    if before is not None:
        for name, rule in game.spec.marks.items():
            bit = game.mark_bit[name]
            if rule.suffix and any(m & bit and not b & bit for m, b in zip(st.marks, before)):
                return rule.suffix
    for kind in _move_kinds(game.spec):
        if kind.name == mv.kind and kind.suffix:
            return kind.suffix
    return ""


def move_to_string(st: Any, suffix: bool = True) -> str:
    """The last whole move of `st` in notation (see State.move_to_string): every decision,
    those the rules forced (one option) included, as the sources write them; without the
    move's suffix when `suffix` is false."""
    mv = st.last_move
    if mv is None or st.race is not None:
        return st.race_moves or ""  # the opening race's last step, or nothing before the first move
    end = written_suffix(st) if suffix else ""
    if not mv.decisions:
        return st.game.geo.label[mv.origin] + end
    parts = mv.written()
    while parts and parts[-1][1]:
        parts.pop()
    return "".join(text for text, _ in parts) + end


ARROWS = ("<", ">", "ccw", "cw")


def _read_forced(text: str, rest: str, notes: list[tuple[Any, int]], read: int,
                 legal: list[str]) -> tuple[str, int]:
    """Read, from `rest`, the forced decisions from `read` on that the move writes (each may be
    left out); NotationError when one written contradicts what the rules chose. Text that
    reads as the decision asked now (`legal`) is that decision: the forced ones were left out."""
    if any(label and rest.startswith(label) for label in legal):
        return rest, len(notes)
    for request, option in notes[read:]:
        read += 1
        label = request.labels[request.options.index(option)]
        if label and rest.startswith(label):
            rest = rest[len(label):].lstrip()
            continue
        others = set(request.labels) | (set(ARROWS) if request.kind in ("direction", "entry") else set())
        other = max((o for o in others - {label} if o and rest.startswith(o)), key=len, default=None)
        if other is not None:
            raise NotationError(f"{text!r}: the {request.kind} is not the mover's choice here: the rules "
                                f"make it {label!r}, and {other!r} contradicts it")
    return rest, read


CAPTURES = re.compile(r"\s+x\s+")
"""Where a move's list of captured pieces begins ("e250 x B5")."""


def _split_captures(st: Any, text: str, rest: str) -> tuple[str, list[tuple[int, int]] | None]:
    """With several kinds of piece, a move may list what it captures after " x ": each pit's
    pieces as the pit's label and one kind symbol per piece ("D55": two pieces of kind 5 from
    D), or symbols alone for pieces from the opponent's store ("3"). The move's text before the
    list, and the list as (slot, kind index), in the order written (None: no list)."""
    game = st.game
    parts = CAPTURES.split(rest, maxsplit=1)
    if not game.multi or len(parts) < 2:
        return rest, None
    geo = game.geo
    symbols = sorted(((sym, k) for k, sym in enumerate(game.kind_symbols)), key=lambda x: -len(x[0]))
    labels = sorted(((geo.label[q], q) for q in range(geo.n_pits)), key=lambda x: -len(x[0]))
    store = geo.store[1 - st.to_move] if st.to_move in (0, 1) else -1
    pieces: list[tuple[int, int]] = []
    for token in parts[1].split():
        pit = next(((lab, q) for lab, q in labels if token.startswith(lab)), None)
        where, rest_token = (pit[1], token[len(pit[0]):]) if pit is not None else (store, token)
        if not rest_token:
            raise NotationError(f"{text!r}: {token!r} names no piece (a kind's symbol follows the pit)")
        while rest_token:
            sym = next(((sy, k) for sy, k in symbols if rest_token.startswith(sy)), None)
            if sym is None:
                known = ", ".join(repr(x) for x in game.kind_symbols)
                raise NotationError(f"{text!r}: cannot read {rest_token!r} in {token!r} as pieces "
                                    f"(the kinds are written {known})")
            pieces.append((where, sym[1]))
            rest_token = rest_token[len(sym[0]):]
    return parts[0].rstrip(), pieces


def _read_captures(st: Any, text: str, work: Any, actions: list[int], written: list[tuple[int, int]]) -> None:
    """Answer the move's picks from the written list of captured pieces, then check the list
    against what the move captured (pieces a capture takes by itself are written too)."""
    game = st.game
    geo = game.geo
    left = list(written)
    while (request := work.pending_request()) is not None and request.kind == "pick":
        by_label = {action_to_string(work, a): a for a in work.legal_actions()}
        found = next((i for i, (q, k) in enumerate(left)
                      if f"+{game.kind_symbols[k]}{geo.label[q]}" in by_label), None)
        if found is None:
            raise NotationError(f"{text!r}: none of the pieces written after 'x' can be picked here; "
                                f"legal: {', '.join(by_label)}")
        q, k = left.pop(found)
        actions.append(by_label[f"+{game.kind_symbols[k]}{geo.label[q]}"])
        work.apply_action(actions[-1])
    mv = work.last_move
    if work.move_start() is not None or mv is None or mv is st.last_move:
        return
    taken = sorted((q, k) for q, k, n in mv.taken_kinds for _ in range(n))
    if taken != sorted(written):
        raise NotationError(f"{text!r}: this move captures {_write_pieces(game, taken) or 'nothing'}, "
                            f"not {_write_pieces(game, written)}")


def _write_pieces(game: Any, pieces: list[tuple[int, int]]) -> str:
    """Captured pieces as a move's capture list writes them ("D55 E4")."""
    by_pit: dict[int, str] = {}
    for q, k in pieces:
        by_pit[q] = by_pit.get(q, "") + game.kind_symbols[k]
    return " ".join(f"{game.geo.label[q] if q < game.geo.n_pits else ''}{syms}" for q, syms in by_pit.items())


def parse_move(st: Any, text: str) -> list[int]:
    """The decisions of one whole move written as one string (e.g. 'A5>'), matched greedily
    against the legal actions at each decision; a trailing suffix (a move kind's or mark's
    written suffix, such as `*`) is checked against the move. Decisions the rules make for the
    mover (one option, or an entry the rules choose) may be written too, and are then checked.
    Raises NotationError."""
    if not isinstance(text, str):
        raise TypeError(f"a move is text, not {type(text).__name__} ({text!r})")
    if st.race is not None:
        return [race_string_to_action(st, text)]
    rest = text.strip()
    given = next((s for s in suffixes(st.game) if rest.endswith(s) and len(rest) > len(s)), "")
    rest = rest[:len(rest) - len(given)]
    rest, written_captures = _split_captures(st, text, rest)
    work = st.clone()
    actions: list[int] = []
    read = len(st.rules_decisions(st)) if st.move_start() is not None else 0  # (made before this text)
    while rest:
        if actions:
            waiting = work.move_start() is not None
            legal = [action_to_string(work, a) for a in work.legal_actions()] if waiting else []
            rest, read = _read_forced(text, rest, work.rules_decisions(st), read, legal)
            if not rest or not waiting:
                break
        if work.terminal:
            raise NotationError(f"{text!r}: the game is over before {rest!r}")
        best = None
        for a in work.legal_actions():
            s = action_to_string(work, a)
            if rest.startswith(s) and (best is None or len(s) > len(best[1])):
                best = (a, s)
        if best is None:
            legal = ", ".join(action_to_string(work, a) for a in work.legal_actions()) or "none"
            raise NotationError(f"{text!r}: cannot read {rest!r} here; legal: {legal}")
        actions.append(best[0])
        work.apply_action(best[0])
        rest = rest[len(best[1]):].lstrip()
    if rest:
        raise NotationError(f"{text!r}: the move is complete before {rest!r}")
    if written_captures is not None:
        _read_captures(st, text, work, actions, written_captures)
    while (request := work.pending_request()) is not None and request.default is not None:
        actions.append(request.default)
        work.apply_action(actions[-1])
    if given and work.move_start() is None:
        wanted = written_suffix(work)
        if given != wanted:
            written = text.strip()[:-len(given)] + wanted
            raise NotationError(f"{text!r}: this move is written {written!r}, not with {given!r}")
    return actions


def race_action_to_string(st: Any, player: int | None, action: int) -> str:
    """An action at a node of the opening race as written: the chooser's pit, or (a flat
    joint action, at a simultaneous node) South's and North's pits joined by '/'."""
    if player is None and st.is_simultaneous_node():
        south, north = st.legal_actions(0), st.legal_actions(1)
        if not 0 <= action < len(south) * len(north):
            raise NotationError(f"{action} is not a joint action of the opening race")
        return f"{_start_label(st, 0, south[action % len(south)])}/{_start_label(st, 1, north[action // len(south)])}"
    if player is None:
        player = st.current_player()
    if not 0 <= action < st.game.dir_base:
        return action_to_string(st, action)
    return _start_label(st, player, action)


def _start_label(st: Any, player: int, action: int) -> str:
    return action_label(st.game, player, None, action)


def race_string_to_action(st: Any, text: str) -> int:
    """The action written `text` at a node of the opening race: 'C/e' (both at once, a flat
    joint action) or the chooser's pit."""
    wanted = text.strip()

    def pick(player: int, label: str) -> int:
        legal = st.legal_actions(player)
        for a in legal:
            if _start_label(st, player, a) == label.strip():
                return a
        who = "South" if player == 0 else "North"
        raise NotationError(f"{text!r}: {label.strip()!r} is not a legal start for {who} in the opening race; "
                            f"legal: {', '.join(_start_label(st, player, a) for a in legal) or 'none'}")

    if st.is_simultaneous_node():
        south, sep, north = wanted.partition("/")
        starts = st.legal_actions(0), st.legal_actions(1)
        if not sep:
            example = "/".join(_start_label(st, p, starts[p][0]) for p in (0, 1)) if all(starts) else "A/a"
            raise NotationError(f"{text!r}: both players choose at once here: write South's and North's "
                                f"starts as 'S/n' (e.g. {example})")
        a, b = pick(0, south), pick(1, north)
        return starts[0].index(a) + len(starts[0]) * starts[1].index(b)
    return pick(st.current_player(), wanted)

