"""The course's map and the coordinates trainer in a real browser (Chromium; issue 42, items 2 and 3).

* Voilà serves a copy of ``notebooks/app_mapa.ipynb``; its kernel saves the progress in a
  temporary folder under the name ``DAMAS_ALUNO``.  The progress file starts with chapters 01 and 02
  done and six tasks of chapter 03, so the map's next step is chapter 03's seventh task, one where
  the black men move too.  The test opens «▶ Próxima tarefa» on the map (Enter on the focused
  button), solves the task by clicks (the replies the page shows are the ones the package proves),
  and waits for the map to move its mark to the next task; the stars are in the progress file and
  still on the map after a reload.
* JupyterLab runs ``tests/browser/coordenadas.ipynb``: the trainer with a clock the test moves, and
  the page's clock faked by Playwright (``page.clock``), so a whole round of 30 seconds is played
  by clicks (and one by the keyboard) without waiting: the test moves both clocks by 30 seconds and
  the page's own timer ends the round; the best score is in the progress file.  The same notebook
  shows the map: a click on a stage opens that chapter in JupyterLab (in Voilà, the browser follows
  the link to the chapter's page).

Screenshots go to ``tests/browser_screenshots/`` (and are looked at).  Every wait is for the state
it checks.
"""

from __future__ import annotations

import json
import re
import shutil

import pytest

from browser_kit import (
    ROOT, SHOTS, STUDENT, Site, _env, _require_browser, empty_progress, own_site, running_voila,
    shut_down_kernels,
)
from lab_page import KERNEL_EXEC, KERNEL_IDLE
from test_browser import PAGE_TIMEOUT, RUN_ALL, RUN_ALL_OVER, STEP_TIMEOUT, _new_page, _no_code_shown, expect

from damas import Board
from damas.course.kit.chapter_texts import TASKS
from damas.course.kit.progress import Progress

APP = ROOT / "notebooks" / "app_mapa.ipynb"
COORDINATES_NOTEBOOK = ROOT / "tests" / "browser" / "coordenadas.ipynb"
MAP = ".damas-course-map .damas-picture-live"
TASK = ".damas-map-task .damas-widget"
TRAINER = ".damas-coordinates"


def _seed(folder, student):
    """Chapters 01 and 02 done, and the first six tasks of chapter 03: the next is tomada/vence."""
    p = Progress(student, folder=folder)
    for key in [t.key for t in TASKS["tabuleiro"] + TASKS["movimento"]] + [t.key for t in TASKS["tomada"][:6]]:
        p.record_stars(key, 3)
    return TASKS["tomada"][6]


@pytest.fixture(scope="module")
def voila_map_server(tmp_path_factory):
    """Voilà serving the app alone; its kernels save the progress of «lia»."""
    _require_browser()
    root = tmp_path_factory.mktemp("voila_mapa")
    site = root / "site"
    (site / "notebooks").mkdir(parents=True)
    shutil.copy(APP, site / "notebooks" / APP.name)
    env = _env(root)
    env["DAMAS_ALUNO"] = "lia"
    with running_voila(site / "notebooks", root, env) as server:
        yield server


@pytest.fixture
def voila_map(voila_map_server, browser):
    empty_progress(voila_map_server)
    site = Site(voila_map_server, browser)
    site.task = _seed(site.progress, "lia")
    return site


def _wait_task_fen(page, fen):
    page.wait_for_function(
        "([sel, fen]) => { const e = document.querySelector(sel); return !!e && e.getAttribute('data-fen') === fen; }",
        arg=[TASK, fen], timeout=STEP_TIMEOUT)


def _shot(page, name, locator=None):
    path = SHOTS / name
    (locator or page).screenshot(path=str(path))
    return path


