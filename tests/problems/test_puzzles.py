"""The solver, the checker and the hints of damas.problems.puzzles."""

import pytest

from damas import Board, Move
from damas.errors import DamasError
from damas.rules.pdn import read_games
from damas.problems.puzzles import load_collection, Puzzle, PuzzleError, write_collection
from damas.problems.solver import Proof, solve
from damas.problems.checker import check, Hint, hint, Verdict

TURCO = Puzzle("W:W6,14,15,17,27:BK2", goal="win", max_plies=3, title="Golpe turco",
               themes=("golpe turco",), solution="27-23 2x10 14x7")
TRIPLA = Puzzle("W:W22,25,29:B8,13,15", goal="win", max_plies=3, title="Tomada tripla",
                solution="22-17 13x22 25x4")

# The 10x10 lines of combinations.md (positions reconstructed), with the goal each line reaches.
TABLE_10x10 = [
    ("Napoleão", "W:W26,28,29,31,36:B9,16,17,18,19", "29-23 18x29 28-22 17x28 26-21 16x27 31x4", "win", 1),
    ("Real", "W:W27,28,32,38,39,40,45:B12,13,14,18,19,23,24", "27-22 18x27 32x21 23x34 40x7", "material", 2),
    ("Philippe", "W:W27,32,35,37,38,42,43,44:B11,12,16,18,23,24",
     "27-22 18x27 32x21 16x27 35-30 24x35 44-40 35x44 43-39 44x33 38x16", "reduce", 1),
    ("Bomba", "W:W26,27,28,32,38,48,49:B9,16,17,18,19,23", "27-21 16x27 32x12 23x43 12x3", "win", 1),
    ("Normando", "W:W30,32,35,41:B29,37", "32-28 37x46 30-24 46x30 35x33", "win", 1),
    ("Rosário", "W:W25,28,30,34,35,39:B5,8,10,14,19,20,24",
     "28-23 19x28 30x19 14x23 25x14 10x19 39-33 28x30 35x2", "promote", 1),
    ("Duplo-dois", "W:W27,28,30,33,35,39:B4,14,18,19,24", "27-22 18x27 28-23 19x28 30x10 4x15 33x31",
     "material", 1),
]


def numeric(puzzle, moves):
    board = puzzle.board()
    out = []
    for m in moves:
        out.append(board.move_text(m, "numeric"))
        board.push(m)
    return out


# -- the solver -------------------------------------------------------------------
def test_golpe_turco_key_move_is_unique():
    proof = solve(TURCO)
    assert proof.proven and bool(proof)
    assert numeric(TURCO, proof.main_line) == ["27-23", "2x10", "14x7"]
    assert [str(m) for m in proof.winning_moves] == ["27-23"]
    assert proof.unique and proof.plies == 3
    # every other first move is refuted: check it move by move with the checker's own search
    board = TURCO.board()
    others = [m for m in board.legal_moves() if str(m) != "27-23"]
    assert len(others) == 7
    for m in others:
        assert check(TURCO, [m]).status == "wrong"


def test_golpe_turco_king_stops_against_its_own_capture():
    proof = solve(TURCO)
    black_capture = proof.main_line[1]
    assert black_capture.end == 10 and len(black_capture.captured) == 4  # the king took four
    board = TURCO.board()
    for m in proof.main_line:
        board.push(m)
    assert board.count("B") == 0


def test_triple_capture_line():
    proof = solve(TRIPLA)
    assert numeric(TRIPLA, proof.main_line) == ["22-17", "13x22", "25x4"]
    assert proof.main_line[-1].promotes
    assert proof.unique


def test_goal_out_of_reach_is_not_proven():
    short = Puzzle(TURCO.fen, goal="win", max_plies=2)
    proof = solve(short)
    assert not proof.proven and proof.main_line == [] and proof.winning_moves == []
    assert "Não há solução" in proof.text()
    # a material goal larger than what the shot wins
    assert solve(Puzzle(TABLE_10x10[1][1], variant="international", goal="material", n=2, max_plies=5)).proven
    assert not solve(Puzzle(TABLE_10x10[1][1], variant="international", goal="material", n=3, max_plies=5)).proven


def test_the_side_to_move_does_not_win_a_lost_position():
    # Black to move in the triple-capture position after White's shot: Black cannot "win".
    board = TRIPLA.board()
    board.push_text("22-17")
    p = Puzzle(board.fen(), goal="win", max_plies=5)
    assert not solve(p).proven


