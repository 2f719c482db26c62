"""The composer: proofs, theme detectors, dedupe, reproducibility."""

import pytest

from damas import Board
from damas.problems.compose import (DRILL_THEMES, PRIORITY, THEMES, Prover, compose, compose_drills,
                           detect_themes, drill_themes, free_captures, line_shape, main, pattern_key,
                           prove)
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve

TURCO = "W:W6,14,15,17,27:BK2"         # combinations.md: 27-23 2x10 14x7
TRIPLE = "W:W22,25,29:B8,13,15"        # combinations.md: 22-17 13x22 25x4


def texts(board, moves):
    b = board.copy(stack=False)
    out = []
    for m in moves:
        out.append(str(m))
        b.push(m)
    return out


def test_prove_reference_turco():
    board = Board(TURCO)
    proof = prove(board, max_moves=4)
    assert proof is not None and proof.unique
    assert proof.moves == 2
    assert texts(board, proof.line) == ["27-23", "2x10", "14x7"]
    themes = detect_themes(board, proof.line)
    assert themes[0] == "turco"
    assert "lei-da-maioria" in themes


def test_prove_reference_triple_shot():
    board = Board(TRIPLE)
    proof = prove(board, max_moves=4)
    assert texts(board, proof.line) == ["22-17", "13x22", "25x4"]
    themes = detect_themes(board, proof.line)
    assert "tres-por-um" in themes and "passagem-a-dama" in themes and "envio-a-dama" not in themes
    assert "turco" not in themes


def test_prove_refuses_a_drawn_position():
    # one king each: nobody wins by force
    assert prove(Board("W:WK29:BK4"), max_moves=3) is None


def test_prover_counts_black_without_moves_as_a_win():
    p = Prover()
    blocked = Board("B:W22,27:B18")  # 18 is stuck? check with the board, not by hand
    moves = blocked.legal_moves()
    assert p.black_loses(blocked, 1) == (not moves)


def test_turco_stop_is_4_11_and_not_a_free_end():
    board = Board(TURCO)
    board.push_text("27-23")
    (capture,) = board.legal_moves()
    assert len(capture.captured) == 4 and capture.end == 10
    # with the majority law switched off, the king could also stop earlier
    assert min(len(m.captured) for m in free_captures(board)) < 4


def moved(board, fn):
    """The same pieces on the squares given by fn(row, col) -> (row, col)."""
    v = board.variant
    out = Board(board.fen(), variant=v)
    out.clear()
    for sq, piece in board.pieces().items():
        r, c = fn(*v.square_to_rc(sq))
        target = v.rc_to_square(r, c)
        assert target is not None, "test shift leaves the dark squares"
        out.set_piece(target, piece)
    out.turn = board.turn
    return out


def test_pattern_key_forgets_place_and_mirror():
    a = Board("W:W22,23,26:B14,15")
    shifted = moved(a, lambda r, c: (r - 2, c))      # two rows up
    mirrored = moved(a, lambda r, c: (r - 1, 7 - c))  # mirror image, one row up
    assert shifted != a and mirrored != a
    assert pattern_key(shifted) == pattern_key(a)
    assert pattern_key(mirrored) == pattern_key(a)
    other = Board("W:W22,23,27:B14,15")
    assert pattern_key(other) != pattern_key(a)


def test_line_shape_same_for_mirror_and_differs_for_other_lines():
    a = Board(TURCO)
    pa = prove(a, 3)
    b = Board(TRIPLE)
    pb = prove(b, 3)
    assert line_shape(a, pa.line) != line_shape(b, pb.line)


@pytest.mark.slow
def test_compose_is_seeded_and_solver_proves_each():
    first = compose("any", "brazilian", count=2, seed=7, max_moves=3, tries=4000)
    again = compose("any", "brazilian", count=2, seed=7, max_moves=3, tries=4000)
    assert [c.board.fen() for c in first] == [c.board.fen() for c in again]
    assert first, "the composer found nothing in 4000 tries"
    for cand in first:
        assert cand.themes and set(cand.themes) <= set(THEMES)
        puzzle = Puzzle(cand.board.fen(), goal="win", max_plies=2 * cand.moves - 1)
        proof = solve(puzzle)
        assert proof.proven
        assert proof.winning_moves == [cand.key]
        assert cand.line[0] == cand.key


@pytest.mark.slow
def test_compose_turco_theme():
    found = compose("turco", "brazilian", count=1, seed=1, max_moves=3, tries=20000)
    assert found
    cand = found[0]
    assert cand.themes[0] == "turco"
    assert cand.board.kings("B")


