"""The house: six sub-packages whose imports go one way, cohesive modules, nothing left flat.

The layers contract, and one contract per layer forbidding import circles among its modules,
live in ``pyproject.toml`` ([tool.importlinter]) and are checked here with import-linter itself,
on the package and on copies into which an upward import or a circle is slipped (so these tests
can fail).  See CONTRIBUTING.md for the map.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from repo_paths import REPO

LAYERS = ("rules", "engine", "problems", "display", "widget", "course")
FLAT_ALLOWED = {"__init__.py", "__main__.py", "errors.py", "py.typed"}


def _lint(root: Path) -> subprocess.CompletedProcess:
    """Run import-linter's command on the package found under ``root``, with its pyproject."""
    shutil.which("lint-imports") or pytest.fail("import-linter não está instalado (requirements.txt)")
    env = dict(os.environ, PYTHONPATH=str(root))
    return subprocess.run(["lint-imports", "--config", str(root / "pyproject.toml"), "--no-cache"],
                          cwd=root, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_the_layers_contract_is_kept():
    result = _lint(REPO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{1 + len(LAYERS)} kept, 0 broken" in result.stdout
    for layer in LAYERS:
        assert f"Sem círculos em {layer} KEPT" in result.stdout


@pytest.mark.slow
def test_the_contract_catches_an_upward_import(tmp_path):
    shutil.copytree(REPO / "damas", tmp_path / "damas", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    variants = tmp_path / "damas" / "rules" / "variants.py"
    variants.write_text(variants.read_text(encoding="utf-8") + "\nimport damas.course.kit.progress  # noqa\n",
                        encoding="utf-8")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "damas.rules.variants -> damas.course.kit.progress" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("layer, lower, upper", [
    ("rules", "variants", "damas.rules.board"),      # the board imports the variants
    ("engine", "search", "damas.engine.players"),    # the players import the search
])
def test_the_contracts_catch_a_circle_inside_a_layer(tmp_path, layer, lower, upper):
    shutil.copytree(REPO / "damas", tmp_path / "damas", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    module = tmp_path / "damas" / layer / f"{lower}.py"
    module.write_text(module.read_text(encoding="utf-8") + f"\n\ndef _late():\n    import {upper}  # noqa\n",
                      encoding="utf-8")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert f"Sem círculos em {layer} BROKEN" in result.stdout
    assert "Camadas: course > widget > problems > engine | display > rules KEPT" in result.stdout


def test_every_module_lives_in_a_layer():
    flat = sorted(p.name for p in (REPO / "damas").iterdir() if p.is_file() and p.name not in FLAT_ALLOWED)
    assert flat == [], f"modules outside the six layers: {flat}"
    assert sorted(p.name for p in (REPO / "damas").iterdir() if p.is_dir() and p.name != "__pycache__") == sorted(LAYERS)
    for layer in LAYERS:
        assert (REPO / "damas" / layer / "__init__.py").exists()


# -- cohesion: a class lives in one file; a long module is one responsibility ------------------------
# (tests/class_pieces.py finds the classes split over files.)
MAX_LINES = 900
# Modules over MAX_LINES lines, each one responsibility that would only split into pieces, with
# the reason.  Strict both ways: a module that grows past the mark must be listed (or split by
# responsibility), and one that shrinks under it leaves the list.
LONG_MODULES: dict[str, str] = {
    "damas/widget/board.py": "one class, BoardWidget (the interactive board's Python side: the game, "
                             "play mode's clicks, setup mode, the syncing of the traits the page draws), "
                             "in sections; its helpers that are not the class live beside it",
}
# Classes still split over files (issue 48, item 5), for the integrator; the claims reader's two
# pieces went with the reader (issue 43).  Strict: a merged piece leaves the list.
PIECES_TO_MERGE: set = set()


def test_a_class_lives_in_one_file():
    from class_pieces import find_pieces
    found = {str(piece) for piece in find_pieces(REPO)}
    assert found - PIECES_TO_MERGE == set(), "classes split over files (a mixin in a file of its own): " \
        f"{sorted(found - PIECES_TO_MERGE)}; put the piece in its class's file"
    assert PIECES_TO_MERGE - found == set(), f"merged, take them off PIECES_TO_MERGE: {sorted(PIECES_TO_MERGE - found)}"


def test_the_piece_finder_sees_a_mixin_in_another_file(tmp_path):
    from class_pieces import Piece, find_pieces
    files = {
        "__init__.py": "",
        "errors.py": "class Error(Exception):\n    pass\n",
        "mixin.py": "class Clicks:\n    pass\n\n\nclass Keys:\n    pass\n\n\nclass Shared:\n    pass\n",
        "board.py": ("from .mixin import Clicks, Shared\nfrom . import mixin as m\nfrom .errors import Error\n\n\n"
                     "class Local:\n    pass\n\n\nclass Board(Clicks, m.Keys, Local):\n    pass\n\n\n"
                     "class BoardError(Error):\n    pass\n\n\nclass Other(Shared):\n    pass\n"),
        "game.py": ("from .errors import Error\nfrom .mixin import Shared\n\n\nclass Game(Shared):\n"
                    "    def f(self):\n        raise Error('x')\n"),
    }
    (tmp_path / "pkg").mkdir()
    for name, text in files.items():
        (tmp_path / "pkg" / name).write_text(text, encoding="utf-8")
    # Clicks and Keys serve Board alone, from another file; Local is in Board's file; Error is
    # raised elsewhere; Shared has two subclasses.
    assert find_pieces(tmp_path, "pkg") == [Piece("pkg.mixin.Clicks", "pkg.board.Board"),
                                            Piece("pkg.mixin.Keys", "pkg.board.Board")]


def test_a_module_over_900_lines_is_one_responsibility():
    long = {str(p.relative_to(REPO)): n for p in sorted((REPO / "damas").rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    unlisted = {path: n for path, n in long.items() if path not in LONG_MODULES}
    assert unlisted == {}, (f"modules over {MAX_LINES} lines: {unlisted}; split by responsibility (never a "
                            f"class into mixins), or list the module in LONG_MODULES with the reason")
    assert set(LONG_MODULES) <= set(long), f"under {MAX_LINES} lines now: {sorted(set(LONG_MODULES) - set(long))}"
    assert all(reason.strip() for reason in LONG_MODULES.values())


def test_the_rules_import_nothing_above_them_when_loaded():
    code = ("import sys, damas, damas.rules.board, damas.rules.game, damas.rules.pdn, damas.rules.perft\n"
            "print(sorted(m for m in sys.modules if m.startswith('damas.') and not m.startswith('damas.rules')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=60, check=True).stdout
    assert out.strip() == "['damas.errors']"
