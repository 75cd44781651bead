"""Rulebooks: the spec rendered through one Jinja template per section, as Markdown (with SVG
diagrams beside it), self-contained HTML (inline SVG, print CSS) or PDF (WeasyPrint).

The book is laid out the way a player learns: the goal, the equipment and how the board is
read, the notation, a turn step by step, captures (each drawn), special pits and stages, the
end, worked examples with the sowing drawn, a glossary, sources, and a one-page summary.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any
from urllib.parse import unquote

from jinja2 import Environment, PackageLoader, StrictUndefined, pass_context, select_autoescape

from ..outputs import write_output
from .diagram import LABEL_SIZE, board_svg, changed_pits, diagram_size
from .english import Grammar, article, count_phrase, join, number, ordinal, plural

PAPER = {"a4": (210, 297), "letter": (215.9, 279.4)}
"""Paper sizes in mm, portrait."""
SIDE_MARGINS = 32
"""The page's left and right margins together, in mm (page.html.j2)."""
VERTICAL_MARGINS = 38
"""The page's top and bottom margins together, in mm (page.html.j2)."""
PX_PER_MM = 96 / 25.4


@dataclass
class Book:
    """A rendered rulebook: its Markdown text and the diagrams it refers to by file name."""

    name: str
    markdown: str
    figures: dict[str, str] = field(default_factory=dict)
    """File name -> SVG text."""


def _grammar_filter(method: str) -> Any:
    """A filter that asks the book's grammar (`g` in the template context)."""
    @pass_context
    def apply(context: Any, value: Any) -> str:
        return getattr(context["g"], method)(value)
    return apply


