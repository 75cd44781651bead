"""The `rulespec` command: validate, show, play, schema, book."""
from __future__ import annotations

import os
import re
import sys
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
import typer.core
from rich.console import Console

from .errors import RulespecError, SpecError
from .extras import has_extra, require_extra
from .loader import load_spec, shipped_variants
from .limits import MAX_GAMES
from .models.parameters import INTEGER

class LabelledCommand(typer.core.TyperCommand):
    """A command whose help labels each value after what it is (`--seed N`, `--from FILE`,
    `VARIANT`) rather than by its Python type (`<int>`, and `<bool>` beside a flag)."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for param in self.params:
            _relabel(param)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            _relabel(option)
        return option


class LabelledGroup(typer.core.TyperGroup):
    """The command group, its own --help labelled as its commands' are."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            _relabel(option)
        return option


def _relabel(param: Any) -> None:
    if param.metavar is None:
        param.metavar = _label(param)
    if param.param_type_name == "argument":  # its label is its name column; no type column
        param.display_type_rich = lambda ctx: None


def _label(param: Any) -> str:
    """A parameter's label in the help: empty for a flag, FILE for a path, N for a number,
    else its name in capitals."""
    if getattr(param, "is_flag", False):
        return ""
    annotation = param.type_descriptor.annotation
    kinds = set(typing.get_args(annotation)) | {annotation}
    many = "..." if param.nargs != 1 else ""
    if kinds & {Path}:
        return "FILE" + many
    if kinds & {int, float}:
        return "N" + many
    long = [opt for opt in param.opts if opt.startswith("--")]
    name = long[0][2:] if long else param.name
    return name.upper().replace("-", "_") + many


app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_show_locals=False, cls=LabelledGroup,
                  rich_markup_mode="markdown",
                  help="Mancala variants as YAML rule specs: validate, show, play, and print rulebooks.")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    """`text` with control characters (terminal escapes, NUL) shown as \\xNN: a spec's names
    and values are a stranger's text, printed to someone's terminal."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


class PlainConsole(Console):
    """rich's console for text from specs and records: no markup, no :emoji: codes (a problem
    on line 100 printed `file💯23:`), control characters made visible."""

    def __init__(self, **kwargs: Any):
        super().__init__(highlight=False, soft_wrap=True, markup=False, emoji=False, **kwargs)

    def print(self, *objects: Any, **kwargs: Any) -> None:
        super().print(*(visible(o) if isinstance(o, str) else o for o in objects), **kwargs)


out = PlainConsole()
err = PlainConsole(stderr=True)


def _params(pairs: list[str] | None) -> dict[str, Any]:
    """--param k=v pairs, with numbers and true/false typed."""
    values: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise typer.BadParameter(f"expected NAME=VALUE, got {pair!r}", param_hint="--param")
        key, raw = pair.split("=", 1)
        value: Any = raw
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        elif INTEGER.fullmatch(raw):  # ASCII digits only ('²' is a digit to str.isdigit)
            value = int(raw)
        values[key.strip()] = value
    return values


def _fail(exc: RulespecError) -> None:
    err.print(str(exc), markup=False)
    raise typer.Exit(1)


def _game(variant: str, params: dict[str, Any]) -> Any:
    from rulespec.interpreter import Game

    try:
        return Game(load_spec(variant, **params))
    except RulespecError as exc:
        _fail(exc)


def _random_play_game(variant: str, params: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The game and parameters for many random games: the spec's `random_play` values (e.g. a
    cap on rounds) for the parameters the user did not set."""
    from .fuzz import random_play_params

    try:
        extra = {k: v for k, v in random_play_params(load_spec(variant, **params)).items() if k not in params}
    except RulespecError as exc:
        _fail(exc)
    if extra:
        err.print(f"{variant}: random play with {', '.join(f'{k}={v}' for k, v in extra.items())} "
                  "(the spec's random_play values; -p overrides them)", markup=False)
        params = {**params, **extra}
    return _game(variant, params), params


ParamOpt = typer.Option(None, "--param", "-p", metavar="NAME=VALUE", help="Set a parameter: NAME=VALUE (repeatable).")
# The backslash before "[cluster]" keeps rich from reading it as markup (it printed `".`).
RayOpt = typer.Option(False, "--ray", help="Run on Ray: this machine's cluster, or a new local instance "
                      "when there is none (pip install -e \".\\[cluster]\"). Default: a local process pool.")
RayAddressOpt = typer.Option(None, "--ray-address", help="Run on the Ray cluster at this address "
                             "(e.g. ray://head:10001); implies --ray.")


def _ray_target(ray: bool, address: str | None) -> str | None:
    """The campaign backend's `ray` argument: None (local pool), 'auto' or an address."""
    if ray or address:
        require_extra("cluster", "ray", "--ray")
    return address or ("auto" if ray else None)


