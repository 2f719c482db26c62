"""The engine of damas.engine.search: search results, determinism, draw rules, levels."""

import pytest

from damas import Board, Game
from damas.engine.search import LEVELS, WIN, Analysis, analyse, best_move, evaluate, is_win_score


def replay_is_legal(board, moves):
    b = board.copy(stack=False)
    for m in moves:
        assert m in b.legal_moves()
        b.push(m)
    return b


@pytest.mark.slow
def test_finds_the_golpe_turco():
    board = Board("W:W6,14,15,17,27:BK2")
    assert str(best_move(board, depth=4)) == "27-23"
    a = analyse(board, depth=4)
    assert is_win_score(a.score) and a.score > 0
    assert [str(m) for m in a.pv] == ["27-23", "2x10", "14x7"]
    assert a.score == WIN - 3


def test_finds_the_triple_capture():
    board = Board("W:W22,25,29:B8,13,15")
    a = analyse(board, depth=4)
    assert [str(m) for m in a.pv[:3]] == ["22-17", "13x22", "25x4"]
    replay_is_legal(board, a.pv)


def test_finds_the_napoleon_shot_on_10x10():
    board = Board("W:W26,28,29,31,36:B9,16,17,18,19", variant="international")
    a = analyse(board, depth=7)
    assert str(a.pv[0]) == "29-23"
    assert is_win_score(a.score) and a.score > 0


def test_loss_is_seen_from_the_other_side():
    # Black to move after the turco's key move: Black is lost
    board = Board("W:W6,14,15,17,27:BK2")
    board.push_text("27-23")
    a = analyse(board, depth=3)
    assert is_win_score(a.score) and a.score < 0


@pytest.mark.slow
def test_quiescence_sees_the_capture_after_the_horizon():
    # Every White move hangs the only white man: at depth 1 the search must
    # follow the compulsory capture and see the loss (the static evaluation
    # alone says only "a man down").
    board = Board("W:W12:B11,27")
    assert -300 < evaluate(board) < 0
    a = analyse(board, depth=1)
    assert is_win_score(a.score) and a.score < 0
    assert len(a.pv) == 2 and a.pv[1].is_capture


def test_fixed_depth_is_deterministic():
    for variant in ("brazilian", "international"):
        board = Board(variant)
        a, b = analyse(board, depth=5), analyse(board, depth=5)
        assert a == b and repr(a) == repr(b)
        assert a.depth == 5 and a.nodes > 0
        replay_is_legal(board, a.pv)


def test_analysis_is_from_the_side_to_move():
    # a position with White a king up, seen by White and then with Black to move
    white = Board("W:WK29,22:B9")
    black = Board("B:WK29,22:B9")
    assert evaluate(white) > 200 and evaluate(black) < -200
    assert evaluate(white) == -evaluate(black)


def test_evaluation_is_symmetric():
    # the starting position, mirrored, scores the same for the side to move
    start = Board("brazilian")
    assert evaluate(start) == -evaluate(Board("B:W21-32:B1-12"))
    # material: a king counts about three men
    assert evaluate(Board("W:WK29:B1,2")) > evaluate(Board("W:W29:B1,2"))


def test_time_limited_search_returns_a_legal_move():
    board = Board("brazilian")
    move = best_move(board, seconds=0.2)
    assert move in board.legal_moves()
    a = analyse(board, seconds=0.2)
    assert a.depth >= 1 and a.pv[0] in board.legal_moves()


def test_board_is_not_changed():
    board = Board("brazilian")
    board.push_text("22-18")
    before = (board.fen(), list(board.move_stack))
    analyse(board, depth=4)
    best_move(board, level=2)
    assert (board.fen(), list(board.move_stack)) == before


def test_repetition_in_the_game_counts_as_a_draw(monkeypatch):
    # A lone white king against two black kings, after the kings went there
    # and back: moving 1-10 again repeats a position, which the search scores 0.
    # (Without the endgame database, which knows this ending is a draw anyway.)
    from damas.engine import search as engine
    monkeypatch.setattr(engine, "USE_ENDGAME_DATABASE", False)
    board = Board("W:WK1:BK5,K9")
    for text in ("1-10", "9-2", "10-1", "2-9"):
        board.push_text(text)
    with_history = analyse(board, depth=1)
    without = analyse(board.copy(stack=False), depth=1)
    assert without.score < -200
    assert with_history.score == 0 and str(with_history.pv[0]) == "1-10"


