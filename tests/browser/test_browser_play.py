"""Playing in a real browser (Voilà, Chromium): a mini-game won against level 1, two classmates at one
computer, a stage test done by clicks and its diploma downloaded.

Voilà serves ``tests/browser/minijogo.ipynb`` and ``tests/browser/prova.ipynb`` (a server of this
module, saving the progress of «Ana Lúcia» in a temporary folder) and the course's
``app_tabuleiro.ipynb`` (the shared server of ``conftest.py``).  Every move is clicked on the board;
the moves the test chooses come from the package (the sensible player of the mini-games, the
proven line of each task, the right option of each question, as the data says); every wait waits
for the state it checks.  The screenshots and the diploma's pages (``pdftoppm -png -r 60``) go to
``tests/browser_screenshots/`` and, when ``DAMAS_SHOTS_COPY`` names a folder, there too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from browser_kit import ROOT, SHOTS, Site, _env, _require_browser, empty_progress, progress_folder, running_voila
from test_browser import PAGE_TIMEOUT, STEP_TIMEOUT, WIDGET, _new_page, _no_code_shown, _square, expect

from damas import Board
from damas.course.kit.minigames import MINIGAMES, sensible_move
from damas.course.kit.progress import Progress
from damas.course.kit.stage_tests import stage_data
from damas.course.kit.tasks import BoardTask

STUDENT = "Ana Lúcia"
HERE = Path(__file__).resolve().parent
#: A second folder for the screenshots (a reviewer's), if DAMAS_SHOTS_COPY names one.
EXTRA_SHOTS = Path(os.environ["DAMAS_SHOTS_COPY"]) if os.environ.get("DAMAS_SHOTS_COPY") else None


def shot(page_or_locator, name):
    """A screenshot into SHOTS, and a copy for the closing note when its folder exists."""
    path = SHOTS / name
    page_or_locator.screenshot(path=str(path))
    if EXTRA_SHOTS is not None and EXTRA_SHOTS.is_dir():
        shutil.copy(path, EXTRA_SHOTS / name)
    return path


@pytest.fixture(scope="module")
def voila_play_server(tmp_path_factory):
    _require_browser()
    root = tmp_path_factory.mktemp("voila_play")
    site = root / "site" / "notebooks"
    site.mkdir(parents=True)
    for name in ("minijogo.ipynb", "prova.ipynb"):
        shutil.copy(HERE / name, site / name)
    env = _env(root)
    env["DAMAS_ALUNO"] = STUDENT
    with running_voila(site, root, env) as server:
        yield server


@pytest.fixture
def voila_play(voila_play_server, browser):
    empty_progress(voila_play_server)
    return Site(voila_play_server, browser)


def _state(page):
    return page.evaluate(
        "(sel) => { const e = document.querySelector(sel); return e && [e.getAttribute('data-fen'),"
        " e.getAttribute('data-turn'), e.getAttribute('data-result'), e.getAttribute('data-selected')]; }", WIDGET)


def _click(page, board, move):
    """Play ``move`` by clicks on the first board of the page (a route button when asked)."""
    page.click(_square(move.start))
    page.wait_for_function("([sel, s]) => { const e = document.querySelector(sel); return !!e &&"
                           " e.getAttribute('data-selected') === s; }", arg=[WIDGET, str(move.start)],
                           timeout=STEP_TIMEOUT)
    page.click(_square(move.end))
    choices = page.locator(f"{WIDGET} button.damas-choice")
    page.wait_for_function(
        "([sel, fen]) => { const e = document.querySelector(sel); return !!e && (e.getAttribute('data-fen') !== fen"
        " || !!e.querySelector('button.damas-choice')); }", arg=[WIDGET, board.fen()], timeout=STEP_TIMEOUT)
    if choices.count():
        choices.filter(has_text=move.text(full=True, names=board.variant.square_name)).first.click()


def test_a_minigame_won_against_level_one(voila_play):
    key = "tres-contra-tres"
    game = MINIGAMES[key]
    start = game.start(0)
    page = _new_page(voila_play)
    try:
        page.goto(voila_play.server.url + "/voila/render/minijogo.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        _no_code_shown(page, ["minigame(", "import"])
        expect(page.locator(".damas-minigame-box")).to_contain_text(game.rule)
        expect(page.locator(f"{WIDGET} .damas-message")).to_contain_text("Sua vez")
        assert _state(page)[0] == start.fen()
        shot(page, "minijogo_inicio.png")
        for _ in range(40):
            fen, turn, result, _ = _state(page)
            if result:
                break
            assert turn == "W"
            board = Board(fen)
            _click(page, board, sensible_move(key, board, seed=0, start=start))
            # the kernel plays the student's move and the computer's answer in one message
            page.wait_for_function(
                "([sel, fen]) => { const e = document.querySelector(sel); return !!e && e.getAttribute('data-fen')"
                " !== fen && (e.getAttribute('data-turn') === 'W' || !!e.getAttribute('data-result')); }",
                arg=[WIDGET, fen], timeout=STEP_TIMEOUT)
        assert _state(page)[2] == "2-0"
        expect(page.locator(f"{WIDGET} .damas-message")).to_contain_text("Você venceu! ★★★")
        expect(page.locator(f"{WIDGET} .damas-result")).to_contain_text("As brancas tomaram a primeira peça.")
        expect(page.locator(".damas-minigame-box")).to_contain_text("Seu recorde neste minijogo (nível 1): ★★★")
        assert page.locator(f'{WIDGET} button[data-action="retry"]').inner_text() == "Tentar de novo"
        shot(page, "minijogo_vitoria.png")
        saved = Progress(STUDENT, folder=progress_folder(voila_play.server))
        assert saved.minigame_stars(key, 1) == 3
        # A reload is a new kernel: the record comes back from the progress file.
        page.reload()
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        expect(page.locator(".damas-minigame-box")).to_contain_text("Seu recorde neste minijogo (nível 1): ★★★")
        assert _state(page)[0] == start.fen() and not _state(page)[2]
    finally:
        page.close()


def test_two_players_at_one_computer(voila):
    page = _new_page(voila)
    try:
        page.goto(voila.server.url + "/voila/render/app_tabuleiro.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        banner = page.locator(f"{WIDGET} .damas-banner")
        expect(banner).to_have_text("Vez das brancas")
        assert page.get_by_role("button", name="Com um colega").count() == 1
        assert page.get_by_role("button", name="Contra o computador").count() == 1
        board = Board()
        for text, after in (("c3-d4", "Vez das pretas"), ("f6-e5", "Vez das brancas"),
                            ("d4xf6", "Vez das pretas"), ("g7xe5", "Vez das brancas")):
            move = board.parse_move(text)
            _click(page, board, move)
            board.push(move)
            page.wait_for_function("([sel, fen]) => document.querySelector(sel).getAttribute('data-fen') === fen",
                                   arg=[WIDGET, board.copy(stack=False).fen()], timeout=STEP_TIMEOUT)
            expect(banner).to_have_text(after)
        rows = page.locator(f"{WIDGET} .damas-sheet-table tr")
        expect(rows).to_have_count(2)
        assert rows.nth(0).inner_text().split() == ["1.", "c3-d4", "f6-e5"]
        assert rows.nth(1).inner_text().split() == ["2.", "d4xf6", "g7xe5"]
        shot(page, "dois_jogadores.png")
        page.get_by_role("button", name="Numérica (22-18)").click()
        expect(rows.nth(0)).to_contain_text("22-18")
        assert rows.nth(1).inner_text().split() == ["2.", "18x11", "8x15"]
        # Against the computer: no banner, and the computer answers a move.
        page.get_by_role("button", name="Contra o computador").click()
        expect(banner).to_have_count(0)
        page.wait_for_function("(sel) => document.querySelector(sel).getAttribute('data-moves') === '0'",
                               arg=WIDGET, timeout=STEP_TIMEOUT)
        _click(page, Board(), Board().parse_move("c3-d4"))
        page.wait_for_function("(sel) => document.querySelector(sel).getAttribute('data-moves') === '2'",
                               arg=WIDGET, timeout=STEP_TIMEOUT)
    finally:
        page.close()


def test_a_stage_test_by_clicks_and_its_diploma(voila_play, tmp_path):
    data = stage_data("regras")
    page = _new_page(voila_play)
    try:
        page.goto(voila_play.server.url + "/voila/render/prova.ipynb")
        page.wait_for_selector(".damas-stage-test", timeout=PAGE_TIMEOUT)
        _no_code_shown(page, ["stage_test(", "import"])
        for i, item in enumerate(data["items"]):
            head = page.locator(".damas-stage-test").get_by_text(f"item {i + 1} de {len(data['items'])}")
            expect(head).to_have_count(1)
            if item["kind"] == "question":
                page.get_by_role("button", name=item["options"][item["answer"]], exact=True).click()
                expect(page.locator(".damas-stage-test")).to_contain_text("Certo!")
                if i == 6:
                    shot(page, "prova_pergunta.png")
            else:
                page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=STEP_TIMEOUT)
                task = BoardTask("x/y", item["fen"], item["goal"], item["par"], item["title"])
                board = task.board()
                expect(page.locator(WIDGET)).to_have_attribute("data-fen", board.fen())
                for move in task.shortest(item["par"]):
                    _click(page, board, move)
                    board = task._after(board, move)
                    expect(page.locator(WIDGET)).to_have_attribute("data-fen", board.fen())
                expect(page.locator(f"{WIDGET} .damas-message")).to_contain_text("Tarefa cumprida")
            if i < len(data["items"]) - 1:
                following = page.locator("button.damas-stage-next")
                expect(following).to_be_enabled()
                following.click()
        end = page.locator(".damas-stage-end")
        expect(end).to_contain_text("Prova terminada: 10 de 10 itens certos na primeira tentativa. Estrelas: ★★★.")
        link = page.get_by_role("link", name="Baixar meu diploma")
        expect(link).to_have_count(1)
        shot(page, "prova_fim.png")
        with page.expect_download() as download:
            link.click()
        pdf = tmp_path / download.value.suggested_filename
        download.value.save_as(pdf)
        assert pdf.name == "diploma-regras-ana-lucia.pdf" and pdf.read_bytes().startswith(b"%PDF-1.4")
        saved = Progress(STUDENT, folder=progress_folder(voila_play.server)).stage_result("regras")
        assert saved["estrelas"] == 3 and saved["acertos"] == 10
        if shutil.which("pdftoppm"):
            subprocess.run(["pdftoppm", "-png", "-r", "60", "-singlefile", str(pdf), str(SHOTS / "diploma")],
                           check=True)
            if EXTRA_SHOTS is not None and EXTRA_SHOTS.is_dir():
                shutil.copy(SHOTS / "diploma.png", EXTRA_SHOTS / "diploma.png")
            text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
            assert STUDENT in text and "«As regras do jogo»" in text
        # After a reload (a new kernel) the test starts again, and the diploma is still there.
        page.reload()
        page.wait_for_selector(".damas-stage-test", timeout=PAGE_TIMEOUT)
        expect(page.locator(".damas-stage-test")).to_contain_text("item 1 de 10")
        expect(page.locator(".damas-stage-end")).to_contain_text("Seu melhor resultado nesta prova: ★★★ (10 de 10)")
        expect(page.get_by_role("link", name="Baixar meu diploma")).to_have_count(1)
    finally:
        page.close()


# -- JupyterLite: the same pieces in Pyodide, with no server -------------------------------------------
LITE_PLAY = """
from damas.course.kit.minigames import minigame, sensible_move
from damas.course.kit.stage_tests import stage_test
from damas.course.kit.diplomas import student_diploma
from damas.course.kit.store import _progress
run = minigame("tres-contra-tres")
w = run.widget
start = run.game.start(0)
while not w.result:
    m = sensible_move("tres-contra-tres", w.board, seed=0, start=start)
    w.click(m.start); w.click(m.end)
