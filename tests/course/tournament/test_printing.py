"""The PDFs a teacher prints: pages, what they say (read back with pdftotext), Brazilian numbers,
names drawn literally; the chapter-10 sheet filled for each player of each board."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from damas.course.tournament import TournamentFile
from damas.course.tournament.names import shown
from damas.course.tournament.printing import write_all

pytestmark = pytest.mark.slow
pytest.importorskip("matplotlib")


def _text(path, page=None) -> str:
    if shutil.which("pdftotext") is None:
        if os.environ.get("DAMAS_REQUIRE_POPPLER") == "1":
            pytest.fail("DAMAS_REQUIRE_POPPLER=1 but pdftotext (poppler-utils) is missing")
        pytest.skip("pdftotext (poppler-utils) is missing")
    args = ["pdftotext", "-layout"] + (["-f", str(page), "-l", str(page)] if page else []) + [str(path), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("torneio")
    names = ["Ana", "Bruno", "Carla", "Davi", "Eva", "Fábio", "Gil", "Hugo", "Iara\x1b[2J"]
    file = TournamentFile.create(folder / "t.json", "Torneio da 7ª B", names, rounds=3, scoring="1-meio-0",
                                 school="Escola Estadual Rui Barbosa", date="12/05/2026")
    for r in (1, 2):
        file.pair_next()
        for g in file.read().rounds[-1].games:
            file.record(r, g.board, "½-½" if g.board == 1 else "1-0")
    t = file.read()
    return t, write_all(t, folder / "pdf")


def test_every_pdf_is_written(printed, close_figures):
    t, out = printed
    pages = {key: n for key, (_path, n) in out.items()}
    assert pages == {"emparelhamento": 1, "folhas": 8, "classificacao": 2, "certificados": 9, "podio": 3}


def test_the_pairing_sheet_names_boards_colours_and_the_bye(printed):
    t, out = printed
    text = _text(out["emparelhamento"][0])
    rnd = t.rounds[-1]
    for g in rnd.games:
        assert t.player(g.white).name.split("\x1b")[0] in text
    assert "Folga:" in text and "vale uma vitória" in text
    assert "1,5" in text or "0,5" in text and "1.5" not in text
    assert "1-0, ½-½, 0-1" in text


def test_the_score_sheets_are_filled_for_each_player(printed):
    t, out = printed
    g = t.rounds[-1].games[0]
    first, second = _text(out["folhas"][0], 1), _text(out["folhas"][0], 2)
    for page, colour, number in ((first, "brancas", g.white), (second, "pretas", g.black)):
        assert f"Mesa 1 — rodada 2 — folha de {shown(t.player(number).name)} ({colour})" in page
        assert "Torneio da 7ª B" in page and "Escola Estadual Rui Barbosa" in page and "2 — mesa 1" in page
        assert shown(t.player(g.white).name) in page and shown(t.player(g.black).name) in page
        assert "Resultado (2-0, 1-1 ou 0-2)" in page


def test_the_standings_name_each_tie_break_with_its_source(printed):
    _t, out = printed
    text = _text(out["classificacao"][0])
    for words in ("Confronto direto", "Sonneborn-Berger", "Buchholz", "Número de vitórias", "FIDE C.07"):
        assert words in text
    assert "Iara\\x1b[2J" in text                   # the escape code drawn, not obeyed
    assert "." not in "".join(line.split()[3] for line in text.splitlines()
                              if line.strip()[:1].isdigit() and "º" in line)


def test_certificates_carry_the_school_and_the_place(printed):
    t, out = printed
    text = _text(out["podio"][0], 1)
    assert "Escola Estadual Rui Barbosa certifica que" in text and "1º lugar" in text
    every = _text(out["certificados"][0])
    assert every.count("Certificado") == 9


def test_the_blank_score_sheet_is_unchanged(tmp_path, close_figures):
    from damas.course.kit.sheets import score_sheet
    from repo_paths import NOTEBOOKS
    kept = NOTEBOOKS / "fichas" / "folha-de-anotacao.pdf"
    score_sheet(tmp_path / "f.pdf")
    assert (tmp_path / "f.pdf").read_bytes() == kept.read_bytes()


def test_without_matplotlib_a_pdf_is_refused_in_portuguese(tmp_path):
    """JupyterLite offline serves no matplotlib: printing says so (the package's own error)."""
    import sys
    import textwrap
    from repo_paths import REPO
    code = textwrap.dedent(f"""
        import sys
        sys.modules["matplotlib"] = None
        from damas import DamasError
        from damas.course.tournament import TournamentFile
        from damas.course.tournament.printing import write_pairings
        f = TournamentFile.create({str(tmp_path / "t.json")!r}, "T", ["A", "B"])
        f.pair_next()
        try:
            write_pairings(f.read(), {str(tmp_path / "x.pdf")!r})
        except DamasError as error:
            print(type(error).__name__, "matplotlib" in str(error))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(REPO)})
    assert out.stdout.split() == ["MatplotlibMissingError", "True"], out.stderr


def test_a_long_name_fits_on_its_certificate_whole(tmp_path):
    """A certificate's name and body are wrapped by their measured width and made smaller to fit
    inside the inner border (printing.CERTIFICATE_NAME and CERTIFICATE_BODY): a 62-character name
    went past both edges of the page (cut at 60 characters with «…», at 30 points on one line),
    and an 80-character name of one word (the longest allowed) stays inside too."""
    from damas.course.tournament.names import MAX_NAME
    from damas.course.tournament.printing import CERTIFICATE_BODY, CERTIFICATE_NAME, write_certificates
    from pdf_words import PDFTOTEXT, outside, page_words, words_outside_frame
    if PDFTOTEXT is None:
        _text(tmp_path / "none.pdf")             # skips, or fails with DAMAS_REQUIRE_POPPLER=1
    long_name = "Maria Eduarda Albuquerque de Vasconcellos Cavalcanti Wanderley"
    one_word = "W" * MAX_NAME
    school = "Escola Estadual de Ensino Fundamental e Médio Professora Maria da Conceição Albuquerque"
    file = TournamentFile.create(tmp_path / "t.json", "Campeonato Interclasses de Damas da Escola",
                                 [long_name, one_word, "Ana", "Bruno"], school=school, rounds=1)
    file.pair_next()
    t = file.read()
    pdf = tmp_path / "certificados.pdf"
    write_certificates(t, pdf)
    inner = (0.045, 0.06, 0.955, 0.94)           # the inner border's frame
    pages = page_words(pdf)
    assert len(pages) == 4
    bad = [(n, w[4]) for n, (width, height, words) in enumerate(pages, 1) for w in words
           if outside(w, inner, width, height)]
    assert bad == []
    page = next(n for n, (_w, _h, words) in enumerate(pages) if words and "Wanderley" in [w[4] for w in words])
    assert words_outside_frame(pdf, CERTIFICATE_NAME, long_name, page) == []
    body = " ".join(w[4] for w in pages[page][2])
    assert f"certifica que {long_name} " in body and "…" not in body
    assert words_outside_frame(pdf, CERTIFICATE_BODY, f"certifica que {long_name}", page) == []