# 38 plies of king moves (no capture, no man moved, no position repeated),
# found by a seeded random walk from W:WK28,K21:BK1.
KING_WALK = ("21-17 1-5 17-21 5-27 21-25 27-31 28-32 31-26 25-21 26-12 32-14 12-26 14-9 26-12 21-3 "
             "12-19 3-14 19-15 9-13 15-11 13-6 11-22 14-23 22-25 6-24 25-29 24-10 29-25 10-14 25-21 "
             "14-5 21-3 23-19 3-12 19-6 12-8 6-13 8-11").split()


def test_king_move_limit_counts_as_a_draw(monkeypatch):
    # Two white kings against one: after 38 plies of king moves the 20-move
    # rule of the 8x8 game draws within two plies, so the advantage is gone.
    # (Without the endgame database, which knows this ending is a draw anyway.)
    from damas.engine import search as engine
    monkeypatch.setattr(engine, "USE_ENDGAME_DATABASE", False)
    board = Board("W:WK28,K21:BK1")
    for text in KING_WALK:
        board.push_text(text)
    assert len(set(_positions(board))) == len(KING_WALK) + 1  # no repetition involved
    assert board.turn == "W" and not board.has_captures()
    assert analyse(board.copy(stack=False), depth=3).score > 200
    assert abs(analyse(board, depth=3).score) < 50
    # with one ply less of history the rule is not reached within the search
    shorter = Board("W:WK28,K21:BK1")
    for text in KING_WALK[:-2]:
        shorter.push_text(text)
    assert analyse(shorter, depth=1).score > 200


def _positions(board):
    b = board.copy()
    out = [b.fen()]
    while b.move_stack:
        b.pop()
        out.append(b.fen())
    return out


@pytest.mark.slow
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_levels_are_legal_and_deterministic(level):
    board = Board("brazilian")
    line = []
    for _ in range(3 if level == 5 else 6):
        m = best_move(board, level=level)
        assert m in board.legal_moves()
        line.append(m)
        board.push(m)
    board2 = Board("brazilian")
    for m in line:
        assert best_move(board2, level=level) == m
        board2.push(m)


def test_weak_levels_still_take_the_win():
    # the triple capture wins at once; even level 1 sees a one-move win after the forced reply
    board = Board("W:W22,25,29:B8,13,15")
    assert str(best_move(board, level=2)) == "22-17"


def test_weak_level_varies_with_the_seed_but_not_without():
    board = Board("brazilian")
    chosen = {str(best_move(board, level=1, seed=s)) for s in range(20)}
    assert len(chosen) > 1                      # noise among near-best moves
    assert best_move(board, level=1) == best_move(board, level=1)


def test_level_5_is_the_fixed_depth_search():
    board = Board("W:W6,14,15,17,27:BK2")
    assert LEVELS[5].margin == 0 and LEVELS[5].careless == 0
    assert best_move(board, level=5) == best_move(board, depth=LEVELS[5].depth)


def test_bad_arguments_raise_portuguese_errors():
    board = Board()
    with pytest.raises(ValueError, match="Nível inválido"):
        best_move(board, level=9)
    with pytest.raises(ValueError, match="Profundidade inválida"):
        analyse(board, depth=0)
    with pytest.raises(ValueError, match="perdeu"):
        best_move(Board("B:WK29:B"))  # Black has no piece left


def test_game_over_position():
    board = Board("B:WK29:B")  # Black has no piece
    a = analyse(board, depth=3)
    assert a.pv == [] and is_win_score(a.score) and a.score < 0
    assert isinstance(a, Analysis)


def test_analysis_text_in_portuguese():
    board = Board("W:W22,25,29:B8,13,15")
    text = analyse(board, depth=3).text(board)
    assert text.startswith("Profundidade 3: vitória em 3") and "c3-b4" in text