def _text_of(problem: Any, path: Path, text: str) -> str:
    """The text of the file a problem is in (a family member's parent, which the loader
    found in the spec's folder or among the shipped variants, or the file checked)."""
    from .inputs import InputError, read_text

    if problem.path == str(path):
        return text
    try:
        return read_text(problem.path)
    except InputError:
        return ""


@app.command()
def validate(files: list[Path] = typer.Argument(..., help="Spec files to check."),
             source: bool = typer.Option(False, "--source", help="Show the offending line with a caret.")) -> None:
    """Check spec files; print every problem as path:line:col: message."""
    failed = False
    for path in files:
        try:
            loaded = load_spec(path)
        except SpecError as exc:
            failed = True
            text = _source_text(path) if source else ""
            for problem in exc.problems:
                err.print(problem.with_source(_text_of(problem, path, text)) if source else str(problem),
                          markup=False)
            continue
        except RulespecError as exc:
            failed = True
            err.print(f"{path}: {exc}", markup=False)
            continue
        from rulespec.interpreter import Game

        from .examples import check_examples

        problems = check_examples(Game(loaded))
        if problems:
            failed = True
            text = loaded.text
            for problem in problems:
                err.print(problem.with_source(_text_of(problem, path, text)) if source else str(problem),
                          markup=False)
            continue
        examples = len(loaded.spec.examples)
        out.print(f"{path}: ok ({loaded.spec.name}; {examples} example{'s' if examples != 1 else ''} replayed)",
                  markup=False)
    if failed:
        raise typer.Exit(1)


def _source_text(path: Path) -> str:
    """The file's text for --source, or nothing when it cannot be read as a spec."""
    from .inputs import InputError, read_text

    try:
        return read_text(path)
    except InputError:
        return ""


@app.command()
def show(variant: str = typer.Argument(..., help="A shipped variant's name or a spec file."),
         param: list[str] = ParamOpt) -> None:
    """Print the initial board and a short summary of the rules."""
    from .summary import summary

    game = _game(variant, _params(param))
    out.print(summary(game), markup=False)
    out.print()
    out.print(str(game.new_initial_state()), markup=False)


@app.command()
def play(variant: str = typer.Argument(None, help="A shipped variant's name or a spec file (default: the "
                                       "record's, with --from)."),
         opponent: str = typer.Option("medium", help="The computer player: a level (easy, medium, hard) or a "
                                      "player spec (random, greedy, alphabeta:6, alphabeta:2s, mcts:200, mcts:2s)."),
         seat: str = typer.Option("south", help="Your side: south (moves first) or north."),
         seed: int = typer.Option(0, help="Random seed of the computer player."),
         start_from: Path | None = typer.Option(None, "--from", help="Go on from a saved game record.",
                                                exists=True, dir_okay=False),
         param: list[str] = ParamOpt) -> None:
    """Play against the computer in the terminal, typing moves in the game's notation (`help`
    at the prompt explains it; undo, hint, resign and save are commands)."""
    from rulespec.interpreter import EndlessMove

    from .players import PlayerSpecError, make_player
    from .terminal import TerminalGame

    try:
        computer = make_player(opponent, seed)
    except PlayerSpecError as exc:
        raise typer.BadParameter(str(exc), param_hint="--opponent") from None
    if seat not in ("south", "north"):
        raise typer.BadParameter("seat must be south or north", param_hint="--seat")
    params = _params(param)
    saved, state = None, None
    if start_from is not None:
        saved = _saved_game(start_from, variant, params)
        variant, params, state = saved.variant, saved.params, saved.state
    elif variant is None:
        raise typer.BadParameter("name a variant, or give a saved game with --from")
    game = _game(variant, params) if state is None else state.game
    terminal = TerminalGame(game, variant, computer, 0 if seat == "south" else 1, make_player("hard", seed),
                            say=lambda line: out.print(line, markup=False), params=params, state=state)
    if saved is not None:
        terminal.moves = [m.text for m in saved.record.moves]
    try:
        terminal.run()
    except EndlessMove as exc:
        err.print(f"this spec lets a move start that cannot end ({exc}); `rulespec fuzz {variant}` "
                  f"finds such moves", markup=False)
        raise typer.Exit(1) from None


def _read_record(path: Path) -> Any:
    from .inputs import InputError, read_text
    from .records import RecordError, parse_record

    try:
        return parse_record(read_text(path, "record"), str(path))
    except (RecordError, InputError) as exc:
        err.print(str(exc), markup=False)
        raise typer.Exit(1) from None


@dataclass
class _Saved:
    record: Any
    variant: str
    params: dict[str, Any]
    state: Any
    warnings: list[str]


