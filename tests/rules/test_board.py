"""The position, FEN and the move rules of articles 3 and 4, one edge case per test."""

from repo_paths import REPO
import pytest

from damas import (BLACK, WHITE, Board, FenError, IllegalMoveError, Move, Piece, get_variant)


def keys(board):
    return {(m.start, m.end, frozenset(m.captured)) for m in board.legal_moves()}


# -- numbering and the starting positions (2.6, 2.8) ------------------------------------------

def test_brazilian_numbering_matches_the_reference():
    v = get_variant("brazilian")
    assert [v.square_name(s) for s in (1, 4, 29, 32)] == ["b8", "h8", "a1", "g1"]
    assert v.parse_square("c3") == 22 and v.parse_square("d4") == 18
    assert v.parse_square("a2") is None  # a light square


def test_international_numbering_matches_the_reference():
    v = get_variant("international")
    assert v.square_to_rc(1) == (0, 1) and v.square_to_rc(5) == (0, 9)
    assert v.square_to_rc(46) == (9, 0) and v.square_to_rc(50) == (9, 8)
    assert v.tables.ray[1][46][-1] == 5  # 46 and 5 end the long diagonal (2.6.3)


def test_initial_positions():
    b = Board("brazilian")
    assert b.fen() == "W:W21-32:B1-12" and b.turn == WHITE
    assert b.men(BLACK) == list(range(1, 13)) and b.kings(WHITE) == []
    i = Board("international")
    assert i.fen() == "W:W31-50:B1-20"
    assert len(i.legal_moves()) == 9
    assert Board() == b and Board("brasileiras") == b


def test_repr_is_code_you_can_type():
    b = Board("brazilian")
    assert repr(b) == "Board('W:W21-32:B1-12')"
    assert eval(repr(b)) == b
    i = Board("international")
    assert repr(i) == "Board('W:W31-50:B1-20', variant='international')"
    assert eval(repr(i)) == i


def test_str_is_a_text_diagram():
    text = str(Board())
    lines = text.splitlines()
    assert lines[0].split()[0] == "8" and lines[-1] == "Brancas jogam."
    assert text.count("b") == 12 + 1  # twelve men and the letter b under the board
    assert text.count("w") == 12


# -- FEN in and out -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, fen", [
    ("W:W21-32:B1-12", "W:W21-32:B1-12"),
    ("B:W18,24,K10:B12,K22", "B:WK10,18,24:B12,K22"),
    ('[FEN "W:W21-32:B1-12"]', "W:W21-32:B1-12"),
    ("W:W21-32:B1-12:H0:F1", "W:W21-32:B1-12"),
    ("W:Wc3,Kd4:Bb6", "W:WK18,22:B9"),
    ("  b:bK1:w32 ", "B:W32:BK1"),
    ("W:W21,22,24:B1,2,3", "W:W21,22,24:B1-3"),
    ("W:WK29-31:B5", "W:WK29,K30,K31:B5"),
])
def test_fen_reading_forms_and_canonical_output(text, fen):
    assert Board(text).fen() == fen
    assert Board(fen).fen() == fen


@pytest.mark.parametrize("fen, words", [
    ("", "vazia"),
    ("X:W21:B1", "primeiro campo"),
    ("W:W21-33:B1", "Intervalo"),
    ("W:W21,99:B1", "Casa inválida"),
    ("W:W21,22:B22", "duas vezes"),
    ("W:W21", "falta o campo das pretas"),
    ("W:W1:B12", "coroação"),      # a white man on its far row
    ("W:W21:B30", "coroação"),     # a black man on its far row
    ("W:W1-32:B", "no máximo 12"),
    ("W:W21:B1:Q7", "desconhecido"),
    ("W:Wa2:B1", "Casa inválida"),  # light square
])
def test_malformed_fen_gets_a_portuguese_message(fen, words):
    with pytest.raises(FenError, match=words):
        Board(fen)


def test_bad_fen_changes_nothing():
    b = Board()
    b.push_text("22-17")
    with pytest.raises(FenError):
        b.set_fen("W:W1-40:B")
    assert b.fen() == "B:W17,21,23-32:B1-12" and len(b.move_stack) == 1


def test_a_man_on_its_far_row_is_refused_in_setup_too():
    b = Board("W:W:B")
    with pytest.raises(ValueError, match="3.5"):
        b.set_piece(2, Piece(WHITE, False))
    b.set_piece(2, Piece(WHITE, True))
    assert b.piece_at(2) == Piece("W", True)