def test_accepts_a_game_and_its_history():
    from damas.rules.game import Game
    game = Game("brazilian")
    for text in ("c3-d4", "f6-e5"):
        game.push(text)
    board = game.board
    assert analyse(game, depth=3) == analyse(board, depth=3)
    assert best_move(game, depth=3) in board.legal_moves()
    with pytest.raises(TypeError, match="espera um Board"):
        analyse("W:W21-32:B1-12", depth=2)


def test_endgame_limit_is_respected_in_search():
    """King and man against king (art. 6.4: 5 moves each on 10x10).  From the
    bare position 13-4 wins (27x9 is forced, then 4x13); after 8 plies already
    played under the rule, the win would come after the limit: the Game
    declares the draw on the 10th ply, so the search must not count on it."""
    start = Board("W:WK24,18:BK6", variant="international")
    fresh = Board("W:WK13,18:BK27", variant="international")
    assert analyse(fresh, depth=4).score == WIN - 3
    history = ["24-42", "6-11", "42-26", "11-33", "26-8", "33-38", "8-13", "38-27"]
    board = start.copy()
    for text in history:
        board.push_text(text)
    assert board.fen() == fresh.fen()
    assert not is_win_score(analyse(board, depth=4).score)
    game = Game(start)
    for text in history + ["13-4", "27x9"]:
        game.push(text)
    assert game.result().article == "6.4"


@pytest.mark.slow
def test_the_engine_plays_the_endgame_database():
    from damas.engine import endgames
    board = Board("W:WK29,K30,K31:BK4")
    value, plies = endgames.probe(board)
    assert value == 1
    a = analyse(board, depth=2)
    assert is_win_score(a.score) and WIN - a.score == plies
    assert best_move(board, depth=2) in endgames.best_moves(board)
    assert len(a.pv) == plies  # the line goes on with the database's best line
    # the lone king defends as long as the database says
    board.push(best_move(board, depth=2))
    assert best_move(board, depth=2) in endgames.best_moves(board)


def _plain_negamax(board, depth, ply=0):
    """Negamax without pruning, table or ordering, on the public Board API
    (legal_moves, push, pop): the score the search must find."""
    from damas.engine.search import evaluate as static
    moves = board.legal_moves()
    if not moves:
        return -WIN + ply
    if depth <= 0 and not moves[0].is_capture:
        return static(board)
    best = -10 ** 9
    for m in moves:
        board.push(m)
        best = max(best, -_plain_negamax(board, max(depth - 1, 0), ply + 1))
        board.pop()
    return best


@pytest.mark.parametrize("variant, fen, depth", [
    ("brazilian", "W:W21-32:B1-12", 4),
    ("brazilian", "W:W17,21,22,24,25,27,28,29,30,31:B1,2,3,5,6,8,9,11,12,15", 4),
    ("brazilian", "B:W13,18,22,23,26,27,30,31:B1,2,5,6,9,10,11,16", 4),
    ("international", "W:W31-50:B1-20", 3),
    ("international", "W:W27,28,31,32,33,34,36,37,38,39,40,41,43,44,45:B6,7,8,9,11,12,13,14,15,16,17,18,19,21,23", 3),
    ("russian", "W:W17,21,22,24,25,27,28,29,30,31:B1,2,3,5,6,8,9,11,12,15", 4),
    ("portuguese", "W:W1-12:B21-32", 4),
])
def test_the_search_on_raw_children_scores_like_plain_negamax_on_the_board(monkeypatch, variant, fen, depth):
    # Men only and a shallow depth: no draw rule and no endgame table can
    # come into the line, so alpha-beta with its table and move ordering
    # must find exactly the score of the plain search over Move objects.
    import damas.engine.search as engine
    monkeypatch.setattr(engine, "USE_ENDGAME_DATABASE", False)
    board = Board(fen, variant=variant)
    a = analyse(board, depth=depth)
    assert a.score == _plain_negamax(board.copy(stack=False), depth)
    replay_is_legal(board, a.pv)


# -- the selective search of timed play ------------------------------------

