"""The endgame database against independent computations.

* a plain minimax over the package's legal moves (push/pop), bounded by a
  number of plies and memoised, which gives the exact distance of every
  position decided within the bound and nothing else;
* the solver (damas.problems.solver.solve) on won positions;
* the one-step consistency of whole tables (each position's value is the
  minimax of its successors' values, the wins' distances going down to the
  lost positions), which with the terminal positions pins every value.

Tables are built in a temporary cache folder.
"""

import os
import random

import pytest

from damas import Board, DamasError
from damas.engine import endgames
from damas.rules.board import BLACK, WHITE
from damas.engine.endgames import EndgameError, probe


@pytest.fixture(scope="module", autouse=True)
def cache(tmp_path_factory):
    folder = tmp_path_factory.mktemp("egtb")
    old = {k: os.environ.get(k) for k in (endgames.ENV_CACHE, endgames.ENV_PROGRESS)}
    os.environ[endgames.ENV_CACHE] = str(folder)
    os.environ[endgames.ENV_PROGRESS] = "0"
    endgames._TABLES.clear()
    yield folder
    endgames._TABLES.clear()
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def positions(variant, mat):
    """Every position (as a Board) of material ``mat``, both sides to move,
    built square by square through the public API."""
    from itertools import combinations
    v = Board(variant).variant
    n = v.squares
    wm, wk, bm, bk = mat
    specs = [("W", False, wm), ("W", True, wk), ("B", False, bm), ("B", True, bk)]

    def place(i, used, acc):
        if i == len(specs):
            yield list(acc)
            return
        color, king, count = specs[i]
        promo = v.promotion_row(color)
        free = [s for s in range(1, n + 1) if s not in used and (king or v.square_to_rc(s)[0] != promo)]
        for combo in combinations(free, count):
            acc.append((color, king, combo))
            yield from place(i + 1, used | set(combo), acc)
            acc.pop()

    for groups in place(0, frozenset(), []):
        for turn in (WHITE, BLACK):
            fen = _fen(turn, groups)
            yield Board(fen, variant=variant)


def _fen(turn, groups):
    sides = {"W": [], "B": []}
    for color, king, squares in groups:
        sides[color] += [("K" if king else "") + str(s) for s in squares]
    return f"{turn}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"


def random_positions(variant, mat, count, seed):
    rng = random.Random(seed)
    v = Board(variant).variant
    wm, wk, bm, bk = mat
    out = []
    while len(out) < count:
        squares = rng.sample(range(1, v.squares + 1), sum(mat))
        groups, i = [], 0
        ok = True
        for color, king, n in (("W", False, wm), ("W", True, wk), ("B", False, bm), ("B", True, bk)):
            chosen = squares[i:i + n]
            i += n
            if not king and any(v.square_to_rc(s)[0] == v.promotion_row(color) for s in chosen):
                ok = False
            groups.append((color, king, chosen))
        if ok:
            out.append(Board(_fen(rng.choice("WB"), groups), variant=variant))
    return out


def minimax(board, depth, memo):
    """(value, plies) when the game is decided within ``depth`` plies with
    best play (winner fastest, loser slowest), else None.  Plain recursion
    over board.legal_moves() with push and pop."""
    key = (board.fen(), depth)
    if key in memo:
        return memo[key]
    moves = board.legal_moves()
    if not moves:
        result = (-1, 0)
    elif depth == 0:
        result = None
    else:
        best_win = None
        all_lost = True
        longest = 0
        for m in moves:
            board.push(m)
            child = minimax(board, depth - 1, memo) if board.count(board.turn) else (-1, 0)
            board.pop()
            if child is None:
                all_lost = False
            elif child[0] == -1:
                all_lost = False
                if best_win is None or child[1] + 1 < best_win:
                    best_win = child[1] + 1
            else:
                longest = max(longest, child[1] + 1)
        if best_win is not None:
            result = (1, best_win)
        elif all_lost:
            result = (-1, longest)
        else:
            result = None
    memo[key] = result
    return result


def consistent(board):
    """The value of ``board`` from its successors' values (one step of
    minimax over the database)."""
    moves = board.legal_moves()
    if not moves:
        return (-1, 0)
    wins, losses, draw = [], [], False
    for m in moves:
        board.push(m)
        value, plies = probe(board) if board.count(board.turn) else (-1, 0)
        board.pop()
        if value == -1:
            wins.append(plies + 1)
        elif value == 1:
            losses.append(plies + 1)
        else:
            draw = True
    if wins:
        return (1, min(wins))
    if draw:
        return (0, None)
    return (-1, max(losses))


