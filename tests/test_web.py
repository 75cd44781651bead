"""The web app without a browser: pages, the play and replay APIs, the questions asked in the
game's own words, explanations of illegal clicks, and escaping of what a stranger's spec says."""
from __future__ import annotations

import random
import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import rulespec  # noqa: E402
from rulespec.web import create_app, wording  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def client():
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
        from starlette.testclient import TestClient

        app = create_app()
        with TestClient(app, base_url="http://127.0.0.1:8000",
                        headers={"X-CSRF-Token": app.state.csrf_token}) as c:
            yield c


def new_game(client, variant: str, south: str = "human", north: str = "human", **params) -> str:
    data = {"south": south, "north": north, **{f"param_{k}": str(v) for k, v in params.items()}}
    r = client.post(f"/v/{variant}/play", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[1]


def first_request(variant: str, kind: str, seed: int = 2):
    """A state of `variant` asking a decision of `kind`, reached by seeded random play."""
    game = rulespec.load(variant)
    rng = random.Random(seed)
    for _ in range(50):
        st = game.new_initial_state()
        while not st.is_terminal():
            request = st.pending_request()
            if request is not None and request.kind == kind:
                return st
            st.apply_action(rng.choice(st.legal_actions()))
    raise AssertionError(f"{variant} never asked a {kind} decision")


def test_pages_answer_and_carry_a_content_security_policy(client):
    for url in ["/", "/v/oware", "/replay", "/v/kiothi/examples", "/v/bao-la-kiswahili/examples/1"]:
        r = client.get(url)
        assert r.status_code == 200, url
        assert "script-src 'self'" in r.headers["content-security-policy"]
    book = client.get("/v/oware/book")
    assert book.status_code == 200 and "Oware" in book.text
    assert '<a href="/v/oware">&larr; Oware: play, examples</a>' in book.text
    assert book.headers["content-security-policy"].startswith("default-src 'none'")  # no script at all


def test_only_known_variants_are_loaded_never_a_path(client):
    for key in ["nope", "..%2F..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "variants%2Foware.yaml"]:
        assert client.get(f"/v/{key}").status_code == 404
    assert client.get("/api/play/unknown").status_code == 404
    assert client.get("/api/play/unknown").json() == {"error": "no such game (the server keeps games in memory only)"}


def test_a_game_against_the_computer_through_the_api(client):
    sid = new_game(client, "oware", "human", "easy")
    view = client.get(f"/api/play/{sid}").json()
    assert view["human"] and view["clickable"] == list(range(6))
    assert view["question"] == "South: click one of your houses ringed in green to sow from it."
    view = client.post(f"/api/play/{sid}/click", json={"slot": 8}).json()
    assert view["message"] == "c is not South's house: South moves from their own houses (A, B, C, D, E, F)."
    assert view["moves"] == []
    view = client.post(f"/api/play/{sid}/click", json={"slot": 2}).json()
    assert view["moves"] == ["South: C"] and view["computer"] == "easy" and not view["human"]
    assert len(view["frames"]) == 6  # C emptied, D E F a sown, then the whole board
    view = client.post(f"/api/play/{sid}/computer").json()
    assert len(view["moves"]) == 2 and view["moves"][1].startswith("North: ") and view["human"]
    assert client.post(f"/api/play/{sid}/choose", json={"action": 99}).json()["message"] == \
        "That choice is not open now."
    assert client.post(f"/api/play/{sid}/click", json={}).status_code == 400
    # a body that is not JSON is a request the page cannot read (once a server error)
    assert client.post(f"/api/play/{sid}/click", content=b"{not json").status_code == 400
    assert client.post(f"/api/play/{sid}/choose", json={"action": 10**30}).status_code == 400


def test_the_projects_search_players_are_offered_and_play(client):
    page = client.get("/v/oware").text
    for spec in ["easy", "medium", "hard", "random"]:
        assert f'<option value="{spec}"' in page
    sid = new_game(client, "bao-la-kiswahili", "easy", "random")
    for _ in range(4):
        view = client.post(f"/api/play/{sid}/computer").json()
    assert [m.split(":")[0] for m in view["moves"]] == ["South", "North", "South", "North"]
    assert not view["human"] and view["computer"] == "easy"


@pytest.mark.parametrize("player", ["alphabeta:100000", "mcts:1e9s", "mcts:nans", "alphabeta:6", "mcts:10"])
def test_only_the_menus_bounded_players_are_taken(client, player):
    """A visitor cannot make the server think for hours: the menu's players only."""
    r = client.post("/v/oware/play", data={"south": "human", "north": player})
    assert r.status_code == 400 and "is not offered here" in r.text


def test_parameters_from_the_form_reach_the_game_and_bad_ones_are_explained(client):
    sid = new_game(client, "oware", pits=5, seeds=3)
    assert client.get(f"/api/play/{sid}").json()["clickable"] == [0, 1, 2, 3, 4]
    r = client.post("/v/oware/play", data={"south": "human", "north": "human", "param_pits": "99"})
    assert r.status_code == 400 and "above the maximum" in r.text
    r = client.post("/v/oware/play", data={"south": "nobody", "north": "human"})
    assert r.status_code == 400 and "is not offered here" in r.text


def test_bao_decisions_are_asked_in_the_games_words(client):
    sid = new_game(client, "bao-la-kiswahili")
    geo = rulespec.load("bao-la-kiswahili").geo
    view = client.post(f"/api/play/{sid}/click", json={"slot": geo.relative[0]["A6"]}).json()
    assert view["question"] == "Which way do you sow from A6? You hold 1 seed."  # the stock seed
    assert [o["words"] for o in view["options"]] == ["< to your left, towards A5", "> to your right, towards A7"]
    view = client.post(f"/api/play/{sid}/choose", json={"action": view["options"][1]["action"]}).json()
    assert view["moves"] == ["South: A6>"] and view["status"].startswith("North to move")

    entry = wording.question(first_request("bao-la-kiswahili", "entry"))
    assert entry.text.startswith("Sow the captured seeds from which kichwa (head)?")
    assert sorted(o.words.split(" from ")[1] for o in entry.options)[0].startswith("kichwa ")
    relay = wording.question(first_request("bao-la-kiswahili", "relay"))
    assert relay.text == "Your sowing ended in the nyumba (house). Play the nyumba (sow on from it), or stop?"
    assert [o.words for o in relay.options] == ["+ play the nyumba", "− stop here"]


def test_bead_order_and_which_gem_are_asked_in_the_glass_bead_games_words():
    piece = wording.question(first_request("glass-bead-game", "piece"))
    assert piece.text.startswith("Which bead do you drop next? In your hand: ")
    assert any(o.words == "stone (0)" for o in piece.options)
    pick = wording.question(first_request("glass-bead-game", "pick"))
    assert pick.text == "Which bead do you take?"
    assert all(re.fullmatch(r"the gem[1-5] in (\w+|cup)", o.words) for o in pick.options)


def test_kiothi_placements_and_extra_pits_are_asked_with_its_terms():
    place = wording.question(first_request("kiothi", "place"))
    assert re.fullmatch(r"Where do you put the next warrior\? You hold \d+ warriors?\. Click a boma ringed in green\.",
                        place.text)
    assert all(o.slot is not None for o in place.options)
    more = wording.question(first_request("kiothi", "pit"))
    assert more.text.startswith("Lift another boma as well?")
    assert more.options[0].words == "− no more"


def test_illegal_clicks_are_explained():
    game = rulespec.load("oware")
    st = game.state_from_snapshot({"to_move": 0, "players": [{"pits": [0, 0, 0, 1, 0, 1], "store": 22},
                                                              {"pits": [0] * 6, "store": 24}]})
    assert [game.geo.label[game.geo.own[0][a]] for a in st.legal_actions()] == ["F"]
    assert wording.why_not(st, game.geo.own[0][3]) == (
        "D cannot be played: the opponent has no seeds, and a move must give them some. South can start from: F.")
    assert wording.why_not(st, game.geo.own[0][0]) == "A is empty. South can start from: F."
    assert wording.why_not(st, game.geo.store[0]) == "You cannot sow from a store. South can start from: F."


def test_a_record_replays_to_its_first_illegal_move_and_says_why(client):
    record = (ROOT / "examples" / "bao-opening.txt").read_text(encoding="utf-8")
    broken = record.replace("2: A6<* a6<", "2: A6<* b9<")
    r = client.post("/replay", data={"record_text": broken}, follow_redirects=False)
    rid = r.headers["location"].rsplit("/", 1)[1]
    view = client.get(f"/api/replay/{rid}/0").json()
    assert view["count"] == 4  # the start, then the three moves before the bad one
    assert re.match(r"record.txt:\d+:\d+: move 2 \(North\): 'b9<' is not legal here", view["error"])
    assert "legal moves: " in view["error"]
    assert client.get(f"/replay/{rid}").status_code == 200
    back = client.get(f"/api/replay/{rid}/2?from=3").json()
    assert back["index"] == 2 and back["frames"] and back["label"] == "1. North: a5<"
    r = client.post("/replay", data={"record_text": "1: A\n"})
    assert r.status_code == 422 and "say which game it is" in r.text
    r = client.post("/replay", data={"record_text": "Variant: oware\n??\n"})
    assert r.status_code == 422 and "record.txt:2:1: cannot read this line" in r.text


def test_a_strangers_spec_is_escaped_everywhere(client):
    text = (ROOT / "variants" / "oware.yaml").read_text(encoding="utf-8")
    text = re.sub(r"^name: .*$", 'name: "Evil <script>alert(1)</script>"', text, flags=re.M)
    text = re.sub(r"^  terms: .*$", "  terms: {pit: '<img src=x onerror=alert(2)>', store: '<b>cup</b>', "
                  "piece: seed}", text, flags=re.M)
    r = client.post("/upload", files={"spec": ("evil.yaml", text.encode(), "text/yaml")}, follow_redirects=False)
    assert r.status_code == 303
    key = r.headers["location"].rsplit("/", 1)[1]
    pages = [client.get("/").text, client.get(f"/v/{key}").text, client.get("/replay").text,
             client.get(f"/v/{key}/book").text]
    sid = new_game(client, key)
    pages.append(client.get(f"/play/{sid}").text)
    view = client.post(f"/api/play/{sid}/click", json={"slot": 8}).json()
    pages.append(view["svg"])
    for html in pages:
        assert "<script>alert" not in html and "<img src=x" not in html and "<b>cup" not in html
    assert "Evil &lt;script&gt;alert(1)&lt;/script&gt;" in pages[1]
    # Messages are JSON text that the page shows with textContent, never as HTML.
    assert view["message"].startswith("c is not South's <img src=x onerror=alert(2)>")
    assert "innerHTML" not in (ROOT / "rulespec" / "web" / "static" / "play.js").read_text()


def test_an_upload_with_mistakes_lists_them_at_their_lines(client):
    r = client.post("/upload", data={"spec_text": "name: Broken\nboard: {ranks: 2, pits: 0}\n"})
    assert r.status_code == 422
    assert "my-game.yaml:2:25" in r.text and "expected at least 1, got 0" in r.text
    assert "board: {ranks: 2, pits: 0}\n" + " " * 24 + "^" in r.text
    too_long = client.post("/upload", files={"spec": ("big.yaml", b"#" * (300 * 1024), "text/yaml")})
    assert too_long.status_code == 413 and "a spec file may have at most 262144" in too_long.text
    # the checks of rulespec/inputs.py, as for a file given to the command line
    latin1 = client.post("/upload", files={"spec": ("cafe.yaml", "name: Caf\xe9\n".encode("latin-1"), "text/yaml")})
    assert latin1.status_code == 422 and "cafe.yaml:1:10" in latin1.text and "byte 0xe9 is not UTF-8" in latin1.text
    binary = client.post("/upload", data={"spec_text": "name: a\x00b\n"})
    assert binary.status_code == 422 and "a NUL character" in binary.text
    record = client.post("/replay", files={"record": ("game.txt", b"\xff\xfe" + "1: A1".encode("utf-16-le"))})
    assert record.status_code == 422 and "UTF-16 or UTF-32" in record.text
    assert client.post("/upload", data={}).status_code == 400


def test_worked_examples_step_from_their_position_through_their_moves(client):
    game = rulespec.load("kiothi")
    r = client.get("/v/kiothi/examples/0")
    rid = re.search(r'data-rid="([^"]+)"', r.text).group(1)
    view = client.get(f"/api/replay/{rid}/0").json()
    assert view["count"] == len(game.spec.examples[0].moves) + 1 and view["error"] is None
    assert view["note"] == game.spec.examples[0].caption
    assert client.get(f"/v/kiothi/examples/{len(game.spec.examples)}").status_code == 404


def test_the_serve_command_is_registered():
    from typer.testing import CliRunner

    from rulespec.cli import app

    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0 and "--port" in result.output and "127.0.0.1" in result.output


def test_undo_takes_back_the_persons_move_and_the_reply(client):
    sid = new_game(client, "oware", "human", "easy")
    assert client.post(f"/api/play/{sid}/undo").json()["message"] == "There is nothing of yours to undo."
    first = client.get(f"/api/play/{sid}").json()
    client.post(f"/api/play/{sid}/click", json={"slot": 2})
    view = client.post(f"/api/play/{sid}/computer").json()
    assert len(view["moves"]) == 2 and view["undo"]
    view = client.post(f"/api/play/{sid}/undo").json()
    assert view["moves"] == [] and view["svg"] == first["svg"] and view["human"] and not view["undo"]
    client.post(f"/api/play/{sid}/click", json={"slot": 3})
    assert client.get(f"/api/play/{sid}").json()["moves"][0] == "South: D"


def test_a_hint_names_a_legal_move_in_the_games_notation(client):
    sid = new_game(client, "kalah", "human", "human")
    view = client.post(f"/api/play/{sid}/hint").json()
    label = re.fullmatch(r"Hint: (\S+) \(.+ would choose it\)\.", view["message"]).group(1)
    state = rulespec.load("kalah").new_initial_state()
    assert label in [state.action_to_string(a) for a in state.legal_actions()]
    assert view["moves"] == []


def test_resigning_ends_the_game_for_the_other_side(client):
    sid = new_game(client, "oware", "human", "easy")
    view = client.post(f"/api/play/{sid}/resign").json()
    assert view["terminal"] and view["status"] == "South resigned: North wins." and not view["human"]
    assert client.post(f"/api/play/{sid}/click", json={"slot": 2}).json()["message"] == "The game is over."
    assert "Result: South resigned" in client.get(f"/play/{sid}/record").text


def test_a_saved_game_replays_and_goes_on(client):
    sid = new_game(client, "kalah", "human", "easy", pits=4)
    for _ in range(3):
        view = client.get(f"/api/play/{sid}").json()
        if view["human"]:
            client.post(f"/api/play/{sid}/click", json={"slot": view["clickable"][0]})
        else:
            client.post(f"/api/play/{sid}/computer")
    saved = client.get(f"/play/{sid}/record")
    assert saved.headers["content-disposition"] == 'attachment; filename="kalah-game.txt"'
    text = saved.text
    assert text.startswith("Variant: kalah\n") and "Parameters: pits=4" in text
    moves = client.get(f"/api/play/{sid}").json()["moves"]
    from rulespec.records import parse_record, replay

    final, _ = replay(rulespec.load("kalah", pits=4), parse_record(text))
    r = client.post("/v/kalah/play", data={"south": "human", "north": "human", "param_pits": "4"},
                    files={"record": ("saved.txt", text.encode(), "text/plain")}, follow_redirects=False)
    assert r.status_code == 303, r.text
    again = client.get(f"/api/play/{r.headers['location'].rsplit('/', 1)[1]}").json()
    assert [m.split(": ", 1)[1] for m in again["moves"]] == [m.split(": ", 1)[1] for m in moves]
    assert again["status"].split(". ", 1)[1] == f"South {final.score(0)}, North {final.score(1)}."
    bad = client.post("/v/kalah/play", data={"south": "human", "north": "human"},
                      files={"record": ("bad.txt", b"Variant: kalah\n\n1: Z\n", "text/plain")})
    assert bad.status_code == 422 and "bad.txt:3:4" in bad.text


def test_the_lists_of_variants_compile_no_game(client) -> None:
    """More variants ship than the library keeps compiled: the start page and the replay form
    read each spec's name and summary only, so listing them all does not compile them all."""
    library = client.app.state.library
    assert client.get("/").status_code == 200 and client.get("/replay").status_code == 200
    assert not library.loaded
    assert "Luuth" in client.get("/").text