def _saved_game(path: Path, variant: str | None, params: dict[str, Any]) -> _Saved:
    """A game record replayed: its game is the record's Variant and Parameters headers
    unless the command line names them."""
    from .records import RecordError, replay as replay_record

    rec = _read_record(path)
    name = variant or rec.header.get("Variant") or rec.header.get("Game")
    if not name:
        err.print(f"{path}: say which game it is: a 'Variant: NAME' header, or name the variant", markup=False)
        raise typer.Exit(1)
    if not params:
        params = _params(rec.header.get("Parameters", "").split())
    game = _game(name, params) if variant else _recorded_game(path, name, params)
    try:
        state, warnings = replay_record(game, rec, str(path))
    except RecordError as exc:
        err.print(str(exc), markup=False)
        raise typer.Exit(1) from None
    return _Saved(rec, name, params, state, warnings)


@app.command()
def schema(check: bool = typer.Option(False, "--check", help="Exit 1 if the committed schema is stale."),
           output: Path | None = typer.Option(None, "-o", "--output", help="Write here instead.")) -> None:
    """Write the spec language's JSON Schema (used by the variants' editor modeline)."""
    from .schema import SCHEMA_PATH, schema_text, write_schema

    target = output or SCHEMA_PATH
    if target.is_dir():
        err.print(f"-o {target}: a folder; name the file to write", markup=False)
        raise typer.Exit(1)
    if check:
        from .inputs import InputError, read_text

        try:
            current = read_text(target, "schema") if target.exists() else ""
        except InputError as exc:
            err.print(str(exc), markup=False)
            raise typer.Exit(1) from None
        if current != schema_text():
            err.print(f"{target} is stale: run `rulespec schema`", markup=False)
            raise typer.Exit(1)
        out.print(f"{target}: up to date", markup=False)
        return
    try:
        out.print(f"wrote {write_schema(target)}", markup=False)
    except OSError as exc:
        err.print(f"cannot write {target}: {exc.strerror or exc}", markup=False)
        raise typer.Exit(1) from None


@app.command()
def book(variant: str | None = typer.Argument(None, help="A shipped variant's name or a spec file."),
         fmt: str = typer.Option("md", "--format", "-f", help="md, html or pdf."),
         output: str | None = typer.Option(None, "-o", "--output", help="The file, or a folder to write it in (ending in / or existing; with --all, the folder). Without it, Markdown goes to the screen and html or pdf to NAME.html or NAME.pdf here."),
         paper: str = typer.Option("a4", help="a4 or letter (html and pdf)."),
         every: bool = typer.Option(False, "--all", help="Every shipped variant, with an index page."),
         param: list[str] = ParamOpt) -> None:
    """Render a rulebook from the spec: one English template per rule block, with diagrams."""
    from .book import slug

    if fmt not in ("md", "html", "pdf"):
        raise typer.BadParameter("format must be md, html or pdf")
    if paper not in ("a4", "letter"):
        raise typer.BadParameter("paper must be a4 or letter")
    if fmt == "pdf":
        require_extra("pdf", "weasyprint", "PDF output")
    if every:
        from .book.features import index_page
        from .outputs import write_output

        folder = Path(output or "rulebooks")
        written, failed = [], 0
        for name in shipped_variants():
            game = _game(name, {})
            target = folder / f"{slug(game.spec.name)}.{fmt}"
            if _write_book(game, fmt, target, paper) is None:
                failed += 1
                continue
            written.append((game, target.name))
            out.print(f"wrote {target}", markup=False)
        try:
            write_output(folder / "index.md", index_page(written))
        except OSError as exc:
            err.print(f"cannot write {exc.filename or folder}: {exc.strerror or exc}", markup=False)
            raise typer.Exit(1) from None
        out.print(f"wrote {folder / 'index.md'}", markup=False)
        if failed:
            err.print(f"{failed} rulebook(s) not written", markup=False)
            raise typer.Exit(1)
        return
    if variant is None:
        raise typer.BadParameter("name a variant, or use --all")
    game = _game(variant, _params(param))
    if output is None and fmt == "md":
        _print_book(game)
        return
    written = _write_book(game, fmt, book_target(output, slug(game.spec.name), fmt), paper)
    if written is None:
        raise typer.Exit(1)
    for path in written:
        out.print(f"wrote {path}", markup=False)


def book_target(output: str | None, name: str, fmt: str) -> Path:
    """Where `book` writes: NAME.FMT in the current folder without -o; in the folder -o names
    when it exists or ends in a slash; else the file -o names."""
    if output is None:
        return Path(f"{name}.{fmt}")
    if output.endswith(("/", os.sep)) or Path(output).is_dir():
        return Path(output) / f"{name}.{fmt}"
    return Path(output)


def _print_book(game: Any) -> None:
    """The Markdown book on the screen, without its diagrams (they are files only `-o` writes:
    a reference to one would point at nothing)."""
    from .book import render_book

    try:
        book = render_book(game)
    except RulespecError:
        raise
    except Exception as exc:  # noqa: BLE001 - a template bug, named (see _write_book)
        _render_failed(game, exc)
        raise typer.Exit(1) from None
    sys.stdout.write(without_figures(book.markdown))
    if book.figures:
        err.print(f"{len(book.figures)} diagrams left out: write the book with -o DIR/ to get them", markup=False)


