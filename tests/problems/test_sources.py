"""A problem's «Fonte:» line as a student reads it: no command line, module or seed (issue 32)."""

import pytest

from damas.problems.puzzles import load_collection
from damas.problems.sources import TECHNICAL, readable_source
from repo_paths import PUZZLES

COLLECTIONS = sorted(PUZZLES.glob("*.pdn"))


def test_technical_asides_go_and_the_rest_stays():
    source = ("Problema do próprio curso, não é um clássico: posição encontrada pelo compositor do projeto "
              "(python -m damas.compose --theme bloqueio --seed 1); provada pelo solucionador (damas.puzzles.solve).")
    assert readable_source(source) == ("Problema do próprio curso, não é um clássico: posição encontrada pelo "
                                       "compositor do projeto; provada pelo solucionador.")
    assert readable_source("Composição original do projeto: damas.compose.compose_drills(tema 'cadeia', "
                           "'brazilian', semente 1)") == "Composição original do projeto."
    kept = "Livro russo, diagrama 24 (autor e ano não indicados (página de 2026))."
    assert readable_source(kept) == kept


@pytest.mark.parametrize("path", COLLECTIONS, ids=[p.name for p in COLLECTIONS])
def test_no_fonte_line_shows_the_projects_machinery(path):
    for puzzle in load_collection(path):
        html = puzzle._repr_html_() if hasattr(puzzle, "_repr_html_") else ""
        if puzzle.source:
            assert "Fonte:" in html
            line = html[html.index("Fonte:"):]
            assert not TECHNICAL.search(line), (path.name, puzzle.title, line[:200])
