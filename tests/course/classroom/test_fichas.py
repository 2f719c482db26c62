"""The printable sheets: ``python -m damas fichas`` and the PDFs kept in notebooks/fichas/.

For every collection of puzzles/ a student sheet (neutral numbers, no theme, name/class/date
fields, lines for the answers, one board size) and an answer key (numbered moves, theme); and the
three blank forms of the teacher's guide.  The kept PDFs must be what the command makes today."""

from repo_paths import REPO
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

# Every sheet is drawn with matplotlib and compared page by page with the kept PDFs: slow.
pytestmark = pytest.mark.slow

pytest.importorskip("matplotlib")

import matplotlib  # noqa: E402

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from damas import Game  # noqa: E402
from damas.__main__ import main  # noqa: E402
from damas.course.classroom.fichas import SHEET_TITLES, _Sheet, sheet_groups, task_text  # noqa: E402
from damas.course.kit.sheets import (FORCADA_MODEL, FORCADA_OUT, IRREGULARITIES, SHEET_TEXTS,  # noqa: E402
                                     answer_key_pages, forcada_pages, irregularities_pages, score_sheet_pages,
                                     student_sheet, student_sheet_pages)
from damas.problems.puzzles import Puzzle, load_collection  # noqa: E402

ROOT = REPO
KEPT = ROOT / "notebooks" / "fichas"
COLLECTIONS = sorted((ROOT / "puzzles").glob("*.pdn"))
PDFTOTEXT = shutil.which("pdftotext")


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", path.read_bytes()))


def texts(fig):
    return [t.get_text() for t in fig.texts if t.get_text()]


def pdf_text(path: Path) -> str:
    out = subprocess.run([PDFTOTEXT, "-layout", str(path), "-"], capture_output=True, text=True, check=True)
    return " ".join(out.stdout.split())


@pytest.fixture
def fresh(fresh_sheets):
    """Every sheet made now by the command (``--todas``), in a temporary folder made once per run
    (tests/course/conftest.py)."""
    return fresh_sheets


@pytest.mark.slow
def test_the_command_makes_every_sheet(fresh):
    made = sorted(p.name for p in fresh.glob("*.pdf"))
    for pdn in COLLECTIONS:
        assert f"{pdn.stem}.pdf" in made and f"{pdn.stem}-gabarito.pdf" in made
    for form in ("folha-de-anotacao.pdf", "irregularidades.pdf", "forcada.pdf"):
        assert form in made
    # a collection that mixes the two boards gets one sheet (and one key) per board size
    for pdn in COLLECTIONS:
        if len({p.variant for p in load_collection(pdn)}) > 1:
            assert f"{pdn.stem}-100casas.pdf" in made and f"{pdn.stem}-100casas-gabarito.pdf" in made


@pytest.mark.slow            # the fixture makes all 50 sheets (about a minute, once per run)
def test_kept_sheets_match_their_collections(fresh):
    """The PDFs a teacher prints are the ones the command makes from today's collections:
    same files, same page counts and (with poppler's pdftotext) the same text."""
    if not PDFTOTEXT and os.environ.get("DAMAS_REQUIRE_POPPLER"):
        pytest.fail("pdftotext (poppler-utils) não está instalado")
    made = sorted(p.name for p in fresh.glob("*.pdf"))
    kept = sorted(p.name for p in KEPT.glob("*.pdf"))
    assert kept == made, "gere as fichas de novo: python -m damas fichas --todas notebooks/fichas"
    for name in made:
        assert pages(KEPT / name) == pages(fresh / name), name
        if PDFTOTEXT:
            assert pdf_text(KEPT / name) == pdf_text(fresh / name), name


