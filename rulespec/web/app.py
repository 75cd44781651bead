"""The web app: pick a variant or upload a spec, read its rulebook, play it, replay a record,
step through worked examples. Starlette, server-rendered Jinja pages, a little vanilla JS.

Everything a spec says reaches the page through Jinja's autoescaping or the DOM's textContent;
the board SVG escapes its own text (rulespec/book/diagram.py). A Content-Security-Policy forbids
inline scripts, so markup smuggled into a spec cannot run. Requests from other sites, foreign
Host names and oversized bodies are refused before any page runs (guard.py).
"""
from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from ..errors import RulespecError, SpecError
from ..inputs import InputError, TooLarge, from_bytes
from ..limits import MAX_FILE_BYTES
from ..players.levels import DEFAULT_LEVEL
from .guard import LOCAL_HOSTS, SameOriginAndBoundedBody, check_token, new_token
from .sessions import (HUMAN, Library, Play, Store, check_player, legend, players, replay_example,
                       replay_record)

HERE = Path(__file__).parent
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
BOOK_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'"


class SecurityHeaders:
    """ASGI middleware: the Content-Security-Policy (unless a page set its own) and the other
    headers every answer carries."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("Content-Security-Policy", CSP)
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "same-origin"  # "no-referrer" makes a form post say Origin: null
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(hosts: tuple[str, ...] = LOCAL_HOSTS) -> Starlette:
    """The app, answering to the `Host:` names `hosts` only (the bound address)."""
    token = new_token()
    templates = Jinja2Templates(directory=str(HERE / "templates"),
                                context_processors=[lambda request: {"csrf_token": token}])
    library = Library()
    plays: Store = Store()
    replays: Store = Store()

    def page(request: Request, name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
        return templates.TemplateResponse(request, name, context, status_code=status_code)

    def game_of(key: str, params: dict[str, Any] | None = None) -> Any:
        try:
            return library.load(key, **(params or {}))
        except KeyError:
            raise HTTPException(404, f"no variant {key!r}") from None

    def spec_name(key: str) -> str:
        return library.listing(key)[0]

    async def index(request: Request) -> HTMLResponse:
        variants = []
        for key in library.keys():
            try:
                name, summary = library.listing(key)
            except KeyError:  # an upload that expired meanwhile
                continue
            variants.append({"key": key, "name": name, "summary": summary, "uploaded": key in library.uploads})
        return page(request, "index.html", variants=variants)

    async def upload(request: Request) -> Response:
        form = await request.form(max_part_size=4 * MAX_FILE_BYTES)
        check_token(request, form)
        try:
            text, filename = await _text_field(form, "spec", "spec_text", "my-game.yaml", "spec")
        except InputError as exc:
            p = exc.problem
            return page(request, "upload_errors.html", 413 if isinstance(exc, TooLarge) else 422, filename=p.path,
                        problems=[{"where": f"{p.path}:{p.line}:{p.col}", "message": p.message, "source": "",
                                   "caret": ""}])
        if text is None:
            return page(request, "upload_errors.html", 400, filename="", problems=[
                {"where": "", "message": "choose a YAML file or paste a spec", "source": "", "caret": ""}])
        from ..loader import load_spec_text

        try:
            load_spec_text(text, filename)  # no folder: an upload extends shipped variants only
        except SpecError as exc:
            lines = text.splitlines()
            problems = [{"where": f"{p.path}:{p.line}:{p.col}", "message": p.message,
                         "source": lines[p.line - 1] if p.path == filename and 1 <= p.line <= len(lines) else "",
                         "caret": " " * max(0, p.col - 1) + "^"} for p in exc.problems]
            return page(request, "upload_errors.html", 422, filename=filename, problems=problems)
        except RulespecError as exc:
            return page(request, "upload_errors.html", 422, filename=filename,
                        problems=[{"where": filename, "message": str(exc), "source": "", "caret": ""}])
        key = library.add(filename, text)
        return RedirectResponse(f"/v/{key}", status_code=303)

    async def variant(request: Request) -> HTMLResponse:
        key = request.path_params["key"]
        game = game_of(key)
        from ..book.diagram import board_svg
        from ..examples import check_examples

        problems = [str(p) for p in check_examples(game)] if key in library.uploads else []
        params = [{"name": n, "doc": p.doc, "default": p.default, "choices": p.choices, "min": p.min,
                   "max": p.max, "kind": "bool" if isinstance(p.default, bool) else
                   "choice" if p.choices else "int" if isinstance(p.default, int) else "text"}
                  for n, p in game.spec.parameters.items()]
        return page(request, "variant.html", key=key, game=game, spec=game.spec, params=params,
                    legend=legend(game)[1:],
                    board=board_svg(game.new_initial_state()), players=players(), problems=problems,
                    default_opponent=DEFAULT_LEVEL,
                    examples=[e.caption for e in game.spec.examples])

    async def book(request: Request) -> HTMLResponse:
        from ..book import render_book, to_html

        key = request.path_params["key"]
        game = game_of(key)
        html = to_html(render_book(game))
        back = (f'<p style="font: 14px sans-serif; margin: 0 0 1em"><a href="/v/{escape(key)}">'
                f'&larr; {escape(game.name)}: play, examples</a></p>')
        html = re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + back, html, count=1)
        response = HTMLResponse(html)
        response.headers["Content-Security-Policy"] = BOOK_CSP
        return response

    async def new_play(request: Request) -> Response:
        key = request.path_params["key"]
        form = await request.form(max_part_size=4 * MAX_FILE_BYTES)
        check_token(request, form)
        base = game_of(key)
        params: dict[str, Any] = {}
        for name, p in base.spec.parameters.items():
            raw = form.get(f"param_{name}")
            if isinstance(p.default, bool):
                params[name] = raw is not None
            elif isinstance(raw, str) and raw:
                params[name] = p.parse(raw)
        seats = [str(form.get("south", HUMAN)), str(form.get("north", DEFAULT_LEVEL))]
        try:
            for seat in seats:
                check_player(seat)
        except ValueError as exc:
            return page(request, "message.html", 400, title="No such player", message=str(exc), back=f"/v/{key}")
        try:
            game = library.load(key, **params)
        except RulespecError as exc:
            return page(request, "message.html", 400, title="Those parameters do not work", message=str(exc),
                        back=f"/v/{key}")
        play = Play(game, seats, variant=key, params=params)
        try:
            record = await _record_field(form)
        except InputError as exc:
            return page(request, "message.html", 413 if isinstance(exc, TooLarge) else 422,
                        title="That record cannot be read", message=str(exc), back=f"/v/{key}")
        if record is not None:
            text, filename = record
            try:
                stopped = play.go_on_from(text, filename)
            except RulespecError as exc:
                stopped = str(exc)
            if stopped:
                return page(request, "message.html", 422, title="That record cannot be continued",
                            message=stopped, back=f"/v/{key}")
        sid = plays.add(play)
        return RedirectResponse(f"/play/{sid}", status_code=303)

    def play_of(request: Request) -> Play:
        sid = request.path_params["sid"]
        if sid not in plays:
            raise HTTPException(404, "no such game (the server keeps games in memory only)")
        return plays[sid]

    async def play_page(request: Request) -> HTMLResponse:
        play = play_of(request)
        seats = [s if s != HUMAN else "you" for s in play.seats]
        return page(request, "play.html", sid=request.path_params["sid"], game=play.game, seats=seats,
                    legend=legend(play.game),
                    both_human=play.seats == [HUMAN, HUMAN])

    async def api_play(request: Request) -> JSONResponse:
        play = play_of(request)
        verb = request.path_params.get("verb")
        if verb is None:
            return JSONResponse(play.view())
        check_token(request)
        try:
            body = _json_object(await request.body()) if verb in ("click", "choose") else {}
            if verb == "click":
                slot = _int_field(body, "slot")
                return JSONResponse(await run_in_threadpool(_locked, play, play.click, slot))
            if verb == "choose":
                action = _int_field(body, "action")
                return JSONResponse(await run_in_threadpool(_locked, play, play.choose, action))
            if verb == "computer":
                # A computer player thinks for up to a second or so: off the event loop.
                return JSONResponse(await run_in_threadpool(_locked, play, _computer_move, play))
            if verb in ("undo", "hint", "resign"):
                return JSONResponse(await run_in_threadpool(_locked, play, getattr(play, verb)))
        except ValueError as exc:
            return JSONResponse(play.view(message=f"could not read that request: {exc}"), status_code=400)
        raise HTTPException(404)

    async def saved_record(request: Request) -> Response:
        """The game so far as a record file, to download (and to continue from later)."""
        play = play_of(request)
        text = await run_in_threadpool(_locked, play, play.record)
        name = re.sub(r"[^A-Za-z0-9-]", "", play.variant)[:40] or "game"
        return Response(text, media_type="text/plain; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}-game.txt"'})

    async def replay_form(request: Request) -> HTMLResponse:
        return page(request, "replay_form.html", variants=[(k, spec_name(k)) for k in library.keys()])

    async def new_replay(request: Request) -> Response:
        form = await request.form(max_part_size=4 * MAX_FILE_BYTES)
        check_token(request, form)
        choices = [(k, spec_name(k)) for k in library.keys()]
        try:
            text, filename = await _text_field(form, "record", "record_text", "record.txt", "record")
        except InputError as exc:
            return page(request, "replay_form.html", 413 if isinstance(exc, TooLarge) else 422,
                        variants=choices, error=str(exc))
        if text is None:
            return page(request, "replay_form.html", 400, variants=choices, error="choose a record file or paste one")
        from ..records import RecordError, parse_record

        try:
            header = parse_record(text, filename).header
        except RecordError as exc:
            return page(request, "replay_form.html", 422, variants=choices, error=str(exc), text=text)
        key = str(form.get("variant") or "") or header.get("Variant") or header.get("Game") or ""
        if key not in library.keys():
            return page(request, "replay_form.html", 422, variants=choices, text=text,
                        error=f"{filename}: say which game it is: a 'Variant: NAME' header naming a shipped "
                              f"variant, or pick one here" + (f" ({key!r} is not one)" if key else ""))
        replay = replay_record(game_of(key), text, filename)
        rid = replays.add(replay)
        return RedirectResponse(f"/replay/{rid}", status_code=303)

    async def examples(request: Request) -> Response:
        key = request.path_params["key"]
        game = game_of(key)
        index = int(request.path_params.get("index", 0))
        if not game.spec.examples:
            return page(request, "message.html", 404, title="No worked examples",
                        message=f"{game.name} has no worked examples.", back=f"/v/{key}")
        if not 0 <= index < len(game.spec.examples):
            raise HTTPException(404, "no such example")
        rid = replays.add(replay_example(game, index))
        return page(request, "replay.html", rid=rid, replay=replays[rid], game=game, key=key, legend=legend(game),
                    examples=[e.caption for e in game.spec.examples], example=index)

    async def replay_page(request: Request) -> HTMLResponse:
        rid = request.path_params["rid"]
        if rid not in replays:
            raise HTTPException(404, "no such replay (the server keeps replays in memory only)")
        replay = replays[rid]
        return page(request, "replay.html", rid=rid, replay=replay, game=replay.game, key=None,
                    legend=legend(replay.game),
                    examples=[], example=None)

    async def api_replay(request: Request) -> JSONResponse:
        rid = request.path_params["rid"]
        if rid not in replays:
            raise HTTPException(404, "no such replay")
        came = request.query_params.get("from", "")
        index = int(request.path_params["index"])
        came_from = int(came) if came.isdigit() and len(came) < 10 else None
        return JSONResponse(replays[rid].view(index, came_from))

    async def http_error(request: Request, exc: HTTPException) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": exc.detail}, status_code=exc.status_code)
        return page(request, "message.html", exc.status_code, title="Not here", message=str(exc.detail), back="/")

    routes = [
        Route("/", index),
        Route("/upload", upload, methods=["POST"]),
        Route("/v/{key}", variant),
        Route("/v/{key}/book", book),
        Route("/v/{key}/play", new_play, methods=["POST"]),
        Route("/v/{key}/examples", examples),
        Route("/v/{key}/examples/{index:int}", examples),
        Route("/play/{sid}", play_page),
        Route("/play/{sid}/record", saved_record),
        Route("/api/play/{sid}", api_play),
        Route("/api/play/{sid}/{verb}", api_play, methods=["POST"]),
        Route("/replay", replay_form),
        Route("/replay", new_replay, methods=["POST"]),
        Route("/replay/{rid}", replay_page),
        Route("/api/replay/{rid}/{index:int}", api_replay),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error},
                    middleware=[Middleware(SecurityHeaders), Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts)),
                                Middleware(SameOriginAndBoundedBody)])
    app.state.csrf_token = token
    app.state.library = library
    return app


def _locked(play: Play, action: Any, *args: Any) -> Any:
    """`action(*args)` while no other request changes the same game."""
    with play.lock:
        return action(*args)


def _computer_move(play: Play) -> dict[str, Any]:
    """The computer's move, if it is its turn (another request may have played it already)."""
    if play.over() or play.human_to_move():
        return play.view()
    return play.view(play.computer())