def test_dedupe_never_returns_the_same_pattern():
    found = compose("any", "brazilian", count=4, seed=3, max_moves=3, tries=6000)
    keys = [pattern_key(c.board) for c in found]
    shapes = [line_shape(c.board, c.line) for c in found]
    assert len(set(keys)) == len(keys)
    assert len(set(shapes)) == len(shapes)


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_drills_show_their_theme(variant):
    seen = set()
    for theme in ("lei-da-maioria", "pedra-para-tras", "dois-caminhos"):
        found = compose_drills(theme, variant, count=1, seed=1, tries=5000, seen=seen)
        assert found, theme
        board, themes = found[0]
        assert theme in themes and set(themes) <= set(DRILL_THEMES)
        assert board.has_captures()


def test_drill_theme_majority():
    # combinations.md's turco after 27-23: the king must take four
    board = Board(TURCO)
    board.push_text("27-23")
    themes = drill_themes(board)
    assert "lei-da-maioria" in themes and "bloqueio-turco" in themes


def test_priority_covers_themes():
    assert set(PRIORITY) == set(THEMES)


def test_cli(capsys):
    assert main(["--theme", "any", "--count", "1", "--seed", "7", "--max-moves", "3", "--tries", "4000"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("W:")


def test_cli_unknown_theme(capsys):
    assert main(["--theme", "nada"]) == 2
    assert "Tema desconhecido" in capsys.readouterr().err


def _line(fen, text, variant="international"):
    board = Board(fen, variant=variant)
    b = board.copy()
    return board, [b.push_text(t) for t in text.split()]


def test_detectors_on_the_classic_lines():
    # combinations.md: the 100-square bomba and Napoleão
    board, line = _line("W:W26,27,28,32,38,48,49:B9,16,17,18,19,23", "27-21 16x27 32x12 23x43 12x3")
    assert "bomba" in detect_themes(board, line)
    board, line = _line("W:W26,28,29,31,36:B9,16,17,18,19", "29-23 18x29 28-22 17x28 26-21 16x27 31x4")
    themes = detect_themes(board, line)
    assert themes[0] == "napoleao" and "bomba" not in themes and "turco" not in themes


def test_detectors_blockade_and_no_false_turco():
    # the normando: the new black king is taken, but not by a 4.11 stop
    board, line = _line("W:W30,32,35,41:B29,37", "32-28 37x46 30-24 46x30 35x33")
    themes = detect_themes(board, line)
    assert "turco" not in themes and "captura-de-dama" in themes


def test_detect_themes_is_damas_themes():
    # one definition per theme: the composer reads them from damas.problems.themes
    from damas.problems import themes
    board, line = _line("W:W26,28,29,31,36:B9,16,17,18,19", "29-23 18x29 28-22 17x28 26-21 16x27 31x4")
    assert detect_themes(board, line) == themes.themes_of(themes.line_facts(board, line), keys=True)
    assert THEMES == {k: t.name for k, t in themes.THEMES.items()}


def test_self_play_is_deterministic_and_replays():
    from damas.problems.selfplay import replay, score_text, self_play
    a = self_play(5, 2, 1, opening_plies=3, max_plies=30)
    assert a == self_play(5, 2, 1, opening_plies=3, max_plies=30)
    assert a != self_play(6, 2, 1, opening_plies=3, max_plies=30)
    start = Board()
    text = score_text(start, a)
    assert text.startswith("1. ") and " 2. " in text
    board = start.copy(stack=False)
    for m in a:
        board.push(m)
    assert replay(text).fen() == board.fen()


def test_replay_refuses_an_illegal_line():
    from damas.problems.selfplay import replay
    from damas.errors import DamasError
    with pytest.raises(DamasError):
        replay("1. c3-d4 f6-g5 2. c3-b4")


@pytest.mark.slow
def test_find_in_game_proves_a_sacrifice():
    from damas.problems.selfplay import find_in_game, game_settings, self_play
    from damas.problems.themes import is_sacrifice
    found = []
    for seed in (2, 7, 13):
        white, black, opening = game_settings(seed)
        found += find_in_game(self_play(seed, white, black, opening_plies=opening))
    assert found
    for p in found:
        assert p.proof.proven and is_sacrifice(p.board, p.proof.main_line[0])
        board = Board()
        for m in p.reached:
            board.push(m)
        assert board.fen() == p.board.fen()


def test_cli_games(capsys):
    assert main(["--partidas", "2", "3"]) == 0
    out = capsys.readouterr().out
    assert "semente 2" in out and "[Reached \"1. " in out