def without_figures(markdown: str) -> str:
    """Markdown with its image lines (and the captions that name them) removed."""
    figures = r"(?:!\[[^\]]*\]\([^)]*\)\n+)+"
    text = re.sub(rf"^{figures}(?:\*[^\n]*\*\n)?", "", markdown, flags=re.M)
    return re.sub(r"\n{3,}", "\n\n", text)


def _write_book(game: Any, fmt: str, output: Path, paper: str) -> list[Path] | None:
    """The files written, or None after a message: a file that cannot be written, or a
    rulebook the templates failed to render (a bug, reported with the game's name instead of
    a traceback, so that `book --all` still writes the others)."""
    from .book import write_book

    try:
        return write_book(game, fmt, output, paper)
    except OSError as exc:
        err.print(f"cannot write {exc.filename or output}: {exc.strerror or exc}", markup=False)
    except RulespecError as exc:
        err.print(f"error: {exc}", markup=False)
    except Exception as exc:  # noqa: BLE001 - a template bug: say which book, keep going
        _render_failed(game, exc)
    return None


def _render_failed(game: Any, exc: Exception) -> None:
    err.print(f"{game.spec.name}: the rulebook could not be rendered ({type(exc).__name__}: {exc}); "
              "this is a bug in rulespec's templates, please report it", markup=False)


@app.command()
def replay(record: Path = typer.Argument(..., help="A game record (header, then 'N: south north; comment')."),
           variant: str | None = typer.Option(None, help="The variant (default: the record's Variant header)."),
           param: list[str] = ParamOpt) -> None:
    """Replay a game record, print the final position, and report the first illegal move."""
    saved = _saved_game(record, variant, _params(param))
    for warning in saved.warnings:
        err.print(warning, markup=False)
    out.print(f"{len(saved.record.moves)} moves replayed", markup=False)
    out.print(str(saved.state), markup=False)


def _recorded_game(record: Path, name: str, params: dict[str, Any]) -> Any:
    """The game a record's header names: a shipped variant, or a spec file (.yaml). What a
    file holds is not quoted when it is no spec: a record from elsewhere must not make
    `replay` print a file of this machine."""
    from rulespec.interpreter import Game

    if name not in shipped_variants() and not name.endswith((".yaml", ".yml")):
        err.print(f"{record}: the record's Variant {name!r} is neither a shipped variant nor a .yaml spec file; "
                  f"give the game with --variant", markup=False)
        raise typer.Exit(1)
    try:
        return Game(load_spec(name, **params))
    except SpecError as exc:
        err.print(f"{record}: the record's Variant {name!r} is not a valid spec ({len(exc.problems)} problem"
                  f"{'s' if len(exc.problems) != 1 else ''}; `rulespec validate` lists them)", markup=False)
        raise typer.Exit(1) from None
    except RulespecError as exc:
        _fail(exc)


@app.command()
def fuzz(variants: list[str] = typer.Argument(None, help="Variants to fuzz (default: all shipped)."),
         games: int = typer.Option(200, min=1, max=MAX_GAMES, help="Games per variant."),
         seed: int = typer.Option(0, help="Random seed (the same seed replays the same campaign)."),
         max_actions: int = typer.Option(5000, min=1, help="Actions after which a game is cut off."),
         guided: bool = typer.Option(False, "--hypothesis", help="Hypothesis-guided play (slower; shrinks natively)."),
         out_dir: Path = typer.Option(Path("."), "--out", metavar="DIR", help="Where failing game records are written."),
         workers: int | None = typer.Option(None, min=1, max=256, help="Spread the games over this many local processes."),
         ray: bool = RayOpt,
         ray_address: str | None = RayAddressOpt,
         param: list[str] = ParamOpt) -> None:
    """Play random games checking every invariant after every action; on a failure, shrink it
    and write a replayable game record (exit 1); else print a summary per variant. With
    --workers or --ray the games run as a campaign (the same games, in batches)."""
    from .fuzz import hypothesis_games, random_games, shrink, write_failure
    from .progress import progress

    if not out_dir.is_dir():
        err.print(f"--out {out_dir}: not a folder (failing game records are written there)", markup=False)
        raise typer.Exit(1)
    names = variants or shipped_variants()
    failed = False
    for name in names:
        game, params = _random_play_game(name, _params(param))
        if guided:
            failing = hypothesis_games(game, games, seed, max_actions)
            stats = None
        else:
            with progress(f"fuzzing {name}", games, unit="games") as update:
                if workers or ray or ray_address:
                    from .campaign.fuzzing import fuzz_campaign

                    stats, failing = fuzz_campaign(name, params, games, seed, max_actions,
                                                   _ray_target(ray, ray_address), workers, progress=update)
                else:
                    stats, failing = random_games(game, games, seed, max_actions, progress=update)
        if failing is not None:
            failed = True
            small = failing if guided else shrink(game, failing, max_actions)
            path = out_dir / f"fuzz-failure-{Path(name).stem}.txt"
            text = write_failure(game, small, max_actions, str(path))
            err.print(f"{name}: FAILED; shortest reproduction ({len(small)} choices) written to {path}:",
                      markup=False)
            err.print(text, markup=False)
            continue
        out.print(stats.line(name) if stats else f"{name}: {games} hypothesis-guided games, no failure",
                  markup=False)
        if game.bound_hits:
            pit, position = game.bound_example
            out.print(f"{name}: the lap bound refused {game.bound_hits} starts; the first, {pit}, in:\n{position}",
                      markup=False)
    if failed:
        raise typer.Exit(1)