SMALL_8 = [(0, 1, 0, 1), (1, 0, 0, 1), (1, 0, 1, 0), (0, 2, 0, 1), (1, 0, 0, 2), (1, 1, 0, 1),
           (1, 1, 1, 0), (2, 0, 0, 1), (2, 0, 1, 0)]


def test_coverage_lists():
    assert endgames.materials("brazilian") == SMALL_8 + [(0, 2, 0, 2), (0, 3, 0, 1)]
    assert endgames.materials("international") == [(0, 1, 0, 1), (0, 2, 0, 1), (0, 2, 0, 2), (0, 3, 0, 1)]
    assert endgames.covered("brazilian", (0, 1, 0, 3))  # the other orientation
    assert not endgames.covered("brazilian", (1, 2, 0, 1))
    assert not endgames.covered("international", (1, 0, 0, 1))


@pytest.mark.slow
@pytest.mark.parametrize("mat", [(0, 1, 0, 1), (1, 0, 0, 1), (1, 0, 1, 0)])
def test_two_pieces_exhaustive_against_minimax(mat):
    memo = {}
    n = 0
    for board in positions("brazilian", mat):
        expected = minimax(board, 14, memo) or (0, None)
        assert probe(board) == expected, board.fen()
        n += 1
    assert n == endgames.table("brazilian", mat).positions


@pytest.mark.slow
@pytest.mark.parametrize("mat", SMALL_8)
def test_small_tables_are_consistent_everywhere(mat):
    """Every position of every 8x8 table up to 3 pieces, and of both
    orientations, agrees with one step of minimax over the database."""
    count = 0
    for board in positions("brazilian", mat):
        assert probe(board) == consistent(board), board.fen()
        flipped = Board(_flip_fen(board), variant="brazilian")
        assert probe(flipped) == probe(board)
        count += 1
    assert count == endgames.table("brazilian", mat).positions


def _flip_fen(board):
    n = board.variant.squares
    turn = BLACK if board.turn == WHITE else WHITE
    white = [("K" if board.piece_at(s).king else "") + str(n + 1 - s) for s in board.men(BLACK) + board.kings(BLACK)]
    black = [("K" if board.piece_at(s).king else "") + str(n + 1 - s) for s in board.men(WHITE) + board.kings(WHITE)]
    return f"{turn}:W{','.join(white)}:B{','.join(black)}"


@pytest.mark.slow
@pytest.mark.parametrize("mat", SMALL_8)
def test_random_positions_against_minimax(mat):
    memo = {}
    decided = 0
    for board in random_positions("brazilian", mat, 40, seed=sum(mat) * 31 + mat[0]):
        value, plies = probe(board)
        if value and plies <= 11:
            # decided within its plies, and not sooner
            assert minimax(board, plies, memo) == (value, plies), board.fen()
            decided += 1
        elif not value:
            assert minimax(board, 6, memo) is None, board.fen()
    assert decided > 0


@pytest.mark.slow
def test_three_kings_v_one_random_positions():
    tb = endgames.table("brazilian", (0, 3, 0, 1))
    assert tb.positions == 32 * 31 * 30 * 29 // 6 * 2
    memo = {}
    checked = 0
    for board in random_positions("brazilian", (0, 3, 0, 1), 300, seed=3):
        assert probe(board) == consistent(board), board.fen()
        value, plies = probe(board)
        if value and plies <= 7:
            assert minimax(board, plies, memo) == (value, plies), board.fen()
            checked += 1
    assert checked > 20


@pytest.mark.slow
def test_three_kings_v_one_against_the_solver():
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve
    found = 0
    for board in random_positions("brazilian", (0, 3, 0, 1), 400, seed=11):
        value, plies = probe(board)
        if value != 1 or not 3 <= plies <= 7:
            continue
        proof = solve(Puzzle(board.fen(), "brazilian", goal="win", max_plies=plies + 2), all_moves=False)
        assert proof.proven and proof.plies == plies, board.fen()
        found += 1
        if found == 8:
            break
    assert found == 8


@pytest.mark.slow
def test_two_v_two_random_positions():
    memo = {}
    for board in random_positions("brazilian", (0, 2, 0, 2), 150, seed=5):
        assert probe(board) == consistent(board), board.fen()
        value, plies = probe(board)
        if value:
            assert minimax(board, plies, memo) == (value, plies)


@pytest.mark.slow
def test_international_two_kings_v_one_random_positions():
    memo = {}
    decided = 0
    for board in random_positions("international", (0, 2, 0, 1), 120, seed=4):
        assert probe(board) == consistent(board), board.fen()
        value, plies = probe(board)
        if value:
            assert minimax(board, plies, memo) == (value, plies), board.fen()
            decided += 1
    assert decided > 0


