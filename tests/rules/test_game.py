"""damas.Game: history, undo/redo, score sheet, results and draws (art. 6, 7)."""

import random

import pytest

from damas import Board, DamasError, Game, IllegalMoveError, Move, NotationError, Result
from damas.rules.game import DRAW_RULES


def play_quiet(game, plies, seed=0):
    """Play ``plies`` king moves, chosen (seeded, with backtracking) so that
    nothing can be captured afterwards and the game does not end before the
    last one.  Returns True when it managed."""
    rng = random.Random(seed)

    def dfs(n):
        if n == 0:
            return True
        board = game.board
        moves = [m for m in board.legal_moves() if not m.captured and board.piece_at(m.start).king]
        rng.shuffle(moves)
        for m in moves:
            after = board.copy()
            after.push(m)
            if after.has_captures() or not after.legal_moves():
                continue
            game.push(m)
            if n > 1 and game.is_over():
                game.undo()
                continue
            if dfs(n - 1):
                return True
            game.undo()
        return False

    return dfs(plies)


def assert_ends_exactly_at(game, plies, code, article, *words):
    """The game is over now (after ``plies`` plies) and was not one ply earlier."""
    assert len(game.moves) == plies
    result = game.result()
    assert result.code == code, result
    assert result.article == article
    assert result.score == "1-1" and result.winner is None
    for word in words:
        assert word in result.reason, (word, result.reason)
    assert f"{article}" in result.reason or "64 casas" in result.reason
    game.undo()
    assert not game.is_over(), game.result()
    game.redo()
    assert game.result() == result


# -- history ------------------------------------------------------------------------------------

def test_new_game():
    g = Game()
    assert g.board == Board() and g.start == Board()
    assert g.moves == [] and not g.can_undo and not g.can_redo
    assert g.result() == Result(None, None, "A partida continua: jogam as brancas.", None, None)
    assert not g.is_over()
    assert repr(g) == "Game('brazilian', start='W:W21-32:B1-12', plies=0, fen='W:W21-32:B1-12')"
    assert Game("international").board == Board("international")


def test_push_text_and_moves_undo_redo():
    g = Game()
    m1 = g.push("c3-d4")
    m2 = g.push("11-15")
    assert (m1, m2) == (Move(22, 18), Move(11, 15))
    assert g.moves == [m1, m2] and g.board.turn == "W"
    assert g.undo() == m2 and g.moves == [m1] and g.can_redo
    assert g.board.fen() == "B:W18,21,23-32:B1-12"
    assert g.undo() == m1 and not g.can_undo and g.board == Board()
    with pytest.raises(IndexError, match="desfazer"):
        g.undo()
    assert g.redo() == m1 and g.redo() == m2 and not g.can_redo
    with pytest.raises(IndexError, match="refazer"):
        g.redo()
    assert g.moves == [m1, m2]


def test_push_after_undo_clears_or_keeps_redo():
    g = Game()
    g.push("22-18")
    g.push("11-15")
    g.push("18x11")
    g.undo()
    g.undo()
    assert g.can_redo
    g.push("11-15")            # the move redo would play: the rest is kept
    assert g.can_redo and g.redo() == Move(18, 11, captured=(15,))
    g.undo()
    g.undo()
    g.push("12-16")            # another move: the redo list is gone
    assert not g.can_redo


def test_illegal_push_changes_nothing():
    g = Game()
    g.push("22-18")
    g.push("11-15")
    g.undo()
    before = (g.board.fen(), g.moves, g.can_redo, repr(g))
    for bad in ["22-13", "zz-99", "", Move(21, 17), Move(5, 9), None, 42]:
        with pytest.raises((IllegalMoveError, NotationError)):
            g.push(bad)
        assert (g.board.fen(), g.moves, g.can_redo, repr(g)) == before


def test_illegal_push_explains_with_the_article():
    g = Game("W:W27,21:B23")
    with pytest.raises(IllegalMoveError, match=r"regra 4\.1"):
        g.push("21-17")
    assert g.moves == []


def test_board_property_is_a_copy():
    g = Game()
    b = g.board
    b.push_text("22-18")
    assert g.board == Board() and g.moves == []


def test_game_from_a_board_keeps_its_moves():
    b = Board()
    b.push_text("22-18")
    b.push_text("11-15")
    g = Game(b)
    assert g.start == Board() and g.moves == b.move_stack and g.board == b
    assert g.score_sheet() == "1. c3-d4 f6-e5"


def test_bad_start_and_rules():
    with pytest.raises(DamasError, match="Regras desconhecidas"):
        Game(rules="russian")
    with pytest.raises(DamasError):
        Game(3.5)
    with pytest.raises(ValueError):
        Game("checkers")


# -- score sheet ------------------------------------------------------------------------------------

