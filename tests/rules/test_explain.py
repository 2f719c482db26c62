"""damas.rules.explain: why a move is legal or not, with the article of the rules."""

import random

import pytest

from damas import Board, IllegalMoveError, Move
from damas.rules.explain import MESSAGES, Explanation, explain, explain_piece


def check(fen, attempt, article, *words, variant="brazilian"):
    """Explain ``attempt`` on ``fen``; check the article, the words of the
    message, and that the board did not change."""
    board = Board(fen, variant=variant)
    before = (board.fen(), board.move_stack)
    why = explain(board, attempt)
    assert (board.fen(), board.move_stack) == before
    assert isinstance(why, Explanation)
    assert why.legal is False, why
    assert why.article == article, why
    for word in words:
        assert word in why.message, (word, why.message)
    if article is not None:
        assert f"regra {article}" in why.message
    if why.suggestion is not None:
        assert why.suggestion in board.legal_moves()
    assert explain(board, attempt) == why  # deterministic
    return why


# -- reading the attempt --------------------------------------------------------------

@pytest.mark.parametrize("attempt", [None, "", "zz-99", (0, 99), "22", "hello", 12, 3.5, object(), (22,),
                                     ("c3", None), (True, 17), "22-", "-17", "22-17-", b"22-17", [], {}])
def test_garbage_never_raises_and_changes_nothing(attempt):
    board = Board()
    why = explain(board, attempt)
    assert why.legal is False and why.message
    assert why.suggestion is None or why.suggestion in board.legal_moves()
    assert board.fen() == "W:W21-32:B1-12" and board.move_stack == []


def test_unreadable_text():
    why = check("W:W21-32:B1-12", "hello", None, "Não entendi")
    assert "'22-17'" in why.message
    check("W:W21-32:B1-12", "zz-17", None, "'zz' não é uma casa")


@pytest.mark.parametrize("attempt", ["22-99", (0, 99), (22, 33), "c3-i4", "c3-c9"])
def test_square_off_the_board(attempt):
    check("W:W21-32:B1-12", attempt, None, "não existe")


def test_off_the_board_international():
    check("W:W31-50:B1-20", "51-46", None, "1 a 50", variant="international")
    check("W:W31-50:B1-20", "c3-d4", None, "100 casas", variant="international")


def test_light_square():
    why = check("W:W21-32:B1-12", "b3-c4", "2.2", "b3", "clara")
    assert why.suggestion is None


def test_empty_start_square():
    why = check("W:W21-32:B1-12", "c5-d6", "3.2", "c5")
    assert "Não há peça" in why.message
    assert set(why.highlight) == {21, 22, 23, 24}


def test_opponent_piece():
    why = check("W:W21-32:B1-12", "9-13", "3.3", "pedra preta", "brancas", "5.4.05")
    assert 9 not in why.highlight
    why = check("B:W21-32:B1-12", "22-17", "3.3", "pedra branca", "pretas")
    assert set(why.highlight) == {9, 10, 11, 12}


# -- simple moves ------------------------------------------------------------------------

def test_man_moves_backward():
    why = check("W:W18:B1", "18-22", "3.4", "para trás")
    assert set(why.highlight) == {14, 15}
    check("B:W32:B14", "14-9", "3.4", "para trás")


def test_man_moves_two_squares_without_capture():
    check("W:W21-32:B1-12", "22-13", "3.4", "uma casa só", "2 casas")
    check("W:W21-32:B1-12", "c3-e5", "3.4", "c3", "e5")


def test_not_on_a_diagonal():
    check("W:W21-32:B1-12", "c3-c5", "3.4", "diagonal")
    check("W:WK29:B1", "29-30", "3.9", "diagonal")


def test_king_blocked_on_its_diagonal():
    why = check("W:WK29,22:B1", "29-15", "3.9", "ocupada em 22")
    assert why.suggestion.start == 29 or why.suggestion.start == 22


def test_destination_occupied():
    check("W:W22,18:B1", "22-18", "3.4", "ocupada", "pedra branca")


def test_simple_move_then_more_squares():
    check("W:W31-50:B1-20", (31, 27, 22), "3.4", "termina", variant="international")


# -- compulsory capture (4.1) ---------------------------------------------------------------

def test_capture_is_compulsory():
    why = check("W:W27,21:B23", "21-17", "4.1", "obrigatória", "5.4.06", "pedra branca em 27",
                "Não existe sopro")
    assert why.highlight == (27,)
    assert why.suggestion == Move(27, 18, captured=(23,))


def test_capture_is_compulsory_names_every_piece_that_can_capture():
    board = Board("W:W6,18,20:B16,23")
    starts = sorted({m.start for m in board.legal_moves()})
    assert starts == [18, 20]
    why = check("W:W6,18,20:B16,23", "6-2", "4.1", "Podem tomar")
    assert list(why.highlight) == starts
    for s in starts:
        assert f"em {s}" in why.message


def test_king_must_capture_too():
    check("W:WK29:B22", "29-25", "4.1", "dama branca em 29", "Não existe sopro")


