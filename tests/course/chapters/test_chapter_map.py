"""The course by chapter (issue 48, item 4): CONTRIBUTING.md's map says which module each notebook
imports, and the code agrees.

The map is the table under «O curso por capítulo» (notebook, module, what it holds).  Each
notebook of notebooks/ is in it once and imports, of the package, only the public names of
``damas`` and its own module (``from damas.course.chapters.<module> import *``); each module of
damas/course/chapters/ is in it; every name a module exports (``__all__``) is one its notebook
uses; no chapter module imports another.
"""

from __future__ import annotations

import ast
import importlib
import json
import re

import grimp
import pytest
from IPython.core.inputtransformer2 import TransformerManager

import damas
from repo_paths import NOTEBOOKS, REPO

CHAPTERS_DIR = REPO / "damas" / "course" / "chapters"
ROW = re.compile(r"^\| `([^`]+\.ipynb)` \| `([\w.]+)` \| ([^|]+) \|$")


def map_rows(text: str) -> list[tuple[str, str, str]]:
    """(notebook, module, what it holds) of each row of the map in ``text`` (CONTRIBUTING.md)."""
    section = text.split("## O curso por capítulo", 1)[1].split("\n## ", 1)[0]
    return [ROW.match(line).groups() for line in section.splitlines() if ROW.match(line)]


MAP = map_rows((REPO / "CONTRIBUTING.md").read_text(encoding="utf-8"))


def _code(path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def damas_imports(path) -> list[tuple[str | None, tuple[str, ...]]]:
    """(module, names) of every import of the package in the notebook's code cells (but the
    install cell, which imports ``damas`` to see whether it is there)."""
    found = []
    for source in _code(path):
        if source.startswith("# Instalação do curso"):
            continue
        for node in ast.walk(ast.parse(TransformerManager().transform_cell(source))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "damas":
                found.append((node.module, tuple(a.name for a in node.names)))
            elif isinstance(node, ast.Import) and any(a.name.split(".")[0] == "damas" for a in node.names):
                found.append((None, tuple(a.name for a in node.names)))
    return found


def import_problems(path, module: str) -> list[str]:
    """What is wrong with the package imports of the notebook at ``path``, whose module is
    ``module``: it must import ``damas.course.chapters.<module>`` whole, once, and nothing else of
    the package but the public names of ``damas``."""
    own = ("damas.course.chapters." + module, ("*",))
    imports = damas_imports(path)
    problems = [] if imports.count(own) == 1 else [f"não importa o seu módulo uma vez: {own[0]}"]
    problems += [f"importa {m or names}: {names}" for m, names in imports
                 if (m, names) != own and not (m == "damas" and set(names) <= set(damas.__all__))]
    return problems


def test_the_map_is_read():
    assert len(MAP) >= 21, MAP
    assert map_rows("## O curso por capítulo\n| `x.ipynb` | `ch00_x` | nada |\n## Outra\n") == [
        ("x.ipynb", "ch00_x", "nada")]


def test_every_notebook_is_in_the_map_once_and_nothing_in_it_is_stale():
    notebooks = [row[0] for row in MAP]
    assert len(notebooks) == len(set(notebooks)), "um notebook aparece duas vezes no mapa"
    assert sorted(notebooks) == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


def test_every_chapter_module_is_in_the_map():
    on_disk = {p.stem for p in CHAPTERS_DIR.glob("*.py") if p.stem != "__init__"}
    on_disk |= {p.parent.name for p in CHAPTERS_DIR.glob("*/__init__.py")}
    assert sorted(on_disk) == sorted(row[1] for row in MAP)


@pytest.mark.parametrize("notebook, module, holds", MAP, ids=[row[0] for row in MAP])
def test_the_notebook_imports_its_module_and_the_public_names_only(notebook, module, holds):
    assert import_problems(NOTEBOOKS / notebook, module) == []


def test_the_import_check_sees_a_notebook_that_reaches_past_its_module(tmp_path):
    bad = tmp_path / "x.ipynb"
    bad.write_text(json.dumps({"cells": [{"cell_type": "code", "source": [
        "from damas import Board, Game\n",
        "from damas.course.kit.figures import board_figure\n",
        "from damas.course.chapters.ch01_tabuleiro_e_notacao import *"]}]}), encoding="utf-8")
    assert import_problems(bad, "ch01_tabuleiro_e_notacao") == [
        "importa damas.course.kit.figures: ('board_figure',)"]
    assert import_problems(bad, "ch02_movimento")[0].startswith("não importa o seu módulo")


@pytest.mark.parametrize("notebook, module, holds", MAP, ids=[row[0] for row in MAP])
def test_a_module_exports_what_its_notebook_uses_and_all_of_it_resolves(notebook, module, holds):
    mod = importlib.import_module(f"damas.course.chapters.{module}")
    code = "\n".join(_code(NOTEBOOKS / notebook))
    unused = [name for name in mod.__all__ if not re.search(rf"\b{re.escape(name)}\b", code)]
    assert not unused, f"{module} exporta o que {notebook} não usa: {unused}"
    for name in mod.__all__:
        assert getattr(mod, name) is not None


def test_no_chapter_module_imports_another():
    graph = grimp.build_graph("damas", cache_dir=None)
    children = sorted(graph.find_children("damas.course.chapters"))
    crossing = [(a, b) for a in children for b in children
                if a != b and graph.direct_import_exists(importer=a, imported=b, as_packages=True)]
    assert crossing == []
