"""A store sown as a move: a move kind whose `from` says `store: true` starts from the mover's
store in the circuit (written with the store's label, S or N), lifting its pieces and sowing on
from the next pit. Played on the compiled engine and on its source run by Python
(RULESPEC_PURE=1)."""
from __future__ import annotations

import pytest

import rulespec

pytestmark = pytest.mark.usefixtures("each_engine")

STORE_MOVE = """name: Test
board: {{pits: 4, stores: {stores}, notation: letters}}
setup: {{per_pit: 3}}
turn:
  moves:
    - {{name: store, from: {{side: own, store: true, count: {{min: 5}}}}}}
    - {{name: sow, from: {{side: own, store: false, count: {{min: 1}}}}}}
sowing: {{into_opponent_store: true}}
end: [{{kind: move_limit, moves: 50}}]
"""


def position(g, south: list[int], north: list[int], stores: tuple[int, int], to_move: int = 0):
    return g.state_from_snapshot({"players": [{"pits": south, "store": stores[0]},
                                              {"pits": north, "store": stores[1]}],
                                  "to_move": to_move, "partial": True})


def legal(st) -> list[str]:
    from rulespec.records import complete_moves
    return complete_moves(st, limit=100)


def test_the_store_is_a_start_when_its_kind_allows_it() -> None:
    g = rulespec.load_text(STORE_MOVE.format(stores="in_circuit"), "test.yaml")
    st = position(g, [1, 0, 2, 0], [1, 1, 1, 1], (5, 5))
    assert legal(st) == ["S"]  # the earlier kind has priority
    st.apply_move("S")  # five pieces: a, b, c, d, then North's store
    assert st.snapshot()["players"][0]["store"] == 0
    assert st.snapshot()["players"][1]["pits"] == [2, 2, 2, 2]
    assert st.snapshot()["players"][1]["store"] == 6


def test_only_the_mover_s_own_store_and_only_where_the_condition_holds() -> None:
    g = rulespec.load_text(STORE_MOVE.format(stores="in_circuit"), "test.yaml")
    st = position(g, [1, 0, 2, 0], [1, 1, 1, 1], (4, 9))  # South's four: too few; North's is not South's
    assert legal(st) == ["A", "C"]
    st = position(g, [1, 0, 2, 0], [1, 1, 1, 1], (4, 9), to_move=1)
    assert legal(st) == ["N"]


def test_stores_beside_the_board_are_never_a_start() -> None:
    g = rulespec.load_text(STORE_MOVE.format(stores="beside"), "test.yaml")
    st = position(g, [1, 0, 2, 0], [1, 1, 1, 1], (5, 5))
    assert legal(st) == ["A", "C"]


def test_a_count_of_one_store_is_said_of_the_player_s_store() -> None:
    """A player has one store: `count_pits` over their stores reads as 'your store holds ...'."""
    from rulespec.book import render_book
    g = rulespec.load_text("""name: Test
board: {pits: 4, stores: beside, notation: letters}
setup: {per_pit: 3}
end:
  - kind: condition
    player: next
    when: {count_pits: {where: {side: own, store: true, count: {min: 20}}, count: 1}}
    result: draw
""", "test.yaml")
    text = render_book(g).markdown
    assert "your store holds 20 or more" in text
    assert "of your stores" not in text