@cache
def environment(page: bool = False) -> Environment:
    """The book's templates, compiled once (the game's grammar comes with each rendering, as
    `g`). The HTML page is autoescaped; in the Markdown ones every value has its '<' written
    as an entity, so text from a spec can never open an HTML tag (the Markdown still formats:
    a spec's notes may use *emphasis* and [links](https://...))."""
    env = Environment(
        loader=PackageLoader("rulespec.book", "templates"),
        autoescape=select_autoescape(enabled_extensions=("html", "html.j2"), default_for_string=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=False,
        keep_trailing_newline=True,
        finalize=None if page else _no_tags,
    )
    env.filters.update(number=number, plural=plural, count=count_phrase, ordinal=ordinal,
                       article=article, join_and=join, capfirst=lambda s: s[:1].upper() + s[1:],
                       css_string=css_string, value=option_value)
    env.filters.update({name: _grammar_filter(method) for name, method in (
        ("pit", "phrase"), ("predicate", "predicate"), ("clause", "clause"), ("circumstances", "circumstances"), ("items", "items"),
        ("amount", "amount"))})
    return env


def _no_tags(value: Any) -> Any:
    """A value as a Markdown template writes it: a '<' that could open HTML (a tag, a comment,
    an autolink) as '&lt;', and a link to a script or a local file (`[x](javascript:...)`,
    `[x]: file:///...`) broken with a backslash, so no Markdown viewer makes it a link; a move
    such as 'A6<' stays as it is. (The page template's values are escaped by autoescape
    instead.)"""
    if type(value) is not str:
        return value
    return UNSAFE_LINK.sub(lambda m: m.group(1) + "\\" + m.group(2), TAG_START.sub("&lt;", value))


TAG_START = re.compile(r"<(?=[A-Za-z/!?])")
UNSAFE_LINK = re.compile(r"(\]\s*)([(:]\s*<?\s*(?:javascript|vbscript|data|file)\s*:)", re.IGNORECASE)
"""The `](` or `]:` that makes a Markdown link (inline or by reference) to a dangerous scheme."""


def option_value(value: Any) -> str:
    """An option's value as a player reads it: yes or no for a switch, words for a choice."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def css_string(text: str) -> str:
    """Text to put inside a CSS string ("..."): anything but letters, digits and plain
    punctuation as a CSS escape, so it can neither end the string nor the <style> element."""
    return "".join(c if c.isalnum() or c in " .,;:!?()-" else f"\\{ord(c):x} " for c in text)


def slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


# -- the board in words ------------------------------------------------------------------------

def _runs(geo: Any, slots: list[int]) -> list[list[int]]:
    """A path cut into runs along one row of one owner (stores are runs of their own)."""
    runs: list[list[int]] = []
    for q in slots:
        key = (geo.owner[q], geo.row[q])
        if runs and (geo.owner[runs[-1][0]], geo.row[runs[-1][0]]) == key and geo.row[q] != "store":
            runs[-1].append(q)
        else:
            runs.append([q])
    return runs


def _run_words(geo: Any, run: list[int], terms: Any) -> str:
    if geo.row[run[0]] == "store":
        return f"{'South' if geo.owner[run[0]] == 0 else 'North'}'s {terms.store}"
    whose = "South's" if geo.owner[run[0]] == 0 else "North's" if geo.owner[run[0]] == 1 else "the shared"
    row = f"{whose} {geo.row[run[0]]} row" if geo.ranks > 2 else f"{whose} row"
    a, b = geo.label[run[0]], geo.label[run[-1]]
    if len(run) == 1:
        return f"{a} ({row})"
    seen = "left to right" if geo.xcol[run[-1]] > geo.xcol[run[0]] else "right to left"
    inner = ", ".join(geo.label[q] for q in run) if len(run) <= 4 else f"{a}, {geo.label[run[1]]}, … {b}"
    return f"{inner} ({row}, {seen})"


def board_words(game: Any, terms: Any) -> dict[str, Any]:
    """Which pit faces which, and the path of sowing, in words."""
    from rulespec.interpreter.geometry import CCW

    geo = game.geo
    spec = game.spec
    pairs = [(q, geo.opposite[q]) for q in range(geo.n_pits)
             if geo.owner[q] == 0 and geo.row[q] == "front" and geo.opposite[q] >= 0]
    pairs.sort(key=lambda qp: geo.xcol[qp[0]])
    shown = pairs if len(pairs) <= 8 else pairs[:2] + pairs[-1:]
    faces = ", ".join(f"{geo.label[a]} faces {geo.label[b]}" for a, b in shown)
    if len(shown) < len(pairs):
        faces = faces.rsplit(", ", 1)[0] + ", and so on to " + faces.rsplit(", ", 1)[1]
    sowing = spec.sowing
    loop = geo.circuit(0, game.circuit, CCW, own_store=sowing.into_own_store,
                       opponent_store=sowing.into_opponent_store)
    path = "; then ".join(_run_words(geo, run, terms) for run in _runs(geo, loop))
    behind = ""
    fronts = [q for q in geo.own[0] if geo.behind[q] >= 0]
    if fronts:
        q = min(fronts, key=lambda q: geo.col[q])
        behind = (f"Behind each front-row {terms.pit} is its owner's back-row {terms.pit} "
                  f"({geo.label[geo.behind[q]]} is behind {geo.label[q]}).")
    return {"faces": faces, "path": path, "behind": behind, "first": geo.label[loop[0]]}


def arrows_by_row(game: Any) -> list[dict[str, str]]:
    """For each of the mover's rows: the arrow (`<` or `>`) that means anticlockwise and the one
    that means clockwise from its pits, as moves are written (the arrow is the way the hand
    goes along the row the move starts in, seen by the mover). Empty when a row's pits do not
    agree (the notation then says so in general words)."""
    from rulespec.interpreter.geometry import CCW, CW
    from rulespec.interpreter.requests import arrow
    from rulespec.interpreter.rules import circuit_tables

    geo = game.geo
    steps = circuit_tables(geo, game.circuit, game.spec.sowing)[2][0]
    out = []
    for row in dict.fromkeys(geo.row[q] for q in geo.own[0] if geo.row[q] != "store"):
        pits = [q for q in geo.own[0] if geo.row[q] == row]
        ccw = {arrow(geo, steps, q, CCW) for q in pits}
        cw = {arrow(geo, steps, q, CW) for q in pits}
        if len(ccw) != 1 or len(cw) != 1 or ccw == cw:
            return []
        out.append({"row": row, "letter": geo.label[pits[0]].rstrip("0123456789"),
                    "anticlockwise": ccw.pop(), "clockwise": cw.pop()})
    return out


def further_pits(spec: Any) -> str:
    """Why a move names more pits after its start: 'to empty', 'to capture from', or both."""
    from ..models import ChooseSelector

    turns = [spec.turn] + [s.turn for s in spec.stages if s.turn]
    empties = any(getattr(k.lift, "more_pits", 0) for t in turns for k in t.moves)
    captures = list(spec.captures) + [c for s in spec.stages for c in (s.captures or [])]
    chooses = any(isinstance(t, ChooseSelector) for c in captures for t in c.take)
    return join(["to empty" if empties else "", "to capture from" if chooses else ""], "or")


def per_pit_is_an_option(game: Any) -> bool:
    """Whether the setup's pieces a pit is set by a parameter (so the sizes' counts hold at its
    default)."""
    return bool(_references(getattr(game.loaded, "raw", {}) or {}, "", {}).get("setup.per_pit"))


def pieces_per_size(game: Any) -> list[tuple[int, int]]:
    """When the number of pits per row is an option and the setup is a count per pit: the
    pieces the game has at the option's smallest and largest values (the setup scaled)."""
    refs = _references(getattr(game.loaded, "raw", {}) or {}, "", {}).get("board.pits", [])
    spec = game.spec
    setup = spec.setup
    if not refs or refs[0] not in spec.parameters or setup.contents or setup.layout:
        return []
    p = spec.parameters[refs[0]]
    rows = 2 if spec.board.ranks == 4 else 1
    shared = 1 if spec.board.ranks == 3 and spec.board.middle == "shared" else 0
    rows += 0.5 if spec.board.ranks == 3 and spec.board.middle != "shared" else 0
    extra = sum(n - setup.per_pit for n in setup.pits.values())

    def total(n: int) -> int:
        return int(2 * (setup.per_pit * n * rows + extra) + shared * setup.per_pit * n + 2 * setup.stock)

    return [(n, total(n)) for n in (p.min, p.max) if n is not None and n != spec.board.pits]