MIDDLEGAME_10 = "W:W27,28,31,32,33,34,36,37,38,39,41,42,43,44,45,47,48,49:B2,3,4,6,7,8,9,11,12,13,14,16,17,18,19,21,22,23"


def test_a_fixed_depth_search_is_full_width_unless_asked():
    # The course's analyses and the levels search to a fixed depth: they must
    # keep their nodes and moves; the selective search is another tree.
    for fen, variant in ((None, "brazilian"), (MIDDLEGAME_10, "international")):
        board = Board(fen, variant=variant) if fen else Board(variant)
        default, full = analyse(board, depth=6), analyse(board, depth=6, selective=False)
        assert (default.nodes, default.score, default.pv) == (full.nodes, full.score, full.pv)
        selective = analyse(board, depth=6, selective=True)
        assert selective.nodes != full.nodes
        replay_is_legal(board, selective.pv)


def test_the_selective_search_finds_the_shots():
    cases = [(Board("W:W6,14,15,17,27:BK2"), 4, "27-23"),
             (Board("W:W22,25,29:B8,13,15"), 4, "22-17"),
             (Board("W:W26,28,29,31,36:B9,16,17,18,19", variant="international"), 7, "29-23")]
    for board, depth, key in cases:
        a = analyse(board, depth=depth, selective=True)
        assert str(a.pv[0]) == key
        assert is_win_score(a.score) and a.score > 0
        replay_is_legal(board, a.pv)


def test_a_fixed_depth_search_ignores_the_tables_of_timed_searches():
    # Timed searches keep their tables from one move to the next; a
    # fixed-depth search never reads them, so it stays reproducible.
    board = Board(MIDDLEGAME_10, variant="international")
    before = [analyse(board, depth=5, selective=s) for s in (False, True)]
    analyse(board, seconds=0.3)
    analyse(board, seconds=0.3, selective=False)
    after = [analyse(board, depth=5, selective=s) for s in (False, True)]
    assert before == after


def test_the_threat_extension_gives_the_threatened_side_a_ply(monkeypatch):
    # Black to move.  At depth 1 the full-width search scores each reply by
    # the static evaluation and misses that White threatens to take; the
    # extension lets the threatened side answer, and the move it finds is the
    # one of a 7-ply full-width search.
    from damas.engine import search as engine
    board = Board("B:W11,22,23,26,27,28,29,30,31,32:B1,2,3,4,5,6,9,10,12,21")
    deep = analyse(board, depth=7, selective=False)
    full = analyse(board, depth=1, selective=False)
    monkeypatch.setattr(engine, "SELECTIVE_FEATURES", frozenset({"threat"}))
    extended = analyse(board, depth=1, selective=True)
    assert str(extended.pv[0]) == str(deep.pv[0]) != str(full.pv[0])
    assert abs(extended.score - deep.score) < abs(full.score - deep.score)
    monkeypatch.setattr(engine, "SELECTIVE_FEATURES", frozenset())
    assert analyse(board, depth=1, selective=True) == full


class _CountingClock:
    """A stand-in for the module ``time`` of damas.engine.search: every reading of
    the clock is one unit later, so a timed search stops at the same node
    every run (the search reads the clock once per 1,024 nodes)."""

    def __init__(self):
        self.now = 0.0

    def perf_counter(self):
        self.now += 1.0
        return self.now