def _json_object(body: bytes) -> dict[str, Any]:
    """A request's JSON object; ValueError for anything else (NaN, Infinity, nesting that
    would recurse past Python's limit)."""
    def refuse(constant: str) -> Any:
        raise ValueError(f"{constant} is not a number here")

    try:
        data = json.loads(body or b"{}", parse_constant=refuse)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object")
    return data


def _int_field(body: dict[str, Any], name: str) -> int:
    """A whole number field of a request (not a bool, not a float, within 32 bits)."""
    value = body.get(name)
    if type(value) is not int or not -2**31 <= value < 2**31:
        raise ValueError(f"{name!r} must be a whole number")
    return value


async def _record_field(form: Any) -> tuple[str, str] | None:
    """A saved game to go on from, if the form has one (InputError as for any record)."""
    text, filename = await _text_field(form, "record", "record_text", "saved-game.txt", "record")
    return None if text is None else (text, filename)


async def _text_field(form: Any, file_field: str, text_field: str, default_name: str,
                      what: str) -> tuple[str | None, str]:
    """The text of an uploaded file or a pasted one, and its name; InputError as for a file
    (rulespec/inputs.py): more than MAX_FILE_BYTES, not UTF-8, or binary."""
    upload = form.get(file_field)
    if upload is not None and hasattr(upload, "read"):
        data = await upload.read(MAX_FILE_BYTES + 1)
        if data:
            name = Path(upload.filename or default_name).name
            return from_bytes(data, name, what), name
    text = form.get(text_field)
    if isinstance(text, str) and text.strip():
        return from_bytes(text.encode("utf-8", errors="replace"), default_name, what), default_name
    return None, default_name


def serve(port: int = 8000) -> None:
    """Run the app on 127.0.0.1:port until interrupted."""
    import uvicorn

    uvicorn.run(create_app(), host="127.0.0.1", port=port, log_level="warning",
                limit_concurrency=64, h11_max_incomplete_event_size=64 * 1024)