RULE_NUMBER = re.compile(r"\(\d+(?:\.\d+)+\)|\brules? \d+")


def cited_numbers(spec: Any) -> dict[str, str]:
    """The source whose numbered rules the examples and notes cite as '(2.3.2)' or 'rule 5',
    and one such citation, if any."""
    text = " ".join([ex.caption for ex in spec.examples] + list(spec.notes))
    found = RULE_NUMBER.search(text)
    if not (spec.sources and found):
        return {}
    return {"source": spec.sources[0].title, "sample": found.group(0).replace("rules ", "rule ")}


BLOCK_WORDS = {
    "parameters": "the options", "board": "the board", "setup": "the setup",
    "turn": "the moves allowed on a turn", "sowing": "sowing", "captures": "the capture rules",
    "obligations": "the obligations", "marks": "the marked pits", "stages": "the stages",
    "end": "the end of the game", "scoring": "the scoring", "origin": "where and by whom it is played",
    "history": "the history",
}
"""What each top-level block a family member may override is called in a rulebook."""


def differences(game: Any) -> dict[str, Any] | None:
    """For a spec that `extends:` another: the base game's name and, in plain words, each
    block the file itself sets (a mapping merges key by key, so its keys are named; anything
    else replaces the base game's whole block; `null` removes it)."""
    from ..family import read_parent
    from ..yamlio import read_yaml

    spec, loaded = game.spec, game.loaded
    if not spec.extends:
        return None
    own, _ = read_yaml(loaded.text, loaded.path)
    try:
        parent, _ = read_yaml(read_parent(spec.extends, loaded.folder)[0], spec.extends)
        base = parent.get("name") or spec.extends
    except Exception:  # the loader already read it; a moved file leaves the name as written
        base = spec.extends
    changes = []
    for key, value in own.items():
        if key not in BLOCK_WORDS:
            continue
        words = BLOCK_WORDS[key]
        if value is None:
            changes.append(f"{words}: removed (this game has none)")
        elif isinstance(value, dict):
            keys = [str(k).replace("_", " ") for k in value]
            changes.append(f"{words}: {join(keys, 'and')}" if keys else words)
        else:
            changes.append(f"{words}: replaced as a whole")
    return {"base": base, "changes": changes}


def goal(spec: Any, terms: Any, pieces: str) -> str:
    """The aim of the game in one sentence, from its end conditions."""
    aims = []
    for e in spec.end:
        if e.result == "player_loses" and e.kind == "side_empty":
            rows = " and ".join(e.rows) + " row" if e.rows else f"{terms.pit}s"
            aim = (f"empty your opponent's {rows}" if e.rows else
                   f"leave your opponent with no {pieces} in their {rows}")
            aims.append(aim + (f" while your score is at least {e.winner_needs}" if e.winner_needs else ""))
        elif e.result == "player_wins" and e.kind == "side_empty" and not e.rows:
            aims.append(f"be the first to have no {pieces} left in your {terms.pit}s")
        elif e.result == "player_loses" and e.kind == "no_legal_move":
            aims.append("leave your opponent without a legal move")
        elif e.kind == "majority":
            aims.append(f"capture more than half of the {pieces}")
        elif e.kind == "score_at_least":
            aims.append(f"be the first to score {e.points}")
    if not aims or all(e.result == "by_score" for e in spec.end):
        where = {"store": f"in your {terms.store}", "own_pits": "on your side", "stock": "in hand",
                 "owned_marks": f"in the {terms.pit}s you own"}
        worth = "points" if any(k.value != 1 for k in spec.setup.kinds) else pieces
        aims.append(f"finish with more {worth} " + join([where[c] for c in spec.scoring.counts], "and") +
                    " than your opponent")
    return "The goal: " + join(list(dict.fromkeys(aims)), "or") + "."


# -- worked examples, replayed and drawn -----------------------------------------------------

DECISIONS = ["start", "count", "pit", "direction", "place", "piece", "capture", "entry", "relay", "pick"]


def _replay(game: Any, ex: Any) -> tuple[Any, Any, list[tuple[str, str]]]:
    """The state before the example's last move, after it, and the last move's decisions
    (request kind, written form)."""
    from rulespec.interpreter.notation import parse_move

    st = game.state_from_snapshot(dict(ex.position)) if ex.position else game.new_initial_state()
    for move in ex.moves[:-1]:
        for a in parse_move(st, move):
            st.apply_action(a)
    before = st.clone()
    asked = []
    for a in parse_move(st, ex.moves[-1]):
        request = st.pending_request()
        asked.append((request.kind if request is not None else "start", st.action_to_string(a)))
        st.apply_action(a)
    mv = st.last_move
    if mv is not None and mv.forced:  # the decisions the rules made, in their places
        forced = {i: (request.kind, request.labels[request.options.index(option)])
                  for i, request, option in mv.forced}
        chosen = iter(asked)
        asked = [forced[i] if i in forced else next(chosen) for i in range(len(mv.played))]
    decisions = []
    rest = ex.moves[-1].replace(" ", "")
    for kind, label in asked:
        written = rest.startswith(label)
        rest = rest[len(label):] if written else rest
        decisions.append((kind if written else "unwritten " + kind, label))
    return before, st, _placements_together(decisions)


