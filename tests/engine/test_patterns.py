"""The pattern evaluation (damas.engine.patterns) and its fit (scripts/tune_patterns.py)."""

from repo_paths import REPO
import os
import random
import subprocess
import sys

import pytest

from damas import Board
from damas.engine import search as engine
from damas.engine.patterns import (SCALARS, PatternEvaluator, blocks, decode_table, encode_table,
                            pattern_blocks, patterns, rotate_square)
from damas.rules.variants import get_variant

from script_files import load_script

ROOT = str(REPO)
VARIANTS = ("international", "brazilian")


def _tune_module():
    return load_script("scripts/tune_patterns.py")


def _random_positions(variant, count, seed):
    """Random (w, b, k) with men and kings of both colours anywhere (men off
    their crowning rows), from empty boards to crowded ones."""
    variant = get_variant(variant)
    t = variant.tables
    size = variant.size
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        density = rng.random()
        w = b = k = 0
        for sq in variant.square_range:
            if rng.random() > density:
                continue
            r = t.rc[sq][0]
            m = t.mask[sq]
            white = rng.random() < 0.5
            king = rng.random() < 0.1 or (r == 0 and white) or (r == size - 1 and not white)
            if white:
                w |= m
            else:
                b |= m
            if king:
                k |= m
        out.append((w, b, k))
    return out


def _random_weights(variant, seed):
    rng = random.Random(seed)
    squares, _ = pattern_blocks(variant)
    return {"scalars": {name: rng.randint(-60, 60) for name in SCALARS},
            "tables": [[rng.randint(-300, 300) for _ in range(3 ** len(b))] for b in squares]}


def _flipped(variant, w, b, k):
    """The position turned half round with the colours exchanged."""
    variant = get_variant(variant)
    t = variant.tables

    def turn(bits):
        out = 0
        for sq in variant.square_range:
            if bits & t.mask[sq]:
                out |= t.mask[rotate_square(variant, sq)]
        return out
    return turn(b), turn(w), turn(k)


@pytest.mark.parametrize("name", VARIANTS)
def test_blocks_cover_the_board_and_turn_onto_themselves(name):
    variant = get_variant(name)
    big, big_turned = blocks(variant)
    assert len(big) == (16 if variant.size == 10 else 9)
    small, turned = pattern_blocks(variant)
    for squares, turn in ((big, big_turned), (small, turned)):
        assert set().union(*map(set, squares)) == set(variant.square_range)
        for j, block in enumerate(squares):
            assert len(set(block)) == len(block) == len(squares[0])
            assert turn[turn[j]] == j
            assert {rotate_square(variant, sq) for sq in block} == set(squares[turn[j]])
    ev = PatternEvaluator(name, _random_weights(name, 0))
    # every pattern block is read in exactly one look-up block that holds it
    assert sorted(j for group in ev.assigned for j in group) == list(range(len(small)))
    for group, home in zip(ev.assigned, big):
        assert all(set(small[j]) <= set(home) for j in group)


@pytest.mark.parametrize("name", VARIANTS)
def test_fast_path_agrees_with_the_square_by_square_reference(name):
    ev = PatternEvaluator(name, _random_weights(name, 1))
    to_move = ev.scalars["to_move"]
    for w, b, k in _random_positions(name, 400, 2):
        slow = ev.score_white_slow(w, b, k)
        assert ev(w, b, k, True) == slow + to_move
        assert ev(w, b, k, False) == -slow + to_move


