"""The printable worksheets: ``python -m damas fichas`` and the PDFs kept in notebooks/fichas/."""

import re
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from damas.__main__ import _Sheet, main  # noqa: E402
from damas.puzzles import load_collection  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
COLLECTIONS = ["golpes-classicos", "tomadas", "internacional"]


def pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", path.read_bytes()))


@pytest.mark.parametrize("name", COLLECTIONS)
def test_kept_worksheet_matches_its_collection(name, tmp_path, capsys):
    """The PDF a teacher prints has as many pages as a fresh one made from the
    collection (a puzzle added or removed without regenerating the sheet fails)."""
    kept = ROOT / "notebooks" / "fichas" / f"{name}.pdf"
    assert kept.exists(), f"gere a ficha: python -m damas fichas puzzles/{name}.pdn -o {kept}"
    fresh = tmp_path / f"{name}.pdf"
    assert main(["fichas", str(ROOT / "puzzles" / f"{name}.pdn"), "-o", str(fresh)]) == 0
    assert "problemas em" in capsys.readouterr().out
    assert fresh.read_bytes().startswith(b"%PDF")
    assert pages(fresh) == pages(kept)


def test_capture_drill_sheet_lists_every_allowed_capture():
    for puzzle in load_collection(ROOT / "puzzles" / "tomadas.pdn"):
        sheet = _Sheet(puzzle)
        board = puzzle.board()
        answers = sheet.solution.split(" ou ")
        assert sorted(answers) == sorted(board.move_text(m) for m in board.legal_moves())
        assert sheet.goal == "e fazem a tomada obrigatória"


def test_golpe_sheet_shows_the_task_and_the_main_line():
    puzzle = load_collection(ROOT / "puzzles" / "golpes-classicos.pdn")[0]
    sheet = _Sheet(puzzle)
    assert sheet.goal == puzzle.task()
    assert sheet.solution.split() == puzzle.solution.split()


def test_bad_collection_gets_a_portuguese_message(tmp_path, capsys):
    assert main(["fichas", str(tmp_path / "nada.pdn"), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "não existe" in capsys.readouterr().err
    bad = tmp_path / "ruim.pdn"
    bad.write_text('[Event "x"]\n[FEN "W:W99:B1"]\n1. 22-17 *\n', encoding="utf-8")
    assert main(["fichas", str(bad), "-o", str(tmp_path / "y.pdf")]) == 1
    assert "Não foi possível fazer a ficha" in capsys.readouterr().err
    assert not (tmp_path / "y.pdf").exists()
