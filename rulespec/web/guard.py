"""What the web app refuses before any page runs: requests another site makes through the
visitor's browser, and bodies larger than any spec or record.

The app listens on 127.0.0.1, yet a page on any site can make the visitor's browser post to
it (cross-site request forgery), and a site whose name its owner points at 127.0.0.1 can
read its answers (DNS rebinding). So the `Host:` header must name the bound address
(Starlette's TrustedHostMiddleware), a request that changes anything must come from the
app's own pages (its `Origin:` is the app's, and it carries the server's form token), and a
body is cut off past MAX_REQUEST_BYTES.
"""
from __future__ import annotations

import hmac
import secrets
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse

from ..limits import MAX_REQUEST_BYTES

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
"""The names the app answers to: the address it binds, as a browser on the same machine writes it."""
TOKEN_FIELD = "csrf_token"
TOKEN_HEADER = "x-csrf-token"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def new_token() -> str:
    """The server's form token: made at start, written into its pages, unreadable by other sites."""
    return secrets.token_urlsafe(24)


def check_token(request: Request, form: Any = None) -> None:
    """Raise 403 unless the request carries the server's token (a header from the page's
    script, or the hidden field of a form)."""
    given = request.headers.get(TOKEN_HEADER) or (form.get(TOKEN_FIELD) if form is not None else None)
    if not isinstance(given, str) or not hmac.compare_digest(given, request.app.state.csrf_token):
        raise HTTPException(403, "this request did not come from this app's own page (reload the page)")


class SameOriginAndBoundedBody:
    """ASGI middleware: refuses a request that changes state from another site's page (its
    Origin is not this server), and cuts off a body past MAX_REQUEST_BYTES (413)."""

    def __init__(self, app: Any, limit: int = MAX_REQUEST_BYTES):
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if scope["method"] not in SAFE_METHODS and not same_origin(headers):
            await PlainTextResponse("cross-site requests are refused", 403)(scope, receive, send)
            return
        length = headers.get("content-length", "")
        if length and (not length.isdigit() or int(length[:20]) > self.limit):
            await PlainTextResponse(f"a request body may have at most {self.limit} bytes", 413)(scope, receive, send)
            return
        await self.app(scope, self._bounded(receive), send)

    def _bounded(self, receive: Any) -> Any:
        seen = 0

        async def bounded() -> dict[str, Any]:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise HTTPException(413, f"a request body may have at most {self.limit} bytes")
            return message

        return bounded


def same_origin(headers: Headers) -> bool:
    """True when the request names no other site: no Origin header (not a browser's
    cross-site request), or one whose host and port are the Host the request was sent to."""
    origin = headers.get("origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    return bool(parts.netloc) and parts.netloc == headers.get("host", "")