@app.command()
def lint(variants: list[str] = typer.Argument(..., help="Shipped variants' names or spec files."),
         games: int = typer.Option(200, min=1, max=MAX_GAMES, help="Random games to play."),
         max_actions: int = typer.Option(5000, min=1, help="Actions after which a game is cut off (and "
                                         "counted as one that does not end)."),
         param: list[str] = ParamOpt) -> None:
    """Warn about rule blocks that never fire, games that do not end, and spec smells."""
    from .fuzz import lint as lint_game
    from .progress import progress

    for variant in variants:
        game, _ = _random_play_game(variant, _params(param))
        with progress(f"linting {variant}", games, unit="random games") as update:
            warnings = list(lint_game(game, games, max_actions=max_actions, progress=update))
        for w in warnings:
            out.print(f"{variant}: warning: {w}", markup=False)
        if not warnings:
            out.print(f"{variant}: no warnings in {games} random games", markup=False)


@app.command()
def crosscheck(first: str = typer.Argument(..., help="A variant, a spec file, or openspiel:oware / openspiel:mancala."),
               second: str = typer.Argument(..., help="The same kinds of name."),
               games: int = typer.Option(500, min=1, max=MAX_GAMES, help="Games to play."),
               seed: int = typer.Option(0, help="Random seed."),
               param: list[str] = ParamOpt) -> None:
    """Play the same random actions in two games and report the first divergence."""
    from .fuzz import crosscheck as run
    from .oracle import OracleGame

    params = _params(param)

    def load(name: str) -> Any:
        if name.startswith("openspiel:"):
            require_extra("openspiel", "pyspiel", f"{name!r}")
            try:
                return OracleGame(name.split(":", 1)[1], params)
            except ValueError as exc:
                err.print(str(exc), markup=False)
                raise typer.Exit(1) from None
        return _game(name, params)

    divergence = run(load(first), load(second), games, seed)
    if divergence is None:
        out.print(f"{first} and {second} agree over {games} random games", markup=False)
        return
    err.print(str(divergence), markup=False)
    raise typer.Exit(1)


@app.command()
def serve(port: int = typer.Option(8000, "--port", help="The port on 127.0.0.1.")) -> None:
    """Play, replay and read the variants in the browser, on http://127.0.0.1:PORT (needs the web extra)."""
    for module in ("starlette", "uvicorn"):
        require_extra("web", module, "the web app")
    from .web import serve as run

    problem = _port_problem(port)
    if problem:
        err.print(f"cannot serve on 127.0.0.1:{port}: {problem}; choose another with --port", markup=False)
        raise typer.Exit(1)
    out.print(f"rulespec: open http://127.0.0.1:{port}/ (Ctrl-C stops)", markup=False)
    run(port)


