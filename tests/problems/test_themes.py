"""damas.problems.themes: each theme's mechanism on constructed lines, and the Theme tag of
every problem of every collection (the mechanism is in its line)."""

from repo_paths import REPO
import re
from pathlib import Path

import pytest

from damas import Board
from damas.rules.pdn import read_games
from damas.problems.puzzles import load_collection, Puzzle
from damas.problems.themes import THEMES, is_sacrifice, line_facts, theme_by_name, theme_holds, themes_of

ROOT = REPO
PUZZLES = ROOT / "puzzles"
OLD = ROOT / "tests" / "data" / "golpes-comentarios-antigos.pdn"


def _line(fen, text, variant="brazilian"):
    board = Board(fen, variant=variant)
    b = board.copy()
    return board, [b.push_text(t) for t in text.split()]


def _facts(fen, text, variant="brazilian"):
    return line_facts(*_line(fen, text, variant))


# ---------------------------------------------------------------------------
# Definitions
# ---------------------------------------------------------------------------
def test_sacrifice_is_a_new_capture_for_the_opponent():
    board = Board("W:W22,25,29:B8,13,15")
    assert is_sacrifice(board, board.parse_move("22-17"))      # 13x22 did not exist before
    assert not is_sacrifice(board, board.parse_move("25-21"))  # Black has no capture after it
    # old #23: the reply 2x9 existed before 26-23; the move does offer 27x18
    board, line = _line("W:W5,6,17,25,26:B2,27", "26-23 2x9")
    f = line_facts(board, line)
    assert f.plies[0].sacrifice and (2, (2, 9), (6,)) not in f.plies[0].new


def test_golpe_turco_reference():
    f = _facts("W:W6,14,15,17,27:BK2", "27-23 2x10 14x7")
    assert THEMES["turco"](f) and THEMES["lei-da-maioria"](f)
    assert (f.given, f.taken) == (4, 1)
    # the same king taken without a 4.11 stop: the normando is not a turco
    f = _facts("W:W30,32,35,41:B29,37", "32-28 37x46 30-24 46x30 35x33", "international")
    assert not THEMES["turco"](f) and THEMES["captura-de-dama"](f)


def test_tres_por_um_and_passagem():
    # one's own man goes to dama after giving one: «passagem à dama», not an «envio»
    f = _facts("W:W22,25,29:B8,13,15", "22-17 13x22 25x4")
    assert THEMES["tres-por-um"](f) and THEMES["passagem-a-dama"](f)
    assert not THEMES["envio-a-dama"](f)
    assert not THEMES["dois-por-um"](f) and not THEMES["turco"](f)


def test_envio_a_dama_gives_the_opponent_a_king_to_take_it():
    # the golpe normando: 37x46 must crown (the only move), the new king is forced on and taken
    normando = _facts("W:W30,32,35,41:B29,37", "32-28 37x46 30-24 46x30 35x33", "international")
    assert THEMES["envio-a-dama"](normando) and not THEMES["passagem-a-dama"](normando)
    # Vorontsov x Mirotin (classicos.pdn): a3xc1 is forced and crowns; the king, forced again to e3, is taken
    vorontsov = _facts("W:W14,23,26,28,30:B6,12,16,19,21,24", "c1-b2 a3xc1 e3-d4 c1xe3 d4xf6")
    assert THEMES["envio-a-dama"](vorontsov)
    # the crowning forced but the king not taken (the line stops there): no envio
    assert not THEMES["envio-a-dama"](_facts("W:W30,32,35,41:B29,37", "32-28 37x46", "international"))
    # the king taken, but Black chose to crown (b7-a6 was legal): no envio
    chosen = _facts("W:W8,15,25:B5,26", "g7-f8 d2-c1 e5-d6 c1xe7 f8xd6")
    assert chosen.plies[4].captured_kings and not THEMES["envio-a-dama"](chosen)


