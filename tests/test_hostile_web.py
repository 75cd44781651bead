"""The web app as a hostile client uses it (hostile input, round 2): other sites' requests,
foreign Host names, uploads that extend other files, oversized and malformed bodies, many
uploads, concurrent moves on one game, long records; after each, the next visitor's pages
still answer 200."""
from __future__ import annotations

import json
import threading
import time
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import httpx  # noqa: E402

import rulespec  # noqa: E402
from rulespec.limits import MAX_RECORD_MOVES, MAX_REQUEST_BYTES  # noqa: E402
from rulespec.records import format_record  # noqa: E402
from rulespec.web import create_app  # noqa: E402
from rulespec.web import sessions  # noqa: E402

BASE = "http://127.0.0.1:8000"


def make_client(app, **headers):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
        from starlette.testclient import TestClient

        return TestClient(app, base_url=BASE, headers=headers)


@pytest.fixture
def app():
    return create_app()


@pytest.fixture
def client(app):
    with make_client(app, **{"X-CSRF-Token": app.state.csrf_token}) as c:
        yield c


def still_serving(client) -> None:
    for url in ("/", "/replay", "/v/oware", "/v/oware/book"):
        assert client.get(url).status_code == 200, url


def new_game(client, variant="oware", south="human", north="human") -> str:
    r = client.post(f"/v/{variant}/play", data={"south": south, "north": north}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[1]


# --- other sites -------------------------------------------------------------------------------

@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "10.0.0.1"])
def test_a_foreign_host_name_is_refused(app, host):
    """DNS rebinding: a site whose name points at 127.0.0.1 may not read the app's pages."""
    with make_client(app) as c:
        assert c.get("/", headers={"host": host}).status_code == 400
        assert c.get("/", headers={"host": "localhost:8000"}).status_code == 200


def test_a_post_from_another_sites_page_is_refused(app, client):
    sid = new_game(client)
    for origin in ("http://evil.example", "null", "http://127.0.0.1:9999"):
        r = client.post(f"/api/play/{sid}/click", json={"slot": 2}, headers={"origin": origin})
        assert r.status_code == 403, origin
        r = client.post("/upload", data={"spec_text": "name: X\n"}, headers={"origin": origin})
        assert r.status_code == 403
    assert client.get(f"/api/play/{sid}").json()["moves"] == []
    ok = client.post(f"/api/play/{sid}/click", json={"slot": 2}, headers={"origin": BASE})
    assert ok.status_code == 200 and len(ok.json()["moves"]) == 1


def test_changes_need_the_pages_token(app):
    with make_client(app) as c:  # a client that never saw the page's token
        assert c.post("/v/oware/play", data={"south": "human", "north": "human"}).status_code == 403
        assert c.post("/upload", data={"spec_text": "name: X\n"}).status_code == 403
        assert c.post("/replay", data={"record_text": "Variant: oware\n1: C\n"}).status_code == 403
        assert c.post("/v/oware/play", data={"south": "human", "north": "human", "csrf_token": "guess"}
                      ).status_code == 403
        page = c.get("/v/oware").text
        token = page.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
        assert token == app.state.csrf_token and f'<meta name="csrf-token" content="{token}">' in page
        r = c.post("/v/oware/play", data={"south": "human", "north": "human", "csrf_token": token},
                   follow_redirects=False)
        assert r.status_code == 303
        sid = r.headers["location"].rsplit("/", 1)[1]
        assert c.post(f"/api/play/{sid}/click", json={"slot": 2}).status_code == 403
        assert c.post(f"/api/play/{sid}/click", json={"slot": 2}, headers={"X-CSRF-Token": token}).status_code == 200


# --- uploads -----------------------------------------------------------------------------------

@pytest.mark.parametrize("parent", ["/etc/passwd", "/proc/self/environ", "../../../../etc/passwd", "/dev/zero",
                                    "pyproject.toml", "README.md", "rulespec/limits.py", "tests/conftest.py",
                                    "variants/oware.yaml", "no-such-file.yaml", "oware.yaml"])
