"""The solver in the other variants (Russian, Portuguese): shots their rules allow and the
Brazilian ones do not.

(The rules of these variants: tests/rules/test_variants_other.py.)
"""

from damas import Board


def test_the_solver_proves_a_russian_shot_the_brazilian_rules_do_not_allow():
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve
    russian = solve(Puzzle("W:Wb6:Bc7,f6", variant="russian", goal="win", max_plies=3))
    assert russian.proven and russian.plies == 1
    assert Board("W:Wb6:Bc7,f6", variant="russian").move_text(russian.main_line[0]) in ("b6xg5", "b6xh4")
    brazilian = solve(Puzzle("W:Wb6:Bc7,f6", variant="brazilian", goal="win", max_plies=3))
    assert not brazilian.proven


def test_the_solver_proves_a_portuguese_sacrifice():
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve
    fen = "W:W13,14,26:B11,17,27"
    proof = solve(Puzzle(fen, variant="portuguese", goal="win", max_plies=5))
    board = Board(fen, variant="portuguese")
    assert proof.proven and proof.plies == 3
    assert [board.move_text(m) for m in proof.winning_moves] == ["26-30"]
    assert [board.move_text(m) for m in proof.main_line][:2] == ["26-30", "17x10"]
