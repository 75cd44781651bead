"""A few lines that say what a variant is, for `rulespec show`."""
from __future__ import annotations

from typing import Any


def summary(game: Any) -> str:
    spec = game.spec
    board = spec.board
    lines = [spec.name + (f" ({', '.join(spec.aliases)})" if spec.aliases else "")]
    if spec.extends:
        lines.append(f"  extends: {spec.extends}")
    if spec.origin and spec.origin.region:
        lines.append(f"  from: {spec.origin.region}")
    from .book.english import article

    store = board.terms.store
    stores = {"none": f"no {store}s", "beside": f"{article(store)} beside the board for each player",
              "in_circuit": f"{article(store)} in the circuit for each player"}[board.stores]
    lines.append(f"  board: {board.ranks} x {board.pits} {board.terms.pit}s, {stores}")
    terms = board.terms
    lines.append(f"  pieces: {game.total_pieces} {terms.pieces or terms.piece + 's'}")
    if game.params:
        lines.append("  parameters: " + ", ".join(f"{k}={v}" for k, v in game.params.items()))
    if len(game.stage_names) > 1:
        lines.append("  stages: " + " -> ".join(game.stage_names))
    for stage in spec.stages or [None]:
        turn = stage.turn if stage is not None and stage.turn else spec.turn
        where = f" in {stage.name}" if stage is not None else ""
        lines.append(f"  moves{where}: " + "; ".join(f"{m.name} ({'placed one by one' if m.sow == 'anywhere' else m.direction})"
                                                   for m in turn.moves))
    laps = spec.sowing.laps.kind
    lines.append(f"  sowing: {laps} laps" + (", origin skipped" if spec.sowing.skip_origin else ""))
    if spec.captures:
        lines.append("  captures: " + "; ".join(c.name for c in spec.captures if c.enabled))
    if spec.opening is not None:
        who = "first" if spec.opening.next_player == "first_finished" else "last"
        lines.append(f"  opening: a race, both players sowing their first move at once (a simultaneous "
                     f"node); the player who finishes {who} moves next")
    for effect in spec.effects:
        if effect.transfer:
            who = {"mover": "the mover", "opponent": "the mover's opponent", "both": "each player"}[effect.of]
            steps = sum(step.times for step in effect.transfer)
            when = " and ".join(e.replace("_", " ") for e in effect.events)
            lines.append(f"  pieces moved by hand: {steps} step{'s' if steps != 1 else ''} by {who} at {when}")
    lines.append("  end: " + "; ".join(e.kind.replace("_", " ") for e in spec.end))
    if spec.rounds is not None:
        r = spec.rounds
        lines.append(f"  rounds: the end conditions end a round; pits refilled from the {spec.board.terms.store}s "
                     f"({r.per_pit or spec.setup.per_pit} each, from the {r.order} pit), unfilled ones "
                     f"{('to the opponent (' + r.to_opponent + ')' + (', then ' if r.out_of_play else '')) if r.to_opponent else ''}"
                     f"{r.out_of_play or ('' if r.to_opponent else 'left empty')}; "
                     + (f"a part pit won with {r.part_pit.min} left over (a tie to the {r.part_pit.tie}); "
                        if r.part_pit else "")
                     + f"next round started by: {r.next_player.replace('_', ' ')}"
                     + (f"; at most {r.max_rounds} rounds" if r.max_rounds else ""))
    lines.append("  engine: " + engine(game))
    return "\n".join(lines)


def engine(game: Any) -> str:
    """Which build of the engine plays the game, in a player's words: native code (compiled by
    Cython at install), or the same source run by Python (RULESPEC_PURE=1, or no compiled
    build), several times slower."""
    from rulespec.interpreter.kernel import engine_module

    if engine_module().__name__.endswith("._engine"):
        return "native code (moves, whole games and the solver)"
    return "the engine's source run by Python (RULESPEC_PURE=1 or no compiled build), slower"