@pytest.mark.slow
@pytest.mark.parametrize("pdn", COLLECTIONS, ids=[p.stem for p in COLLECTIONS])
def test_student_sheet_is_neutral(pdn):
    puzzles = load_collection(pdn)
    themes = {t.lower() for p in puzzles for t in p.themes}
    titles = {p.title.lower() for p in puzzles if p.title}
    for name, suffix, sheets in sheet_groups(puzzles, pdn.stem):
        figures = student_sheet_pages(sheets, title=SHEET_TITLES.get(pdn.stem, pdn.stem) + suffix)
        # one board size per sheet, one diagram per problem
        assert len({s.board.variant.size for s in sheets}) == 1
        assert sum(len(f.axes) for f in figures) == len(sheets)
        shown = []
        for fig in figures:
            page = texts(fig)
            for field in (SHEET_TEXTS["name"], SHEET_TEXTS["class"], SHEET_TEXTS["date"]):
                assert field in page
            assert page.count(SHEET_TEXTS["answer"]) == len(fig.axes)
            shown += page
        numbers = [int(t) for t in shown if t.isdigit()]
        assert numbers == list(range(1, len(sheets) + 1))
        tasks = [t.replace("\n", " ") for t in shown]
        for sheet in sheets:
            assert sheet.task in tasks
        body = "\n".join(shown).lower().replace("\n", " ")
        for theme in themes:
            assert theme not in body, f"{name}: o tema {theme!r} aparece na ficha do aluno"
        for title in titles:
            assert title not in body, f"{name}: o título {title!r} aparece na ficha do aluno"


@pytest.mark.parametrize("pdn", COLLECTIONS, ids=[p.stem for p in COLLECTIONS])
def test_key_lists_every_answer_numbered(pdn):
    puzzles = load_collection(pdn)
    for name, suffix, sheets in sheet_groups(puzzles, pdn.stem):
        key = " ".join(" ".join(texts(f)) for f in answer_key_pages(sheets, title=name))
        key = " ".join(key.split())
        for number, sheet in enumerate(sheets, 1):
            assert f"{number}. " in key
            for answer in sheet.answers:
                assert re.match(r"^1\.(\.\.)? ", answer), answer
                assert answer in key
            if sheet.theme:
                assert " ".join(SHEET_TEXTS["theme"].format(theme=sheet.theme).split()) in key


def test_answers_follow_the_solution_and_the_rules():
    for pdn in COLLECTIONS:
        for puzzle in load_collection(pdn):
            sheet = _Sheet(puzzle)
            board = puzzle.board()
            if puzzle.goal == "capture":
                # every capture the majority law allows (4.13, 4.14), each numbered
                assert len(sheet.answers) == len(board.legal_moves())
                for move, answer in zip(board.legal_moves(), sheet.answers):
                    assert answer.endswith(board.move_text(move))
            else:
                plain = re.sub(r"\d+\.(\.\.)?\s*", "", sheet.answer).split()
                assert plain == puzzle.solution.split()


def test_task_words():
    assert task_text(Puzzle("W:W6,14,15,17,27:BK2", goal="win", max_plies=3)) == \
        "As brancas jogam e ganham em 2 lances."
    assert task_text(Puzzle("B:W22,K30:B9,10", goal="win", max_plies=1)) == "As pretas jogam e ganham em 1 lance."
    assert task_text(Puzzle("W:W22:B18,10", goal="capture", max_plies=1)) == \
        "As brancas jogam: qual é a tomada obrigatória?"
    assert task_text(Puzzle("W:W22,25,29:B8,13,15", goal="material", n=2, max_plies=3)) == \
        "As brancas jogam e ganham 2 peças em 2 lances."
    assert task_text(Puzzle("W:W22,25,29:B8,13,15", goal="promote", max_plies=3)) == \
        "As brancas jogam e fazem dama em 2 lances."


def test_one_board_size_per_sheet():
    puzzles = [p for pdn in COLLECTIONS for p in load_collection(pdn)]
    mixed = [_Sheet(next(p for p in puzzles if p.variant == "brazilian")),
             _Sheet(next(p for p in puzzles if p.variant == "international"))]
    assert {s.board.variant.size for s in mixed} == {8, 10}
    with pytest.raises(ValueError, match="um só tamanho de tabuleiro"):
        student_sheet_pages(mixed, title="x")