# -- moves of men and kings (art. 3) ---------------------------------------------------------------

def test_men_move_one_square_forward_only():
    b = Board("W:W22:B4")
    assert keys(b) == {(22, 17, frozenset()), (22, 18, frozenset())}
    b = Board("B:W32:B10")
    assert keys(b) == {(10, 14, frozenset()), (10, 15, frozenset())}


def test_kings_fly_along_free_diagonals():
    b = Board("W:WK29:B4")  # a1, the long diagonal is open up to h8 where a black man... stands? 4 = h8
    assert {m.end for m in b.legal_moves()} == {25, 22, 18, 15, 11, 8}
    b = Board("W:WK29,15:B4")
    assert {m.end for m in b.legal_moves() if m.start == 29} == {25, 22, 18}


def test_promotion_only_when_the_move_ends_on_the_far_row():
    b = Board("W:W6:B12")
    move = b.parse_move("6-1")
    assert move.promotes
    b.push(move)
    assert b.piece_at(1) == Piece(WHITE, True)
    b.pop()
    assert b.piece_at(6) == Piece(WHITE, False)


def test_a_man_passing_the_far_row_in_a_capture_stays_a_man():
    # f6 takes e7, lands on d8 (far row), then takes c7 and ends on b6 (regra 4.15)
    b = Board("W:W11:B6,7")
    (move,) = b.legal_moves()
    assert move.path == (11, 2, 9) and not move.promotes
    b.push(move)
    assert b.piece_at(9) == Piece(WHITE, False)


def test_a_capture_ending_on_the_far_row_crowns():
    b = Board("W:W10:B6")
    (move,) = b.legal_moves()
    assert (move.start, move.end) == (10, 1) and move.promotes
    b.push(move)
    assert b.piece_at(1) == Piece(WHITE, True)


# -- captures (art. 4) ----------------------------------------------------------------------------

def test_capture_is_compulsory_and_men_capture_backward():
    b = Board("W:W18,30:B22")  # the man on d4 takes c3 backward; 30 may not make a quiet move
    assert keys(b) == {(18, 25, frozenset({22}))}


def test_own_pieces_and_two_pieces_in_a_row_are_not_jumped():
    assert keys(Board("W:W18,22:B4")) == {(18, 14, frozenset()), (18, 15, frozenset()),
                                          (22, 17, frozenset())}
    # two black men in a row on the diagonal: the king may not jump them
    b = Board("W:WK29:B22,18,4")
    assert not b.has_captures()


def test_a_king_captures_at_distance_and_chooses_its_landing_square():
    b = Board("W:WK29:B18")  # a1 king, d4 black man: lands on e5, f6, g7 or h8
    assert keys(b) == {(29, e, frozenset({18})) for e in (15, 11, 8, 4)}


def test_only_the_landing_square_that_continues_is_legal():
    # after taking d4 the king must stop on f6 (11) to take e7 (7) as well
    b = Board("W:WK29:B18,7")
    assert keys(b) == {(29, 2, frozenset({18, 7}))}
    (move,) = b.legal_moves()
    assert move.path == (29, 11, 2)


def test_majority_law_counts_kings_and_men_alike():
    # the capture of two men is compulsory over that of one king: the king gives no priority (4.13)
    # the man on c3 (22) could take the king on b4 (17); the man on c1 (30) takes d2 and f4
    b = Board("W:W22,30:BK17,26,19")
    assert keys(b) == {(30, 16, frozenset({26, 19}))}


def test_equal_counts_leave_a_free_choice():
    b = Board("W:W22,24:B18,19")
    assert keys(b) == {(22, 15, frozenset({18})), (24, 15, frozenset({19}))}


def test_captured_pieces_block_until_the_move_ends_golpe_turco():
    # combinations.md: after 27-23 the black king takes four and must stop on 10,
    # against the man it took on 6, which is still on the board (4.11)
    b = Board("W:W6,14,15,17,27:BK2")
    b.push_text("27-23")
    (move,) = b.legal_moves()
    assert move.start == 2 and move.end == 10 and set(move.captured) == {6, 17, 23, 15}
    b.push(move)
    assert keys(b) == {(14, 7, frozenset({10}))}


