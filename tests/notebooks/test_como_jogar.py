"""Form of chapter 08 (notebooks/08_Como_jogar.ipynb): prose and one-line calls; the setup
cells are hidden (metadata and the hide-input tag); no cell defines a function; the chapter
uses the package's trainer, replay viewer and coach, and its stored outputs hold no error."""

from repo_paths import REPO
import ast
from pathlib import Path

import re

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


def _outputs_text(o) -> str:
    """What an output says: a printed stream or a Markdown sentence."""
    return "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/markdown", ""))


def test_code_cells_are_hidden_with_a_portuguese_label_and_one_call():
    code = [c for c in _cells() if c.cell_type == "code" and "instalar-damas" not in c.metadata.get("tags", [])]
    assert code
    for cell in code:
        assert cell.metadata.get("jupyter", {}).get("source_hidden") is True
        assert "hide-input" in cell.metadata.get("tags", [])
        first, *rest = cell.source.strip().splitlines()
        assert first.startswith("# ") and len(rest) == 1, cell.source


def test_chapter_uses_the_trainer_the_replay_and_the_coach():
    source = "\n".join(c.source for c in _cells() if c.cell_type == "code")
    for name in ("traps_trainer()", "games_replay()", "coach_game()", "coach_review()", "principle_verdict(",
                 "principle_choice("):
        assert name in source
    text = "\n".join(c.source for c in _cells() if c.cell_type == "markdown")
    for principle in ("centro", "Trocar", "Pedras juntas", "Guarde a base", "oposição", "flancos"):
        assert principle in text


def test_stored_outputs_have_no_error_and_show_the_claims():
    from damas.course.chapters.ch08_como_jogar.verdicts import VERDICTS
    outputs = [o for c in _cells() if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    printed = "".join(_outputs_text(o) for o in outputs)
    assert printed.count("a menos que") >= 4  # the four engine comparisons of section 1
    source = "\n".join(c.source for c in _cells())
    # the green arrows of section 1 are the engine's moves it prints (the figure draws VERDICTS' moves)
    for key, played, best in (("centro", "g5-h6", "c3-b4"), ("trocas", "f6-e5", "c5-d4"),
                              ("isolada", "a3-b4", "d4-c5"), ("fundo", "h8-g7", "c7-d6")):
        assert f"O lance {played} vale cerca de" in printed and f"a menos que {best}" in printed
        assert (VERDICTS[key]["played"], VERDICTS[key]["recommended"]) == (played, best)
        assert f"principle_figure('{key}')" in source
    assert "É o único lance que ganha: b6-c5." in printed        # the flank: the Bodiánski trap
    assert "O momento em que a partida escapou foi o lance 5... e7-f6" in printed


def test_the_prose_names_the_game_each_figure_shows():
    """Issue 46, item 5: «Na mesma partida … 10... h8-g7?» showed a position of another game. The
    Markdown before each principle's figure names the game its position comes from."""
    from damas.course.chapters.ch08_como_jogar import principle_players
    cells = _cells()
    for i, cell in enumerate(cells):
        found = re.search(r"principle_figure\('(\w+)'\)", cell.source) if cell.cell_type == "code" else None
        if not found:
            continue
        before = next(c.source for c in reversed(cells[:i]) if c.cell_type == "markdown")
        players = principle_players(found.group(1), REPO / "notebooks" / "data" / "partidas.pdn")
        assert f"partida {players} (" in before, (found.group(1), players, before)


def test_the_game_names_check_sees_another_games_position():
    from damas.course.chapters.ch08_como_jogar import principle_players
    data = REPO / "notebooks" / "data" / "partidas.pdn"
    assert principle_players("fundo", data) == "Lissenko – Kukuiev"
    assert principle_players("isolada", data) == "Sokolov – Vorontsov" != principle_players("fundo", data)