def _placements_together(decisions: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The decisions with each run of placements (one decision per piece) as one entry,
    'places', its labels written together: a move that arranges 32 pieces reads as one run."""
    out: list[tuple[str, str]] = []
    for kind, label in decisions:
        if kind == "place" and out and out[-1][0] in ("place", "places"):
            out[-1] = ("places", out[-1][1] + label)
        else:
            out.append((kind, label))
    return out


def _drawing(trace: list[tuple[Any, ...]], origin: int) -> tuple[list[list[int]], list[Any]]:
    """A traced move as lap paths (each from the pit its pieces came from) and captures."""
    laps: list[list[int]] = []
    taken: list[Any] = []
    start = origin
    for step in trace:
        if step[0] == "lap":
            laps.append([start, *step[1]])
            start = step[1][-1] if step[1] else start
        elif step[0] == "take":
            taken.append(step[1:])
            if step[2] == "sow" and step[1]:
                start = step[1][-1]
        elif step[0] == "place":
            laps.append([start, step[1]]) if not laps else laps[-1].append(step[1])
    return laps, taken


PLAYERS = ("South", "North")


def expectation(expect: dict[str, Any], terms: Any) -> str:
    """What an example says holds afterwards, in words (the board itself is in the diagram)."""
    pieces = terms.pieces or terms.piece + "s"
    out = []
    if expect.get("terminal"):
        out.append("the game is over")
    returns = expect.get("returns")
    if returns:
        out.append("it is a draw" if returns[0] == returns[1] else
                   f"{PLAYERS[0] if returns[0] > returns[1] else PLAYERS[1]} wins")
    if "margin" in expect:
        out.append(f"by a margin of {expect['margin']}")
    if "victory_value" in expect:
        out.append(f"worth {plural(expect['victory_value'], 'win')}")
    if expect.get("to_move") in (0, 1):
        out.append(f"{PLAYERS[expect['to_move']]} is to move")
    if expect.get("stage"):
        out.append(f"the game is in the {expect['stage']} stage")
    for key, labels in (expect.get("marks") or {}).items():
        name, _, owner = key.partition(":")  # an owned mark is written 'name:south'
        whose = f"{owner.capitalize()}'s {name}" if owner else f"marked {name}"
        if not labels:
            out.append(f"no {terms.pit} is {whose}")
        elif owner:
            out.append(f"{join(labels)} {'is' if len(labels) == 1 else 'are'} {whose}"
                       f"{'' if len(labels) == 1 else 's'}")
        else:
            out.append(f"{join(labels)} {'is' if len(labels) == 1 else 'are'} {whose}")
    for who, player in zip(PLAYERS, expect.get("players") or []):
        if "score" in player:
            out.append(f"{who}'s score is {player['score']}")
        if "store" in player:
            out.append(f"{who}'s {terms.store} holds {plural(player['store'], terms.piece, pieces)}")
        if "hand" in player:
            out.append(f"{who} holds {plural(player['hand'], terms.piece, pieces)} in hand")
    return join(out)


def page_diagram(state: Any, **drawing: Any) -> str:
    """A diagram for the printed book: a board too long for a page is drawn folded."""
    return board_svg(state, fold=fold_for(state.game), **drawing)


def _move_so_far(position: dict[str, Any] | None, legal: list[str] | None) -> str | None:
    """A position in the middle of a move: the decisions made so far, written together, when
    every legal move of the example begins with them (the book then lists only the rest)."""
    pending = (position or {}).get("pending")
    if not pending or not legal or len(legal) < 2:
        return None
    so_far = "".join(str(d) for d in pending.get("decisions") or [])
    return so_far if so_far and all(m.startswith(so_far) and len(m) > len(so_far) for m in legal) else None


def examples(game: Any, stem: str, figures: dict[str, str]) -> list[dict[str, Any]]:
    """Each worked example replayed with its last move traced: before (start ringed, laps
    drawn) and after (captures framed, pieces to the store) diagrams. An example that does
    not replay is shown without diagrams, and says so."""
    from ..errors import RulespecError
    from ..examples import example_game, run_example

    out = []
    for i, ex in enumerate(game.spec.examples):
        entry: dict[str, Any] = {"caption": ex.caption, "moves": ex.moves, "params": ex.params, "legal": ex.legal,
                                 "defaults": False, "before": None, "after": None, "ok": False,
                                 "fired": (), "decisions": [], "number": i + 1, "laps": 0,
                                 "expect": expectation(ex.expect, game.spec.board.terms),
                                 "from_start": ex.position is None,
                                 "history": len((ex.position or {}).get("repetition") or []),
                                 "so_far": _move_so_far(ex.position, ex.legal)}
        out.append(entry)
        try:
            played = example_game(game, i)
            entry["defaults"] = played is not game and not ex.params
            after, problems = run_example(game, i)
            if problems:
                continue
            if not ex.moves:  # a position shown as it is (its legal moves, or a finished game)
                entry["ok"] = True
                entry["before"] = f"{stem}-example-{i + 1}.svg"
                figures[entry["before"]] = page_diagram(after, title="The position")
                continue
            before, traced_after, decisions = _replay(played.traced(), ex)
        except RulespecError:
            continue
        mv = traced_after.last_move
        if before.race is not None:  # the opening race: both players sow at once, no one move's laps
            entry.update(ok=True, decisions=decisions)
            entry["before"], entry["after"] = f"{stem}-example-{i + 1}-before.svg", f"{stem}-example-{i + 1}-after.svg"
            figures[entry["before"]] = page_diagram(before, title=f"Before {ex.moves[-1]}")
            figures[entry["after"]] = page_diagram(after, highlight=changed_pits(before, after), title=f"After {ex.moves[-1]}")
            continue
        laps, taken = _drawing(mv.trace or [], mv.origin)
        entry.update(ok=True, fired=mv.fired, decisions=decisions, laps=len(laps),
                     captured=any(t[2] for t in taken))
        entry["before"], entry["after"] = f"{stem}-example-{i + 1}-before.svg", f"{stem}-example-{i + 1}-after.svg"
        figures[entry["before"]] = page_diagram(before, origin=mv.origin, laps=laps, title=f"Before {ex.moves[-1]}")
        figures[entry["after"]] = page_diagram(after, highlight=changed_pits(before, after), taken=taken,
                                            mover=mv.mover, title=f"After {ex.moves[-1]}")
    return out


def notation(game: Any, shown: list[dict[str, Any]], grammar: Grammar) -> list[dict[str, str]]:
    """The kinds of decision this game's moves are written with, each with a real example."""
    seen: dict[str, dict[str, str]] = {}
    for ex in shown:
        for kind, text in ex["decisions"]:
            kind = kind.replace("unwritten ", "").replace("places", "place")
            if kind not in seen:
                seen[kind] = {"kind": kind, "sample": text, "move": ex["moves"][-1], "example": ex["number"]}
    return [seen[k] for k in DECISIONS if k in seen or "unwritten " + k in seen]


# -- the book ------------------------------------------------------------------------------

def _references(node: Any, path: str, out: dict[str, list[str]]) -> dict[str, list[str]]:
    """Every `$name` reference in the raw document, by dotted path."""
    if isinstance(node, dict):
        for k, v in node.items():
            _references(v, f"{path}.{k}" if path else str(k), out)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _references(v, f"{path}.{i}", out)
    elif isinstance(node, str) and node.startswith("$"):
        out.setdefault(path, []).append(node[1:])
    return out


def option_note(game: Any) -> Any:
    """`option("board.pits")`: ' (an option: see Options and variations)' when that part
    of the spec is set by a parameter, else ''."""
    refs = _references(getattr(game.loaded, "raw", {}) or {}, "", {})

    def option(prefix: str) -> str:
        names = [n for path, ns in refs.items() if path == prefix or path.startswith(prefix + ".") for n in ns]
        names = list(dict.fromkeys(n for n in names if n in game.spec.parameters))
        if not names:
            return ""
        return " (an option: see Options and variations)"

    return option


def start_effects(spec: Any) -> list[Any]:
    """The effects that move pieces when the game starts: the stylised opening the rulebook
    gives its own section (with the position it leads to)."""
    return [e for e in spec.effects if e.transfer and "game_start" in e.events]


def setup_state(game: Any) -> Any:
    """The start as the setup lays it out, before the effects at the game's start move pieces:
    what a board diagram reads of a state (no state is made of it: it need not be one the
    rules could continue from, e.g. with the first move bound to a mark the opening sets)."""
    board, marks, stock = game.new_position()[:3]
    kinds = None
    if game.initial_kinds is not None:
        kinds = [list(row) for row in game.initial_kinds]
    return SimpleNamespace(game=game, board=board[:game.geo.n_slots], kinds=kinds, marks=marks, stock=stock)


def render_book(game: Any) -> Book:
    """The rulebook of a loaded game."""
    spec = game.spec
    terms = spec.board.terms
    stem = slug(spec.name)
    figures: dict[str, str] = {}
    geo = game.geo
    north_label = {geo.label[s]: geo.label[n] for s, n in zip(geo.own[0], geo.own[1])}
    grammar = Grammar(terms, spec.board.roles, [k.name for k in spec.setup.kinds], north_label,
                      "letter" if spec.board.notation == "letters" else "name", spec.variables)
    env = environment()
    initial = f"{stem}-initial.svg"
    opening = start_effects(spec)
    figures[initial] = page_diagram(setup_state(game) if opening else game.new_initial_state(),
                                    title="The initial position")
    opened = f"{stem}-opened.svg" if opening else None
    if opened:
        figures[opened] = page_diagram(game.new_initial_state(), title="After the opening")
    changed = {k: v for k, v in game.params.items() if spec.parameters[k].default != v}
    pieces = terms.pieces or terms.piece + "s"
    shown = examples(game, stem, figures)
    illustrated = {}
    for ex in shown:
        for name in ex["fired"]:
            illustrated.setdefault(name, ex)
    text = env.get_template("rulebook.md.j2").render(
        spec=spec, game=game, terms=terms, pieces=pieces, g=grammar,
        initial=initial, opening=opening, opened=opened, examples=shown,
        listed=[e for e in spec.effects if e not in opening or e.set or e.add], changed=changed, illustrated=illustrated,
        goal=goal(spec, terms, pieces), board=board_words(game, terms),
        notation=notation(game, shown, grammar), option=option_note(game), sizes=pieces_per_size(game),
        sizes_per_pit=per_pit_is_an_option(game),
        arrows=arrows_by_row(game), further=further_pits(spec),
        cites=cited_numbers(spec), family=differences(game),
    )
    text = number_rules(text)
    text = re.sub(r"\n*(!\[[^\]]*\]\([^)]*\))\n*", r"\n\n\1\n\n", text)
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"^ (?=\S)", "", text, flags=re.M)  # a sentence a template began with a space
    text = re.sub(r"(?<=\S)  +", " ", text)
    return Book(stem, text, figures)


