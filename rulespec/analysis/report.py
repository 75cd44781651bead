"""The analysis report: raw data (JSON, CSV), plots (matplotlib), and an HTML page that
WeasyPrint turns into the PDF. One analysis, or several side by side (`rulespec analyze A B`)."""
from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path
from typing import Any

from ..players import describe_player
from .analyze import Analysis


def label(analysis: Analysis) -> str:
    return Path(analysis.variant).stem if analysis.variant.endswith((".yaml", ".yml")) else analysis.variant


def cell_label(params: dict[str, Any], grid: dict[str, list[Any]]) -> str:
    return ", ".join(f"{k}={params[k]}" for k in grid) or "defaults"


def all_rules(analyses: list[Analysis]) -> list[str]:
    """The spec's countable rules (fired or not), then any other name that fired."""
    fired = sorted({k for a in analyses for c in a.cells for r in c.records for k in r.fired})
    return list(dict.fromkeys([r for a in analyses for r in a.rules] + fired))


def write_data(analyses: list[Analysis], out: Path) -> list[Path]:
    """analysis.json (everything, per game too), cells.csv (one row per variant and cell),
    games.csv (one row per game)."""
    out.mkdir(parents=True, exist_ok=True)
    data = [{"variant": a.variant, "name": a.name, "players": list(a.players), "grid": a.grid, "fixed": a.fixed,
             "max_moves": a.max_moves, "seed": a.seed,
             "cells": [{**c.summary(), "records": [{"seed": r.seed, "result": r.result, "margin": r.margin,
                                                     "moves": r.moves, "end": r.end, "fired": dict(r.fired)}
                                                    for r in c.records]} for c in a.cells]}
            for a in analyses]
    paths = [out / "analysis.json", out / "cells.csv", out / "games.csv"]
    paths[0].write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    rules = all_rules(analyses)
    params = sorted({k for a in analyses for c in a.cells for k in c.params})
    with paths[1].open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["variant", *params, "games", "south_wins", "north_wins", "draws", "south_win_rate",
                    "ci95_low", "ci95_high", "mean_length", "mean_margin", "no_legal_move", "move_limit",
                    *[f"per_game: {r}" for r in rules]])
        for a in analyses:
            for c in a.cells:
                s = c.summary()
                w.writerow([label(a), *[c.params.get(p, "") for p in params], s["games"], s["south_wins"],
                            s["north_wins"], s["draws"], f"{s['south_win_rate']:.4f}", f"{s['south_win_ci95'][0]:.4f}",
                            f"{s['south_win_ci95'][1]:.4f}", f"{s['mean_length']:.2f}", f"{s['mean_margin']:.2f}",
                            s["no_legal_move"], s["move_limit"],
                            *[f"{s['fired_per_game'].get(r, 0):.4f}" for r in rules]])
    with paths[2].open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["variant", *params, "seed", "result", "margin", "moves", "end"])
        for a in analyses:
            for c in a.cells:
                for r in c.records:
                    w.writerow([label(a), *[c.params.get(p, "") for p in params], r.seed, r.result, r.margin,
                                r.moves, r.end])
    return paths


def pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend: the report is drawn to files, with no display."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save(plt: Any, fig: Any, path: Path) -> None:
    """Write a figure at the report's resolution and free it."""
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_win_rates(a: Analysis, path: Path) -> None:
    """South's win rate over the grid: a heat map for two varied parameters, a line with 95%
    intervals for one, a single bar for none."""
    plt = pyplot()

    names = list(a.grid)
    summaries = a.summaries()
    fig, ax = plt.subplots(figsize=(5.5, 4))
    if len(names) >= 2:
        xs, ys = a.grid[names[0]], a.grid[names[1]]
        table = [[float("nan")] * len(xs) for _ in ys]
        for s in summaries:
            table[ys.index(s["params"][names[1]])][xs.index(s["params"][names[0]])] = s["south_win_rate"]
        im = ax.imshow(table, origin="lower", cmap="RdBu_r", vmin=0, vmax=1, aspect="auto")
        ax.set_xticks(range(len(xs)), [str(x) for x in xs])
        ax.set_yticks(range(len(ys)), [str(y) for y in ys])
        ax.set_xlabel(names[0])
        ax.set_ylabel(names[1])
        for j, _ in enumerate(ys):
            for i, _ in enumerate(xs):
                v = table[j][i]
                if v == v:
                    ax.text(i, j, f"{100 * v:.0f}%", ha="center", va="center", fontsize=8,
                            color="white" if abs(v - 0.5) > 0.3 else "black")
        fig.colorbar(im, ax=ax, label="South (first player) win rate")
        if len(names) > 2:
            ax.set_title(f"other parameters pooled: {', '.join(names[2:])}", fontsize=8)
    elif len(names) == 1:
        xs = [s["params"][names[0]] for s in summaries]
        rates = [s["south_win_rate"] for s in summaries]
        lo = [r - s["south_win_ci95"][0] for r, s in zip(rates, summaries)]
        hi = [s["south_win_ci95"][1] - r for r, s in zip(rates, summaries)]
        ax.errorbar([str(x) for x in xs], rates, yerr=[lo, hi], fmt="o-", capsize=3)
        ax.axhline(0.5, color="grey", lw=0.8, ls="--")
        ax.set_ylim(0, 1)
        ax.set_xlabel(names[0])
        ax.set_ylabel("South (first player) win rate, 95% CI")
    else:
        s = summaries[0]
        ax.bar(["South wins", "draws", "North wins"],
               [s["south_wins"] / s["games"], s["draws"] / s["games"], s["north_wins"] / s["games"]],
               color=["#b2182b", "#999999", "#2166ac"])
        ax.set_ylim(0, 1)
        ax.set_ylabel("share of games")
    fig.suptitle(f"{a.name}: {a.players[0]} (South) vs {a.players[1]} (North)", fontsize=10)
    save(plt, fig, path)