def test_capture_is_compulsory_international():
    board = Board("W:W31,32:B28", variant="international")
    assert board.has_captures()
    why = check("W:W31,32:B28", "31-26", "4.1", variant="international")
    assert why.highlight == (32,)


# -- majority law (4.13) ----------------------------------------------------------------------

def test_capture_of_fewer_pieces_than_the_maximum():
    why = check("W:W27,21:B23,17,10", "27x18", "4.13", "maioria", "5.4.08", "1 peça", "2 peças",
                "21x14x7")
    assert why.suggestion == Move(21, 7, captured=(17, 10))
    assert why.highlight == why.suggestion.path == (21, 14, 7)


def test_majority_with_a_move_object_and_algebraic_text():
    board = Board("W:W27,21:B23,17,10")
    assert explain(board, Move(27, 18, captured=(23,))).article == "4.13"
    why = explain(board, "f2xd4")
    assert why.article == "4.13" and "a3xc5xe7" in why.message


def test_majority_king_has_no_priority():
    # The man takes two (backward), the king only one: the man must capture.
    board = Board("W:WK16,22:B26-28")
    assert board.legal_moves() == [Move(22, 24, captured=(26, 27))]
    why = check("W:WK16,22:B26-28", "16x30", "4.13", "1 peça", "2 peças", "22x31x24")
    assert why.suggestion.start == 22


# -- unfinished captures (4.5, 4.6) --------------------------------------------------------------

def test_man_stops_before_the_end():
    why = check("W:W27:B23,14,15,6", "27x18", "4.5", "não terminou em 18", "5.4.09", "27x18x9x2")
    assert why.suggestion == Move(27, 2, captured=(23, 14, 6))
    assert why.highlight == (27, 18, 9, 2)
    check("W:W27:B23,14,15,6", "27x18x9", "4.5", "não terminou em 9")


def test_unfinished_capture_in_algebraic_names():
    why = check("W:W27:B23,14,15,6", "f2xd4", "4.5", "não terminou em d4", "f2xd4xb6xd8")
    assert "27" not in why.message


def test_king_stops_before_the_end():
    check("W:WK29:B22,11", "29x18", "4.6", "dama", "não terminou em 18")
    check("W:WK29:B22,11", (29, 15), "4.6")


def test_move_object_giving_only_the_first_jump():
    why = explain(Board("W:W27:B23,14,15,6"), Move(27, 18))
    assert why.article == "4.5"


# -- wrong routes (4.7, 4.8, 4.11, two together) -----------------------------------------------------

def test_jump_over_own_piece():
    check("W:W22,18:B15", "22x15", "4.7", "próprias peças", "pedra branca em 18")
    check("W:W25,K29:B22,10", "29x15", "4.7")


def test_jump_the_same_piece_twice():
    check("W:WK29:B22", "29x15x29", "4.8", "22", "uma vez")


def test_captured_pieces_block_the_way_turkish_strike():
    board = Board("W:WK15:B7,10,11,16,20,24")
    assert any(10 in m.captured for m in board.legal_moves())
    why = check("W:WK15:B7,10,11,16,20,24", (15, 1, 28), "4.11", "golpe turco", "já tomada", "10")
    assert why.suggestion is not None


def test_two_pieces_together_cannot_be_taken():
    check("W:WK29:B22,18", "29x11", "4.3", "duas peças juntas", "22, 18")
    check("W:W27,21:B23,14,15,6,17", "21x14", "4.2", "juntas")


def test_man_cannot_capture_from_afar():
    check("W:W29:B22", "29x15", "4.2", "vizinha")


# -- crowning during a capture (4.15) ------------------------------------------------------------

def test_man_passing_the_far_row_is_not_crowned_and_goes_on():
    why = check("W:W9:B6,7", "9x2", "4.15", "não é coroada", "9x2x11")
    assert why.suggestion == Move(9, 11, captured=(6, 7))
    board = Board("W:W9:B6,7")
    (move,) = board.legal_moves()
    assert not move.promotes


def test_man_cannot_capture_like_a_king_after_passing_the_far_row():
    check("W:W9:B6,11", "9x2x16", "4.15", "não foi coroada", "continua pedra")


# -- legal moves ---------------------------------------------------------------------------------

def random_positions(variant, games=12, seed=3):
    rng = random.Random(seed)
    for _ in range(games):
        b = Board(variant)
        for _ in range(rng.randint(0, 70)):
            moves = b.legal_moves()
            if not moves:
                break
            b.push(rng.choice(moves))
            yield b.copy(stack=False)


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_every_legal_move_is_explained_as_legal(variant):
    count = 0
    for board in random_positions(variant):
        fen = board.fen()
        for m in board.legal_moves():
            for attempt in (m, board.move_text(m), m.text(full=True)):
                why = explain(board, attempt)
                assert why.legal, (fen, attempt, why)
                assert why.article is None and why.suggestion is None
                assert why.message.startswith("Lance legal")
                count += 1
        assert board.fen() == fen
    assert count > 500