FIRST_RULES, AFTER_RULES = "Equipment and setup", "Worked examples"
"""The sections whose rules are numbered: from the first up to (not including) the second."""
RULE_HEAD = re.compile(r"^\*\*([^*]+?)\.\*\*")
CITATION = re.compile(r"§\[([^\]]+)\]")


def number_rules(text: str) -> str:
    """Number the rule sections (## 4. Sowing) and each rule in them that starts with its
    name in bold (**4.2 Pasu.**), then put the numbers into the citations the templates wrote
    as §[name] (a citation of a rule the book does not have is left out)."""
    lines = text.split("\n")
    numbers: dict[str, str] = {}
    section, rule, numbering = 0, 0, False
    for i, line in enumerate(lines):
        if line.startswith("## "):
            title = line[3:]
            numbering = (numbering or title == FIRST_RULES) and title != AFTER_RULES
            if numbering:
                section, rule = section + 1, 0
                lines[i] = f"## {section}. {title}"
                numbers[title.lower()] = str(section)
            continue
        head = RULE_HEAD.match(line) if numbering else None
        if head:
            rule += 1
            number = f"{section}.{rule}"
            numbers.setdefault(head.group(1).lower(), number)
            lines[i] = f"**{number} {head.group(1)}.**{line[head.end():]}"
    text = "\n".join(lines)
    return CITATION.sub(lambda m: f"§{numbers[m.group(1).lower()]}" if m.group(1).lower() in numbers else "",
                        text)


