"""Commands that need an optional extra say which to install before doing any work (each
missing package simulated by a None in sys.modules, as Python's import system reads it)."""
from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

from rulespec import cli
from rulespec.extras import MissingExtra, require_extra


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str]:
    """`rulespec ARGS` through main(): the exit code and what it printed (stderr, then stdout)."""
    monkeypatch.setattr(sys, "argv", ["rulespec", *args])
    with pytest.raises(SystemExit) as exited:
        cli.main()
    printed = capsys.readouterr()
    return exited.value.code, printed.err + printed.out


def missing(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_require_extra_names_the_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    missing(monkeypatch, "weasyprint")
    with pytest.raises(MissingExtra, match=r"PDF output needs the pdf extra: pip install 'rulespec\[pdf\]'"):
        require_extra("pdf", "weasyprint", "PDF output")
    with pytest.raises(ImportError):  # what code catching a missing package expects
        require_extra("pdf", "weasyprint")
    require_extra("pdf", "json")


def test_a_pdf_rulebook_without_weasyprint(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture,
                                           tmp_path: Path) -> None:
    missing(monkeypatch, "weasyprint")
    code, errors = run(monkeypatch, capsys, "book", "oware", "-f", "pdf", "-o", str(tmp_path / "oware.pdf"))
    assert code == 1
    assert "error: PDF output needs the pdf extra: pip install 'rulespec[pdf]'" in errors
    assert "bug" not in errors and not list(tmp_path.iterdir())


@pytest.mark.parametrize("pdf", ["--pdf", "--no-pdf"])
def test_analyze_without_matplotlib_stops_before_playing(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture, tmp_path: Path,
                                                         pdf: str) -> None:
    import rulespec.analysis.analyze as analysis

    missing(monkeypatch, "matplotlib", "matplotlib.pyplot")
    monkeypatch.setattr(analysis, "analyze", lambda *a, **k: pytest.fail("games played"))
    code, errors = run(monkeypatch, capsys, "analyze", "kalah", "-n", "2", "-o", str(tmp_path), pdf)
    assert code == 1
    assert "the analysis report's plots needs the analysis extra: pip install 'rulespec[analysis]'" in errors
    assert "Traceback" not in errors


def test_analyze_without_weasyprint_writes_the_html_report(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    missing(monkeypatch, "weasyprint")
    code, errors = run(monkeypatch, capsys, "analyze", "kalah", "-p", "pits=3", "-n", "2", "--players", "random",
                       "--workers", "1", "-o", str(tmp_path))
    assert code in (0, None)
    assert "report.pdf needs the pdf extra (pip install 'rulespec[pdf]')" in errors
    assert (tmp_path / "report.html").exists() and not (tmp_path / "report.pdf").exists()


def test_crosscheck_with_openspiel_without_pyspiel(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture) -> None:
    missing(monkeypatch, "pyspiel")
    code, errors = run(monkeypatch, capsys, "crosscheck", "oware", "openspiel:oware", "--games", "2")
    assert code == 1
    assert "'openspiel:oware' needs the openspiel extra: pip install 'rulespec[openspiel]'" in errors


def test_ray_without_ray(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    missing(monkeypatch, "ray")
    code, errors = run(monkeypatch, capsys, "match", "kalah", "random", "greedy", "-n", "2", "--ray")
    assert code == 1 and "--ray needs the cluster extra: pip install 'rulespec[cluster]'" in errors


def test_serve_on_a_busy_port_says_so_before_giving_an_address(monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture) -> None:
    pytest.importorskip("uvicorn")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, errors = run(monkeypatch, capsys, "serve", "--port", str(port))
    assert code == 1 and f"cannot serve on 127.0.0.1:{port}" in errors
    assert "open http" not in errors


@pytest.mark.parametrize("adapter, extra, module", [("rulespec.adapters.openspiel", "openspiel", "pyspiel"),
                                                    ("rulespec.adapters.pettingzoo", "pettingzoo", "pettingzoo")])
def test_an_adapter_without_its_extra_names_it(monkeypatch: pytest.MonkeyPatch, adapter: str, extra: str,
                                               module: str) -> None:
    import importlib

    missing(monkeypatch, module)
    monkeypatch.delitem(sys.modules, adapter, raising=False)
    with pytest.raises(ImportError, match=rf"pip install 'rulespec\[{extra}\]'"):
        importlib.import_module(adapter)