def test_legal_pair_and_message():
    why = explain(Board(), (22, 17))
    assert why == Explanation(True, None, "Lance legal.", (), None)
    assert repr(why) == "Explanation(legal=True, article=None, message='Lance legal.', highlight=(), suggestion=None)"
    assert str(why) == "Lance legal." and bool(why)


def test_legal_but_ambiguous_text():
    why = explain(Board("W:WK2:B10,11,14,19,24,26"), "d8xa7")
    assert why.legal and "ambíguo" in why.message and "d8xg5xe3xa7" in why.message


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_illegal_attempts_always_get_a_reason(variant):
    """Random attempts: never an exception, the board never changes, a refusal
    always has a message, and a suggestion is always a legal move."""
    rng = random.Random(8)
    n = 32 if variant == "brazilian" else 50
    for board in random_positions(variant, games=6, seed=5):
        fen = board.fen()
        legal = board.legal_moves()
        for _ in range(40):
            attempt = tuple(rng.randint(0, n + 1) for _ in range(rng.choice([2, 2, 3])))
            why = explain(board, attempt)
            assert why.message
            if why.legal:
                assert any(m.start == attempt[0] and m.end == attempt[-1] for m in legal)
            if why.suggestion is not None:
                assert why.suggestion in legal
        assert board.fen() == fen


def test_every_non_maximal_capture_is_4_13_and_every_prefix_4_5_or_4_6():
    board = Board("W:WK29,21,27:B22,17,10,23,14,6")
    from damas.rules.explain import _relaxed
    legal = board.legal_moves()
    seen = set()
    for m in _relaxed(board).legal_moves():
        for k in range(2, len(m.path) + 1):
            why = explain(board, m.path[:k])
            if why.legal:
                continue
            if k == len(m.path):
                # a king that took the first pieces of a legal chain and landed where it stops:
                # the king's chain capture (4.6) first; any other complete capture too small: 4.13
                n = len(m.captured)
                stopped = board.piece_at(m.start).king and any(
                    l.start == m.start and len(l.captured) > n and tuple(l.captured[:n]) == tuple(m.captured)
                    for l in legal)
                assert why.article == ("4.6" if stopped else "4.13"), (m, why)
            else:
                assert why.article in ("4.5", "4.6", "4.15"), (m.path[:k], why)
            seen.add(why.article)
            assert why.suggestion in legal
    assert {"4.13", "4.5", "4.6"} <= seen


# -- the core uses the explanation ------------------------------------------------------------

def test_board_push_and_parse_move_use_the_explanation():
    board = Board("W:W27,21:B23")
    with pytest.raises(IllegalMoveError, match=r"regra 4\.1"):
        board.push(Move(21, 17))
    with pytest.raises(IllegalMoveError, match=r"regra 4\.1"):
        board.parse_move("21-17")
    assert board.fen() == "W:W21,27:B23"


def test_messages_are_portuguese_templates_at_the_top():
    assert all(isinstance(v, (str, dict)) for v in MESSAGES.values())
    assert MESSAGES["legal"] == "Lance legal."


def test_explain_piece_says_why_a_piece_cannot_move():
    from damas import explain_piece
    board = Board("B:W7-9,12,14:B4,6,16,23,26")
    too_few = explain_piece(board, 6, notation="algebraic")
    assert not too_few.legal and too_few.article == "4.13" and "h8" in too_few.message
    elsewhere = explain_piece(Board("W:W27,21:B23"), 21)
    assert elsewhere.article == "4.1" and elsewhere.highlight == (27,)
    stuck = explain_piece(Board("W:W29,32:B25,22"), 29)
    assert stuck.article == "3.4" and not stuck.legal
    free = explain_piece(Board(), 22)
    assert free.legal and free.highlight == (17, 18)
    assert explain_piece(Board(), 15).article == "3.2"
    assert explain_piece(Board(), 9).article == "3.3"
    assert not explain_piece(Board(), 99).legal


def test_side_without_a_move_is_told_it_lost():
    board = Board("W:Wa3:Bb4,c5")   # the man on a3 is blocked: no move at all (7.2.2)
    assert board.legal_moves() == []
    for why in (explain(board, "a3-b4"), explain_piece(board, 21)):
        assert not why.legal and why.article == "7.2", why.message


# -- issue 13: nothing read raises --------------------------------------------------------

@pytest.mark.parametrize("attempt", ["²2-17", "٢٢-١٧", "1" * 5000 + "-17", "22-" + "9" * 4400, 10 ** 5000,
                                     (10 ** 5000, 17), ("²", "17"), (22, "1" * 5000), "22--17",
                                     "x" * 100000, Move(10 ** 5000, 17), Move(22, 17, path=(22, 99, 17))],
                         ids=range(12))
def test_odd_digits_and_huge_numbers_are_explained_not_raised(attempt):
    board = Board()
    why = explain(board, attempt)
    assert why.legal is False and why.message and len(why.message) < 400
    assert board.fen() == "W:W21-32:B1-12"