def test_a_task_solved_by_clicks_from_the_maps_next_step(voila_map):
    task = voila_map.task
    assert task.key == "tomada/vence" and task.versus
    page = _new_page(voila_map)
    try:
        page.goto(voila_map.server.url + "/voila/render/app_mapa.ipynb")
        page.wait_for_selector(f"{MAP} svg .damas-next", timeout=PAGE_TIMEOUT)
        _no_code_shown(page, ["course_map", "coordinates_trainer", "import"])
        nxt = page.locator(f"{MAP} [data-click='next']")
        expect(nxt).to_have_attribute("aria-label", re.compile(r"^Próxima tarefa: capítulo 03 — Tomada, tarefa 7 de 8"))
        expect(page.locator(f"{MAP} [data-chapter='03'] circle.damas-focus")).to_have_attribute("stroke-width", "5")
        _shot(page, "voila_mapa_inicio.png", page.locator(".damas-course-map"))

        nxt.focus()                                # the keyboard's way: the next step is a button
        page.keyboard.press("Enter")
        page.wait_for_selector(f"{TASK} svg.damas-board", timeout=STEP_TIMEOUT)
        expect(page.locator(".damas-map-task")).to_contain_text(task.text)
        expect(page.locator(".damas-map-task")).to_contain_text("custa uma estrela")
        _wait_task_fen(page, task.fen)
        line = task.shortest(task.par)
        board = task.board()
        for i in range(0, len(line), 2):
            move = line[i]
            page.click(f'{TASK} g.damas-square[data-square="{move.start}"]')
            page.click(f'{TASK} g.damas-square[data-square="{move.end}"]')
            board.push(move)
            if i + 1 < len(line):
                board.push(line[i + 1])       # the defence the package proves: the page plays it
            _wait_task_fen(page, board.fen())
        expect(page.locator(f"{TASK} .damas-message")).to_contain_text("Muito bem!", timeout=STEP_TIMEOUT)
        expect(page.locator(f"{TASK} .damas-message")).to_contain_text("★★★")
        # the map is drawn again: the mark moved to the next task, the stars went up
        expect(page.locator(f"{MAP} [data-click='next']")).to_have_attribute(
            "aria-label", re.compile(r"tarefa 8 de 8"), timeout=STEP_TIMEOUT)
        stars = Progress("lia", folder=voila_map.progress)
        assert stars.stars(task.key) == 3
        expect(page.locator(f"{MAP} svg")).to_contain_text(f"Suas estrelas: {stars.total_stars()} de")
        # a click on the finished board keeps the praise
        page.click(f'{TASK} g.damas-square[data-square="1"]')
        expect(page.locator(f"{TASK} .damas-message")).to_contain_text("clique em «Recomeçar»", timeout=STEP_TIMEOUT)
        expect(page.locator(f"{TASK} .damas-message")).to_contain_text("Muito bem!")
        _shot(page, "voila_mapa_tarefa_feita.png")
        # a reload (a new kernel) reads the same file: the stars and the mark are still there
        page.reload()
        page.wait_for_selector(f"{MAP} svg .damas-next", timeout=PAGE_TIMEOUT)
        expect(page.locator(f"{MAP} [data-click='next']")).to_have_attribute(
            "aria-label", re.compile(r"^Próxima tarefa: capítulo 03 — Tomada, tarefa 8 de 8"))
        expect(page.locator(f"{MAP} svg")).to_contain_text(f"Suas estrelas: {stars.total_stars()} de")
        # a stage is a link to its chapter, which Voilà renders
        page.locator(f"{MAP} [data-chapter='02']").click()
        page.wait_for_url("**/voila/render/02_Movimento.ipynb", timeout=PAGE_TIMEOUT)
    finally:
        page.close()


@pytest.fixture
def lab_coordinates(lab_server, browser, request):
    """The shared JupyterLab, a copy of the course of this test's own, the test notebook in its
    notebooks/ (beside the chapters the map opens), no progress yet; the kernels shut down after."""
    site = own_site(lab_server, browser, request)
    shutil.copy(COORDINATES_NOTEBOOK, lab_server.root / site.folder / "notebooks" / COORDINATES_NOTEBOOK.name)
    empty_progress(lab_server)
    try:
        yield site
    finally:
        shut_down_kernels(lab_server)


def _open(page, lab, path):
    page.goto(f"{lab.server.url}/lab/workspaces/coordenadas/tree/{lab.path(path)}")
    page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)
    page.evaluate(RUN_ALL)
    state = page.wait_for_function(RUN_ALL_OVER, timeout=PAGE_TIMEOUT).json_value()
    assert state == "done", state
    page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)