def test_the_same_square_may_be_crossed_twice_but_a_piece_jumped_once():
    # a man going round a diamond of four men comes back to its own square (4.8)
    b = Board("W:W22:B9,10,17,18")
    moves = b.legal_moves()
    assert len(moves) == 1
    assert moves[0].start == moves[0].end == 22 and set(moves[0].captured) == {9, 10, 17, 18}


def test_two_orders_of_the_same_capture_are_one_move():
    # both ways round the diamond take the same four men: one move, not two
    b = Board("W:W30:B17,18,25,26")
    assert len(b.legal_moves()) == 1


def test_same_start_and_end_with_different_pieces_are_two_moves():
    b = Board("W:WK2:B10,11,14,19,24,26")
    routes = [m for m in b.legal_moves() if (m.start, m.end) == (2, 5)]
    assert {frozenset(m.captured) for m in routes} == {frozenset({11, 19, 14}), frozenset({11, 24, 14})}
    assert all(m.ambiguous for m in routes)


def test_king_capture_international_long_route():
    b = Board("W:WK17:B24,33,40-43", variant="international")
    ends = {(m.start, m.end, frozenset(m.captured)) for m in b.legal_moves()}
    assert (17, 46, frozenset({33, 43, 42, 41})) in ends
    assert (17, 46, frozenset({33, 40, 24, 41})) in ends
    assert all(len(m.captured) == 4 for m in b.legal_moves())


# -- push and pop ---------------------------------------------------------------------------------

def test_push_pop_restores_everything():
    b = Board()
    before = (b.fen(), b.legal_moves())
    m = b.push_text("22-17")
    assert b.turn == BLACK and b.move_stack == [m]
    assert b.pop() == m
    assert (b.fen(), b.legal_moves()) == before and b.move_stack == []


def test_stale_foreign_and_made_up_moves_are_refused_and_change_nothing():
    b = Board()
    stale = b.legal_moves()[0]
    b.push(stale)
    fen = b.fen()
    for bad in (stale, Move(1, 50), Board("international").legal_moves()[0], Move(22, 18)):
        with pytest.raises(IllegalMoveError):
            b.push(bad)
        assert b.fen() == fen and len(b.move_stack) == 1
    with pytest.raises(IllegalMoveError):
        b.push("22-17")


def test_a_move_equal_to_a_legal_one_is_accepted():
    b = Board("W:W22:B17,12")
    played = b.push(Move(22, 13, captured=[17]))
    assert played.path == (22, 13)
    b = Board("W:W22:B17,12")
    assert b.push(Move(22, 13)).captured == (17,)


def test_pop_on_an_empty_stack_says_so():
    with pytest.raises(IndexError, match="Não há lance"):
        Board().pop()


def test_move_identity_and_repr():
    m = Move(28, 19, captured=(23,))
    assert m == Move(28, 19, captured=[23]) and hash(m) == hash(Move(28, 19, captured=(23,)))
    assert m != Move(28, 19)
    assert eval(repr(m)) == m
    a = Move(2, 5, captured=(11, 19, 14), path=(2, 16, 23, 5))
    assert a == Move(2, 5, captured=(14, 11, 19))  # order of capture does not matter
    assert repr(Move(22, 17)) == "Move(22, 17)"


def test_game_over_when_no_piece_or_no_move():
    assert Board("W:W:B1").is_game_over()  # no piece (7.2.3)
    blocked = Board("W:W29:B25,22")  # a1 man: b2 is taken, and c3 behind it too (7.2.2)
    assert blocked.is_game_over() and blocked.legal_moves() == []
    assert not Board("W:W29:B25").is_game_over()


# -- issue 13: moves of another variant, malformed moves, copies, the package's errors ----

def test_a_move_of_the_other_variant_is_refused_both_ways():
    from damas import Game
    fen = "W:WK1:B6"
    brazilian = Board.from_fen(fen, variant="brazilian")
    international = Board.from_fen(fen, variant="international")
    # The Brazilian capture 1x10 has the same bitboards as the International position.
    m = brazilian.legal_moves()[0]
    assert m.is_capture
    with pytest.raises(IllegalMoveError):
        international.push(m)
    assert international.fen() == fen and international.move_stack == []
    game = Game(Board.from_fen(fen, variant="international"))
    with pytest.raises(IllegalMoveError):
        game.push(m)
    assert not game.result().is_over and game.board.fen() == fen
    # The other way round: International king moves to squares above 32.
    for m in international.legal_moves():
        with pytest.raises(IllegalMoveError) as err:
            brazilian.push(m)
        assert "IndexError" not in repr(err.value)
        assert brazilian.fen() == fen and brazilian.move_stack == []