@pytest.mark.parametrize("name,fen,line,goal,n", TABLE_10x10, ids=[row[0] for row in TABLE_10x10])
def test_10x10_published_line_is_proven(name, fen, line, goal, n):
    p = Puzzle(fen, variant="international", goal=goal, n=n, max_plies=len(line.split()), title=name,
               solution=line)
    proof = solve(p)
    assert proof.proven
    assert proof.accepts(line)
    # the published line is the main line, or at least an accepted one with the key move
    assert numeric(p, proof.main_line) == line.split() or proof.accepts(line)
    assert proof.main_line[0] in proof.winning_moves
    # and it does not work with fewer plies than published
    if len(line.split()) > 1:
        shorter = Puzzle(fen, variant="international", goal=goal, n=n, max_plies=len(line.split()) - 2)
        assert not solve(shorter).proven


def test_published_10x10_lines_are_main_lines():
    for name, fen, line, goal, n in TABLE_10x10:
        p = Puzzle(fen, variant="international", goal=goal, n=n, max_plies=len(line.split()))
        assert numeric(p, solve(p).main_line) == line.split(), name


def test_philippe_has_a_second_first_move():
    name, fen, line, goal, n = TABLE_10x10[2]
    p = Puzzle(fen, variant="international", goal=goal, n=n, max_plies=len(line.split()))
    proof = solve(p)
    assert sorted(str(m) for m in proof.winning_moves) == ["27-22", "35-30"]
    assert not proof.unique


def test_accepts_rejects_incomplete_and_wrong_lines():
    proof = solve(TURCO)
    assert proof.accepts("27-23 2x10 14x7")
    assert not proof.accepts("27-23 2x10")          # goal not reached yet
    assert not proof.accepts("17-13 2x20")          # not even legal / not winning
    assert not proof.accepts(["15-11"])


def test_proof_tree_contains_every_defence():
    # after the key move the defender has several replies: each one is in the tree
    p = Puzzle("W:W7,13,16,23:B8,14,22,28", goal="material", n=1, max_plies=5)
    proof = solve(p)
    assert proof.proven
    key = proof.tree.children[0]
    board = p.board()
    board.push(key.move)
    assert sorted(c.move for c in key.children) == sorted(board.legal_moves())
    text = str(proof)
    assert text.count("1...") == len(board.legal_moves())


def test_proof_repr_and_text_are_stable():
    a, b = solve(TURCO), solve(TURCO)
    assert repr(a) == repr(b) == ("Proof(proven=True, main_line=['f2-e3', 'd8xd6', 'c5xe7'], "
                                  "winning_moves=['f2-e3'], plies=3)")
    assert a.text() == b.text()
    assert "Lance-chave único: f2-e3" in a.text()


# -- the checker -------------------------------------------------------------------
def test_check_correct_with_student_moves_only():
    v = check(TURCO, ["27-23", "14x7"])
    assert isinstance(v, Verdict) and v.status == "correct" and v.correct
    assert [str(m) for m in v.moves] == ["27-23", "2x10", "14x7"]
    assert "vencem" in v.message


def test_check_accepts_every_input_form():
    for answer in ("27-23 2x10 14x7", "1. f2-e3 d8xd6 2. c5xe7", [(27, 23), (14, 7)],
                   [Move(27, 23), Move(14, 7)], ["f2-e3", "c5xe7"]):
        assert check(TURCO, answer).status == "correct", answer


def test_check_partial_plays_the_reply():
    v = check(TURCO, ["27-23"])
    assert v.status == "partial" and v.label == "correto até aqui"
    assert str(v.reply) == "2x10"
    assert "d8xd6" in v.message
    board = TURCO.board()
    board.push_text("27-23")
    board.push_text("2x10")
    assert v.fen == board.fen() == "W:W14:BK10"


def test_check_wrong_key_move_shows_refutation():
    v = check(TURCO, ["17-13"])
    assert v.status == "wrong" and not v.correct and not v.illegal
    assert v.refutation is not None
    board = TURCO.board()
    board.push_text("17-13")
    assert v.refutation in board.legal_moves()
    # the refutation really refutes: nothing wins from there within the limit
    board.push(v.refutation)
    assert not solve(Puzzle(board.fen(), goal="win", max_plies=1)).proven
    assert "não resolve" in v.message


def test_check_illegal_move_is_explained():
    v = check(TURCO, ["22-18"])  # no piece on 22
    assert v.status == "wrong" and v.illegal
    assert v.explanation is not None and v.explanation.legal is False
    assert v.message.startswith("Lance não aceito")
    v2 = check(TURCO, ["banana"])
    assert v2.status == "wrong" and v2.illegal