@pytest.mark.slow
def test_international_small_tables():
    for mat in [(0, 1, 0, 1)]:
        for board in positions("international", mat):
            assert probe(board) == consistent(board), board.fen()
    memo = {}
    for board in random_positions("international", (0, 1, 0, 1), 60, seed=2):
        assert probe(board) == (minimax(board, 8, memo) or (0, None))


@pytest.mark.slow
def test_plies_definition():
    # the side to move has no piece: it has already lost, 0 plies (regra 7.2)
    assert probe(Board("B:WK4:B", variant="brazilian")) == (-1, 0)
    # the capture of the last piece: a win in one ply
    board = Board("W:WK29:BK22", variant="brazilian")
    assert board.legal_moves()[0].is_capture
    assert probe(board) == (1, 1)
    # a win has an odd number of plies (the winner moves last), a loss an even one
    for board in random_positions("brazilian", (2, 0, 1, 0), 300, seed=9):
        value, plies = probe(board)
        if not board.legal_moves():
            assert (value, plies) == (-1, 0)
        elif value == 1:
            assert plies % 2 == 1
        elif value == -1:
            assert plies % 2 == 0 and plies > 0
        else:
            assert plies is None


def test_a_lost_position_with_pieces_has_zero_plies():
    found = 0
    for board in positions("brazilian", (1, 0, 1, 0)):
        if not board.legal_moves():
            assert probe(board) == (-1, 0)
            found += 1
    assert found > 0


def test_outside_the_database_is_refused_in_portuguese():
    board = Board("W:W21-32:B1-12")
    with pytest.raises(EndgameError) as err:
        probe(board)
    assert isinstance(err.value, DamasError)
    assert "fora da base de finais" in str(err.value)
    with pytest.raises(EndgameError):
        probe(Board("W:W22,K30:BK5,K1", variant="brazilian"))  # 4 pieces with a man
    with pytest.raises(EndgameError):
        probe(Board("W:W40:BK5", variant="international"))  # men on 10x10
    with pytest.raises(EndgameError):
        probe("W:WK1:BK5")
    before = Board("W:W21-32:B1-12")
    assert board == before  # nothing changed
    with pytest.raises(EndgameError):
        endgames.table("brazilian", (0, 3, 0, 0))


@pytest.mark.slow
def test_move_values_and_best_line():
    board = Board("W:WK29,K30,K31:BK4", variant="brazilian")
    value, plies = probe(board)
    vals = endgames.move_values(board)
    assert len(vals) == len(board.legal_moves())
    assert max(p for _, val, p in vals if val == value) >= plies
    assert min(p for _, val, p in vals if val == value) == plies
    line = endgames.best_line(board)
    assert len(line) == plies
    b = board.copy()
    for m in line:
        b.push(m)
    assert b.is_game_over()


def test_cache_files_are_checked_and_rebuilt(cache):
    mat = (1, 0, 1, 0)
    tb = endgames.table("brazilian", mat)
    path = endgames._path(tb.variant, mat)
    assert os.path.exists(path)
    good = bytes(tb.codes)
    data = bytearray(open(path, "rb").read())
    # one bit flipped in the payload: the checksum refuses it, the table is rebuilt
    data[-3] ^= 0x40
    open(path, "wb").write(bytes(data))
    assert endgames._load(tb.variant, mat, tb.layout.size) is None
    endgames._TABLES.clear()
    again = endgames.table("brazilian", mat)
    assert bytes(again.codes) == good
    assert endgames._load(tb.variant, mat, tb.layout.size) is not None  # rewritten
    # another format version: ignored
    text = open(path, "rb").read().replace(b'"format": 1', b'"format": 99')
    open(path, "wb").write(text)
    assert endgames._load(tb.variant, mat, tb.layout.size) is None
    # a truncated file: ignored
    open(path, "wb").write(good[:100])
    assert endgames._load(tb.variant, mat, tb.layout.size) is None
    endgames._TABLES.clear()
    assert bytes(endgames.table("brazilian", mat).codes) == good


def test_cache_off_and_moved(tmp_path, monkeypatch):
    monkeypatch.setenv(endgames.ENV_CACHE, "off")
    assert endgames.cache_dir() is None
    t = endgames.table("brazilian", (0, 1, 0, 1), rebuild=True)
    assert t.positions == 32 * 31 * 2
    monkeypatch.setenv(endgames.ENV_CACHE, str(tmp_path / "x"))
    endgames.table("brazilian", (0, 1, 0, 1), rebuild=True)
    assert (tmp_path / "x" / "brazilian-KvK.egtb").exists()
    monkeypatch.delenv(endgames.ENV_CACHE)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert endgames.cache_dir() == str(tmp_path / "xdg" / "damas" / "endgames")


