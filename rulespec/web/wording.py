"""What the page says: each decision inside a move asked in the game's own words (its terms,
roles and kinds of piece, from the spec), and why a clicked pit cannot be played."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Option:
    action: int
    label: str
    """The decision in the game's notation (what a record writes)."""
    words: str
    """The same in words, for the button."""
    slot: int | None = None
    """The pit or store a click chooses it by, if any."""


@dataclass
class Question:
    text: str
    options: list[Option] = field(default_factory=list)


def _terms(game: Any) -> tuple[str, str, str]:
    t = game.spec.board.terms
    return t.pit, t.piece, t.pieces or t.piece + "s"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def role_of(game: Any, slots: list[int]) -> str | None:
    """The name of the smallest role holding every one of `slots` (e.g. kichwa), if any."""
    holding = [(len(pits), name) for name, pits in game.roles.items() if set(slots) <= pits]
    return min(holding)[1] if holding else None


def role_words(game: Any, name: str) -> str:
    """A role's name with its plain-English meaning: 'kichwa (head)'."""
    meaning = game.spec.board.roles[name].meaning
    return name if meaning == name else f"{name} ({meaning})"


def _stage_sowing(game: Any, stage: int) -> Any:
    """The sowing block the stage plays by (its own, or the spec's)."""
    spec = game.spec
    stage_spec = spec.stages[stage] if spec.stages else None
    return (stage_spec.sowing if stage_spec is not None and stage_spec.sowing else None) or spec.sowing


def _relay_role(game: Any, stage: int) -> str | None:
    """The role named in the stage's `ask_when` condition (Bao: the nyumba), if one is."""
    laps = getattr(_stage_sowing(game, stage), "laps", None)
    cond = getattr(laps, "ask_when", None)
    found: list[str] = []

    def walk(c: Any) -> None:
        if c is None:
            return
        if isinstance(c.role, str):
            found.append(c.role)
        elif isinstance(c.role, list):
            found.extend(c.role)
        for sub in (c.all or []) + (c.any or []):
            walk(sub)

    walk(cond)
    return found[0] if found and found[0] in game.roles else None


def _toward(game: Any, st: Any, origin: int, direction: int) -> str | None:
    """The pit the hand reaches first from `origin` going `direction`."""
    rs = game.rulesets[st.stage]
    try:
        nxt = rs.steps[st.current_player()][direction][origin]
    except (IndexError, AttributeError):
        return None
    return game.geo.label[nxt] if nxt >= 0 else None


