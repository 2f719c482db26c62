"""The house: six sub-packages whose imports go one way, small modules, nothing left flat.

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
MAX_LINES = 900


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


def test_no_module_is_over_900_lines():
    long = {str(p.relative_to(REPO)): n for p in sorted((REPO / "damas").rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}, f"modules over {MAX_LINES} lines: {long}"


def test_the_rules_import_nothing_above_them_when_loaded():
    code = ("import sys, damas, damas.rules.board, damas.rules.game, damas.rules.pdn, damas.rules.perft\n"
            "print(sorted(m for m in sys.modules if m.startswith('damas.') and not m.startswith('damas.rules')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=60, check=True).stdout
    assert out.strip() == "['damas.errors']"