def test_check_is_deterministic():
    assert repr(check(TURCO, ["27-23"])) == repr(check(TURCO, ["27-23"]))
    assert repr(check(TURCO, ["17-13"])) == repr(check(TURCO, ["17-13"]))


@pytest.mark.parametrize("fen", ["W:W7,13,16,23:B8,14,22,28", "W:W14,21,23,25:B13,16,17,20"])
def test_defender_resists_longest_ties_by_move_order(fen):
    p = Puzzle(fen, goal="material", n=1, max_plies=5)
    proof = solve(p)
    key = proof.main_line[0]
    v = check(p, [key])
    assert v.status == "partial"
    board = p.board()
    board.push(key)
    # the distance after each reply, measured with the puzzle's goal (counted from its start)
    from damas.problems.solver import _Solver
    s = _Solver(p)
    s.board.push(key)
    dist = s.child_distances(4)
    longest = max(d for _, d in dist)
    first_longest = next(m for m, d in dist if d == longest)
    assert v.reply == first_longest
    assert len({d for _, d in dist}) > 1  # the choice mattered


def test_student_may_choose_the_defence():
    p = Puzzle("W:W14,21,23,25:B13,16,17,20", goal="material", n=1, max_plies=5)
    proof = solve(p)
    key = proof.main_line[0]
    board = p.board()
    board.push(key)
    other = [m for m in board.legal_moves() if m != proof.main_line[1]][0]
    v = check(p, [key, other])
    assert v.moves[1] == other


def test_alternative_first_move():
    name, fen, line, goal, n = TABLE_10x10[2]
    plain = Puzzle(fen, variant="international", goal=goal, n=n, max_plies=11)
    v = check(plain, ["35-30"])
    assert v.status == "partial" and v.alternative
    assert "também resolve" in v.message
    listed = Puzzle(fen, variant="international", goal=goal, n=n, max_plies=11, alternatives=("35-30",))
    v2 = check(listed, ["35-30"])
    assert v2.alternative and "alternativa aceita" in v2.message
    assert not check(plain, ["27-22"]).alternative


def test_check_after_limit():
    v = check(TRIPLA, ["22-17", "25x4", "4-8"])
    assert v.status == "correct"  # the goal was reached: later moves are not judged


# -- hints ---------------------------------------------------------------------------
def test_hints_piece_then_square():
    h1, h2 = hint(TURCO, 1), hint(TURCO, 2)
    assert isinstance(h1, Hint)
    assert h1.squares == (27,) and "f2" in h1.text and "pedra" in h1.text
    assert h2.squares == (27, 23) and "e3" in h2.text
    h3 = hint(TURCO, 2, ["27-23"])
    assert h3.squares == (14, 7)
    assert repr(hint(TURCO, 1)) == repr(h1)


# -- puzzles and PDN -------------------------------------------------------------------
def test_puzzle_validation_in_portuguese():
    with pytest.raises(PuzzleError, match="Objetivo desconhecido"):
        Puzzle(TURCO.fen, goal="mate")
    with pytest.raises(DamasError):
        Puzzle("W:W99:B1")
    with pytest.raises(PuzzleError):
        Puzzle(TURCO.fen, max_plies=0)
    assert Puzzle(TURCO.fen, goal="vitória").goal == "win"


def test_puzzle_task_text():
    assert TURCO.task() == "As brancas jogam e ganham em 2 lances."
    p = Puzzle(TURCO.fen, goal="material", n=2, max_plies=5)
    assert "ganham 2 peças" in p.task()


def test_pdn_round_trip(tmp_path):
    pytest.importorskip("damas.rules.pdn")
    puzzles = [TURCO, Puzzle(TABLE_10x10[1][1], variant="international", goal="material", n=2, max_plies=5,
                             title="Golpe real", themes=("golpe real", "três contra um"), difficulty=3,
                             solution=TABLE_10x10[1][2], comment="Posição reconstruída.",
                             source="combinations.md")]
    text = write_collection(puzzles)
    assert '[Goal "material"]' in text and '[MaxPlies "5"]' in text and '[Theme "golpe real; três contra um"]' in text
    path = tmp_path / "p.pdn"
    path.write_text(text, encoding="utf-8")
    loaded = load_collection(str(path))
    assert len(loaded) == 2
    assert loaded[0].fen == TURCO.fen and loaded[0].goal == "win" and loaded[0].max_plies == 3
    assert loaded[0].solution == "f2-e3 d8xd6 c5xe7"
    assert loaded[1].variant == "international" and loaded[1].n == 2 and loaded[1].difficulty == 3
    assert loaded[1].themes == ("golpe real", "três contra um")
    assert loaded[1].comment == "Posição reconstruída." and loaded[1].source == "combinations.md"
    assert solve(loaded[1]).accepts(loaded[1].solution)


