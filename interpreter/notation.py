"""Action strings: pits by label; decisions inside a move as their request labels them."""
from __future__ import annotations

from typing import Any

from rulespec.errors import NotationError

from .geometry import CCW


def action_to_string(st: Any, action: int) -> str:
    from .state import as_action

    game = st.game
    geo = game.geo
    action = as_action(action)
    if not 0 <= action < game.num_distinct_actions:
        raise NotationError(f"{action} is not an action of {game.name} (0 to {game.num_distinct_actions - 1})")
    pending = st._pending
    if pending is not None and action in pending.request.options:
        return pending.request.labels[pending.request.options.index(action)]
    if action < game.dir_base:
        player = st.to_move if st.to_move in (0, 1) else 0
        return geo.label[geo.own[player][action]]
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
    for a in st._legal:
        if action_to_string(st, a) == wanted:
            return a
    legal = ", ".join(action_to_string(st, a) for a in st._legal) or "none"
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
    ends_move = {c.name: c.to != "sow" and not c.go_on for rs in game.rulesets for c in rs.captures}
    rules = [f for f in mv.fired if f in ends_move]
    stop = next((EVENTS[f] for f in mv.fired if f in EVENTS), None)
    if mv.end is not None:
        stop = "the game ended"
    elif stop is None:
        stop = "a capture" if rules and ends_move[rules[-1]] and mv.captured else "the last lap"
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


def move_to_string(st: Any) -> str:
    """The last whole move of `st` in notation (see State.move_to_string)."""
    mv = st.last_move
    if mv is None:
        return ""
    if not mv.decisions:
        return st.game.geo.label[mv.origin] + written_suffix(st)
    work = mv.before.clone()
    parts: list[tuple[str, bool]] = []
    for a in mv.decisions:
        pending = work._pending
        parts.append((action_to_string(work, a), pending is not None and a == pending.request.default))
        work.apply_action(a)
    while parts and parts[-1][1]:
        parts.pop()
    return "".join(text for text, _ in parts) + written_suffix(st)


def parse_move(st: Any, text: str) -> list[int]:
    """The decisions of one whole move written as one string (e.g. 'A5>'), matched greedily
    against the legal actions at each decision; a trailing suffix (a move kind's or mark's written suffix, such as `*`) is checked
    against the move. Raises NotationError."""
    if not isinstance(text, str):
        raise TypeError(f"a move is text, not {type(text).__name__} ({text!r})")
    rest = text.strip()
    given = next((s for s in suffixes(st.game) if rest.endswith(s) and len(rest) > len(s)), "")
    rest = rest[:len(rest) - len(given)]
    work = st.clone()
    actions: list[int] = []
    while rest:
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
        if work._pending is None:
            break
    if rest:
        raise NotationError(f"{text!r}: the move is complete before {rest!r}")
    while work._pending is not None and work._pending.request.default is not None:
        actions.append(work._pending.request.default)
        work.apply_action(actions[-1])
    if given and work._pending is None:
        wanted = written_suffix(work)
        if given != wanted:
            written = text.strip()[:-len(given)] + wanted
            raise NotationError(f"{text!r}: this move is written {written!r}, not with {given!r}")
    return actions
