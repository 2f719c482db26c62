"""The public API keeps working under the new types (issue 48, item 2).

What the chapters import (every ``from damas... import ...`` and ``import damas...`` of the
notebooks' code) still imports; the examples of the package's docstrings (``>>>``) give what
they say; the boards the chapters' stored outputs show read back as themselves; and the values a
chapter handles (moves, pieces, colours, games) behave as the chapters use them.  The README's
example is run by tests/test_readme.py.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import re
import warnings

import pytest

from damas import BLACK, WHITE, Board, Game, Move, Piece, explain
from repo_paths import NOTEBOOKS

#: The modules of the typed layers whose docstrings hold examples.
DOCTESTED = ("damas", "damas.rules.colors", "damas.rules.explain", "damas.rules.game", "damas.rules.notation",
             "damas.rules.pdn", "damas.engine.evaluation", "damas.engine.search", "damas.problems.book",
             "damas.problems.checker", "damas.problems.puzzles", "damas.problems.solver",
             "damas.problems.themes")


def _code_cells():
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                # IPython's own lines (%matplotlib, !pip) are not Python
                yield path.name, "\n".join(line for line in source.splitlines()
                                           if not line.lstrip().startswith(("%", "!")))


def _imports():
    """(notebook, module, [names]) of every import of damas in the chapters' code."""
    found = []
    for name, source in _code_cells():
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "damas":
                found.append((name, node.module, [a.name for a in node.names]))
            elif isinstance(node, ast.Import):
                found += [(name, a.name, []) for a in node.names if a.name.split(".")[0] == "damas"]
    return found


def test_what_the_chapters_import_still_imports():
    imports = _imports()
    assert len({notebook for notebook, _, _ in imports}) >= 15, imports    # the chapters import the package
    missing = []
    for notebook, module, names in imports:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            loaded = importlib.import_module(module)
        if "*" in names:                  # a chapter's own module: every name it exports
            names = list(getattr(loaded, "__all__", []))
            assert names, f"{notebook}: from {module} import * exports nothing"
        missing += [f"{notebook}: from {module} import {n}" for n in names
                    if not hasattr(loaded, n) and not _is_module(f"{module}.{n}")]
    assert missing == []


def _is_module(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


@pytest.mark.parametrize("module", DOCTESTED)
def test_the_examples_of_the_docstrings_give_what_they_say(module):
    loaded = importlib.import_module(module)
    result = doctest.testmod(loaded, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_boards_the_chapters_show_read_back_as_themselves():
    shown = set()
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for output in cell.get("outputs", []):
                texts = ["".join(output.get("text", ""))] + ["".join(output.get("data", {}).get("text/plain", ""))]
                for text in texts:
                    shown.update(re.findall(r"Board\('[^']*'(?:, variant='\w+')?\)", text))
    assert len(shown) >= 5, shown
    for text in shown:
        assert repr(eval(text, {"Board": Board})) == text          # noqa: S307 - the package's own reprs


def test_the_values_a_chapter_handles_behave_as_the_chapters_use_them():
    board = Board()
    moves = board.legal_moves()
    # printed, compared, sorted, collected, looked up: as chapter 01 to 05 do
    assert [str(m) for m in moves] == ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]
    assert [board.move_text(m) for m in moves][:2] == ["a3-b4", "c3-b4"]
    assert sorted(moves, reverse=True)[0] == Move(24, 20) and len(set(moves)) == 7
    assert Move(22, 17) in moves and moves[1].path == (22, 17) and moves[1].captured == ()
    played = board.push(board.parse_move("c3-d4"))
    assert (played.start, played.end, played.is_capture, played.promotes, played.ambiguous) == (22, 18, False, False, False)
    board.push_text("f6-e5")
    capture, = board.legal_moves()
    assert str(capture) == "18x11" and capture.captured == (15,) and board.move_text(capture) == "d4xf6"
    why = explain(board, "g3-h4")
    assert not why and why.article == "4.1" and why.highlight == (18,) and why.suggestion == capture
    # colours are the FEN's letters, wherever a chapter compares them
    assert board.turn == WHITE == "W" and board.piece_at(9) == Piece("B") and Piece("B").color == BLACK
    assert board.men("W") == board.men(WHITE) and board.count("B") == 12
    # a game: pushed by text, numbered on the score sheet, its result in words
    game = Game()
    for text in ("c3-d4", "f6-e5", "d4xf6"):
        game.push(text)
    assert game.score_sheet() == "1. c3-d4 f6-e5 2. d4xf6" and game.turn == BLACK
    assert str(game.result()) == "A partida continua: jogam as pretas."