def test_from_pdn_variation_is_an_accepted_alternative():
    from damas.rules.pdn import read_games
    name, fen, line, goal, n = TABLE_10x10[2]
    text = (f'[Event "Philippe"]\n[GameType "20"]\n[FEN "{fen}"]\n[Goal "reduce"]\n[Material "1"]\n'
            f'1. 27-22 (1. 35-30) 18x27 2. 32x21 16x27 3. 35-30 24x35 4. 44-40 35x44 5. 43-39 44x33 '
            f'6. 38x16 *\n')
    p = Puzzle.from_pdn(read_games(text)[0])
    assert p.alternatives == ("35-30",) and p.max_plies == 11 and p.goal == "reduce"
    assert solve(p).proven


# -- the trainer on the board widget ------------------------------------------------------
def _trainer(puzzles):
    pytest.importorskip("anywidget")
    from damas.widget.trainer import PuzzleTrainer
    return PuzzleTrainer(puzzles)


def test_trainer_plays_the_reply_and_congratulates():
    t = _trainer([TURCO, TRIPLA])
    w = t.widget
    assert w.board.fen() == TURCO.fen and "B" in w.locked
    assert "As brancas jogam e ganham em 2 lances." in w.message
    w.click(27)
    w.click(23)                       # the student's key move, by clicks
    assert t.verdict.status == "partial"
    assert [str(m) for m in w.board.move_stack] == ["27-23", "2x10"]  # the reply was played
    w.click(14)
    w.click(7)
    assert t.verdict.status == "correct" and 0 in t.solved
    assert w.message_kind == "success" and "vencem" in w.message
    assert sorted(w.locked) == ["B", "W"]


def test_trainer_takes_back_a_wrong_move():
    t = _trainer(TURCO)
    w = t.widget
    w.click(17)
    w.click(13)
    assert t.verdict.status == "wrong"
    assert w.board.fen() == TURCO.fen and w.board.move_stack == []
    assert w.message_kind == "error" and "não resolve" in w.message and "Tente de novo" in w.message


def test_trainer_hints_and_navigation():
    t = _trainer([TURCO, Puzzle(TABLE_10x10[0][1], variant="international", max_plies=7, title="Napoleão")])
    h1 = t.hint()
    h2 = t.hint()
    assert h1.squares == (27,) and h2.squares == (27, 23)
    assert "Dica" in t.widget.message
    t.next()
    assert t.index == 1 and t.widget.board.variant.name == "international"
    assert t.widget.board.fen() == "W:W26,28,29,31,36:B9,16-19"
    verdict = t.play("29-23")
    assert verdict.status == "partial" and len(t.line()) == 2
    t.restart()
    assert t.line() == []
    t.previous()
    assert t.index == 0 and t.widget.board.fen() == TURCO.fen


def test_trainer_counts_attempts_and_solved():
    t = _trainer([TURCO, TRIPLA])
    w = t.widget
    assert t.attempts == {} and t.progress_text().startswith("Resolvidos: 0 de 2.")
    w.click(17)
    w.click(13)                       # wrong: taken back, one attempt over
    assert t.verdict.status == "wrong" and t.attempts == {0: 1}
    w.click(27)
    w.click(23)                       # a second attempt starts, correct so far
    assert t.verdict.status == "partial" and t.attempts == {0: 2}
    w.click(14)
    w.click(7)                        # same attempt, solved
    assert t.verdict.status == "correct" and t.attempts == {0: 2} and t.solved == {0}
    assert "Resolvidos: 1 de 2. Tentativas neste problema: 2." == t.progress_text()
    t.next()
    assert t.progress_text() == "Resolvidos: 1 de 2. Tentativas neste problema: 0."