def _screen_rc(board, square, flipped):
    r, c = board.variant.square_to_rc(square)
    n = board.variant.size
    return (n - 1 - r, n - 1 - c) if flipped else (r, c)


def _target(page, board):
    text = page.locator(f"{TRAINER} .damas-prompt").inner_text()
    name = re.fullmatch(r"Clique na casa (\w+)\.", text.strip()).group(1)
    return board.variant.parse_square(name)


def test_a_coordinates_round_played_by_clicks_and_keys(lab_coordinates):
    board = Board("W:W:B")
    page = _new_page(lab_coordinates)
    page.clock.install()                           # the page's clock: moved by the test
    try:
        _open(page, lab_coordinates, f"notebooks/{COORDINATES_NOTEBOOK.name}")
        trainer = page.locator(TRAINER)
        expect(trainer).to_be_visible(timeout=PAGE_TIMEOUT)
        expect(trainer.locator(".damas-message")).to_contain_text("Começar")
        trainer.locator("button[data-action='start_B']").click()
        expect(trainer).to_have_attribute("data-running", "1", timeout=STEP_TIMEOUT)
        expect(trainer).to_have_attribute("data-flipped", "1")
        expect(trainer.locator(".damas-clock-time")).to_have_attribute("data-left", "30")
        for i in range(4):                         # four squares by clicks
            square = _target(page, board)
            trainer.locator(f'g.damas-square[data-square="{square}"]').click()
            expect(trainer).to_have_attribute("data-score", str(i + 1), timeout=STEP_TIMEOUT)
        _shot(page, "lab_coordenadas_rodada.png", trainer)
        # a wrong square: said, and the score stays
        square = _target(page, board)
        wrong = next(s for s in board.variant.square_range if s != square)
        trainer.locator(f'g.damas-square[data-square="{wrong}"]').click()
        expect(trainer.locator(".damas-message")).to_contain_text(
            f"Essa é a casa {board.variant.square_name(wrong)}", timeout=STEP_TIMEOUT)
        # the fifth by the keyboard: the cursor square takes the focus, the arrows move it, Enter clicks
        cursor = trainer.locator("g.damas-square[tabindex='0']")
        cursor.focus()
        for _ in range(30):
            here = int(trainer.locator("g.damas-square[tabindex='0']").get_attribute("data-square"))
            if here == square:
                break
            (r0, c0), (r1, c1) = _screen_rc(board, here, True), _screen_rc(board, square, True)
            key = "ArrowUp" if r1 < r0 else "ArrowDown" if r1 > r0 else "ArrowLeft" if c1 < c0 else "ArrowRight"
            page.keyboard.press(key)
        page.keyboard.press("Enter")
        expect(trainer).to_have_attribute("data-score", "5", timeout=STEP_TIMEOUT)
        assert trainer.locator("g.damas-square").first.get_attribute("aria-label") == "casa escura"
        # 30 seconds pass on both clocks: the page's timer ends the round
        out = page.evaluate(KERNEL_EXEC, "relogio.agora += 30; print(treino.running)")
        assert out.strip() == "True", out
        page.clock.fast_forward(30_500)
        expect(trainer).to_have_attribute("data-running", "", timeout=STEP_TIMEOUT)
        expect(trainer.locator(".damas-message")).to_contain_text("Fim da rodada: 5 casas achadas em 30 segundos (1 erro).")
        expect(trainer.locator(".damas-best")).to_have_text("Seu recorde com as pretas embaixo: 5.")
        _shot(page, "lab_coordenadas_fim.png", trainer)
        saved = json.loads((lab_coordinates.progress / f"{STUDENT}.json").read_text(encoding="utf-8"))
        assert saved["coordenadas"] == {"brazilian/pretas": 5}
        # the map of the same notebook: a stage is a link that JupyterLab opens beside it
        stage = page.locator(".damas-picture-live [data-chapter='01']")
        expect(stage).to_have_attribute("role", "link")
        stage.click()
        page.wait_for_function("() => window.jupyterapp.shell.currentWidget.title.label === "
                               "'01_Tabuleiro_e_notacao.ipynb'", timeout=PAGE_TIMEOUT)
    finally:
        page.close()
