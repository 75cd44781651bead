"""What a spec is made of, in a few words: the rulebook index's board, origin and rule features."""
from __future__ import annotations

from typing import Any

from ..models import ChainSelector, ChooseSelector, PickSelector, Spec, SowDestination


def board_words(spec: Spec) -> str:
    """'2 × 6, stores beside', '4 × 8, no stores'."""
    stores = {"none": "no stores", "beside": "stores beside", "in_circuit": "stores in the circuit"}
    return f"{spec.board.ranks} × {spec.board.pits}, {stores[spec.board.stores]}"


def origin_words(spec: Spec) -> str:
    origin = spec.origin
    if origin is None:
        return ""
    return "; ".join(x for x in (origin.region, origin.people) if x)


def features(spec: Spec) -> list[str]:
    """The rule blocks the spec uses, named as a reader of the reference would look them up."""
    out: list[str] = []
    if spec.extends:
        out.append(f"family of {spec.extends}")
    turns = [spec.turn] + [s.turn for s in spec.stages if s.turn]
    sowings = [spec.sowing] + [s.sowing for s in spec.stages if s.sowing]
    captures = list(spec.captures) + [c for s in spec.stages for c in (s.captures or [])]
    kinds = [k for t in turns for k in t.moves]

    def add(cond: bool, word: str) -> None:
        if cond and word not in out:
            out.append(word)

    add(len(spec.stages) > 1, "stages")
    add(spec.setup.stock > 0, "pieces in hand")
    add(len(spec.setup.kinds) > 1, "several kinds of piece")
    add(any(k.sow == "anywhere" for k in kinds), "pieces placed where the mover likes")
    add(any(k.direction == "choice" for k in kinds), "direction chosen")
    add(any(t.offer == "all" for t in turns) and any(len(t.moves) > 1 for t in turns), "move kinds offered together")
    add(any(len(t.moves) > 1 and t.offer == "first" for t in turns), "move kinds by priority")
    add(any(k.require_capture for k in kinds), "must capture")
    add(any(k.require is not None for k in kinds), "condition on the first lap")
    add(any(k.require_after is not None for k in kinds), "condition after the move")
    add(any(t.extra_turn is not None for t in turns), "extra turns")
    add(any(t.no_move == "pass" for t in turns), "passing")
    add(any(s.laps.kind == "relay" and s.laps.lift == "landing" for s in sowings), "relay laps")
    add(any(s.laps.kind == "relay" and s.laps.lift == "next" for s in sowings), "relay from the next pit")
    add(any(s.skip_origin for s in sowings), "origin skipped")
    add(any(s.first_into_origin for s in sowings), "first piece back into the origin")
    add(any(s.per_pit != 1 for s in sowings), "several pieces a pit")
    add(any(s.laps.kind == "relay" and s.laps.reverse for s in sowings), "relays turning back")
    add(any(s.passing for s in sowings), "captures while sowing")
    add(any(s.skip is not None for s in sowings), "skipped pits")
    add(any(any(isinstance(t, ChainSelector) for t in c.take) for c in captures), "capture chains")
    add(any(any(isinstance(t, ChainSelector) and t.chain.step > 1 for t in c.take) for c in captures),
        "stepped capture chains")
    add(any(any(isinstance(t, (ChooseSelector, PickSelector)) for t in c.take) for c in captures), "chosen captures")
    add(any(isinstance(c.to, SowDestination) for c in captures), "captures sown again")
    add(any(c.to == "removed" for c in captures), "captures removed")
    add(any(c.to == "landing" for c in captures), "pieces moved into the landing pit")
    add(any(c.grand_slam == "forfeit" for c in captures), "grand slam rule")
    add(any(c.at == "move_end" for c in captures), "captures once the move is over")
    add(any(c.by == "owner" for c in captures), "captures by each pit's owner")
    add(any(c.mark for c in captures), "captured holes")
    add(any(m.owned for m in spec.marks.values()), "owned pits")
    add(spec.rounds is not None, "rounds")
    add(spec.rounds is not None and spec.rounds.to_opponent is not None, "pits changing hands")
    add(spec.rounds is not None and spec.rounds.part_pit is not None, "pits won by the counted surplus")
    add(bool(spec.marks) and not any(m.owned for m in spec.marks.values()), "marked pits")
    add(spec.obligations.feed is not None, "feeding")
    add(any(e.kind == "repetition" for e in spec.end), "repetition ends")
    add(any(e.kind == "condition" for e in spec.end), "end on a condition")
    add(any(e.during_move for e in spec.end), "end during a move")
    return out


def index_page(games: list[tuple[Any, str]]) -> str:
    """The rulebook index: every game with its board, origin and rule features."""
    lines = ["# Rulebooks", "", "| game | board | origin | rule features |", "|---|---|---|---|"]
    for game, target in games:
        spec = game.spec
        cells = [f"[{spec.name}]({target})", board_words(spec), origin_words(spec), ", ".join(features(spec))]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"
