"""Form of chapter 08 (notebooks/08_Como_jogar.ipynb): prose and one-line calls; the setup
cells are hidden (metadata and the hide-input tag); no cell defines a function; the chapter
uses the package's trainer, replay viewer and coach, and its stored outputs hold no error."""

from repo_paths import REPO
import ast
from pathlib import Path

import nbformat

PATH = REPO / "notebooks" / "08_Como_jogar.ipynb"


def _cells():
    return nbformat.read(PATH, as_version=4).cells


def test_no_cell_defines_a_function():
    for cell in _cells():
        if cell.cell_type == "code":
            # IPython magics (the install cell's %pip) are not Python: each reads as a `pass`.
            tree = ast.parse("\n".join(l[:len(l) - len(l.lstrip())] + "pass" if l.lstrip().startswith(("%", "!"))
                                        else l for l in cell.source.splitlines()))
            assert not any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
                           for n in ast.walk(tree)), cell.source[:60]


def test_visible_cells_are_one_line_calls_and_setup_is_hidden():
    hidden = 0
    for cell in _cells():
        if cell.cell_type != "code":
            continue
        is_hidden = cell.metadata.get("jupyter", {}).get("source_hidden") is True
        if is_hidden:
            assert "hide-input" in cell.metadata.get("tags", [])
            hidden += 1
        else:
            assert len(cell.source.strip().splitlines()) == 1, cell.source
    assert hidden >= 1


def test_chapter_uses_the_trainer_the_replay_and_the_coach():
    source = "\n".join(c.source for c in _cells() if c.cell_type == "code")
    for name in ("PuzzleTrainer(armadilhas)", "GameReplay(partidas)", "CoachGame(", "review(", "move_notes(",
                 "MoveChoice("):
        assert name in source
    text = "\n".join(c.source for c in _cells() if c.cell_type == "markdown")
    for principle in ("centro", "Trocar", "Pedras juntas", "Guarde a base", "oposição", "flancos"):
        assert principle in text


def test_stored_outputs_have_no_error_and_show_the_claims():
    outputs = [o for c in _cells() if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    printed = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert printed.count("a menos que") >= 4  # the four engine comparisons of section 1
    # the green arrows of section 1 are the engine's moves it prints
    for played, best in (("g5-h6", "c3-b4"), ("f6-e5", "c5-d4"), ("a3-b4", "d4-c5"), ("h8-g7", "c7-d6")):
        assert f"O lance {played} vale cerca de" in printed and f"a menos que {best}" in printed
        source = "\n".join(c.source for c in _cells())
        assert f"Arrow('{best}', MELHOR)" in source
    assert "Lance-chave único: b6-c5" in printed        # the flank: the Bodiánski trap
    assert "O momento em que a partida escapou foi o lance 5... e7-f6" in printed