@pytest.mark.slow
def test_student_sheet_is_deterministic(tmp_path):
    sheets = [_Sheet(p) for p in load_collection(ROOT / "puzzles" / "classicos.pdn")]
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert student_sheet(sheets, a, title="Golpes") == student_sheet(sheets, b, title="Golpes")
    assert a.read_bytes() == b.read_bytes()
    assert b"CreationDate" not in a.read_bytes()


def test_score_sheet_has_the_fields_and_sixty_moves():
    [fig] = score_sheet_pages()
    shown = texts(fig)
    for n in range(1, 61):
        assert str(n) in shown
    for label in ("Evento:", "Data:", "Brancas:", "Pretas:", "Rodada:"):
        assert label in shown
    assert any("regras 8.1 e 8.2" in t.replace("\n", " ") for t in shown)
    assert len(fig.axes) == 1   # the numbered board


def test_irregularities_table_has_all_fourteen():
    [fig] = irregularities_pages()
    shown = texts(fig)
    numbers = [t for t in shown if re.fullmatch(r"5\.4\.\d\d", t)]
    assert numbers == [f"5.4.{n:02d}" for n in range(1, 15)]
    assert [n for n, _ in IRREGULARITIES] == numbers
    intro = " ".join(shown).replace("\n", " ")
    for rule in ("5.4", "5.7", "5.8"):
        assert f"regra {rule})" in intro


def test_forcada_sheet_model_game_wins_within_the_limit():
    game = Game(FORCADA_OUT)
    for move in FORCADA_MODEL:
        game.push(move)
    result = game.result()
    assert result.article.startswith("7.2")
    limit = game.draw_rules["6.3"]
    assert (len(FORCADA_MODEL) + 1) // 2 <= limit
    [fig] = forcada_pages()
    shown = " ".join(texts(fig)).replace("\n", " ")
    assert "1. h4-f6 f8-b4 2. b8-f4" in shown
    # issue 46: the Brazilian 20-move limit is not «regra 6.3» (the 100-square article, 10 moves); the
    # Brazilian 64-square rules number no article for it: the sheet names it by its source
    assert f"{limit} lances" in shown and "regra 6.3" not in shown
    assert shown.count("(regras do jogo de 64 casas)") == 2
    rows = [t for t in texts(fig) if t.isdigit()]
    assert rows == [str(n) for n in range(1, limit + 1)]
    assert len(fig.axes) == 2   # the two starting positions


def test_bad_collection_gets_a_portuguese_message(tmp_path, capsys):
    # a bad argument: exit status 2 (tests/test_cli.py); a collection that cannot be read: 1
    assert main(["fichas", str(tmp_path / "nada.pdn"), "-o", str(tmp_path / "x.pdf")]) == 2
    assert "arquivo não encontrado" in capsys.readouterr().err
    bad = tmp_path / "ruim.pdn"
    bad.write_text('[Event "x"]\n[FEN "W:W99:B1"]\n1. 22-17 *\n', encoding="utf-8")
    assert main(["fichas", str(bad), "-o", str(tmp_path / "y.pdf")]) == 1
    assert "Não foi possível fazer a ficha" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.pdf"))
    assert main(["fichas"]) == 2
    assert "--todas" in capsys.readouterr().err


@pytest.mark.slow
def test_one_collection_writes_sheet_and_key(tmp_path, capsys):
    out = tmp_path / "golpes.pdf"
    assert main(["fichas", str(ROOT / "puzzles" / "classicos.pdn"), "-o", str(out), "--titulo", "Golpes"]) == 0
    assert out.exists() and (tmp_path / "golpes-gabarito.pdf").exists()
    assert "problemas em" in capsys.readouterr().out