def test_an_upload_may_extend_shipped_variants_only(client, parent):
    """Every file, existing or not, gets the same answer: nothing is read, nothing leaks."""
    r = client.post("/upload", data={"spec_text": f"name: Child\nextends: {parent}\n"})
    assert r.status_code == 422
    assert "root:" not in r.text and "PATH=" not in r.text and "[project]" not in r.text
    if parent.endswith(".yaml"):
        assert "may extend shipped variants only" in r.text
    still_serving(client)


def test_an_upload_extending_a_shipped_variant_plays(client):
    r = client.post("/upload", data={"spec_text": "name: Small Oware\nextends: oware\nboard: {pits: 4}\n"},
                    follow_redirects=False)
    assert r.status_code == 303
    key = r.headers["location"].rsplit("/", 1)[1]
    assert key.startswith("upload-") and len(key) > 15  # random, not upload-1
    assert "Small Oware" in client.get("/").text and client.get(f"/v/{key}").status_code == 200


@pytest.mark.parametrize("text, status", [
    ("name: x\nboard:\n" + "- " * 30000 + "x\n", 422),
    ("name: x\na: &a \"" + "y" * 8000 + "\"\nb: [" + ", ".join(["*a"] * 30000) + "]\n", 422),
    ('name: "\\ud800"\nboard: {ranks: 2, pits: 6}\n', 422),
    ("name: !!binary aGVsbG8=\n", 422),
])
def test_a_hostile_upload_is_refused_and_the_server_lives(client, text, status):
    r = client.post("/upload", data={"spec_text": text})
    assert r.status_code == status
    still_serving(client)


def test_uploads_are_capped_and_expire(client, monkeypatch):
    monkeypatch.setattr(sessions, "MAX_UPLOADS", 3)
    keys = []
    for i in range(5):
        r = client.post("/upload", data={"spec_text": f"name: Copy {i}\nextends: kalah\n"}, follow_redirects=False)
        keys.append(r.headers["location"].rsplit("/", 1)[1])
    assert len(set(keys)) == 5
    assert [client.get(f"/v/{k}").status_code for k in keys] == [404, 404, 200, 200, 200]
    now = time.monotonic()
    monkeypatch.setattr(sessions.time, "monotonic", lambda: now + sessions.UPLOAD_SECONDS + 1)
    assert client.get(f"/v/{keys[-1]}").status_code == 404
    assert "Copy 4" not in client.get("/").text


# --- bodies and numbers ------------------------------------------------------------------------