def test_trainer_shows_the_solution_without_counting_it_solved():
    t = _trainer(TURCO)
    w = t.widget
    moves = t.show_solution()
    assert [str(m) for m in moves] == ["27-23", "2x10", "14x7"]
    assert [str(m) for m in w.board.move_stack] == ["27-23", "2x10", "14x7"]
    assert w.message.startswith("Solução: 1. f2-e3 d8xd6 2. c5xe7.")
    assert sorted(w.locked) == ["B", "W"] and t.solved == set() and t.shown == {0}
    assert "Solução vista" in t.progress_text()
    assert t.hint() is None and "Recomeçar" in w.message
    t.restart()
    assert w.board.fen() == TURCO.fen and w.locked == ["B"]


def test_trainer_collections_keep_their_own_progress():
    napoleao = Puzzle(TABLE_10x10[0][1], variant="international", max_plies=7, title="Napoleão")
    t = _trainer({"Golpes": [TURCO, TRIPLA], "Internacional": [napoleao]})
    assert t.collection == "Golpes" and len(t.puzzles) == 2
    t.play("27-23")
    t.play("14x7")
    assert t.solved == {0}
    t.choose_collection("Internacional")
    assert t.widget.board.variant.name == "international" and t.solved == set()
    assert t.progress_text().startswith("Resolvidos: 0 de 1.")
    t.choose_collection("Golpes", 1)
    assert t.index == 1 and t.solved == {0}
    with pytest.raises(KeyError, match="Coleção inexistente"):
        t.choose_collection("Outra")
    with pytest.raises(TypeError, match="PuzzleTrainer espera"):
        _trainer({"Vazia": []})


def test_trainer_box_follows_the_trainer():
    pytest.importorskip("ipywidgets")
    t = _trainer({"Golpes": [TURCO, TRIPLA], "Outra": [TRIPLA]})
    box = t.box()
    assert t._picker.options == (("1. Golpe turco", 0), ("2. " + (TRIPLA.title or "Problema"), 1))
    t.play("27-23")
    t.play("14x7")
    assert t._picker.options[0] == ("1. Golpe turco ✓", 0)
    assert "Resolvidos: 1 de 2" in t._progress_line.value
    t._picker.value = 1                # choosing in the page loads the problem
    assert t.index == 1 and t.widget.board.fen() == TRIPLA.fen
    t._chooser.value = "Outra"
    assert t.collection == "Outra" and t._picker.options == (("1. " + (TRIPLA.title or "Problema"), 0),)
    assert "damas-trainer-board" in t.widget._dom_classes
    assert box is t.box()


def test_trainer_puts_the_solving_side_at_the_bottom():
    black = Puzzle("B:W27,28:B18", goal="material", n=1, max_plies=1, title="Pretas tomam")
    t = _trainer([TURCO, black])
    assert t.widget.flipped is False
    t.next()
    assert t.widget.flipped is True and t.widget.locked == ["W"]


# -- the solver against a plain minimax ---------------------------------------------------
def _naive(board, solver, goal, n, start, plies):
    """The goal, by plain AND-OR recursion over the public API (no table)."""
    moves = board.legal_moves()
    other = "B" if solver == "W" else "W"
    if not moves and board.turn != solver:
        return True
    quiet = bool(moves) and not board.has_captures()
    balance = board.count(solver) - board.count(other)
    if goal == "material" and quiet and balance - start["balance"] >= n:
        return True
    if goal == "promote" and quiet and len(board.kings(solver)) > start["kings"]:
        return True
    if goal == "reduce" and quiet and board.count(other) <= n:
        return True
    if plies == 0 or not moves:
        return False
    results = []
    for m in moves:
        board.push(m)
        results.append(_naive(board, solver, goal, n, start, plies - 1))
        board.pop()
    return any(results) if board.turn == solver else all(results)


def test_solver_agrees_with_plain_minimax_on_random_positions():
    import random
    rng = random.Random(2024)
    checked = proven = 0
    while checked < 60:
        squares = rng.sample(range(1, 33), rng.randrange(4, 8))
        cut = rng.randrange(1, len(squares))
        white = [s for s in squares[:cut] if s > 4]
        black = [s for s in squares[cut:] if s < 29]
        if not white or not black:
            continue
        fen = f"{rng.choice('WB')}:W{','.join(map(str, white))}:B{','.join(map(str, black))}"
        goal = rng.choice(["win", "material", "promote", "reduce"])
        n = rng.randrange(1, 3)
        plies = rng.randrange(1, 6)
        p = Puzzle(fen, goal=goal, n=n, max_plies=plies)
        board = p.board()
        solver = board.turn
        other = "B" if solver == "W" else "W"
        start = {"balance": board.count(solver) - board.count(other), "kings": len(board.kings(solver))}
        expected = any(_naive(_pushed(board, m), solver, goal, n, start, plies - 1)
                       for m in board.legal_moves())
        proof = solve(p)
        assert proof.proven == expected, (fen, goal, n, plies)
        # every first move claimed to win really does, and no winning first move is missing
        for m in board.legal_moves():
            wins = _naive(_pushed(board, m), solver, goal, n, start, plies - 1)
            assert (m in proof.winning_moves) == wins, (fen, goal, n, plies, str(m))
        if expected:
            assert proof.accepts(proof.main_line)
            proven += 1
        checked += 1
    assert 5 < proven < 55  # the sample holds both kinds