def test_a_move_of_the_same_variant_and_position_still_plays_fast_and_right():
    b = Board("W:W27:B23")
    m = b.legal_moves()[0]
    assert b.push(m) is m and b.fen() == "B:W18:B"


def _made_up(start, end, captured, path):
    """A Move made up around its constructor's checks (a frozen dataclass can still be written
    with object.__setattr__): whatever it holds, the board refuses it."""
    move = object.__new__(Move)
    for name, value in zip(("start", "end", "captured", "path", "_key", "_cmask", "_flags"),
                           (start, end, captured, path, None, 0, 0)):
        object.__setattr__(move, name, value)
    return move


@pytest.mark.parametrize("make", [
    lambda: Move(0, 99), lambda: Move(22, 99), lambda: Move(-1, 17), lambda: Move(22, 17, path=(22, 40, 17)),
    lambda: Move(22, 15, captured=(0,)), lambda: Move(10 ** 5000, 17),
    lambda: _made_up("22", 17, (), (22, 17)),
    lambda: _made_up(22, 17, (), (22,)),
    lambda: _made_up(22, 17, None, (22, 17)),
])
def test_malformed_moves_are_illegal_moves(make):
    b = Board()
    move = make()
    with pytest.raises(IllegalMoveError) as err:
        b.push(move)
    assert "casa" in str(err.value) or "Lance" in str(err.value)
    assert b.fen() == "W:W21-32:B1-12" and b.move_stack == []
    assert b.is_legal(move) is False


@pytest.mark.parametrize("args", [("a", 17), (True, 17), (22.0, 17), (22, 17, ("x",)), (None, 1)])
def test_a_move_with_squares_that_are_not_numbers_cannot_be_built(args):
    with pytest.raises(IllegalMoveError, match="números inteiros"):
        Move(*args)


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_pickled_and_copied_boards_equal_the_original(variant):
    import copy
    import pickle
    b = Board(variant)
    for m in b.legal_moves()[:1]:
        b.push(m)
    for other in (pickle.loads(pickle.dumps(b)), copy.deepcopy(b), copy.copy(b), b.copy()):
        assert other == b and hash(other) == hash(b)
        assert other.variant is b.variant
        assert sorted(other.legal_moves()) == sorted(b.legal_moves())
        other.push(b.legal_moves()[0])       # a move of the original plays on the copy
        other.pop()
        other.pop()
        assert other == Board(variant)


def test_variants_compare_by_value():
    import copy
    import dataclasses
    from damas import BRAZILIAN, INTERNATIONAL
    assert BRAZILIAN != INTERNATIONAL
    twin = dataclasses.replace(BRAZILIAN)
    assert twin == BRAZILIAN and twin is not BRAZILIAN
    relaxed = dataclasses.replace(BRAZILIAN, name="sem-maioria", majority_rule=False)
    assert relaxed != BRAZILIAN and copy.deepcopy(relaxed) == relaxed
    assert Board("W:W27:B23", variant=twin) == Board("W:W27:B23")


def test_the_package_errors_are_also_the_builtin_ones():
    from damas import ArgumentError, DamasError, HistoryError, SquareError, VariantError
    b = Board()
    for square in (0, 33, True, False, "22", 22.0, None, 10 ** 5000):
        with pytest.raises(SquareError) as err:
            b.piece_at(square)
        assert isinstance(err.value, ValueError) and "casas vão de 1 a 32" in str(err.value)
    with pytest.raises(HistoryError) as err:
        b.pop()
    assert isinstance(err.value, IndexError) and isinstance(err.value, DamasError)
    for name in ("chinese", "", 3.5, True, 99):
        with pytest.raises(VariantError, match="Variante desconhecida"):
            Board(variant=name)
    with pytest.raises(ArgumentError, match="Cor inválida") as err:
        b.men("X")
    assert isinstance(err.value, TypeError)
    with pytest.raises(ArgumentError):
        b.turn = "white"
    assert b.fen() == "W:W21-32:B1-12"


@pytest.mark.parametrize("fen", ["W:W²1:B1", "W:W٢١:B1", "W:W21-٣٢:B1", "W:W" + "1" * 5000 + ":B1",
                                 "W:W21-" + "9" * 5000 + ":B1", "W:W21:B1:H²", "W:WK" + "7" * 4400 + ":B1"],
                         ids=range(7))