def test_score_sheet_algebraic_and_numeric():
    g = Game()
    for text in ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]:
        g.push(text)
    assert g.notation_list() == ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]
    assert g.score_sheet() == "1. c3-d4 f6-e5 2. d4xf6 g7xe5"
    assert g.score_sheet("numeric") == "1. 22-18 11-15 2. 18x11 8x15"
    g.push("a3-b4")
    assert g.score_sheet() == "1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. a3-b4"


def test_score_sheet_international_is_numeric():
    g = Game("international")
    g.push("32-28")
    g.push("19-23")
    g.push("28x19")
    assert g.score_sheet() == "1. 32-28 19-23 2. 28x19"


def test_score_sheet_black_to_move_first_and_result():
    g = Game("B:W29,30:B18", variant="brazilian")
    g.push("18-22")
    assert g.score_sheet() == "1... d4-c3"
    g.push("30-26")
    assert g.score_sheet() == "1... d4-c3 2. c1-d2"
    g.resign("B")
    assert g.score_sheet() == "1... d4-c3 2. c1-d2 2-0"


def test_score_sheet_writes_the_full_path_only_when_ambiguous():
    g = Game("W:WK2:B10,11,14,19,24,26")
    g.push("d8xg5xe3xa7")
    assert g.score_sheet() == "1. d8xg5xe3xa7"
    g2 = Game("W:W27:B23,14,15,6")
    g2.push("27x2")
    assert g2.score_sheet() == "1. f2xd8"


# -- wins ---------------------------------------------------------------------------------------------

def test_win_when_the_opponent_has_no_piece():
    g = Game("W:W18:B14")
    g.push("18x9")
    r = g.result()
    assert (r.score, r.winner, r.article, r.code) == ("2-0", "W", "7.2.3", "no_pieces")
    assert "pretas perderam todas as peças" in r.reason and "7.2.3" in r.reason
    assert g.is_over() and g.score_sheet() == "1. d4xb6 2-0"
    with pytest.raises(IllegalMoveError, match="terminou"):
        g.push("9-5")


def test_win_when_the_opponent_cannot_move():
    g = Game("B:W29,30:B25")
    r = g.result()
    assert (r.score, r.winner, r.article, r.code) == ("2-0", "W", "7.2.2", "no_moves")
    assert "não podem jogar" in r.reason
    g = Game("W:W5:B1", variant="brazilian")  # the white man on a7 is blocked by b8
    assert g.result().score == "0-2" and g.result().winner == "B"


def test_black_wins_international():
    g = Game("B:W28:B23", variant="international")
    g.push(g.board.legal_moves()[0])
    r = g.result()
    assert (r.score, r.winner, r.code) == ("0-2", "B", "no_pieces")


def test_resign_and_agreed_draw():
    g = Game()
    g.push("22-18")
    r = g.resign("W")
    assert (r.score, r.winner, r.article, r.code) == ("0-2", "B", "7.2.1", "resign")
    assert "brancas abandonaram" in r.reason
    assert g.result() == r and g.is_over()
    with pytest.raises(IllegalMoveError):
        g.push("11-15")
    with pytest.raises(DamasError):
        g.agree_draw()
    assert g.undo() == Move(22, 18)   # takes the move back and cancels the resignation
    assert not g.is_over()
    d = g.agree_draw()
    assert (d.score, d.winner, d.article, d.code) == ("1-1", None, "7.3.1", "agreement")
    assert g.undo() is None and not g.is_over() and g.moves == []
    with pytest.raises(DamasError, match="Cor inválida"):
        g.resign("white")


# -- draws ------------------------------------------------------------------------------------------

def test_threefold_repetition():
    g = Game("W:WK32:BK1")
    texts = ["32-28", "1-5", "28-32", "5-1"] * 2
    for text in texts[:-1]:
        g.push(text)
        assert not g.is_over()
    g.push(texts[-1])
    r = g.result()
    assert (r.score, r.article, r.code) == ("1-1", "6.1", "repetition")
    assert "terceira vez" in r.reason and "brancas" in r.reason


def test_repetition_needs_the_same_side_to_move():
    # The same squares with Black to move is another position.
    g = Game("W:WK32:BK1")
    for text in ["32-28", "1-5", "28-32", "5-1", "32-28"]:
        g.push(text)
    assert not g.is_over()


@pytest.mark.parametrize("variant, fen, moves", [
    ("brazilian", "W:WK29,K32:BK1,K4", 20),
    ("international", "W:WK46,K50:BK1,K5", 25),
])
def test_king_move_rule(variant, fen, moves):
    g = Game(fen, variant=variant)
    assert g.draw_rules["king_moves"] == moves == DRAW_RULES[variant]["king_moves"]["moves"]
    assert play_quiet(g, 2 * moves, seed=1)
    assert g.king_moves_count() == 2 * moves
    assert_ends_exactly_at(g, 2 * moves, "king_moves", "6.2", f"{moves} lances")


