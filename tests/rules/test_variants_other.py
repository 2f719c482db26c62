"""Russian draughts and the Portuguese "damas clássicas", through the one generator.

* Russian: the published perft counts (rules.md, issue 16) and the edge cases
  that tell it from the Brazilian game (a man crowned in the middle of a
  capture goes on as a king; free choice of capture, but a capture that can go
  on must go on).
* Portuguese (FPD rules of 2013, as issue 16 summarises them): the board
  placed the other way, its numbering, men forward only, flying kings, the most
  pieces and then the most kings.  An independent check: a deliberately simple
  generator written here, on board coordinates, with its own numbering, and
  compared with the package on random positions.

These variants in the layers above the rules: tests/widget/test_widget_variants.py (a move by
clicks), tests/problems/test_solver_variants.py (shots the solver proves),
tests/engine/test_endgames_variants.py (their endgame tables).
"""

import random

import pytest

from damas import Board, Move, perft
from damas.rules.variants import BRAZILIAN, PORTUGUESE, RUSSIAN, get_variant

RUSSIAN_PERFT = (7, 49, 302, 1469, 7482, 37986, 190146)  # issue 16, rules.md (7482 at depth 5)


def keys(board):
    return {m.key() for m in board.legal_moves()}


def texts(board):
    return sorted(board.move_text(m) for m in board.legal_moves())


# ---------------------------------------------------------------------------
# Russian draughts
# ---------------------------------------------------------------------------
def test_russian_perft_matches_the_published_counts():
    board = Board("russian")
    assert board.fen() == BRAZILIAN.initial_fen()
    for d, expected in enumerate(RUSSIAN_PERFT, start=1):
        assert perft(board, d) == expected, d
    assert board.move_stack == []


def test_russian_man_crowned_mid_capture_goes_on_as_a_king():
    # b6xd8 reaches the far row; the new king flies on over f6.
    fen = "W:Wb6:Bc7,f6"
    assert texts(Board(fen, variant="brazilian")) == ["b6xd8"]
    board = Board(fen, variant="russian")
    assert texts(board) == ["b6xg5", "b6xh4"]
    move = board.parse_move("b6xh4")
    assert move.promotes and move.path == (9, 2, 20) and set(move.captured) == {6, 11}
    board.push(move)
    assert board.kings("W") == [20] and board.men("W") == [] and board.count("B") == 0


def test_russian_man_crowned_and_stopping_is_a_king():
    # crowned on the far row with nothing more to take: the move ends there, a king
    board = Board("W:Wc5:Bd6,h8", variant="russian")
    (move,) = board.legal_moves()
    assert board.move_text(move) == "c5xe7"  # e7 is not the far row: still a man
    board = Board("W:Wd6:Be7,b4", variant="russian")
    (move,) = board.legal_moves()
    assert board.move_text(move) == "d6xf8" and move.promotes
    board.push(move)
    assert board.kings("W") == [board.variant.parse_square("f8")]


def test_russian_free_choice_of_a_smaller_capture():
    fen = "W:We3:Bd4,f4,d6"
    assert texts(Board(fen, variant="brazilian")) == ["e3xe7"]  # majority law (regra 4.13)
    board = Board(fen, variant="russian")
    assert texts(board) == ["e3xe7", "e3xg5"]
    # ... but a capture that can go on must go on: stopping on c5 is not a move
    assert "e3xc5" not in texts(board)
    assert not board.is_legal(Move(23, 14, captured=(18,)))  # e3xc5, stopping


def test_russian_king_must_land_where_its_capture_goes_on():
    # a1xc3: the king may land on d4..h8, but only from e5 does it go on (over f4)
    board = Board("W:WKa1:Bc3,f4", variant="russian")
    assert texts(board) == ["a1xg3", "a1xh2"]
    # with nothing to go on to, every landing square is a move of its own
    board = Board("W:WKa1:Bc3", variant="russian")
    assert texts(board) == ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"]


