"""The web app end to end in a real browser: Debian's Chromium driven by Playwright.

Screenshots go to out/screenshots/ (CI keeps that folder). Without Chromium the tests skip on a
developer's machine and fail under CI=true, where .ci/run installs it.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

if os.environ.get("CI") == "true":  # CI installs the test extra: a missing package is a failure
    import starlette  # noqa: F401
    from playwright import sync_api
else:
    pytest.importorskip("starlette")
    sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("RULESPEC_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "out" / "screenshots"


@pytest.fixture(scope="module")
def server():
    from live_server import serving

    from rulespec.web import create_app

    with serving(create_app()) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        message = f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    # Resources (scripts, styles, API calls) must load; a page answering 4xx on purpose may.
    pg.on("console", lambda msg: errors.append(msg.text)
          if msg.type == "error" and not msg.text.startswith("Failed to load resource") else None)
    pg.on("response", lambda r: errors.append(f"{r.status} {r.url}")
          if r.status >= 400 and r.request.resource_type != "document" else None)
    yield pg
    context.close()
    assert not errors, f"the page reported errors: {errors}"


def shot(pg, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def idle(pg, root: str) -> None:
    """Wait until the page has drawn the server's answer (selectors only: the page's
    Content-Security-Policy forbids the string evaluation wait_for_function uses)."""
    pg.wait_for_selector(f'#{root}[data-busy="0"]', state="attached")


def start(pg, server: str, variant: str, south: str, north: str, query: str = "") -> None:
    pg.goto(f"{server}/v/{variant}")
    pg.select_option("#south", south)
    pg.select_option("#north", north)
    pg.click("#start")
    pg.wait_for_url("**/play/*")
    if query:
        pg.goto(pg.url + query)
    idle(pg, "play")


def test_a_whole_game_of_oware_against_the_computer(page, server):
    page.goto(server)
    assert page.get_by_role("link", name="Oware", exact=True).count() == 1
    shot(page, "01-variants")
    start(page, server, "oware", "human", "easy", "?speed=0")
    shot(page, "02-oware-start")
    # A click on the opponent's house is explained, and changes nothing.
    before = page.inner_text("#status")
    page.click('#board [data-slot="6"]')
    idle(page, "play")
    assert "is not South's house" in page.inner_text("#message")
    assert page.inner_text("#status") == before
    human_moves = 0
    while page.get_attribute("#play", "data-terminal") != "1":
        legal = page.locator("#board .pit.legal")
        assert legal.count() > 0, page.inner_text("#status")
        legal.nth(human_moves % legal.count()).click()
        idle(page, "play")
        human_moves += 1
        if human_moves == 10:
            shot(page, "03-oware-middle")
        assert human_moves < 400
    status = page.inner_text("#status")
    assert status.startswith("Game over:"), status
    moves = page.locator("#moves li").all_inner_texts()
    assert len(moves) >= 2 * human_moves - 1 and moves[0].startswith("South: ") and moves[1].startswith("North: ")
    shot(page, "04-oware-game-over")


def test_a_bao_move_with_a_direction_choice(page, server):
    start(page, server, "bao-la-kiswahili", "human", "easy", "?speed=60")
    import rulespec

    geo = rulespec.load("bao-la-kiswahili").geo
    page.click(f'#board [data-slot="{geo.relative[0]["A6"]}"]')
    idle(page, "play")
    assert page.is_visible("#question")
    # The stock seed is taken into the hand while the direction is asked.
    assert page.inner_text("#question-text") == "Which way do you sow from A6? You hold 1 seed."
    buttons = page.locator("#options button").all_inner_texts()
    assert buttons == ["< to your left, towards A5", "> to your right, towards A7"]
    shot(page, "05-bao-direction-question")
    page.click("#options button:has-text('to your left')")
    idle(page, "play")
    moves = page.locator("#moves li").all_inner_texts()
    assert moves[0] == "South: A6<" and moves[1].startswith("North: ")
    assert "South to move (move 3, kunamua stage)" in page.inner_text("#status")
    shot(page, "06-bao-after-the-move")


def test_a_replay_stepped_forwards_and_back(page, server):
    page.goto(f"{server}/replay")
    page.set_input_files("input[name=record]", str(ROOT / "examples" / "bao-opening.txt"))
    page.click("#replay-form button[type=submit]")
    page.wait_for_url("**/replay/*")
    idle(page, "replay")
    assert page.inner_text("#position") == "position 0 of 6"
    start_board = page.inner_html("#board")
    page.select_option("#speed", "60")
    page.evaluate("""() => {
        window.drawn = 0;
        new MutationObserver(() => { window.drawn += 1; })
            .observe(document.getElementById('board'), {childList: true});
    }""")
    page.click("#forward")
    idle(page, "replay")
    # The sowing is animated: the board is redrawn frame by frame, the pit just reached shaded.
    assert page.evaluate("() => window.drawn") >= 3
    page.select_option("#speed", "0")
    assert page.inner_text("#label") == "1. South: A7<*"
    for _ in range(3):
        page.click("#forward")
        idle(page, "replay")
    assert page.inner_text("#label") == "2. North: a6<"
    assert page.inner_text("#position") == "position 4 of 6"
    shot(page, "07-replay-forward")
    four = page.inner_html("#board")
    page.click("#back")
    idle(page, "replay")
    assert page.inner_text("#label") == "2. South: A6<*"
    page.keyboard.press("ArrowRight")
    idle(page, "replay")
    assert page.inner_html("#board") == four
    page.click("#first")
    idle(page, "replay")
    assert page.inner_html("#board") == start_board and page.is_disabled("#back")
    page.click("#last")
    idle(page, "replay")
    assert "3. North: a2" in page.inner_text("#label") and page.is_disabled("#forward")
    assert "North harvests" not in page.inner_text("#note")
    shot(page, "08-replay-end")


def test_an_uploaded_spec_with_mistakes_is_shown_at_its_lines_and_escaped(page, server):
    page.goto(server)
    page.fill("textarea[name=spec_text]", "name: <b>Broken</b>\nboard: {ranks: 2, pits: 0}\n")
    page.click("#upload-form button[type=submit]")
    page.wait_for_selector("ol.problems")
    text = page.inner_text("ol.problems")
    assert "my-game.yaml:2:25" in text and "expected at least 1, got 0" in text
    assert page.locator("ol.problems b").count() == 0  # the spec's markup is text, not HTML
    shot(page, "09-upload-problems")


def test_worked_examples_and_the_rulebook(page, server):
    page.goto(f"{server}/v/kiothi")
    page.click("#examples-link")
    idle(page, "replay")
    assert "Example 1" in page.inner_text("h1")
    page.click("#forward")
    idle(page, "replay")
    assert page.inner_text("#position").startswith("position 1 of")
    shot(page, "10-kiothi-example")
    page.goto(f"{server}/v/kiothi")
    page.click("#rulebook-link")
    assert "Kiothi" in page.inner_text("h1")


def test_levels_undo_hint_resign_save_and_continue(page, server, tmp_path):
    """The play page's tools in a real browser: a level picked from the menu, undo, a hint,
    the game saved as a record file and continued from it, then resigned."""
    page.goto(f"{server}/v/kalah")
    levels = page.locator("#north option").all_inner_texts()
    assert any(t.startswith("computer: easy") for t in levels) and any("hard" in t for t in levels)
    assert page.locator("#north option:checked").inner_text().startswith("computer: medium")
    start(page, server, "kalah", "human", "easy", "?speed=0")
    assert page.is_disabled("#undo")
    page.locator("#board .pit.legal").first.click()
    idle(page, "play")
    page.wait_for_selector("#moves li:nth-child(2)")
    assert page.is_enabled("#undo")
    page.click("#undo")
    idle(page, "play")
    assert page.locator("#moves li").count() == 0 and "start of your last move" in page.inner_text("#message")
    page.click("#hint")
    idle(page, "play")
    assert page.inner_text("#message").startswith("Hint: ")
    shot(page, "07-hint")
    page.locator("#board .pit.legal").nth(1).click()
    idle(page, "play")
    page.wait_for_selector("#moves li:nth-child(2)")
    with page.expect_download() as download:
        page.click("#save")
    saved = tmp_path / "kalah-game.txt"
    download.value.save_as(saved)
    text = saved.read_text()
    assert text.startswith("Variant: kalah") and "\n1: " in text
    moves = page.locator("#moves li").all_inner_texts()
    # continue the saved game from the variant's page
    page.goto(f"{server}/v/kalah")
    page.select_option("#north", "human")
    page.set_input_files("#saved-game", str(saved))
    page.click("#start")
    page.wait_for_url("**/play/*")
    idle(page, "play")
    assert [m.split(": ", 1)[1] for m in page.locator("#moves li").all_inner_texts()] == \
        [m.split(": ", 1)[1] for m in moves]
    shot(page, "08-continued")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    idle(page, "play")
    assert page.get_attribute("#play", "data-terminal") == "1"
    assert page.inner_text("#status") == "South resigned: North wins."
    shot(page, "09-resigned")