def _port_problem(port: int) -> str:
    """Why the web app could not listen on 127.0.0.1:`port` ('' when it can): tried before
    saying where to point the browser."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            return exc.strerror or str(exc)
        except OverflowError:
            return "not a port number (0-65535)"
    return ""


@app.command()
def bench(variants: list[str] = typer.Argument(None, help="Shipped variants (default: all)."),
          seconds: float = typer.Option(1.0, min=0.01, max=3600, help="Seconds per measurement."),
          rounds: int = typer.Option(3, min=1, max=100, help="Alternating rounds (medians kept)."),
          evaluate_bots: bool = typer.Option(False, "--evaluate-bots", help="Also OpenSpiel's evaluate_bots."),
          scaling: bool = typer.Option(False, "--scaling", help="Also Oware 6-26 and Mefuvha 6-28 pits."),
          plot: Path = typer.Option(None, help="With --scaling: write the plot here (PNG; needs matplotlib).")) -> None:
    """Speed against OpenSpiel (same run, ratios), per playout, per turn and per action."""
    from . import bench as b

    if plot:
        require_extra("bench", "matplotlib", "--plot")
    names = variants or shipped_variants()
    unknown = [n for n in names if n not in shipped_variants()]
    if unknown:
        _fail(RulespecError(f"no shipped variant {unknown[0]!r}; see `rulespec list`"))
    say = lambda what: err.print(f"measuring {what}...", markup=False)  # noqa: E731
    out.print(b.table(b.run(names, seconds, rounds, evaluate_bots, say)), markup=False)
    if scaling:
        points = b.scaling(seconds, progress=say)
        out.print("\n" + b.scaling_table(points), markup=False)
        if plot:
            b.plot(points, str(plot))
            out.print(f"\nplot: {plot}", markup=False)


@app.command(name="list")
def list_variants(names_only: bool = typer.Option(False, "--names", help="Names only, one a line (quick: "
                                                  "no spec is read)."),
                  feature: list[str] = typer.Option(None, "--feature", "-f", help="Only variants with a feature "
                                                    "naming this (repeatable: all of them), e.g. relay, stages."),
                  origin: str | None = typer.Option(None, "--origin", help="Only variants whose origin names "
                                                    "this, e.g. Tanzania."),
                  ranks: int | None = typer.Option(None, "--ranks", help="Only boards of this many rows.")) -> None:
    """List the shipped variants: name, board, origin and rule features, optionally filtered."""
    if names_only and not (feature or origin or ranks):
        for name in shipped_variants():
            out.print(name, markup=False)
        return
    from .book.features import board_words, features, origin_words

    wanted = [w.lower() for w in feature or []]
    for name in shipped_variants():
        spec = load_spec(name).spec
        found = features(spec)
        if ranks is not None and spec.board.ranks != ranks:
            continue
        if origin and origin.lower() not in origin_words(spec).lower():
            continue
        if not all(any(w in f for f in found) for w in wanted):
            continue
        out.print(name if names_only else f"{name}: {board_words(spec)}; {origin_words(spec) or 'origin not given'}; "
                  f"{', '.join(found) or 'sowing and captures only'}", markup=False)



@app.command()
def mutate(variant: str = typer.Argument(..., help="A shipped variant's name or a spec file."),
           games: int = typer.Option(20, min=1, max=MAX_GAMES, help="Random games that compare each survivor with the original."),
           max_actions: int = typer.Option(3000, min=1, help="Actions after which a compared game is cut off."),
           seed: int = typer.Option(0, help="Seed of the first game."),
           tests: bool = typer.Option(False, "--tests", help="Also run the project's tests that load the variant."),
           jobs: int = typer.Option(0, "--jobs", "-j", min=0, max=256, help="Worker processes (0: one per core)."),
           ray: bool = RayOpt,
           ray_address: str | None = RayAddressOpt,
           verbose: bool = typer.Option(False, "--verbose", "-v", help="List the killed mutants too."),
           only: Path | None = typer.Option(None, "--only", help="Judge only the mutants a saved report of "
                                            "this command lists as surviving or probably equivalent, "
                                            "e.g. to recheck the survivors after adding examples.",
                                            exists=True, dir_okay=False),
           suggest: bool = typer.Option(False, "--suggest", help="Instead of one worked example per "
                                        "survivor, a few that together kill them all (each tried on "
                                        "every survivor).")) -> None:
    """Mutation analysis: change one rule at a time and check the spec's examples notice."""
    from .check import mutate as mutation
    from .inputs import InputError, read_text
    from .progress import progress

    try:
        named = mutation.named_in(read_text(only, "report")) if only else None
        with progress(f"mutating {variant}", unit="mutants judged") as update:
            report = mutation.run(variant, games, seed, tests, jobs or None, _ray_target(ray, ray_address),
                                  progress=lambda done, total: update(done, f"of {total}"), only=named,
                                  max_actions=max_actions)
    except InputError as exc:
        err.print(str(exc), markup=False)
        raise typer.Exit(1) from None
    except RulespecError as exc:
        _fail(exc)
    lines = list(mutation.render(report, verbose, examples=not suggest))
    if suggest:
        suggestions = mutation.suggest(report, jobs or None, _ray_target(ray, ray_address))
        lines[-1:-1] = mutation.render_suggestions(report, suggestions)
    for line in lines:
        out.print(line, markup=False)
    if report.count("surviving"):
        raise typer.Exit(1)