def test_russian_variant_names_and_gametype():
    assert get_variant("russian") is RUSSIAN
    assert get_variant("damas russas") is RUSSIAN and get_variant(25) is RUSSIAN
    assert RUSSIAN.gametype == 25 and PORTUGUESE.gametype == 28
    assert get_variant(28) is PORTUGUESE and get_variant("damas clássicas") is PORTUGUESE


# ---------------------------------------------------------------------------
# Portuguese damas clássicas
# ---------------------------------------------------------------------------
def test_portuguese_board_is_placed_the_other_way():
    v = PORTUGUESE
    # a playable square at each player's lower right: h1 for White, a8 for Black
    assert v.square_name(1) == "h1" and v.square_name(32) == "a8"
    assert v.rc_to_square(7, 0) is None  # a1 is a light square
    # numbered from White's lower right, right to left, bottom to top
    assert [v.square_name(s) for s in (1, 2, 3, 4, 5, 8, 29)] == ["h1", "f1", "d1", "b1", "g2", "a2", "g8"]
    # the long diagonal, the "rio", runs 1-32
    rio = [v.parse_square(n) for n in ("h1", "g2", "f3", "e4", "d5", "c6", "b7", "a8")]
    assert rio[0] == 1 and rio[-1] == 32
    assert list(v.tables.ray[0][1]) == rio[1:]
    board = Board("portuguese")
    assert board.fen() == "W:W1-12:B21-32" and board.turn == "W"
    assert texts(board) == ["10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"]


def test_portuguese_men_move_and_capture_forward_only():
    # the black man is behind the white one: no capture, in Brazil there would be
    fen = "W:W14:B10"
    v = PORTUGUESE
    board = Board(fen, variant="portuguese")
    assert not board.has_captures()
    assert all(v.square_to_rc(m.end)[0] < v.square_to_rc(m.start)[0] for m in board.legal_moves())
    assert texts(Board("W:W14:B10", variant="brazilian")) != texts(board)
    board = Board("W:W14:B18", variant="portuguese")  # e4 takes f5 forward, to g6
    assert texts(board) == ["14x21"]


def test_portuguese_kings_fly():
    board = Board("W:WK1:B30", variant="portuguese")
    ends = {m.end for m in board.legal_moves() if m.start == 1}
    assert ends == {5, 10, 14, 19, 23, 28, 32}


def test_portuguese_most_pieces_then_most_kings():
    v = PORTUGUESE
    sq = v.parse_square
    # A white king on d5 may take the man on f3 or the king on b3: equal
    # counts, so the king must be taken (quality: dama over peão).
    fen = f"W:WK{sq('d5')}:B{sq('f3')},K{sq('b3')}"
    board = Board(fen, variant="portuguese")
    moves = board.legal_moves()
    assert moves and all(set(m.captured) == {sq("b3")} for m in moves)
    assert {m.key() for m in moves} < {m.key() for m in Board(fen, variant=_no_quality()).legal_moves()}
    # two men outweigh one king: the most pieces first (e4xf5, g6xf7 against e4xc2)
    fen = f"W:WK{sq('e4')}:B{sq('f5')},{sq('f7')},K{sq('c2')}"
    board = Board(fen, variant="portuguese")
    moves = board.legal_moves()
    assert moves and all(set(m.captured) == {sq("f5"), sq("f7")} for m in moves)


def _no_quality():
    import dataclasses
    return dataclasses.replace(PORTUGUESE, name="portuguese-sem-qualidade", quality_rule=False)


# ---------------------------------------------------------------------------
# The independent check: a deliberately simple generator, on coordinates
# ---------------------------------------------------------------------------
# Board coordinates (row, col): row 0 is Black's side (the top seen from
# White), col 0 White's left.  Portuguese: (row + col) even are the playing
# squares (a8 and h1 dark); numbered from White's lower right, right to left,
# bottom to top.
def pt_square(r, c):
    return 4 * (7 - r) + (7 - c) // 2 + 1