def test_fen_with_odd_digits_or_huge_numbers_is_a_fen_error(fen):
    from damas import FenError
    with pytest.raises(FenError) as err:
        Board(fen)
    assert "FEN" in str(err.value) and len(str(err.value)) < 400
    b = Board()
    with pytest.raises(FenError):
        b.set_fen(fen)
    assert b.fen() == "W:W21-32:B1-12"


# -- the public bitboards ------------------------------------------------------------------------

@pytest.mark.parametrize("variant, fen", [
    ("brazilian", "W:W21-32:B1-12"),
    ("brazilian", "B:WK32,22,25:BK1,6,11"),
    ("international", "W:WK46,28,33,38:BK5,12,17,19"),
    ("russian", "B:W23,K10:B2,5"),
])
def test_bitboards_are_the_squares_of_the_position(variant, fen):
    board = Board(fen, variant=variant)
    mask = board.variant.tables.mask
    bits = lambda squares: sum(mask[s] for s in squares)  # noqa: E731
    assert board.white_bits == bits(board.men(WHITE) + board.kings(WHITE))
    assert board.black_bits == bits(board.men(BLACK) + board.kings(BLACK))
    assert board.king_bits == bits(board.kings(WHITE) + board.kings(BLACK))
    assert board.bitboards == (board.white_bits, board.black_bits, board.king_bits, board.turn)
    again = Board.from_bitboards(*board.bitboards, variant=variant)
    assert again == board and again.fen() == board.fen() and again.variant is board.variant
    assert again.move_stack == [] and again.legal_moves() == board.legal_moves()


def test_bitboards_are_read_only():
    board = Board()
    for name in ("white_bits", "black_bits", "king_bits", "bitboards"):
        with pytest.raises(AttributeError):
            setattr(board, name, 0)
    assert board.fen() == "W:W21-32:B1-12"


def test_set_bitboards_replaces_the_position_and_empties_the_stack():
    board = Board()
    board.push_text("c3-d4")
    target = Board("B:WK32,22,25:BK1,6,11")
    board.set_bitboards(*target.bitboards)
    assert board == target and board.move_stack == [] and board.peek() is None
    board.set_bitboards(*Board().bitboards, check=False)
    assert board.fen() == "W:W21-32:B1-12"


def test_from_bitboards_refuses_what_is_no_position():
    from damas.errors import PositionError
    v = get_variant("brazilian")
    m = v.tables.mask
    cases = [
        (m[22], m[22], 0, WHITE),                  # one square of both colours
        (m[22], m[9], m[18], WHITE),               # a king on an empty square
        (m[22] | (1 << 200), m[9], 0, WHITE),      # a bit off the board
        (m[2], m[9], 0, WHITE),                    # a white man on the crowning row (3.5)
        (m[22], m[30], 0, WHITE),                  # a black man on its crowning row
        (-1, m[9], 0, WHITE),
        (True, m[9], 0, WHITE),
        (m[22], m[9], 0, "X"),
    ]
    for white, black, kings, turn in cases:
        with pytest.raises((PositionError, ValueError)):
            Board.from_bitboards(white, black, kings, turn)
    Board.from_bitboards(m[2] | m[22], m[9], m[2], WHITE)  # a king there is a position


def test_nothing_outside_the_rules_reads_the_private_bitboards():
    import json
    import re
    from pathlib import Path
    root = REPO
    private = re.compile(r"\._" + r"(w|b|k)\b")
    found = []
    files = [p for folder in ("damas", "scripts", "benchmarks", "tests") for p in (root / folder).rglob("*.py")
             if (root / "damas" / "rules") not in p.parents]
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if private.search(line):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    for path in (root / "notebooks").rglob("*.ipynb"):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code" and private.search("".join(cell["source"])):
                found.append(f"{path.relative_to(root)}: {''.join(cell['source'])[:60]}")
    assert len(files) > 50 and not found, found


def test_no_module_of_the_lower_layers_is_over_900_lines():
    from pathlib import Path
    root = REPO / "damas"
    sizes = {str(p.relative_to(root)): len(p.read_text(encoding="utf-8").splitlines())
             for layer in ("rules", "engine", "problems", "display") for p in (root / layer).rglob("*.py")}
    assert len(sizes) > 20 and {name: n for name, n in sizes.items() if n > 900} == {}
