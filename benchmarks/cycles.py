"""How far a game's positions go round in cycles between captures: the strongly connected
components of its capture-free move graph, one board total at a time.

Under a rule that ends the game at the first repeated position (Oware's), the value of a
position depends on the positions played since the last capture that it can reach again: the
other positions of its component. A component of thousands of positions is why the solver's
forward search, which follows that history, does not finish (docs/analysis.md). Positions are
made with the engine (state_from_snapshot), every legal move is played, and a move that takes
no piece off the board joins its two positions; the stores hold the rest of the pieces, split
as evenly as they go, so no position has already ended by majority. Usage:

    python benchmarks/cycles.py oware --pits 4 --seeds 1 --on-board 4 6 8
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from itertools import combinations

import rulespec


def boards(pieces: int, pits: int) -> Iterator[tuple[int, ...]]:
    """Every way of putting `pieces` into `pits` pits (stars and bars)."""
    for bars in combinations(range(pieces + pits - 1), pits - 1):
        ends = (-1, *bars, pieces + pits - 1)
        yield tuple(ends[i + 1] - ends[i] - 1 for i in range(pits))


def capture_free_graph(game, pits: int, total: int, on_board: int) -> list[list[int]]:
    """The moves that capture nothing among the positions with `on_board` pieces on the board
    (both movers), as adjacency lists over the positions' indices."""
    rest = total - on_board
    stores = [rest - rest // 2, rest // 2]
    keys = [(b, mover) for b in boards(on_board, 2 * pits) for mover in (0, 1)]
    index = {key: i for i, key in enumerate(keys)}
    edges: list[list[int]] = [[] for _ in keys]
    for i, (board, mover) in enumerate(keys):
        state = game.state_from_snapshot({"to_move": mover, "players": [
            {"pits": list(board[:pits]), "store": stores[0]}, {"pits": list(board[pits:]), "store": stores[1]}]})
        if state.is_terminal():
            continue
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            after = tuple(child.board[:2 * pits])
            if sum(after) == on_board and not child.is_terminal():
                edges[i].append(index[(after, child.current_player())])
    return edges


def component_sizes(edges: list[list[int]]) -> list[int]:
    """The sizes of the strongly connected components (Tarjan's algorithm, without recursion),
    largest first."""
    order = [-1] * len(edges)
    low = [0] * len(edges)
    on_stack = [False] * len(edges)
    stack: list[int] = []
    sizes: list[int] = []
    counter = 0
    for root in range(len(edges)):
        if order[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            v, next_edge = work.pop()
            if next_edge == 0:
                order[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on_stack[v] = True
            for k in range(next_edge, len(edges[v])):
                w = edges[v][k]
                if order[w] < 0:
                    work += [(v, k + 1), (w, 0)]
                    break
                if on_stack[w]:
                    low[v] = min(low[v], order[w])
            else:
                if low[v] == order[v]:
                    size = 0
                    while True:
                        w = stack.pop()
                        on_stack[w] = False
                        size += 1
                        if w == v:
                            break
                    sizes.append(size)
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[v])
    return sorted(sizes, reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", help="a shipped variant with parameters pits and seeds (oware, kalah)")
    parser.add_argument("--pits", type=int, default=4)
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--on-board", type=int, nargs="+", default=[4, 6, 8],
                        help="the board totals to look at (pieces on the board)")
    args = parser.parse_args()
    game = rulespec.load(args.variant, pits=args.pits, seeds=args.seeds)
    total = 2 * args.pits * args.seeds
    print(f"{args.variant} with {args.pits} pits and {args.seeds} seeds ({total} in all): "
          "the capture-free move graph, by pieces on the board")
    print("| on board | positions | components | largest | in cycles | seconds |")
    print("|---|---|---|---|---|---|")
    for on_board in args.on_board:
        started = time.perf_counter()
        sizes = component_sizes(capture_free_graph(game, args.pits, total, on_board))
        cyclic = sum(s for s in sizes if s > 1)
        print(f"| {on_board} | {sum(sizes):,} | {len(sizes):,} | {sizes[0]:,} | {cyclic:,} | "
              f"{time.perf_counter() - started:.1f} |")


if __name__ == "__main__":
    main()