PT_CELLS = [(r, c) for r in range(8) for c in range(8) if (r + c) % 2 == 0]
DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def simple_moves(cells, turn):
    """Portuguese legal moves as a set of (start, end, frozenset captured).

    ``cells`` maps (row, col) to (colour, king).  Written for clarity only."""
    forward = -1 if turn == "W" else 1

    def on(r, c):
        return 0 <= r < 8 and 0 <= c < 8

    captures = []  # (start, end, captured cells)

    def search(start, pos, king, taken):
        r, c = pos
        went_on = False
        for dr, dc in DIAGONALS:
            if not king and dr != forward:
                continue
            # walk to the first piece along the diagonal
            i = 1
            while king and on(r + i * dr, c + i * dc) and ((r + i * dr, c + i * dc) not in cells
                                                          or (r + i * dr, c + i * dc) == start):
                i += 1
            victim = (r + i * dr, c + i * dc)
            if not on(*victim) or victim not in cells or victim == start:
                continue
            if cells[victim][0] == turn or victim in taken:
                continue  # own piece, or a piece already taken (it still blocks)
            j = i + 1
            while on(r + j * dr, c + j * dc):
                land = (r + j * dr, c + j * dc)
                if land in cells and land != start:
                    break
                went_on = True
                search(start, land, king, taken + [victim])
                if not king:
                    break
                j += 1
        if not went_on and taken:
            captures.append((start, pos, taken))

    for pos, (colour, king) in cells.items():
        if colour == turn:
            search(pos, pos, king, [])
    if captures:
        def weight(cap):
            taken = cap[2]
            return (len(taken), sum(1 for t in taken if cells[t][1]))
        best = max(weight(cap) for cap in captures)
        return {(pt_square(*s), pt_square(*e), frozenset(pt_square(*t) for t in taken))
                for s, e, taken in captures if weight((s, e, taken)) == best}
    out = set()
    for (r, c), (colour, king) in cells.items():
        if colour != turn:
            continue
        for dr, dc in DIAGONALS:
            if not king and dr != forward:
                continue
            i = 1
            while 0 <= r + i * dr < 8 and 0 <= c + i * dc < 8 and (r + i * dr, c + i * dc) not in cells:
                out.add((pt_square(r, c), pt_square(r + i * dr, c + i * dc), frozenset()))
                if not king:
                    break
                i += 1
    return out


def random_cells(rng):
    cells = {}
    n = rng.randint(2, 14)
    for i, pos in enumerate(rng.sample(PT_CELLS, n)):
        colour = "WB"[i % 2] if i < 2 else rng.choice("WB")
        crown_row = 0 if colour == "W" else 7
        king = pos[0] == crown_row or rng.random() < 0.3
        cells[pos] = (colour, king)
    return cells


def fen_of(cells, turn):
    side = {"W": [], "B": []}
    for pos, (colour, king) in cells.items():
        side[colour].append(("K" if king else "") + str(pt_square(*pos)))
    return f"{turn}:W{','.join(side['W'])}:B{','.join(side['B'])}"


def test_pt_square_is_a_bijection_on_the_playing_squares():
    assert sorted(pt_square(*p) for p in PT_CELLS) == list(range(1, 33))


@pytest.mark.slow
def test_portuguese_generator_agrees_with_the_simple_one_on_random_positions():
    rng = random.Random(16)
    checked = captures = multi = quality_cases = 0
    while checked < 2500:
        cells = random_cells(rng)
        turn = rng.choice("WB")
        if max(sum(colour == side for colour, _ in cells.values()) for side in "WB") > 12:
            continue
        board = Board(fen_of(cells, turn), variant="portuguese")
        expected = simple_moves(cells, turn)
        assert keys(board) == expected, board.fen()
        checked += 1
        if expected and next(iter(expected))[2]:
            captures += 1
            multi += any(len(k[2]) > 1 for k in expected)
            quality_cases += keys(Board(board.fen(), variant=_no_quality())) != expected
        # play a move and check again: positions one move on
        moves = board.legal_moves()
        if moves:
            board.push(rng.choice(moves))
            cells2 = cells_of(board)
            assert keys(board) == simple_moves(cells2, board.turn), board.fen()
    # the sample must exercise what it is meant to test
    assert captures > 500 and multi > 100 and quality_cases > 10, (captures, multi, quality_cases)


PT_CELL_OF = {pt_square(*p): p for p in PT_CELLS}