def _pushed(board, move):
    b = board.copy(stack=False)
    b.push(move)
    return b


def test_goal_met_at_the_start_still_needs_a_move():
    # Black has one piece: "reduce to 1" holds already, but it counts only after
    # a White move that leaves no capture pending.
    p = Puzzle(TURCO.fen, goal="reduce", n=1, max_plies=1)
    proof = solve(p)
    assert proof.proven and len(proof.main_line) == 1 and proof.plies == 1
    board = p.board()
    quiet = []
    for m in board.legal_moves():
        board.push(m)
        if not board.has_captures():
            quiet.append(m)
        board.pop()
    assert proof.winning_moves == quiet and 0 < len(quiet) < len(board.legal_moves())


# ---------------------------------------------------------------------------
# The capture drill goal ("qual é a tomada obrigatória?")
# ---------------------------------------------------------------------------
def test_capture_goal_accepts_every_maximal_capture_and_explains_the_rest():
    # d4 could take one piece; the king of h2 must take two (4.13), stopping on b4 or a3
    drill = Puzzle("W:Wd4,Kh2:Bc5,e3,f4", goal="tomada", max_plies=1)
    assert drill.goal == "capture"
    assert drill.task() == "As brancas jogam: qual é a tomada obrigatória? Faça-a no tabuleiro."
    proof = solve(drill)
    assert proof.proven and {drill.board().move_text(m) for m in proof.winning_moves} == {"h2xb4", "h2xa3"}
    for text in ("h2xb4", "h2xa3"):
        verdict = check(drill, [text])
        assert verdict.status == "correct", verdict.message
        assert verdict.message == ("Correto! As brancas fizeram a tomada obrigatória (regras 4.1 e 4.13). "
                                   "Havia 2 tomadas permitidas, todas com o mesmo número de peças: "
                                   "qualquer uma serve (regra 4.14).")
    short = check(drill, ["d4xb6"])
    assert short.status == "wrong" and short.illegal and short.explanation.article == "4.13"
    quiet = check(drill, ["h2-g1"])
    assert quiet.status == "wrong" and quiet.explanation.article == "4.1"


def test_capture_goal_round_trips_through_pdn():
    drill = Puzzle("B:Wc7,e5,g5,h4:Bb4,Ke3,h2", goal="capture", max_plies=1, title="Tomada",
                   solution="e3xh6")
    again = Puzzle.from_pdn(read_games(drill.to_pdn())[0])
    assert again.goal == "capture" and again.key() == drill.key()
    only = check(again, ["e3xh6"])
    assert only.status == "correct" and "Havia" not in only.message


# -- how a problem shows itself ------------------------------------------------
def test_solution_text_numbers_the_moves():
    p = Puzzle("W:W22,25,29:B8,13,15", max_plies=3, solution="22-17 13x22 25x4")
    assert p.solution_text() == "1. c3-b4 a5xc3 2. b2xh8"
    black = Puzzle("B:W17,18,22-29,31,32:B1,2,4-12,16", goal="material", n=2, max_plies=3,
                   solution="b6-c5 d4xb6 a7xc1")
    assert black.solution_text() == "1... b6-c5 2. d4xb6 a7xc1"


def test_notebook_view_hides_the_solution():
    p = Puzzle("W:W22,25,29:B8,13,15", max_plies=3, solution="22-17 13x22 25x4", title="Três por um",
               comment="A pedra de c3 se entrega.", source="padrão de livro-texto")
    page = p._repr_html_()
    assert "<svg" not in page                    # an inline SVG does not show untrusted: an <img>
    assert page.index('<img class="damas-picture"') < page.index(p.task()) < page.index("<details>") < page.index("1. c3-b4")
    assert "Fonte: padrão de livro-texto" in page
    import IPython.lib.pretty as pretty
    text = pretty.pretty(p)
    assert text == "Três por um: As brancas jogam e ganham em 2 lances." and "c3-b4" not in text
