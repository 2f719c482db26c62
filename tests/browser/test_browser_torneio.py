"""The class tournament in a real browser (Voilà, Chromium): nine players, four Swiss rounds, all by
clicks, then every PDF printed.

Voilà serves a copy of ``notebooks/app_torneio.ipynb``; its kernel keeps the tournament in a
temporary folder (``DAMAS_TORNEIOS``).  The test fills the «Novo torneio» form (one name typed as
«e» plus a combining accent, one with an escape code), creates the tournament, and for each round
clicks «Emparelhar a rodada N» and a result on every board (one mistaken click undone with
«Desfazer»); then it opens the standings and the crosstable, prints the five PDFs and downloads one.
Every wait is for the state it checks (a board's result shown, a round's title, a link); the file
on disk is compared with the clicks, and the rules of the pairings are checked on it.
Screenshots go to ``tests/browser_screenshots/``.
"""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path

import pytest

from browser_kit import ROOT, SHOTS, Site, _env, _require_browser, running_voila
from test_browser import PAGE_TIMEOUT, STEP_TIMEOUT, _new_page, _no_code_shown, expect

APP = ROOT / "notebooks" / "app_torneio.ipynb"
NAMES = ["Ana Beatriz", "Bruno", "Carla", "Davi", "Eduarda", "Felipe", "Gabriela", "Jose\u0301 Vitor",
         "Iara\x1b[31m"]
CHOICES = ["2-0", "1-1", "0-2"]


@pytest.fixture(scope="module")
def voila_torneio_server(tmp_path_factory):
    """Voilà serving the app alone; its kernels keep the tournaments in DAMAS_TORNEIOS."""
    _require_browser()
    root = tmp_path_factory.mktemp("voila_torneio")
    site = root / "site"
    (site / "notebooks").mkdir(parents=True)
    shutil.copy(APP, site / "notebooks" / APP.name)
    env = _env(root)
    env["DAMAS_TORNEIOS"] = str(root / "torneios")
    with running_voila(site / "notebooks", root, env) as server:
        yield server


@pytest.fixture
def voila_torneio(voila_torneio_server, browser):
    """That Voilà, seen by a fresh browser context, with no tournament saved yet."""
    folder = Path(voila_torneio_server.env["DAMAS_TORNEIOS"])
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    site = Site(voila_torneio_server, browser)
    site.tournaments = folder
    return site


def _field(page, label, kind="input"):
    return page.locator(f".widget-inline-hbox:has(label:text-is('{label}')) {kind}").first


def _board_line(page, board):
    return page.locator(f".damas-torneio-rodada .damas-mesa-{board}")


def _click_result(page, board, text):
    line = _board_line(page, board)
    line.locator(f"button:text-is('{text}')").click()
    expect(line.locator(".damas-resultado")).to_have_text(text, timeout=STEP_TIMEOUT)