def cells_of(board):
    """The board's pieces on coordinates, through this file's own numbering."""
    return {PT_CELL_OF[sq]: (piece.color, piece.king) for sq, piece in board.pieces().items()}


# ---------------------------------------------------------------------------
# explain: each game's own rules, never the Brazilian articles
# ---------------------------------------------------------------------------
def test_explain_cites_the_portuguese_rules_in_words():
    from damas.rules.explain import explain
    sq = PORTUGUESE.parse_square
    board = Board(f"W:WK{sq('d5')}:B{sq('f3')},K{sq('b3')}", variant="portuguese")
    e = explain(board, f"{sq('d5')}x{sq('g2')}")  # takes the man: equal count, less value
    assert not e.legal and e.article is None
    assert "qualidade" in e.message and "Federação Portuguesa de Damas" in e.message
    assert "regra 4" not in e.message and "5.4." not in e.message
    e = explain(board, f"{sq('d5')}-{sq('e6')}")
    assert not e.legal and "obrigatória" in e.message and "regra 4.1" not in e.message


def test_explain_a_portuguese_man_does_not_capture_backward():
    from damas.rules.explain import explain
    board = Board("W:W14,1:B10", variant="portuguese")  # f3 is behind e4
    e = explain(board, "14x5")
    assert not e.legal and "só para a frente" in e.message and "Federação" in e.message
    assert explain(Board("W:W14,1:B10", variant="portuguese"), "14-18").legal


def test_explain_russian_crowned_man_goes_on_as_a_king():
    from damas.rules.explain import explain
    board = Board("W:Wb6:Bc7,f6", variant="russian")
    e = explain(board, "b6xd8")
    assert not e.legal and "dama ainda pode tomar" in e.message and "damas russas" in e.message
    assert "regra 4" not in e.message and "5.4." not in e.message
    assert explain(board, "b6xd8xg5").legal
    # a smaller capture is a free choice in Russian draughts, not a fault
    assert explain(Board("W:We3:Bd4,f4,d6", variant="russian"), "e3xg5").legal
    # the Brazilian explanation still cites its article
    e = explain(Board("W:We3:Bd4,f4,d6", variant="brazilian"), "e3xg5")
    assert e.article == "4.13"


# ---------------------------------------------------------------------------
# FEN, notation, PDN
# ---------------------------------------------------------------------------
def test_fen_and_notation_of_the_portuguese_numbering():
    board = Board("portuguese")
    board.push_text("10-14")  # f3-e4
    assert board.move_text(board.peek(), "algebraic") == "f3-e4"
    board.push_text("e6-f5")  # algebraic squares are read too: e6 is 22, f5 is 18
    assert board.fen() == "W:W1-9,11,12,14:B18,21,23-32"
    again = Board(board.fen(), variant="portuguese")
    assert again == board.copy(stack=False)
    assert Board("W:Wh1,Kc6:Bb7", variant="portuguese").fen() == "W:W1,K23:B28"
    with pytest.raises(Exception, match="travessa de coroação"):
        Board("W:W30:B1", variant="portuguese")  # 30 (c8) is White's crowning row here


def test_pdn_gametypes_of_pdn_3_0():
    from damas.rules.pdn import read_game, write_games
    game = read_game('[GameType "28"]\n1. 10-14 23-19 2. 14x23 *')
    assert game.variant is PORTUGUESE and game.mainline[-1].captured == (19,)
    text = write_games(game)
    assert '[GameType "28"]' in text and "2. 14x23" in text
    assert read_game(text).mainline == game.mainline
    game = read_game('[GameType "25,W,8,8,A0,0"]\n1. c3-d4 f6-e5 2. d4xf6 *')
    assert game.variant is RUSSIAN
    assert '[GameType "25,W,8,8,A0,0"]' in write_games(game)  # kept as read
    # the Russian rule decides a line the Brazilian rules refuse
    line = '[GameType "{}"]\n[FEN "W:Wb6:Bc7,f6"]\n1. b6xd8xh4 *'
    assert read_game(line.format(25)).mainline[0].end == 20
    from damas.rules.pdn import PDNError
    with pytest.raises(PDNError):
        read_game(line.format(26))