def test_dois_por_um_counts_the_whole_line():
    f = _facts("W:W13,18,32:B10,K25", "d4-c5 d6xb4 a5xa1")
    assert (f.given, f.taken) == (1, 2) and THEMES["dois-por-um"](f)
    assert THEMES["para-tras"](f)          # a5xa1 goes backward
    f = _facts("W:W9,12,K16,17,19,28:BK2,7", "g5-h4 d8xg5 h4xd8")   # old #7: three given, two taken
    assert (f.given, f.taken) == (3, 2) and not THEMES["dois-por-um"](f)
    f = _facts("W:W13,15,16,23,28,32:B8,14,27", "g5-f6 f2xd4 f6xh8 d4xf6 h8xa7")  # old #35
    assert not THEMES["bomba"](f) and not THEMES["para-tras"](f)


def test_napoleao_and_bomba_on_the_classic_lines():
    f = _facts("W:W26,28,29,31,36:B9,16,17,18,19", "29-23 18x29 28-22 17x28 26-21 16x27 31x4", "international")
    assert THEMES["napoleao"](f) and not THEMES["bomba"](f)
    f = _facts("W:W26,27,28,32,38,48,49:B9,16,17,18,19,23", "27-21 16x27 32x12 23x43 12x3", "international")
    assert THEMES["bomba"](f) and not THEMES["napoleao"](f)
    # a king's zig-zag is not a Napoleão (old #34), nor a line without two sacrifices (old #33)
    for p in load_collection(OLD)[32:34]:
        assert not THEMES["napoleao"](line_facts(p.board(), p.solution_moves()))


def test_bloqueio():
    # the stored problem that ends with Black blocked
    p = next(p for p in load_collection(PUZZLES / "golpes-do-curso.pdn") if "bloqueio" in p.themes)
    f = line_facts(p.board(), p.solution_moves())
    assert THEMES["bloqueio"](f) and f.end.count(f.defender) > 0


def test_theme_lookup():
    assert theme_by_name("golpe turco").key == "turco"
    assert theme_by_name("entrega").key == "entrega"
    assert theme_by_name("nada") is None
    with pytest.raises(KeyError):
        theme_holds("nada", _facts("W:W22,25,29:B8,13,15", "22-17 13x22 25x4"))


# The comment checker that lived here (comment_errors) is gone (issue 43): what a comment says
# is now a fact tag, checked by damas.problems.fact_checks (tests/problems/test_fact_checks.py);
# the old comments of issue 9 are flagged there (tests/problems/test_facts_data.py).


# ---------------------------------------------------------------------------
# Every problem of every collection
# ---------------------------------------------------------------------------
COLLECTIONS = ["golpes-do-curso.pdn", "golpes-de-partidas.pdn", "internacional.pdn", "tomadas.pdn",
               "classicos.pdn"]


def _problems(name):
    path = PUZZLES / name
    if not path.exists():
        pytest.skip(f"{name} ainda não existe")
    return [Puzzle.from_pdn(g) for g in read_games(path)]


def _sentences(text):
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ])", text.strip()) if s]


@pytest.mark.parametrize("name", COLLECTIONS)
def test_theme_tags_hold(name):
    for i, p in enumerate(_problems(name), 1):
        if p.goal == "capture":
            continue
        f = line_facts(p.board(), p.solution_moves())
        for theme in p.themes:
            if theme_by_name(theme) is None:
                continue      # a classic's own name (golpe real, Philippe...): its source says what it is
            assert theme_holds(theme, f), (name, i, p.title, theme)


@pytest.mark.parametrize("name", COLLECTIONS[:4])
def test_comments_are_written_not_glued(name):
    """2 to 4 sentences, and no sentence repeated across the collection: the
    fixed-sentence boilerplate is gone."""
    seen = {}
    for i, p in enumerate(_problems(name), 1):
        sentences = _sentences(p.comment)
        assert 2 <= len(sentences) <= 4, (name, i, len(sentences))
        for s in sentences:
            if len(s) > 45:
                assert s not in seen, (name, i, seen.get(s), s)
                seen[s] = i


@pytest.mark.parametrize("name", COLLECTIONS)
def test_classic_only_with_a_source(name):
    for p in _problems(name):
        if re.search(r"cl[áa]ssic", p.title, re.IGNORECASE):
            assert re.search(r"\b1[5-9]\d\d\b|\b20\d\d\b", p.source), (p.title, p.source)
            assert "compositor" not in p.source and "próprio curso" not in p.source, p.title