def plot_lengths(analyses: list[Analysis], path: Path) -> None:
    """Game lengths (moves) as step histograms, one line per cell (and per variant)."""
    plt = pyplot()

    fig, ax = plt.subplots(figsize=(6, 3.6))
    everything = [r.moves for a in analyses for c in a.cells for r in c.records]
    lo, hi = min(everything, default=0), max(everything, default=1)
    bins = list(range(lo, hi + 2, max(1, (hi - lo + 1) // 30)))
    lines = [(a, c) for a in analyses for c in a.cells]
    for a, c in lines[:12]:
        name = cell_label(c.params, a.grid)
        if len(analyses) > 1:
            name = f"{label(a)}: {name}"
        ax.hist([r.moves for r in c.records], bins=bins, histtype="step", label=name, linewidth=1.2)
    ax.set_xlabel("moves in the game")
    ax.set_ylabel("games")
    if len(lines) > 1:
        ax.legend(fontsize=7, ncol=2)
    if len(lines) > 12:
        ax.set_title(f"first 12 of {len(lines)} cells", fontsize=8)
    save(plt, fig, path)


def plot_rules(analyses: list[Analysis], path: Path) -> None:
    """How often each rule fired, per game, over all cells (bars side by side per variant)."""
    plt = pyplot()

    per: list[Counter[str]] = []
    for a in analyses:
        total: Counter[str] = Counter()
        n = sum(c.games for c in a.cells) or 1
        for c in a.cells:
            for r in c.records:
                total.update(r.fired)
        per.append(Counter({k: v / n for k, v in total.items()}))
    rules = all_rules(analyses)
    fig, ax = plt.subplots(figsize=(6, 0.9 + 0.32 * max(1, len(rules)) * len(analyses)))
    height = 0.8 / len(analyses)
    for i, (a, counts) in enumerate(zip(analyses, per)):
        ys = [j + i * height for j in range(len(rules))]
        ax.barh(ys, [counts.get(r, 0) for r in rules], height=height, label=label(a))
    ax.set_yticks([j + 0.4 - height / 2 for j in range(len(rules))], rules, fontsize=8)
    ax.set_xlabel("times fired per game (all parameter combinations)")
    ax.invert_yaxis()
    if len(analyses) > 1:
        ax.legend(fontsize=8)
    save(plt, fig, path)


def write_report(analyses: list[Analysis], out: Path, pdf: bool = True) -> list[Path]:
    """Everything in `out`: data files, plots, report.html and (with WeasyPrint) report.pdf."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    written = write_data(analyses, out)
    heatmaps = []
    for i, a in enumerate(analyses):
        p = out / f"win-rate-{i + 1}.png"
        plot_win_rates(a, p)
        heatmaps.append(p.name)
        written.append(p)
    plot_lengths(analyses, out / "lengths.png")
    plot_rules(analyses, out / "rules.png")
    written += [out / "lengths.png", out / "rules.png"]
    env = Environment(loader=PackageLoader("rulespec.analysis", "templates"), autoescape=select_autoescape(["html", "j2"]))
    rules = all_rules(analyses)
    html = env.get_template("report.html.j2").render(
        analyses=[{"a": a, "label": label(a), "cells": [(cell_label(c.params, a.grid), c.summary()) for c in a.cells],
                   "heatmap": h, "players": [describe_player(p) for p in a.players]}
                  for a, h in zip(analyses, heatmaps)],
        rules=rules, compare=len(analyses) > 1)
    page = out / "report.html"
    page.write_text(html, encoding="utf-8")
    written.append(page)
    if pdf:
        try:
            from weasyprint import HTML
        except ImportError:
            return written  # the pdf extra is not installed: HTML only
        HTML(string=html, base_url=str(out.resolve())).write_pdf(out / "report.pdf")
        written.append(out / "report.pdf")
    return written
