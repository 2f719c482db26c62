"""The computer's reply time at each level, and the solver's time, in CPython and in Pyodide.

Run:  python3 benchmarks/lite_speed.py [--site DIR] [--positions N]

The same Python code (MEASURE below) runs twice: here, in CPython, and in Chromium in the kernel
of the JupyterLite site (Pyodide), opened on chapter 05 after its install cell.  It plays, on the
board of chapter 05's game (damas.course.kit.games.ComputerGame, the student White), a student's move
by two clicks in the widget's pure-Python path (BoardWidget.click) in N positions of seeded games,
at each level, and times the second click: the move and the computer's reply (the kernel's part of
a click to the reply; the page adds the message round trip).  Then it proves a chapter 06 problem
(the first one the chapter shows, ``curso[3]`` of puzzles/golpes-do-curso.pdn) with
damas.problems.solver.solve.  It prints the median and the worst time per level and the ratio
Pyodide/CPython.  Wall-clock times: run it on a quiet machine, under nice.

Without --site it builds the site with ``lite/build.py --offline`` into a temporary folder.
Chromium is Debian's (/usr/bin/chromium) driven by playwright, as in tests/browser/test_lite.py.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MEASURE = r'''
import json as _json, random as _random, time as _time
from damas.rules.board import Board as _Board
from damas.course.kit.games import ComputerGame as _ComputerGame
from damas.engine.players import random_safe_move as _rsm
from damas.engine.search import LEVELS as _LEVELS

def _positions(n):
    """White-to-move positions of seeded capture-or-random-safe games, with a student move each
    that two clicks make (a unique start and end)."""
    out, seed = [], 0
    while len(out) < n:
        board, rng = _Board(), _random.Random(seed)
        for ply in range(40):
            moves = board.legal_moves()
            if not moves:
                break
            if ply % 8 == 0 and board.turn == "W":
                unique = [m for m in moves if sum((x.start, x.end) == (m.start, m.end) for x in moves) == 1]
                after = board.copy(stack=False)
                if unique:
                    after.push(unique[0])
                    if len(after.legal_moves()) > 1 and len(out) < n:
                        out.append((board.fen(), unique[0]))
            board.push(_rsm(board, rng))
        seed += 1
    return out

def _measure(n):
    result = {"levels": {}}
    positions = _positions(n)
    for level in sorted(_LEVELS):
        times = []
        for fen, move in positions:
            game = _ComputerGame(level, position=_Board(fen))
            w = game.widget
            w.click(move.start)
            t0 = _time.perf_counter()
            w.click(move.end)
            times.append(_time.perf_counter() - t0)
            assert len(w.moves) == 2, (fen, w.moves, w.message)
        result["levels"][level] = times
    from damas.problems.puzzles import load_collection
    from damas.problems.solver import solve
    puzzle = load_collection(_PUZZLES)[3]
    t0 = _time.perf_counter()
    solve(puzzle)
    result["solver"] = _time.perf_counter() - t0
    result["puzzle"] = puzzle.fen
    return result
'''


def run_cpython(n: int) -> dict:
    scope = {"_PUZZLES": str(ROOT / "puzzles" / "golpes-do-curso.pdn")}
    exec(MEASURE, scope)
    return scope["_measure"](n)


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".ipynb": "application/json"}

    def log_message(self, format, *args):
        pass


def run_pyodide(site: Path, n: int) -> dict:
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from lab_page import KERNEL_EXEC, KERNEL_IDLE
    from playwright.sync_api import sync_playwright
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            functools.partial(_Handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
            context = p.chromium.launch_persistent_context(
                profile, executable_path="/usr/bin/chromium", headless=True,
                args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
            page = context.new_page()
            page.set_default_timeout(600_000)
            page.goto(f"{url}/lab/index.html?path=notebooks/05_Jogar_e_analisar.ipynb")
            page.wait_for_function(KERNEL_IDLE, timeout=300_000)
            # The chapter's install cell: damas from the site's own index.
            install = page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
              .find((c) => (c.model.metadata.tags || c.model.getMetadata('tags') || [])
              .includes('instalar-damas')).model.sharedModel.getSource()""")
            out = page.evaluate(KERNEL_EXEC, install)
            assert "ERROR" not in out, out
            code = (MEASURE + "\n_PUZZLES = '../puzzles/golpes-do-curso.pdn'\n"
                    f"print(_json.dumps(_measure({n})))")
            out = page.evaluate(KERNEL_EXEC, code)
            if "ERROR" in out:
                raise RuntimeError(out)
            platform = page.evaluate(KERNEL_EXEC, "import sys; print(sys.platform)").strip()
            context.close()
    finally:
        httpd.shutdown()
    result = json.loads(out.strip().splitlines()[-1])
    result["platform"] = platform
    return result


def _row(name, cp, py):
    return f"| {name} | {cp * 1000:,.0f} | {py * 1000:,.0f} | {py / cp:.1f} |"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built by lite/build.py (else built offline here)")
    parser.add_argument("--positions", type=int, default=8)
    args = parser.parse_args(argv)
    if importlib.util.find_spec("playwright") is None:
        print("playwright is missing: pip install playwright", file=sys.stderr)
        return 1
    cpython = run_cpython(args.positions)
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
            build = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(build)
            site = build.build(Path(tmp) / "site", offline=True)
        pyodide = run_pyodide(site, args.positions)
    assert pyodide["platform"] == "emscripten", pyodide["platform"]
    print(f"{args.positions} positions; times in ms (median / worst), wall clock")
    print("| level | CPython median | Pyodide median | ratio | CPython worst | Pyodide worst |")
    print("|---|---|---|---|---|---|")
    for level in sorted(cpython["levels"], key=int):
        cp, py = cpython["levels"][level], pyodide["levels"][str(level)]
        print(f"| {level} | {statistics.median(cp) * 1000:,.0f} | {statistics.median(py) * 1000:,.0f} | "
              f"{statistics.median(py) / statistics.median(cp):.1f} | {max(cp) * 1000:,.0f} | "
              f"{max(py) * 1000:,.0f} |")
    print(f"| solver, chapter 06 problem ({cpython['puzzle']}) | {cpython['solver'] * 1000:,.0f} | "
          f"{pyodide['solver'] * 1000:,.0f} | {pyodide['solver'] / cpython['solver']:.1f} | | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
