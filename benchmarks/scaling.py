"""How cost grows with the board: native playouts/s and µs per action for Oware at 6 to 26
pits and Mefuvha at 6 to 28 holes a row (and the Python API loop's µs per action), printed as a
Markdown table and plotted to docs/benchmarks-scaling.png. Usage:

    python benchmarks/scaling.py [--seconds 1] [--plot docs/benchmarks-scaling.png]
"""
from __future__ import annotations

import argparse
import sys

from rulespec import bench


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    parser.add_argument("--plot", default="docs/benchmarks-scaling.png", help="the PNG to write ('' for none)")
    args = parser.parse_args()
    points = bench.scaling(args.seconds, progress=lambda what: print(f"measuring {what}...", file=sys.stderr))
    print(bench.scaling_table(points))
    if args.plot:
        bench.plot(points, args.plot)
        print(f"\nplot: {args.plot}")


if __name__ == "__main__":
    main()