def test_a_four_round_tournament_of_nine_players_by_clicks(voila_torneio):
    page = _new_page(voila_torneio)
    try:
        page.goto(voila_torneio.server.url + "/voila/render/app_torneio.ipynb")
        page.wait_for_selector(".damas-torneio", timeout=PAGE_TIMEOUT)
        _no_code_shown(page, ["TournamentApp", "import"])
        _field(page, "Nome do torneio:").fill("Torneio da 7ª B")
        _field(page, "Escola:").fill("Escola Estadual Rui Barbosa")
        _field(page, "Data:").fill("12/05/2026")
        _field(page, "Jogadores (um por linha, na ordem do sorteio):", "textarea").fill("\n".join(NAMES))
        rounds = _field(page, "Rodadas:")
        expect(rounds).to_have_value("5", timeout=STEP_TIMEOUT)         # the app's suggestion for nine
        rounds.fill("4")
        rounds.press("Enter")
        page.screenshot(path=str(SHOTS / "voila_torneio_novo.png"))
        page.locator("button.damas-torneio-criar").click()
        message = page.locator(".damas-torneio-mensagem")
        expect(message).to_contain_text("Torneio criado", timeout=STEP_TIMEOUT)
        file = next(voila_torneio.tournaments.glob("*.json"))
        assert json.loads(file.read_text(encoding="utf-8"))["rodadas"] == 4

        clicked = {}
        for r in range(1, 5):
            page.locator("button.damas-torneio-emparelhar").click()
            title = page.locator(f".damas-rodada-titulo[data-round='{r}']")
            expect(title).to_have_text(f"Rodada {r} de 4", timeout=STEP_TIMEOUT)
            boards = page.locator(".damas-torneio-rodada [class*='damas-mesa-']").count()
            assert boards == 4                                       # nine players: four boards and a bye
            expect(page.locator(".damas-torneio-rodada")).to_contain_text("Folga:")
            for b in range(1, 5):
                if r == 2 and b == 1:                                # a mistaken click, undone
                    _click_result(page, b, "0-2")
                    _board_line(page, b).locator("button:text-is('Desfazer')").click()
                    expect(_board_line(page, b).locator(".damas-resultado")).to_have_text("", timeout=STEP_TIMEOUT)
                choice = CHOICES[(r + b) % 3]
                _click_result(page, b, choice)
                clicked[(r, b)] = choice
            expect(page.locator(f".damas-rodada-titulo[data-round='{r}'][data-complete='1']")).to_have_count(
                1, timeout=STEP_TIMEOUT)
            if r == 2:
                page.screenshot(path=str(SHOTS / "voila_torneio_rodada.png"), full_page=True)
        expect(page.locator(".damas-torneio-rodada")).to_contain_text("O torneio terminou", timeout=STEP_TIMEOUT)

        # The file holds what was clicked, and the pairings keep the rules.
        data = json.loads(file.read_text(encoding="utf-8"))
        names = [p["nome"] for p in data["jogadores"]]
        assert names[7] == unicodedata.normalize("NFC", NAMES[7]) and names[8] == NAMES[8]
        from damas.course.tournament.model import Tournament
        t = Tournament(data)
        assert {(g.round, g.board): t.result_text(g.result) for r in t.rounds for g in r.games} == clicked
        pairs = [frozenset((g.white, g.black)) for r in t.rounds for g in r.games]
        assert len(pairs) == len(set(pairs)) == 16
        assert len({r.bye for r in t.rounds}) == 4

        page.get_by_role("tab", name="Classificação").click()
        standings = page.locator(".damas-torneio-classificacao")
        expect(standings).to_contain_text("Sonneborn-Berger", timeout=STEP_TIMEOUT)
        expect(standings).to_contain_text("Iara\\x1b[31m")            # the escape code shown, not obeyed
        page.screenshot(path=str(SHOTS / "voila_torneio_classificacao.png"), full_page=True)
        page.get_by_role("tab", name="Tabela").click()
        expect(page.locator(".damas-torneio-tabela")).to_contain_text("folga", timeout=STEP_TIMEOUT)
        page.screenshot(path=str(SHOTS / "voila_torneio_tabela.png"), full_page=True)

        page.get_by_role("tab", name="Imprimir").click()
        links = page.locator(".damas-torneio-pdfs li")
        for k in range(5):
            page.locator(f"button.damas-imprimir-{k}").click()
            expect(links).to_have_count(k + 1, timeout=PAGE_TIMEOUT)
        printed = sorted(p.name for p in (file.parent / (file.stem + "-pdf")).glob("*.pdf"))
        assert printed == ["certificados-podio.pdf", "certificados.pdf", "classificacao.pdf",
                           "rodada-4-emparelhamento.pdf", "rodada-4-folhas-de-anotacao.pdf"]
        with page.expect_download() as download:
            links.filter(has_text="certificados.pdf").locator("a").click()
        path = download.value.path()
        with open(path, "rb") as pdf:
            assert pdf.read(5) == b"%PDF-"
        page.screenshot(path=str(SHOTS / "voila_torneio_imprimir.png"), full_page=True)

        # A student enters the game of board 1 of round 4: a refused move is explained, then saved.
        page.get_by_role("tab", name="Partidas").click()
        page.get_by_role("button", name="Abrir o formulário da partida").click()
        form = page.locator(".damas-torneio-partida")
        form.locator("textarea").fill("1. c3-d4 f6-e5 2. a3-b4")
        form.get_by_role("button", name="Conferir os lances").click()
        expect(form).to_contain_text("Lance 2 das brancas (a3-b4)", timeout=STEP_TIMEOUT)
        expect(form).to_contain_text("regra 4.1")
        form.locator("textarea").fill("1. c3-d4 f6-g5 2. b2-c3 g7-f6 3. d4-e5")
        form.get_by_role("button", name="Conferir os lances").click()
        expect(form).to_contain_text("5 lances conferidos", timeout=STEP_TIMEOUT)
        form.get_by_role("button", name="Salvar a partida").click()
        expect(form).to_contain_text("Partida salva em rodada-4-mesa-1.pdn", timeout=STEP_TIMEOUT)
        saved = file.parent / (file.stem + "-partidas") / "rodada-4-mesa-1.pdn"
        assert '[Round "4"]' in saved.read_text(encoding="utf-8")
        form.get_by_role("button", name="Rever com o treinador").click()
        expect(form.locator(".damas-torneio-revisao")).to_contain_text("d4-e5", timeout=PAGE_TIMEOUT)
        page.screenshot(path=str(SHOTS / "voila_torneio_partida.png"), full_page=True)
    finally:
        page.close()