def test_a_root_move_proven_better_in_the_stopped_iteration_is_played(monkeypatch):
    # Black to move.  Depth 5 prefers 25-22 (the PV move of iteration 5);
    # depth 6 sees that 25-22 loses about a man more than 18-14.  When the
    # clock stops iteration 6 after 18-14's exact score is known, the search
    # answers 18-14 with that score, not iteration 5's move.
    from damas.engine import search as engine
    monkeypatch.setattr(engine, "USE_ENDGAME_DATABASE", False)
    board = Board("W:W18,21,25,28,29,30,32:B1,2,3,4,5,7,8,10,12,K20")
    five = analyse(board, depth=5)
    six = analyse(board, depth=6)
    searcher, _ = engine._search(board, depth=1)
    at_six = {str(m): score for m, score in searcher.root_scores(6)}
    assert str(five.pv[0]) == "25-22" and str(six.pv[0]) == "18-14"
    assert at_six["25-22"] < at_six["18-14"] - 60
    answers = []
    for units in range(2, 400):
        engine.free_tables()
        monkeypatch.setattr(engine, "time", _CountingClock())
        # the evaluation of the fixed-depth searches above (a timed Brazilian
        # search would use "patterns": engine.TIMED_EVALUATION)
        stopped = analyse(board, seconds=float(units), selective=False, evaluation="classic")
        monkeypatch.undo()
        monkeypatch.setattr(engine, "USE_ENDGAME_DATABASE", False)
        if stopped.depth >= 6:
            break
        if stopped.depth == 5:
            answers.append((str(stopped.pv[0]), stopped.score))
            # the line is legal from the position, and the nodes count the
            # stopped iteration's too
            probe = board.copy()
            for move in stopped.pv:
                assert move in probe.legal_moves()
                probe.push(move)
            assert stopped.nodes > five.nodes
    engine.free_tables()
    # Iteration 6 was stopped at least once with 18-14 known, and every
    # answer of a stopped iteration 6 is iteration 5's move or 18-14.
    assert ("18-14", six.score) in answers
    assert {move for move, _ in answers} <= {"25-22", "18-14"}


def test_the_kept_tables_are_bounded_and_can_be_freed(monkeypatch):
    from damas.engine import search as engine
    engine.free_tables()
    board = Board(MIDDLEGAME_10, variant="international")
    analyse(board, seconds=0.2)
    assert engine.free_tables() > 0 and engine._KEPT_TABLES == {}
    assert engine.free_tables() == 0
    # a timed search starts from empty tables when the kept ones hold more
    # than KEPT_TABLE_SIZE entries
    monkeypatch.setattr(engine, "KEPT_TABLE_SIZE", 50)
    analyse(board, seconds=0.2)
    tables = next(iter(engine._KEPT_TABLES.values()))
    assert all(len(t) > 50 for t in tables)
    search = engine._Search(board, deadline=None, selective=True, keep_tables=True)
    assert search.tt == {} and search.static == {}
    engine.free_tables()


@pytest.mark.slow
def test_a_timed_search_that_asks_for_no_evaluation_uses_the_board_s_timed_one(monkeypatch):
    """10x10: a timed search without ``evaluation=`` searches with "patterns"
    (engine.TIMED_EVALUATION), a fixed-depth one with "classic"; Brazilian
    timed searches use "patterns" too, Russian and Portuguese ones "classic".
    A counting clock makes the timed searches repeatable, so they can be
    compared node for node."""
    from damas.engine import search as engine

    def timed(board, **options):
        engine.free_tables()
        monkeypatch.setattr(engine, "time", _CountingClock())
        try:
            return analyse(board, seconds=60.0, **options)
        finally:
            monkeypatch.undo()
            engine.free_tables()

    assert engine.TIMED_EVALUATION == {"international": "patterns", "brazilian": "patterns"}
    board = Board("international")
    for text in ("32-28", "19-23", "28x19", "14x23"):
        board.push(board.parse_move(text))
    default = timed(board)
    assert default == timed(board, evaluation="patterns")
    assert default != timed(board, evaluation="classic")
    assert default.depth >= 3
    assert analyse(board, depth=3) == analyse(board, depth=3, evaluation="classic")
    assert analyse(board, depth=3) != analyse(board, depth=3, evaluation="patterns")
    brazilian = Board("brazilian")
    brazilian.push(brazilian.legal_moves()[0])
    assert timed(brazilian) == timed(brazilian, evaluation="patterns")
    assert timed(brazilian) != timed(brazilian, evaluation="classic")
    russian = Board("russian")
    russian.push(russian.legal_moves()[0])
    assert timed(russian) == timed(russian, evaluation="classic")
    assert engine.default_evaluation("russian", timed=True) == "classic"
    assert engine.default_evaluation("portuguese", timed=True) == "classic"
    assert engine.default_evaluation("international", timed=False) == "classic"