def question(st: Any) -> Question | None:
    """The decision asked inside the move in progress, in words; None at the start of a turn."""
    request = st.pending_request()
    if request is None:
        return None
    game = st.game
    geo = game.geo
    pit, piece, pieces = _terms(game)
    hand = request.in_hand
    holding = f" You hold {_plural(hand, piece, pieces)}." if hand else ""
    origin = -1
    start = st.move_start()
    if start is not None and 0 <= start < geo.per_player:
        origin = geo.own[st.current_player()][start]
    labels = request.labels
    kind = request.kind
    options: list[Option] = []
    if kind == "direction":
        for a, label in zip(request.options, labels):
            toward = _toward(game, st, origin, a - game.dir_base) if origin >= 0 else None
            way = {"<": "to your left", ">": "to your right", "ccw": "anticlockwise", "cw": "clockwise"}.get(label, label)
            words = f"{label} {way}" + (f", towards {toward}" if toward else "")
            options.append(Option(a, label, words))
        where = f" from {geo.label[origin]}" if origin >= 0 else ""
        return Question(f"Which way do you sow{where}?{holding}", options)
    if kind == "entry":
        slots = [a - game.pick_base for a in request.options]
        role = role_of(game, slots)
        noun = role_words(game, role) if role else pit
        for a, label, q in zip(request.options, labels, slots):
            options.append(Option(a, label, f"{label} from {role + ' ' if role else ''}{geo.label[q]}", slot=q))
        return Question(f"Sow the captured {pieces} from which {noun}?{holding}", options)
    if kind == "relay":
        role = _relay_role(game, st.stage)
        if role:
            text = f"Your sowing ended in the {role_words(game, role)}. Play the {role} (sow on from it), or stop?"
            go, stop = f"+ play the {role}", "− stop here"
        else:
            text = f"Your sowing ended in an occupied {pit}. Sow on from it, or stop?"
            go, stop = "+ sow on", "− stop here"
        for a, label in zip(request.options, labels):
            options.append(Option(a, label, go if label == "+" else stop))
        return Question(text, options)
    if kind == "count":
        where = f" from {geo.label[origin]}" if origin >= 0 else ""
        for a, label in zip(request.options, labels):
            n = int(label.lstrip("x"))
            options.append(Option(a, label, _plural(n, piece, pieces)))
        return Question(f"How many {pieces} do you lift{where}?", options)
    if kind == "piece":
        counts = request.hand_kinds or []
        held = ", ".join(_plural(n, game.kind_names[k], game.kind_names[k] + "s")
                         for k, n in enumerate(counts) if n)
        for a, label in zip(request.options, labels):
            k = a - game.kind_base
            options.append(Option(a, label, f"{game.kind_names[k]} ({label})"))
        return Question(f"Which {piece} do you drop next?" + (f" In your hand: {held}." if held else ""), options)
    if kind == "pick":
        n_kinds = len(game.kind_names)
        for a, label in zip(request.options, labels):
            q, k = divmod(a - game.piece_base, n_kinds)
            where = game.spec.board.terms.store if q >= geo.n_pits else geo.label[q]
            options.append(Option(a, label, f"the {game.kind_names[k]} in {where}"))
        return Question(f"Which {piece} do you take?", options)
    if kind == "place":
        for a, label in zip(request.options, labels):
            options.append(Option(a, label, label, slot=a - game.pick_base))
        per_pit = _stage_sowing(game, st.stage).per_pit
        what = f"the next {piece}" if per_pit == 1 else "them" if per_pit == "all" or per_pit >= hand else \
            f"the next {_plural(per_pit, piece, pieces)}"
        return Question(f"Where do you put {what}?{holding} Click a {pit} ringed in green.", options)
    # 'pit' (a further pit a move lifts, or a capture takes) and any decision added later.
    stop = game.relay_base + 1
    for a, label in zip(request.options, labels):
        slot = a - game.pick_base
        if 0 <= slot < geo.n_slots:
            options.append(Option(a, label, label, slot=slot))
        elif a == stop:
            options.append(Option(a, label, "− no more"))
        else:
            options.append(Option(a, label, label))
    if kind == "pit" and stop in request.options:
        return Question(f"Lift another {pit} as well? Click one of the {pit}s ringed in green, or "
                        f"choose no more.{holding}", options)
    if kind == "pit":
        return Question(f"Which {pit} does your capture take? Click one of the {pit}s ringed in green.{holding}",
                        options)
    return Question(f"Choose a {pit}: click one of the {pit}s ringed in green.{holding}", options)


def start_kinds(st: Any) -> dict[int, list[str]]:
    """At the start of a turn: each legal start pit (slot) and the kinds of move it starts."""
    game = st.game
    player = st.current_player()
    kinds = st.start_kinds(player)
    return {game.geo.own[player][a]: sorted(kinds.get(a, [])) for a in st.legal_actions() if a < game.geo.per_player}


def why_not(st: Any, slot: int) -> str:
    """Why clicking `slot` does nothing useful now, in a sentence."""
    game = st.game
    geo = game.geo
    pit, piece, pieces = _terms(game)
    if st.is_terminal():
        return "The game is over."
    player = st.current_player()
    who = "South" if player == 0 else "North"
    name = geo.label[slot] if 0 <= slot < geo.n_slots else "that"
    if st.pending_request() is not None:
        q = question(st)
        choices = ", ".join(o.words for o in q.options) if q else ""
        return f"{name} is not one of the choices now. {q.text if q else ''} ({choices})"
    starts = start_kinds(st)
    order = geo.own[player]
    names = [geo.label[q] for q in sorted(starts, key=lambda q: order.index(q) if q in order else q)]
    legal = ", ".join(names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
    if slot >= geo.n_pits:
        return f"You cannot sow from a {game.spec.board.terms.store}. {who} can start from: {legal}."
    if geo.owner[slot] != player:
        return f"{name} is not {who}'s {pit}: {who} moves from their own {pit}s ({legal})."
    if st.board[slot] == 0:
        return f"{name} is empty. {who} can start from: {legal}."
    if getattr(st, "_feeding", False):
        return (f"{name} cannot be played: the opponent has no {pieces}, and a move must give them some. "
                f"{who} can start from: {legal}.")
    marks = [n for n, bit in game.mark_bit.items() if st.marks[slot] & bit]
    mark = f" ({name} is marked {', '.join(marks)})" if marks else ""
    kinds = sorted({k for ks in starts.values() for k in ks})
    allowed = f" ({', '.join(kinds)})" if kinds and kinds != ["sow"] else ""
    return (f"No move may start from {name} now{mark}: it holds {_plural(st.board[slot], piece, pieces)}. "
            f"The moves allowed now{allowed} start from {legal}.")