MIN_LABEL_PT = 8
PRINT_SCALE = 1.25
"""CSS px per diagram unit in the HTML and PDF book: a pit label of 10 units prints at 9.4 pt
(a diagram wider than the page is shrunk to fit it)."""
SMALLEST_SCALE = MIN_LABEL_PT / (0.75 * LABEL_SIZE)
"""The smallest scale at which pit labels print at 8 pt (1.07): an example's diagrams when
they and its text would not fit one page at PRINT_SCALE, the bound for folding a board."""


def printed_size(svg: str, room: float = float("inf")) -> str:
    """A diagram drawn PRINT_SCALE times its own size (its viewBox keeps the drawing), or
    smaller where it would be taller than `room` (CSS px): a page's height."""
    head, _, rest = svg.partition(">")
    height = float(re.search(r'\bheight="([\d.]+)"', head)[1])
    scale = min(PRINT_SCALE, room / height)

    def scaled(match: re.Match[str]) -> str:
        return f'{match.group(1)}="{float(match.group(2)) * scale:g}"'
    return re.sub(r'\b(width|height)="([\d.]+)"', scaled, head, count=2) + ">" + rest


FIGURE_PARAGRAPH = r'<p><span class="svg-figure[^"]*">(?:(?!</p>).)*</span></p>\n'


def together(body: str) -> str:
    """Diagrams that follow one another (an example's before and after) in one block, so a
    page break does not part them; a block or a lone diagram too wide for a portrait page
    goes on a landscape one (class "wide": the named page of page.html.j2)."""
    def block(match: re.Match[str]) -> str:
        wide = " wide" if "svg-figure wide" in match.group(0) else ""
        if match.group(0).count("<p>") == 1:
            return match.group(0).replace("<p>", f'<p class="{wide.strip()}">', 1) if wide else match.group(0)
        return f'<div class="figures{wide}">\n{match.group(0)}</div>\n'
    return re.sub(rf"(?:{FIGURE_PARAGRAPH})+", block, body, flags=re.S)