print("MINIJOGO", w.result, run.stars)
test = stage_test("regras")
for item in test.items:
    if item.kind == "question":
        test.answer(next(o for o in range(len(item.question.options)) if item.question.is_right(o)))
    else:
        board = item.board()
        for m in item.task.shortest(item.task.par):
            board.click(m.start); board.click(m.end)
    test.next()
print("PROVA", test.result)
name, pdf = student_diploma("regras")
print("DIPLOMA", name, len(pdf), pdf[:8].decode(), "Baixar meu diploma" in test.diploma_html())
print("ONDE", _progress().path)
"""

LITE_READ = """
from damas.course.kit.progress import Progress
p = Progress()
print("RELIDO", p.minigame_stars("tres-contra-tres", 1), p.stage_result("regras")["estrelas"], p.path)
"""


def test_lite_two_players_a_minigame_and_a_diploma_survive_a_reload(lite):
    """In JupyterLite (Pyodide, offline): the Tabuleiro app takes two players by clicks; in its kernel a
    mini-game is won, the «regras» test done and the diploma's PDF made (the pure-Python writer:
    matplotlib is not served there); after a reload (a new Pyodide) the progress file on the site's
    drive still has the stars and the test."""
    from test_lite import _kernel, _open_and_run
    page = _open_and_run(lite, "notebooks/app_tabuleiro.ipynb")
    try:
        page.wait_for_selector(f"{WIDGET} svg.damas-board")
        banner = page.locator(f"{WIDGET} .damas-banner")
        expect(banner).to_have_text("Vez das brancas")
        board = Board()
        move = board.parse_move("c3-d4")
        page.locator(_square(move.start)).click()
        page.locator(_square(move.end)).click()
        expect(banner).to_have_text("Vez das pretas")
        expect(page.locator(f"{WIDGET} .damas-sheet-table")).to_contain_text("c3-d4")
        page.locator(WIDGET).screenshot(path=str(SHOTS / "lite_dois_jogadores.png"))
        out = _kernel(page, LITE_PLAY)
        assert "ERROR" not in out, out
        assert "MINIJOGO 2-0 3" in out and "PROVA (3, 10)" in out, out
        assert "DIPLOMA diploma-regras-aluno.pdf" in out and "%PDF-1.4 True" in out, out
        assert "ONDE /drive/damas-progresso/aluno.json" in out, out
        # A new page of the same browser: a new Pyodide, whose memory is gone; the site's drive
        # (the browser's storage) is all that is left.
        page.close()
        page = _open_and_run(lite, "notebooks/app_tabuleiro.ipynb")
        again = _kernel(page, LITE_READ)
        assert "RELIDO 3 3 /drive/damas-progresso/aluno.json" in again, again
    finally:
        page.close()