@app.command()
def match(variant: str = typer.Argument(..., help="A shipped variant's name or a spec file."),
          players: list[str] = typer.Argument(..., help="Two or more players: random, greedy, alphabeta:6, "
                                              "alphabeta:2s, mcts:200, mcts:2s."),
          games: int = typer.Option(100, "--games", "-n", min=1, max=MAX_GAMES, help="Games per pair of players (sides alternate)."),
          seed: int = typer.Option(0, help="Random seed (the same seed replays the same games)."),
          max_moves: int = typer.Option(1000, min=1, help="Moves after which a game is cut off (counted a draw)."),
          ray: bool = RayOpt,
          ray_address: str | None = RayAddressOpt,
          workers: int | None = typer.Option(None, min=1, max=256, help="Local worker processes (default: all cores)."),
          param: list[str] = ParamOpt) -> None:
    """Play players against each other: win/draw/loss with 95% intervals, and an Elo table for more than two."""
    from .analysis.match import match as run_match
    from .players import PlayerSpecError, make_player

    if len(players) < 2:
        raise typer.BadParameter("name at least two players")
    for spec in players:
        try:
            make_player(spec)
        except PlayerSpecError as exc:
            raise typer.BadParameter(str(exc), param_hint="PLAYERS") from None
    params = _params(param)
    _game(variant, params)
    pairs = len(players) * (len(players) - 1) // 2
    from .progress import progress

    with progress(f"{variant}: matches", pairs * games, unit="games") as update:
        pairings, ratings = run_match(variant, params, players, games, seed, max_moves, _ray_target(ray, ray_address),
                                      workers,
                                      progress=update)
    for p in pairings:
        out.print(p.line(), markup=False)
    if len(players) > 2:
        out.print()
        out.print("Elo (mean 1500):", markup=False)
        for name, rating in sorted(ratings.items(), key=lambda kv: -kv[1]):
            out.print(f"  {name:24} {rating:7.0f}", markup=False)


@app.command()
def solve(variant: str = typer.Argument(..., help="A shipped variant's name or a spec file."),
          memory: float = typer.Option(1000, help="Memory bound of the transposition table, in MB."),
          all_moves: bool = typer.Option(False, "--all-moves", help="The exact value of every first decision."),
          engine: str = typer.Option("auto", help="auto (the engine's solver where it covers the position), native, or python "
                              "(a search in Python over the engine's states)."),
          endgame: int = typer.Option(0, help="Native: keep exact values of positions with at most this many "
                                      "pieces on the pits (where no rule reads the stores; 0: none)."),
          param: list[str] = ParamOpt) -> None:
    """Solve a small instance exactly: the score margin under perfect play (South's view) and the best first moves."""
    import math

    from .progress import progress
    from .solve import solve as run_solve

    if not math.isfinite(memory) or memory <= 0:
        raise typer.BadParameter(f"a positive number of megabytes, not {memory:g}", param_hint="--memory")
    game = _game(variant, _params(param))
    with progress(f"solving {variant}", unit="positions searched") as update:
        def report(nodes: int, lower: int, upper: int) -> None:
            update(nodes, f"value {lower:+d}" if lower == upper else f"value between {lower:+d} and {upper:+d}")

        try:
            sol = run_solve(game, memory_mb=memory, all_moves=all_moves, progress=report, engine=engine,
                            endgame=endgame)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--engine") from None
    out.print(f"value: {sol.value_text()}", markup=False)
    out.print(f"best first moves: {', '.join(sol.best)}", markup=False)
    for move, value in sol.moves.items():
        out.print(f"  {move}: {'+' if value > 0 else ''}{value}", markup=False)
    out.print(f"{sol.nodes:,} positions searched in {sol.seconds:.1f} s ({sol.engine}); "
              f"table {sol.table_entries:,} entries"
              + (f", dropped its older half {sol.table_flushes} times (memory bound)" if sol.table_flushes else "")
              + ("; positions differing only in their stores shared entries" if sol.stores_shared else "")
              + (f"; endgame table (up to {sol.endgame_pieces} pieces on the pits): {sol.endgame_positions:,} positions"
                 if sol.endgame_pieces else ""),
              markup=False)
    if sol.caveat:
        out.print(f"note: {sol.caveat}", markup=False)


ANALYSIS_PLAYERS = "mcts:0.1s"
"""analyze's default players: a time-bounded search (greedy, the earlier default, loses every
game to it at Kalah and showed South losing a game South wins under best play)."""