def test_the_command_line_only_dispatches():
    # damas/__main__.py parses the arguments and calls the module that does the work
    import ast
    tree = ast.parse((ROOT / "damas" / "__main__.py").read_text(encoding="utf-8"))
    defined = [node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))]
    assert defined == ["_parser", "main"]
    assigned = [node for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))]
    assert assigned == []


# -- issue 26: the classics as a booklet ----------------------------------------
def test_classics_booklet_by_name(tmp_path, capsys):
    """``python -m damas fichas --colecao classicos``: the student booklet in book order (the
    easiest first), each diagram with its side to move and no source line (issue 46, item 4: the
    sources are the teacher's), and a separate key in the same order, each answer with its source."""
    from damas.problems.book import book_order, source_line
    out = tmp_path / "livro.pdf"
    assert main(["fichas", "--colecao", "classicos", "-o", str(out)]) == 0
    key = tmp_path / "livro-gabarito.pdf"
    assert out.is_file() and key.is_file()
    book = book_order(load_collection(ROOT / "puzzles" / "classicos.pdn"))
    [(name, suffix, sheets)] = sheet_groups(load_collection(ROOT / "puzzles" / "classicos.pdn"), "classicos")
    assert [s.title for s in sheets] == [p.title for p in book]
    figures = student_sheet_pages(sheets, title=SHEET_TITLES["classicos"])
    assert sum(len(f.axes) for f in figures) == len(book)
    assert pages(out) == len(figures) == -(-len(book) // 6)      # six diagrams a page
    shown = [" ".join(t.split()) for f in figures for t in texts(f)]
    assert not [t for t in shown if "Fonte" in t or any(source_line(p).split()[0:3] == t.split()[0:3]
                                                         for p in book if len(t.split()) > 3)]
    for sheet in sheets:
        assert sheet.task.startswith(("As brancas jogam", "As pretas jogam"))
    order = " ".join(" ".join(" ".join(texts(f)).split()) for f in answer_key_pages(sheets, title="x"))
    positions = [order.index(f"{n}. {s.title} — ") for n, s in enumerate(sheets, 1)]
    assert positions == sorted(positions)
    at = 0
    for n, (p, s) in enumerate(zip(book, sheets), 1):          # each answer, in order, has its source
        at = order.index(f"{n}. {s.title} — ", at)
        end = order.index(f"{n + 1}. {sheets[n].title} — ", at) if n < len(book) else len(order)
        assert "Fonte: " + " ".join(source_line(p).split()[:6]) in order[at:end], (n, p.title)


def test_booklet_of_an_unknown_collection_says_so(tmp_path, capsys):
    assert main(["fichas", "--colecao", "nao-existe", "-o", str(tmp_path / "x.pdf")]) == 1
    err = capsys.readouterr().err
    assert "não há coleção chamada 'nao-existe'" in err and "classicos" in err
    assert not list(tmp_path.iterdir())


def test_other_collections_have_no_source_lines():
    for pdn in COLLECTIONS:
        if pdn.stem == "classicos":
            continue
        for _, _, sheets in sheet_groups(load_collection(pdn), pdn.stem):
            assert not any(s.source_line for s in sheets), pdn.stem


@pytest.mark.parametrize("pdn", COLLECTIONS, ids=lambda p: p.stem)
def test_every_line_of_the_answer_key_stays_on_the_page(pdn):
    # a long problem name once ran off the right edge of the key («Armadilha do curso 4 — Jogo de
    # Filíppov (Игра Филиппова) — As pretas jogam e ganham 1 peça em 3 lances.»)
    for name, suffix, sheets in sheet_groups(load_collection(pdn), pdn.stem):
        for fig in answer_key_pages(sheets, title=name):
            renderer = fig.canvas.get_renderer()
            width = fig.get_window_extent(renderer).x1
            for t in fig.texts:
                box = t.get_window_extent(renderer)
                assert box.x0 >= 0 and box.x1 <= width * 0.95, t.get_text()
