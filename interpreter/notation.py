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


def parse_move(st: Any, text: str) -> list[int]:
    """The decisions of one whole move written as one string (e.g. 'A5>'), matched greedily
    against the legal actions at each decision. Raises NotationError."""
    if not isinstance(text, str):
        raise TypeError(f"a move is text, not {type(text).__name__} ({text!r})")
    rest = text.strip()
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
    return actions
