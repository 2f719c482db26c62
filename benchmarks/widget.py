"""Speed of the board widget.

    python3 benchmarks/widget.py            # Python side only
    python3 benchmarks/widget.py --browser  # also a click's round trip in Voilà + Chromium

Python side: the time from a click (``widget.click(square)``, what the
page's message calls) to the new synced state, for a selection click and for
a click that plays a move, on several positions (target: under 20 ms); and
the time to build a widget and compute its whole state (what the page draws).

Browser side (``--browser``, needs /usr/bin/chromium, playwright and voila):
the time from a mouse click on a square in the page to the new position
drawn (page -> kernel -> page), and the time the page takes to draw the
board from the synced state.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from damas import Board  # noqa: E402
from damas.widget.board import BoardWidget  # noqa: E402


def long_game(moves=60):
    """A position after ``moves`` moves (always the first legal one): a long score sheet."""
    board = Board()
    for i in range(moves):
        legal = board.legal_moves()
        board.push(legal[i % len(legal)])
        if not board.legal_moves():
            board.pop()
            break
    return board


def stats(times):
    times = sorted(times)
    ms = [t * 1000 for t in times]
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"median {statistics.median(ms):6.2f} ms   p95 {p95:6.2f} ms   max {ms[-1]:6.2f} ms"


def time_clicks(make, start, end, repeat):
    """Select ``start`` then play to ``end`` (then undo), ``repeat`` times."""
    w = make()
    select, play, undo = [], [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        w.click(start)
        t1 = time.perf_counter()
        w.click(end)
        t2 = time.perf_counter()
        w.undo()
        t3 = time.perf_counter()
        select.append(t1 - t0)
        play.append(t2 - t1)
        undo.append(t3 - t2)
        assert w.selected == 0
    return select, play, undo


def python_side(repeat):
    cases = [
        ("8x8, posição inicial, c3-d4", lambda: BoardWidget(), 22, 18),
        ("10x10, posição inicial, 32-28", lambda: BoardWidget("international"), 32, 28),
    ]
    print("Python: clique -> novo estado sincronizado (alvo < 20 ms)")
    for name, make, start, end in cases:
        select, play, undo = time_clicks(make, start, end, repeat)
        print(f"  {name}")
        print(f"    selecionar a peça : {stats(select)}")
        print(f"    jogar o lance     : {stats(play)}")
        print(f"    desfazer          : {stats(undo)}")

    # A long game: the score sheet and the result are recomputed at each click.
    board = long_game()
    move = board.legal_moves()[0]
    select, play, undo = time_clicks(lambda: BoardWidget(board), move.start, move.end, repeat)
    print(f"  8x8 depois de {len(board.move_stack)} lances (anotação longa)")
    print(f"    selecionar a peça : {stats(select)}")
    print(f"    jogar o lance     : {stats(play)}")
    print(f"    desfazer          : {stats(undo)}")

    # Ambiguous capture: three clicks (piece, end, next square of the route).
    w = BoardWidget("W:WK2:B10,11,14,19,24,26")
    ambiguous, resolve = [], []
    for _ in range(repeat):
        w.click(2)
        t0 = time.perf_counter()
        w.click(5)
        t1 = time.perf_counter()
        w.click(20)
        t2 = time.perf_counter()
        w.undo()
        ambiguous.append(t1 - t0)
        resolve.append(t2 - t1)
    print("  8x8, dama com dois caminhos até a7")
    print(f"    clique ambíguo    : {stats(ambiguous)}")
    print(f"    casa do caminho   : {stats(resolve)}")

    print("Python: construir o widget e calcular todo o estado que a página desenha")
    for name, make in [("8x8", lambda: BoardWidget()), ("10x10", lambda: BoardWidget("international")),
                       (f"8x8 com {len(board.move_stack)} lances", lambda: BoardWidget(board))]:
        build, sync = [], []
        for _ in range(max(5, repeat // 4)):
            t0 = time.perf_counter()
            w = make()
            t1 = time.perf_counter()
            w._sync()
            t2 = time.perf_counter()
            build.append(t1 - t0)
            sync.append(t2 - t1)
        print(f"  {name:18s} construir: {stats(build)}")
        print(f"  {'':18s} estado   : {stats(sync)}")


def browser_side(repeat):
    sys.path.insert(0, str(ROOT / "tests"))
    import shutil
    import tempfile

    import test_browser as tb
    from playwright.sync_api import sync_playwright

    if tb._chromium() is None:
        print("Navegador: Chromium não encontrado (apt-get install -y chromium); medida omitida.")
        return
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        work = tmp / "app"
        work.mkdir()
        shutil.copy(tb.APP, work / "app_tabuleiro.ipynb")
        port = tb._free_port()
        server = tb.Server([sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
                            "--Voila.ip=127.0.0.1", "app_tabuleiro.ipynb"],
                           cwd=work, url=f"http://127.0.0.1:{port}", log=tmp / "voila.log", env=tb._env(tmp))
        try:
            server.wait_ready("/")
            with sync_playwright() as p:
                context = tb._browser(p, tmp / "profile")
                try:
                    page = context.pages[0] if context.pages else context.new_page()
                    t0 = time.perf_counter()
                    page.goto(server.url + "/")
                    page.wait_for_selector(".damas-widget svg.damas-board", timeout=tb.PAGE_TIMEOUT)
                    print(f"Navegador (Voilà): página aberta até o tabuleiro desenhado: "
                          f"{(time.perf_counter() - t0):.2f} s")
                    # Round trip: click in the page -> kernel -> new attribute in the page.
                    round_trip = page.evaluate(
                        """async ([start, end, undoTimes]) => {
                          const root = document.querySelector('.damas-widget');
                          const sq = (n) => root.querySelector(`g.damas-square[data-square="${n}"]`);
                          const until = (name, value) => new Promise((resolve) => {
                            const check = () => root.getAttribute(name) === value;
                            if (check()) return resolve();
                            const obs = new MutationObserver(() => { if (check()) { obs.disconnect(); resolve(); } });
                            obs.observe(root, { attributes: true });
                          });
                          const out = { select: [], play: [], draw: [] };
                          const undo = () => root.querySelector('button[data-action="undo"]');
                          for (let i = 0; i < undoTimes; i++) {
                            let t = performance.now();
                            sq(start).dispatchEvent(new MouseEvent('click', { bubbles: true }));
                            await until('data-selected', String(start));
                            out.select.push(performance.now() - t);
                            const fen = root.getAttribute('data-fen');
                            t = performance.now();
                            sq(end).dispatchEvent(new MouseEvent('click', { bubbles: true }));
                            await new Promise((resolve) => {
                              const obs = new MutationObserver(() => {
                                if (root.getAttribute('data-fen') !== fen) { obs.disconnect(); resolve(); }
                              });
                              obs.observe(root, { attributes: true });
                            });
                            out.play.push(performance.now() - t);
                            undo().click();
                            await until('data-fen', fen);
                          }
                          return out;
                        }""",
                        [22, 18, repeat],
                    )
                    # Drawing alone: force redraws by flipping (a pure page-side change of one trait).
                    draw = page.evaluate(
                        """async (n) => {
                          const root = document.querySelector('.damas-widget');
                          const flip = () => root.querySelector('button[data-action="flip"]');
                          const times = [];
                          for (let i = 0; i < n; i++) {
                            const before = root.querySelector('svg.damas-board');
                            const t = performance.now();
                            flip().click();
                            await new Promise((resolve) => {
                              const obs = new MutationObserver(() => {
                                if (root.querySelector('svg.damas-board') !== before) { obs.disconnect(); resolve(); }
                              });
                              obs.observe(root, { childList: true, subtree: true });
                            });
                            times.push(performance.now() - t);
                          }
                          return times;
                        }""",
                        repeat,
                    )
                    print("Navegador (Voilà + Chromium sem tela): clique na página -> estado novo desenhado")
                    print(f"  selecionar a peça : {stats([t / 1000 for t in round_trip['select']])}")
                    print(f"  jogar o lance     : {stats([t / 1000 for t in round_trip['play']])}")
                    print(f"  girar (ida e volta ao kernel + redesenho): {stats([t / 1000 for t in draw])}")
                    drawn = float(page.get_attribute(".damas-widget", "data-draw-ms"))
                    print(f"  desenhar o tabuleiro e o painel (último desenho, só a página): {drawn:.2f} ms")
                finally:
                    context.close()
        finally:
            server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--browser", action="store_true", help="também mede no navegador (Voilà)")
    args = parser.parse_args()
    python_side(args.repeat)
    if args.browser:
        browser_side(min(args.repeat, 30))


if __name__ == "__main__":
    main()