@pytest.mark.parametrize("name", VARIANTS)
def test_indices_read_each_square(name):
    """The reference indices themselves, on a position built square by square."""
    variant = get_variant(name)
    ev = PatternEvaluator(name, _random_weights(name, 3))
    squares, turned = pattern_blocks(variant)
    t = variant.tables
    block = squares[5]
    n = len(block)
    # a white man on the block's first square, a black man on its last, a
    # white king (counts as empty) on the second
    w = t.mask[block[0]] | t.mask[block[1]]
    b = t.mask[block[-1]]
    k = t.mask[block[1]]
    iw, ib = ev.indices(w, b, k)[5]
    assert iw == 1 + 2 * 3 ** (n - 1)
    # Black reads the block from its side: the last square is its first (a
    # black man: 1), the first its last (a white man: 2)
    assert ib == 1 + 2 * 3 ** (n - 1)
    assert ev.indices(0, 0, 0) == [(0, 0)] * len(squares)
    # one black man alone: the weight of White's view minus Black's view
    ev2 = PatternEvaluator(name, _random_weights(name, 4))
    sq = block[2]
    want = 0
    for j, other in enumerate(squares):
        if sq in other:   # a black man: 2 in White's view, 1 in Black's
            i = other.index(sq)
            want += ev2.tables[j][2 * 3 ** i] - ev2.tables[turned[j]][3 ** (len(other) - 1 - i)]
        else:             # an empty block
            want += ev2.tables[j][0] - ev2.tables[turned[j]][0]
    total = ev2.pieces_at_start
    e = ev2.scalars["material_endgame"] * (total - 1) * -100
    want += -100 + (1 if e >= 0 else -1) * (abs(e) // (100 * total))   # rounded towards zero
    assert ev2.score_white_slow(0, t.mask[sq], 0) == want
    assert ev2(0, t.mask[sq], 0, True) == want + ev2.scalars["to_move"]


@pytest.mark.parametrize("name", VARIANTS)
def test_colour_flip_scores_the_same(name):
    from damas.engine.weights.patterns import WEIGHTS
    from damas.engine.patterns import weight_set_name
    evaluators = [PatternEvaluator(name, _random_weights(name, 4))]
    if weight_set_name(name) in WEIGHTS:
        evaluators.append(patterns(name))
    for ev in evaluators:
        for w, b, k in _random_positions(name, 200, 5):
            fw, fb, fk = _flipped(name, w, b, k)
            assert ev(w, b, k, True) == ev(fw, fb, fk, False)
            assert ev(w, b, k, False) == ev(fw, fb, fk, True)


def test_tables_encode_and_decode():
    values = [random.Random(6).randint(-32768, 32767) for _ in range(3 ** 8)]
    assert decode_table(encode_table(values)) == values


@pytest.mark.parametrize("name", VARIANTS)
def test_the_scripts_design_is_the_evaluators_score(name):
    np = pytest.importorskip("numpy")
    pytest.importorskip("scipy")
    tune = _tune_module()
    weights = _random_weights(name, 7)
    ev = PatternEvaluator(name, weights)
    positions = _random_positions(name, 300, 8)
    white = [i % 2 == 0 for i in range(len(positions))]
    data = {"w": np.array([p[0] for p in positions], dtype=np.uint64),
            "b": np.array([p[1] for p in positions], dtype=np.uint64),
            "k": np.array([p[2] for p in positions], dtype=np.uint64),
            "white": np.array(white)}
    iw, ib = tune.pattern_indices(name, data)
    for i, (w, b, k) in enumerate(positions):
        assert [tuple(x) for x in zip(iw[i].tolist(), ib[i].tolist())] == ev.indices(w, b, k)
    x = tune.design(name, data)
    score = x @ tune.weights_vector(weights["scalars"], weights["tables"])
    for i, (w, b, k) in enumerate(positions):
        # the evaluator rounds the material_endgame term to an integer
        to_move = weights["scalars"]["to_move"] * (1 if white[i] else -1)
        assert abs(score[i] - (ev.score_white_slow(w, b, k) + to_move)) <= 1


def test_fit_recovers_known_weights():
    """On a fixed synthetic design (material, the scalars and two pattern
    columns) with labels from known weights, the fit finds them."""
    np = pytest.importorskip("numpy")
    sparse = pytest.importorskip("scipy.sparse")
    tune = _tune_module()
    rng = np.random.default_rng(9)
    offsets, width = tune.table_offsets("international")
    n = 4000
    a = offsets[3] + 50      # block 3, configuration 50
    c = offsets[11] + 7      # block 11, configuration 7
    used = [0, 1 + SCALARS.index("to_move"), a, c]
    dense = np.column_stack([rng.integers(-3, 4, n) * 100.0, rng.choice([-1.0, 1.0], n),
                             rng.integers(-1, 2, n), rng.integers(-1, 2, n)])
    scale = 0.01
    z = scale * (dense @ np.array([1.0, 12.0, 60.0, -35.0]))
    y = 1.0 / (1.0 + np.exp(-z))     # the expected results: the fit's optimum is the truth
    coo = sparse.coo_matrix(dense)
    x = sparse.csr_matrix((coo.data, (coo.row, np.asarray(used)[coo.col])), shape=(n, width))
    theta = tune.fit(x, y, 1e-9, l2_scalars=1e-9)
    assert np.array_equal(theta, tune.fit(x, y, 1e-9, l2_scalars=1e-9))   # deterministic
    scalars, tables, found_scale = tune.to_weights(theta, "international")
    assert abs(found_scale - scale) < 1e-4
    assert abs(scalars["to_move"] - 12) <= 1
    assert abs(tables[3][50] - 60) <= 1 and abs(tables[11][7] + 35) <= 1
    assert scalars["material_endgame"] == 0
    assert sum(abs(v) for table in tables for v in table) <= abs(tables[3][50]) + abs(tables[11][7])
    # and the penalty shrinks them
    _, shrunk, _ = tune.to_weights(tune.fit(x, y, 3e-2), "international")
    assert 0 < shrunk[3][50] < tables[3][50] - 5


def test_weights_file_is_the_scripts_output():
    pytest.importorskip("numpy")
    from damas.engine.weights import patterns as pattern_weights
    tune = _tune_module()
    text_path = os.path.join(ROOT, "damas", "engine", "weights", "patterns.py")
    assert "scripts/tune_patterns.py" in pattern_weights.__doc__
    command = pattern_weights.__doc__.split("Made with:")[1].strip().splitlines()[0].strip()
    assert command.startswith("PYTHONPATH=. python scripts/tune_patterns.py")
    weights = {}
    for name, entry in pattern_weights.WEIGHTS.items():
        variant = tune.BOARDS[name]
        assert set(entry["scalars"]) == set(SCALARS)
        tables = [decode_table(x) for x in entry["tables"]]
        squares, _ = pattern_blocks(variant)
        assert [len(x) for x in tables] == [3 ** len(b) for b in squares]
        assert any(any(x) for x in tables)      # fitted, not left at zero
        weights[name] = dict(entry, tables=tables)
    assert "10x10" in weights
    with open(text_path, encoding="utf-8") as f:
        assert f.read() == tune.render(weights, command)


@pytest.mark.parametrize("name", VARIANTS)
def test_a_fixed_depth_search_with_patterns_plays_a_legal_move(name):
    from damas.engine.weights.patterns import WEIGHTS
    from damas.engine.patterns import weight_set_name
    board = Board(name)
    for _ in range(3):
        board.push(board.legal_moves()[-1])
    assert "patterns" in engine.EVALUATIONS
    if weight_set_name(name) not in WEIGHTS:
        from damas.errors import VariantError
        with pytest.raises(VariantError, match="não tem pesos"):
            engine.best_move(board, depth=3, evaluation="patterns")
        return
    move = engine.best_move(board, depth=3, evaluation="patterns")
    assert move in board.legal_moves()
    a = engine.analyse(board, depth=3, evaluation="patterns")
    assert a.pv[0] == move and a.depth == 3
    assert engine.evaluate(board, "patterns") == patterns(name)(board.white_bits, board.black_bits, board.king_bits, board.turn == "W")


def test_import_damas_does_not_load_the_weights():
    code = ("import sys, damas, damas.engine.search; from damas import Board; "
            "damas.engine.search.best_move(Board('brazilian'), depth=2); "
            "print('damas.engine.weights.patterns' in sys.modules, 'damas.engine.patterns' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=ROOT), cwd=ROOT)
    assert out.stdout.split() == ["False", "False"]


def test_docstring_examples():
    import doctest

    import damas.engine.patterns
    assert doctest.testmod(damas.engine.patterns).failed == 0


def test_search_labels_are_white_s_score_of_a_deeper_search(tmp_path):
    """--labels search: each position's label is White's score by the
    selective search to the label depth, kept per chunk and read back."""
    np = pytest.importorskip("numpy")
    tune = _tune_module()
    boards = []
    board = Board("international")
    for i in range(9):
        board.push(board.legal_moves()[(3 * i) % len(board.legal_moves())])
        if not board.legal_moves()[0].is_capture:
            boards.append(board.copy())
    assert {b.turn for b in boards} == {"W", "B"}
    data = {"w": np.array([b.white_bits for b in boards], dtype=np.uint64),
            "b": np.array([b.black_bits for b in boards], dtype=np.uint64),
            "k": np.array([b.king_bits for b in boards], dtype=np.uint64),
            "white": np.array([b.turn == "W" for b in boards]),
            "game": np.zeros(len(boards), dtype=np.int32)}
    scores = tune.search_labels("10x10", data, 4, 3, data_dir=str(tmp_path), log=lambda *a: None)
    for b, score in zip(boards, scores):
        fresh = Board(b.fen(), variant="international")
        want = engine.analyse(fresh, depth=3, selective=True).score
        assert score == (want if b.turn == "W" else -want)
    assert len(set(scores.tolist())) > 1
    path = tune.label_path(str(tmp_path), "10x10", 4, 0, 3)
    with np.load(path) as saved:
        assert saved["score"].tolist() == scores.tolist()
    np.savez(path, score=scores + 1)        # read back, not searched again
    assert (tune.search_labels("10x10", data, 4, 3, data_dir=str(tmp_path), log=lambda *a: None)
            == scores + 1).all()
    y = tune.soft_labels([-engine.WIN, -200, 0, 200, engine.WIN])
    assert y[2] == 0.5 and list(y) == sorted(y) and y[0] < 1e-9 and y[-1] > 1 - 1e-9
    assert abs(y[3] + y[1] - 1) < 1e-12