def kept_whole(body: str, smaller: frozenset[int] = frozenset(), loose: frozenset[int] = frozenset()) -> str:
    """Each subsection with a diagram (a worked example: its text, then before and after) in
    one block that a page break does not cut, so the text is printed beside its diagrams.
    Blocks are numbered; those in `smaller` print their diagrams at the smallest scale whose
    labels are still 8 pt, and those in `loose` are not kept whole (pdf_document's later
    passes, for blocks taller than a page)."""
    parts = re.split(r"(?=<h[23][ >])", body)
    out = []
    number = -1
    for part in parts:
        if not (part.startswith("<h3") and "svg-figure" in part):
            out.append(part)
            continue
        number += 1
        if number in smaller:
            part = re.sub(r'(<svg [^>]*?\bwidth=")([\d.]+)(" height=")([\d.]+)',
                          lambda m: f"{m[1]}{float(m[2]) * SMALLEST_SCALE / PRINT_SCALE:g}{m[3]}"
                                    f"{float(m[4]) * SMALLEST_SCALE / PRINT_SCALE:g}", part)
        kept = " kept" + (" wide" if "svg-figure wide" in part else "")
        if number in loose:  # the text with the first diagram at least
            kept, part = "", part.replace('<div class="figures">', '<div class="figures parted">')
        out.append(f'<section class="kept-block{kept}" data-block="{number}">\n{part}</section>\n')
    return "".join(out)


def linked(body: str) -> str:
    """Every heading and numbered rule given an id; the rules' citations (§5.1) linked to
    them; a table of contents of the sections before the first one."""
    headings: list[tuple[str, str]] = []

    def heading(match: re.Match[str]) -> str:
        level, text = match.group(1), match.group(2)
        anchor = re.sub("-+", "-", slug(html.unescape(re.sub(r"<[^>]+>", "", text))))
        if level == "2":
            headings.append((anchor, text))
        return f'<h{level} id="{anchor}">{text}</h{level}>'

    body = re.sub(r"<h([23])>(.*?)</h\1>", heading, body)
    rules = set(re.findall(r"<strong>(\d+\.\d+) ", body))
    body = re.sub(r"<strong>(\d+)\.(\d+) ", r'<strong id="rule-\1-\2">\1.\2 ', body)
    body = re.sub(r"§(\d+)\.(\d+)", lambda m: f'<a href="#rule-{m[1]}-{m[2]}">§{m[1]}.{m[2]}</a>'
                  if f"{m[1]}.{m[2]}" in rules else m[0], body)
    sections = {text.split(".", 1)[0]: anchor for anchor, text in headings if re.match(r"\d+\. ", text)}
    body = re.sub(r"§(\d+)(?![.\d])", lambda m: f'<a href="#{sections[m[1]]}">§{m[1]}</a>'
                  if m[1] in sections else m[0], body)
    if not headings:
        return body
    items = "".join(f'<li><a href="#{anchor}">{text}</a></li>' for anchor, text in headings)
    toc = f'<nav class="toc"><p><strong>Contents</strong></p><ul>{items}</ul></nav>\n'
    first = body.index("<h2")
    return body[:first] + toc + body[first:]


def to_html(book: Book, paper: str = "a4", smaller: frozenset[int] = frozenset(),
            loose: frozenset[int] = frozenset()) -> str:
    """Self-contained HTML: the Markdown rendered, each diagram inlined, print CSS (for
    `smaller` and `loose`, see kept_whole)."""
    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(book.markdown)
    short, long = PAPER[paper]

    def inline(match: re.Match[str]) -> str:
        """The book's own figures inlined; any other image (a spec's text may write one) is
        left as its alt text: a rulebook shows only what the project draws."""
        svg = book.figures.get(unquote(html.unescape(match.group(1))))  # (Markdown percent-encodes é)
        if not svg:
            return match.group(2)
        wide = too_wide(svg, short)
        room = figure_room(short if wide else long)
        return f'<span class="svg-figure{" wide" if wide else ""}">{printed_size(svg, room)}</span>'

    body = re.sub(r'<img src="([^"]*)" alt="([^"]*)"[^>]*>', inline, body)
    body = kept_whole(linked(together(body)), smaller, loose)
    body = re.sub(r'<h2 id="([^"]*)">Quick reference', r'<div class="quickref"><h2 id="\1">Quick reference', body, count=1)
    if '<div class="quickref">' in body:
        editors = body.find('<h2 id="notes-for-editors">')
        body = body + "</div>" if editors < 0 else body[:editors] + "</div>\n" + body[editors:]
    env = environment(page=True)
    return env.get_template("page.html.j2").render(title=html.unescape(book.markdown.splitlines()[0].lstrip("# ")), body=body,
                                                   paper=f"{short:g}mm {long:g}mm",
                                                   landscape=f"{long:g}mm {short:g}mm")



def label_pt(shrink: float) -> float:
    """The printed size of a pit label, in points, in a diagram shrunk by `shrink` to fit."""
    return LABEL_SIZE * PRINT_SCALE * shrink * 0.75


def too_wide(svg: str, short: float) -> bool:
    """Whether a diagram's pit labels would print under 8 pt on a portrait page `short` mm
    wide: it goes on a landscape page."""
    width = float(re.search(r'width="([\d.]+)"', svg)[1])
    return width * SMALLEST_SCALE > (short - SIDE_MARGINS) * PX_PER_MM