def test_king_move_count_restarts_after_a_man_move():
    g = Game("W:WK30,21:BK1,12")
    assert play_quiet(g, 6, seed=2)
    assert g.king_moves_count() == 6
    man = [m for m in g.board.legal_moves() if not g.board.piece_at(m.start).king][0]
    g.push(man)
    assert g.king_moves_count() == 0


def test_brazilian_three_kings_against_one():
    g = Game("W:WK30,K31,K32:BK1")
    assert play_quiet(g, 40, seed=3)
    assert_ends_exactly_at(g, 40, "endgame", "6.3", "três damas contra uma dama", "20 lances", "64 casas")


def test_brazilian_has_no_short_limit_for_two_kings_against_one():
    g = Game("W:WK31,K32:BK1")
    assert play_quiet(g, 30, seed=4)
    assert not g.is_over()


@pytest.mark.parametrize("rules, moves", [("seed", 10), ("fmjd2015", 16)])
def test_international_three_kings_against_one(rules, moves):
    g = Game("W:WK47,K48,K49:BK2", variant="international", rules=rules)
    assert g.draw_rules["6.3"] == moves
    assert play_quiet(g, 2 * moves, seed=5)
    assert_ends_exactly_at(g, 2 * moves, "endgame", "6.3", f"{moves} lances", "regra 6.3")


@pytest.mark.parametrize("fen", ["W:WK47,K48,38:BK2", "W:WK47,37,38:BK2"])
def test_international_article_6_3_material(fen):
    g = Game(fen, variant="international")
    assert play_quiet(g, 20, seed=6)
    assert g.result().code == "endgame" and g.result().article == "6.3"


@pytest.mark.parametrize("fen", ["W:WK47,K48:BK2", "W:WK47,38:BK2", "W:WK47:BK2"])
def test_international_article_6_4(fen):
    g = Game(fen, variant="international", rules="fmjd2015")  # 6.4 is 5 in both
    assert g.draw_rules["6.4"] == 5
    assert play_quiet(g, 10, seed=7)
    assert_ends_exactly_at(g, 10, "endgame", "6.4", "5 lances")


def test_endgame_count_starts_when_the_ending_arises():
    g = Game("W:WK7,K29,K35:BK26,30", variant="international")
    assert not g.is_over()
    capture = g.push(g.board.legal_moves()[0])
    assert capture.captured == (30,)
    assert play_quiet(g, 20, seed=8)
    assert_ends_exactly_at(g, 21, "endgame", "6.3", "10 lances")


def test_fmjd_option_changes_nothing_in_the_brazilian_game():
    assert Game(rules="fmjd2015").draw_rules == Game().draw_rules == {"king_moves": 20, "6.3": 20}
    assert repr(Game(rules="fmjd2015")).startswith("Game('brazilian', rules='fmjd2015'")


# -- issue 13: the package's errors, moves of another variant -------------------------------

def test_undo_and_redo_with_nothing_raise_the_package_history_error():
    from damas import HistoryError
    g = Game()
    for action in (g.undo, g.redo):
        with pytest.raises(HistoryError) as err:
            action()
        assert isinstance(err.value, IndexError) and isinstance(err.value, DamasError)
    assert g.board.fen() == Board().fen() and g.moves == []


def test_a_move_of_the_other_variant_does_not_end_the_game():
    fen = "W:WK1:B6"
    foreign = Board.from_fen(fen, variant="brazilian").legal_moves()[0]   # 1x10 on 8x8
    g = Game(Board.from_fen(fen, variant="international"))
    with pytest.raises(IllegalMoveError):
        g.push(foreign)
    assert g.moves == [] and g.board.fen() == fen and not g.result().is_over
    g8 = Game(Board.from_fen(fen, variant="brazilian"))
    for m in Board.from_fen(fen, variant="international").legal_moves():
        with pytest.raises(IllegalMoveError):
            g8.push(m)
    assert g8.moves == [] and g8.board.fen() == fen


@pytest.mark.parametrize("move", [Move(0, 99), Move(22, 99), "22--17", "²2-17", 22, None])
def test_malformed_moves_in_a_game_change_nothing(move):
    g = Game()
    with pytest.raises(DamasError):
        g.push(move)
    assert g.moves == [] and g.board.fen() == Board().fen()


def test_a_king_move_still_counts_for_the_king_rule():
    g = Game(Board("W:WK29:BK4"))
    g.push("29-25")
    assert g.king_moves_count() == 1
    g = Game(Board("W:W5:B28"))
    g.push("5-1")                       # a man crowned is not a king move
    assert g.king_moves_count() == 0