@app.command()
def analyze(variants: list[str] = typer.Argument(..., help="A variant or spec file; two to compare them side by side."),
            param: list[str] = typer.Option(None, "--param", "-p", help="NAME=VALUE, NAME=LO..HI or NAME=A,B,C "
                                            "(repeatable): every combination is played."),
            players: str = typer.Option(ANALYSIS_PLAYERS, help="The players: one spec for both sides (mcts:200) "
                                        "or SOUTH,NORTH (alphabeta:4,random); the default searches a tenth "
                                        "of a second a decision."),
            games: int = typer.Option(100, "--games", "-n", min=1, max=MAX_GAMES, help="Games per parameter combination."),
            seed: int = typer.Option(0, help="Random seed (the same seed replays the same games)."),
            max_moves: int = typer.Option(1000, min=1, help="Moves after which a game is cut off (counted a draw)."),
            output: Path = typer.Option(Path("analysis"), "-o", "--output", metavar="DIR", help="Folder for the report and data."),
            ray: bool = RayOpt,
            ray_address: str | None = RayAddressOpt,
            workers: int | None = typer.Option(None, min=1, max=256, help="Local worker processes (default: all cores)."),
            pdf: bool = typer.Option(True, help="Also write report.pdf (needs the pdf extra).")) -> None:
    """Balance analysis: first-player win rate with 95% intervals, draws, lengths and rule
    frequencies over a parameter grid; writes an HTML and PDF report with plots, JSON and CSV."""
    import itertools

    from .analysis.analyze import GridError, analyze as run_analysis, parse_grid
    from .analysis.report import write_report
    from .players import PlayerSpecError, make_player

    if len(variants) > 2:
        raise typer.BadParameter("analyze one variant, or compare two")
    if output.exists() and not output.is_dir():
        raise typer.BadParameter(f"{output} is not a folder", param_hint="--output")
    require_extra("analysis", "matplotlib", "the analysis report's plots")
    if pdf and not has_extra("weasyprint"):
        err.print("report.pdf needs the pdf extra (pip install 'rulespec[pdf]'): writing the HTML report only",
                  markup=False)
        pdf = False
    sides = [s.strip() for s in players.split(",")]
    if len(sides) == 1:
        sides *= 2
    if len(sides) != 2:
        raise typer.BadParameter("give one player spec, or SOUTH,NORTH", param_hint="--players")
    for spec in sides:
        try:
            make_player(spec)
        except PlayerSpecError as exc:
            raise typer.BadParameter(str(exc), param_hint="--players") from None
    try:
        grid = parse_grid(param)
    except GridError as exc:
        raise typer.BadParameter(str(exc), param_hint="--param") from None
    for variant in variants:  # every combination must load: report errors before playing
        for values in itertools.product(*grid.values()):
            _game(variant, dict(zip(grid, values)))
    cells = 1
    for values in grid.values():
        cells *= len(values)
    from .players import describe_player
    from .progress import progress

    out.print(f"players: South {sides[0]} ({describe_player(sides[0])}), North {sides[1]} "
              f"({describe_player(sides[1])}); the rates describe the game as these players play it, "
              f"not under best play", markup=False)
    results = []
    for variant in variants:
        with progress(f"{variant}: {cells} parameter combination{'s' if cells > 1 else ''}", cells * games,
                      unit="games") as update:
            results.append(run_analysis(variant, grid, (sides[0], sides[1]), games, seed, max_moves,
                                        _ray_target(ray, ray_address), workers, progress=update))
    for a in results:
        for s in a.summaries():
            lo, hi = s["south_win_ci95"]
            where = ", ".join(f"{k}={v}" for k, v in s["params"].items() if k in a.grid) or "defaults"
            out.print(f"{variant_label(a.variant)} [{where}]: South wins {100 * s['south_win_rate']:.1f}% "
                      f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%), draws {100 * s['draw_rate']:.1f}%, "
                      f"mean length {s['mean_length']:.1f} moves, no legal move {s['no_legal_move']}, "
                      f"cut off {s['move_limit']}", markup=False)
    for path in write_report(results, output, pdf=pdf):
        if path.suffix in (".html", ".pdf", ".json"):
            out.print(f"wrote {path}", markup=False)


def variant_label(variant: str) -> str:
    return Path(variant).stem if variant.endswith((".yaml", ".yml")) else variant


def main() -> None:
    """The `rulespec` command. An input past one of the bounds (docs/limits.md) ends with a
    message and exit 1; running out of memory says so; any other failure is rulespec's own
    and is reported as an internal error to report (exit 2), never as a fault of the input."""
    try:
        app()
    except RulespecError as exc:
        err.print(f"error: {exc}", markup=False)
        sys.exit(1)
    except MemoryError:
        err.print("error: this machine ran out of memory (a smaller instance, or for `solve` a lower --memory, "
                  "may fit)", markup=False)
        sys.exit(1)
    except BrokenPipeError:  # `rulespec list | head -1`: the reader has all it wanted
        _quiet_stdout()
        sys.exit(1)
    except OSError as exc:  # a full disk, a folder where a file was to go
        _quiet_stdout()
        where = f" ({exc.filename})" if exc.filename else ""
        err.print(f"error: cannot read or write{where}: {exc.strerror or exc}", markup=False)
        sys.exit(1)
    except Exception as exc:  # noqa: BLE001 - a bug: say so rather than blame the input
        _internal_error(exc)
        sys.exit(2)


def _internal_error(exc: BaseException) -> None:
    """An internal failure: what it was, where, and a request to report it."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    err.print(f"internal error: {type(exc).__name__}{where}: {exc}", markup=False)
    err.print("this is a bug in rulespec, not in your input: please report it with the command you ran",
              markup=False)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that Python's last flush of output that could not be
    written (a full disk, a closed pipe) prints no second error."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    main()


for _info in app.registered_commands:  # every command labels its values (LabelledCommand)
    _info.cls = LabelledCommand