def test_import_damas_needs_no_tqdm():
    import subprocess
    import sys
    code = ("import sys; sys.modules['tqdm'] = None; import damas, damas.engine.endgames; "
            "assert 'tqdm' not in [m for m in sys.modules if sys.modules[m] is not None]")
    subprocess.run([sys.executable, "-c", code], check=True, env=dict(os.environ))


# -- 10x10: three kings v one and two v two ------------------------------------------------
# An independent check of the two big International tables on random positions.
# The plain minimax above explores every move to the full depth, which on a
# 10x10 board (flying kings: some forty moves for three kings) is too slow past
# three plies; ``decided_within`` below is the same bounded search over
# legal_moves() with push and pop, stopping at the first winning move and the
# first escaping reply, memoised on (FEN, depth).


def decided_within(board, depth, memo):
    """+1 when the side to move forces a win within ``depth`` plies, -1 when
    it loses within ``depth`` plies whatever it plays, None otherwise."""
    key = (board.fen(), depth)
    if key in memo:
        return memo[key]
    moves = board.legal_moves()
    if not moves:
        result = -1
    elif depth == 0:
        result = None
    else:
        result = -1
        for m in moves:
            board.push(m)
            child = decided_within(board, depth - 1, memo) if board.count(board.turn) else -1
            board.pop()
            if child == -1:
                result = 1
                break
            if child is None:
                result = None
    memo[key] = result
    return result


def exact_distance(board, bound, memo):
    """(value, plies) of ``board`` from the bounded search when the game is
    decided within ``bound`` plies, else None: the smallest depth at which the
    search decides it (a win is odd, a loss even)."""
    for depth in range(bound + 1):
        value = decided_within(board, depth, memo)
        if value is not None:
            return value, depth
    return None


@pytest.fixture(scope="module")
def international_big_tables(cache):
    """The 10x10 KKKvK and KKvKK tables, built once per test run in the
    module's cache folder (about 45 s and 2 min of CPU); the tests below reuse
    them (and the cache test, which empties the memory, reloads them from the
    folder)."""
    return {mat: endgames.table("international", mat) for mat in [(0, 3, 0, 1), (0, 2, 0, 2)]}


def _check_international_sample(mat, seed, wanted, draws_wanted, bound=5, draw_bound=4, per_kind=6):
    """Random positions of ``mat`` on 10x10: every position the table says is
    decided within ``bound`` plies gets the same value and distance from the
    bounded search (at most ``per_kind`` of each (value, plies), so that the
    sample is not all captures in one); every draw is decided by neither side
    within ``draw_bound`` plies; all of them agree with one step of minimax
    over the table."""
    memo = {}
    kinds = {}
    draws = 0
    for board in random_positions("international", mat, 5000, seed=seed):
        if sum(kinds.values()) >= wanted and draws >= draws_wanted:
            break
        value, plies = probe(board)
        if value and plies <= bound and kinds.get((value, plies), 0) < per_kind:
            assert probe(board) == consistent(board), board.fen()
            assert exact_distance(board, plies, memo) == (value, plies), board.fen()
            kinds[(value, plies)] = kinds.get((value, plies), 0) + 1
        elif not value and draws < draws_wanted:
            assert probe(board) == consistent(board), board.fen()
            assert exact_distance(board, draw_bound, memo) is None, board.fen()
            draws += 1
    assert sum(kinds.values()) >= wanted and draws == draws_wanted, (kinds, draws)
    return kinds


@pytest.mark.slow
def test_international_three_kings_v_one_random_positions(international_big_tables):
    tb = international_big_tables[(0, 3, 0, 1)]
    assert tb.positions == 50 * 49 * 48 * 47 // 6 * 2
    kinds = _check_international_sample((0, 3, 0, 1), seed=31, wanted=24, draws_wanted=12)
    # wins in 1, 3 and 5 plies and losses, all in the sample
    assert {(1, 1), (1, 3), (1, 5)} <= set(kinds) and any(v == -1 for v, _ in kinds), kinds


@pytest.mark.slow
def test_international_two_v_two_random_positions(international_big_tables):
    tb = international_big_tables[(0, 2, 0, 2)]
    assert tb.positions == 50 * 49 // 2 * 48 * 47 // 2 * 2
    kinds = _check_international_sample((0, 2, 0, 2), seed=22, wanted=15, draws_wanted=12)
    assert {(1, 1), (1, 3)} <= set(kinds), kinds