def test_an_oversized_body_is_refused_before_it_is_read(client):
    r = client.post("/upload", content=b"x" * (MAX_REQUEST_BYTES + 1),
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413

    def chunks():  # no Content-Length: counted as it arrives
        for _ in range(MAX_REQUEST_BYTES // 65536 + 2):
            yield b"spec_text=" + b"x" * 65536

    r = client.post("/upload", content=chunks(), headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413
    still_serving(client)


@pytest.mark.parametrize("body", [b'{"slot": 1e400}', b'{"slot": Infinity}', b'{"slot": NaN}', b'{"slot": true}',
                                  b'{"slot": 1.5}', b'{"slot": "2"}', b"[" * 100000 + b"]" * 100000,
                                  b'{"slot": ' + b"9" * 5000 + b"}", b"[]", b"\xff"])
def test_malformed_json_is_a_400(client, body):
    sid = new_game(client)
    r = client.post(f"/api/play/{sid}/click", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert client.get(f"/api/play/{sid}").json()["moves"] == []


@pytest.mark.parametrize("url", ["/api/replay/RID/0?from=abc", "/api/replay/RID/99999999999999999999999",
                                 "/api/replay/RID/1?from=" + "9" * 5000, "/v/oware/examples/99999999999999999999",
                                 "/v/no-such-variant", "/play/nope", "/api/play/nope"])
def test_odd_numbers_in_paths_and_queries_answer(client, url):
    r = client.post("/replay", data={"record_text": "Variant: oware\n1: C c\n"}, follow_redirects=False)
    rid = r.headers["location"].rsplit("/", 1)[1]
    assert client.get(url.replace("RID", rid)).status_code in (200, 404)


def test_parameters_that_are_not_numbers_are_explained(client):
    for value in ("²", "9" * 5000, "1e400"):
        r = client.post("/v/oware/play", data={"south": "human", "north": "human", "param_pits": value})
        assert r.status_code == 400 and "expected a whole number" in r.text and len(r.text) < 5000


# --- replays -----------------------------------------------------------------------------------

def long_record(moves: int) -> tuple[str, object]:
    """A record of random play in Kalah (games joined until `moves`), and its last state."""
    import random

    game = rulespec.load("kalah")
    rng = random.Random(3)
    written: list[str] = []
    st = game.new_initial_state()
    while not st.is_terminal() and len(written) < moves:
        st.apply_action(rng.choice(st.legal_actions()))
        written.append(st.move_to_string(suffix=False) if st.current_player() != -4 else "")
    return format_record(game, [w for w in written if w], {"Variant": "kalah"}), st


def test_a_replay_keeps_moves_not_positions(client):
    """Memory linear in the record: the replay holds the moves, one start and one position."""
    from rulespec.records import parse_record, replay

    text, _ = long_record(200)
    game = rulespec.load("kalah")
    rep = sessions.replay_record(game, text, "long.txt")
    assert rep.error is None and rep.count == len(parse_record(text).moves) + 1
    def holds_states(value) -> bool:
        return hasattr(value, "apply_action") or (
            isinstance(value, (list, tuple)) and any(hasattr(v, "apply_action") for v in value))

    assert sorted(k for k, v in vars(rep).items() if holds_states(v)) == ["start"]
    rep.position(5)
    assert sorted(k for k, v in vars(rep).items() if holds_states(v)) == ["shown", "start"]
    last = rep.position(rep.count - 1)
    assert last.snapshot() == replay(game, parse_record(text))[0].snapshot()
    assert rep.position(3).snapshot() != last.snapshot()
    view = rep.view(5, 4)
    assert view["index"] == 5 and view["frames"]


def test_a_record_past_the_cap_is_refused_at_the_move_that_crosses_it(client):
    text = "Variant: oware\n" + "".join(f"{i}: A a\n" for i in range(1, MAX_RECORD_MOVES // 2 + 2))
    r = client.post("/replay", data={"record_text": text})
    assert r.status_code == 422 and f"at most {MAX_RECORD_MOVES} moves" in r.text
    still_serving(client)


# --- concurrency, on a real server -------------------------------------------------------------

@pytest.fixture
def live_server():
    from live_server import serving

    app = create_app()
    with serving(app) as url:
        yield url, app.state.csrf_token


def test_concurrent_computer_moves_on_one_game_are_played_in_turn(live_server):
    """Six moves asked at once of a search that thinks half a second: unlocked, several
    searched the same position and answered 400."""
    base, token = live_server
    headers = {"X-CSRF-Token": token}
    with httpx.Client(base_url=base, headers=headers, timeout=60) as c:
        r = c.post("/v/kalah/play", data={"south": "medium", "north": "medium"})
        sid = r.headers["location"].rsplit("/", 1)[1]
    answers: list[int] = []

    def ask() -> None:
        with httpx.Client(base_url=base, headers=headers, timeout=60) as c:
            answers.append(c.post(f"/api/play/{sid}/computer").status_code)

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [200] * 6
    with httpx.Client(base_url=base, timeout=60) as c:
        moves = c.get(f"/api/play/{sid}").json()["moves"]
    assert 1 <= len(moves) <= 6
    record = format_record(rulespec.load("kalah"), [m.split(": ", 1)[1] for m in moves], {"Variant": "kalah"})
    from rulespec.records import parse_record, replay

    replay(rulespec.load("kalah"), parse_record(record))  # every move was legal where it was played


def test_the_body_of_a_json_request_is_not_trusted_for_its_type(live_server):
    base, token = live_server
    with httpx.Client(base_url=base, headers={"X-CSRF-Token": token}, timeout=60) as c:
        sid = c.post("/v/oware/play", data={"south": "human", "north": "human"}).headers["location"].rsplit("/", 1)[1]
        r = c.post(f"/api/play/{sid}/click", content=json.dumps({"slot": 2}), headers={"content-type": "text/plain"})
        assert r.status_code == 200
        assert c.get("/").status_code == 200