def fold_for(game: Any) -> int | None:
    """Columns per block of the book's diagrams: None where the whole board prints with its
    labels at 8 pt or more on a portrait or a landscape page; else a board too long for that
    (En Gehé's forty pits a row) is drawn in the fewest blocks that print so on either."""
    geo = game.geo
    across, down = min(short for short, _ in PAPER.values()), min(long for _, long in PAPER.values())
    portrait, landscape = (across, down), (down, across)
    widest = (max(long for _, long in PAPER.values()), across)  # (unfolded, as on an A4 page)
    tries = [(1, portrait), (1, widest), *((b, portrait) for b in range(2, geo.width + 1)),
             *((b, landscape) for b in range(2, geo.width + 1))]  # unfolded, then portrait pages
    for blocks, (page_width, page_height) in tries:
        columns = -(-geo.width // blocks)
        width, height = diagram_size(geo, columns)
        if (width * SMALLEST_SCALE <= (page_width - SIDE_MARGINS) * PX_PER_MM
                and height * SMALLEST_SCALE <= figure_room(page_height)):
            return None if blocks == 1 else columns
    return None


def figure_room(page_height: float) -> float:
    """The height a diagram may take on a page this tall (mm), in CSS px: the content area,
    less room for a line of text."""
    return (page_height - VERTICAL_MARGINS - 10) * PX_PER_MM


def to_pdf(book: Book, paper: str = "a4") -> bytes:
    """A PDF through WeasyPrint (the `pdf` extra)."""
    return pdf_document(book, paper).write_pdf()


def pdf_document(book: Book, paper: str = "a4") -> Any:
    """The laid-out WeasyPrint document (pages and their boxes), for writing or checking."""
    try:
        import weasyprint
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise RuntimeError("PDF output needs WeasyPrint: pip install 'rulespec[pdf]'") from exc
    def laid_out(smaller: frozenset[int] = frozenset(), loose: frozenset[int] = frozenset()) -> Any:
        return weasyprint.HTML(string=to_html(book, paper, smaller, loose), url_fetcher=inline_only()).render()

    document = laid_out()
    split = cut_blocks(document)
    if split:  # an example taller than a page: its diagrams a little smaller, then let it break
        document = laid_out(smaller=split)
        still = cut_blocks(document)
        if still:
            document = laid_out(smaller=split, loose=still)
    return document


def diagrams_apart(document: Any) -> list[int]:
    """The kept blocks (kept_whole) whose heading and text are not on the page of their first
    diagram."""
    heading: dict[int, int] = {}
    figure: dict[int, int] = {}
    for index, page in enumerate(document.pages):
        for box, block in _in_blocks(page._page_box, None):
            if block is None:
                continue
            if getattr(box, "element_tag", None) == "h3":
                heading.setdefault(block, index)
            elif "Replaced" in type(box).__name__:
                figure.setdefault(block, index)
    return sorted(block for block, page in heading.items() if figure.get(block) != page)


def _in_blocks(box: Any, block: int | None) -> Iterator[tuple[Any, int | None]]:
    """Each box under `box`, with the kept block (kept_whole) it is in, if any."""
    element = getattr(box, "element", None)
    if element is not None and getattr(box, "element_tag", None) == "section" and element.get("data-block"):
        block = int(element.get("data-block"))
    yield box, block
    for child in getattr(box, "children", None) or []:
        yield from _in_blocks(child, block)


def cut_blocks(document: Any) -> frozenset[int]:
    """The kept blocks (kept_whole) a page break cuts all the same: taller than a page."""
    pages: dict[int, set[int]] = {}
    for index, page in enumerate(document.pages):
        for _, block in _in_blocks(page._page_box, None):
            if block is not None:
                pages.setdefault(block, set()).add(index)
    return frozenset(block for block, on in pages.items() if len(on) > 1)


def inline_only() -> Any:
    """WeasyPrint's URL fetcher for rulebooks: it loads data: URIs and refuses everything else
    (file://, http(s)://, ...), so a spec's text cannot make a PDF read a local file or a
    rulebook build reach the network."""
    try:
        from weasyprint.urls import URLFetcher
    except ImportError:  # pragma: no cover - WeasyPrint before 66 takes a function
        from weasyprint import default_url_fetcher

        def fetch(url: str, *args: Any, **kwargs: Any) -> Any:
            if not url.startswith("data:"):
                raise ValueError(f"a rulebook loads nothing from outside: {url}")
            return default_url_fetcher(url, *args, **kwargs)

        return fetch
    return URLFetcher(allowed_protocols={"data"}, allow_redirects=False)


def write_book(game: Any, fmt: str, output: Path, paper: str = "a4") -> list[Path]:
    """Write a rulebook (never through a symbolic link); Markdown also writes its diagrams beside
    it. Returns the files written."""
    book = render_book(game)
    output.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "md":
        write_output(output, book.markdown)
        written = [output]
        for name, svg in book.figures.items():
            write_output(output.parent / name, svg)
            written.append(output.parent / name)
        return written
    if fmt == "html":
        write_output(output, to_html(book, paper))
        return [output]
    from .layout import LayoutError, layout_problems

    document = pdf_document(book, paper)
    write_output(output, document.write_pdf())
    problems = layout_problems(document)
    if problems:
        raise LayoutError(f"{output}: written, but its layout is wrong (a bug in rulespec's rulebooks, "
                          f"please report it): " + "; ".join(problems[:5]))
    return [output]
