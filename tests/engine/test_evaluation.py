"""damas.engine.evaluation: the features, the fast score, the weights file and the fit that makes it."""

from repo_paths import REPO
import os
import random

import pytest

from damas import Board
from damas.engine import search as engine
from damas.engine.evaluation import (classic, FEATURES, N_FEATURES, Evaluator, evaluator, weight_set_name,
                              weights_in_use)
from damas.rules.variants import VARIANTS

from script_files import load_script

ROOT = str(REPO)


def _tune_module():
    return load_script("scripts/tune_evaluation.py")


def _random_boards(variant, count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = Board(variant)
        for _ in range(rng.randint(0, 90)):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
        out.append(board.copy(stack=False))
    return out


def _twin(variant, w, b, k):
    """The colour-mirrored twin: the board turned half a turn, colours exchanged."""
    t = variant.tables
    n = variant.squares

    def turn(bits):
        out = 0
        for sq in t.squares_of(bits):
            out |= t.mask[n + 1 - sq]
        return out

    return turn(b), turn(w), turn(k)


def _random_weights(seed):
    rng = random.Random(seed)
    return ([rng.randint(-60, 320) for _ in range(N_FEATURES)],
            [rng.randint(-60, 320) for _ in range(N_FEATURES)])


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_twin_scores_opposite_and_fast_path_matches_features(name):
    variant = VARIANTS[name]
    ev = Evaluator(variant, weights=_random_weights(name))
    kings_seen = 0
    for board in _random_boards(variant, 150, name):
        w, b, k = board.white_bits, board.black_bits, board.king_bits
        kings_seen += bool(k)
        score = ev(w, b, k, True)
        assert score == ev.score_white(w, b, k), board.fen()
        assert ev(w, b, k, False) == -score
        tw, tb, tk = _twin(variant, w, b, k)
        assert ev(tw, tb, tk, True) == -score, board.fen()
        assert ev(tw, tb, tk, False) == score
        f, phase = ev.features(w, b, k)
        g, twin_phase = ev.features(tw, tb, tk)
        assert g == [-x for x in f] and twin_phase == phase
    assert kings_seen > 10  # the king features were exercised


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_features_are_defined_on_every_variant(name):
    variant = VARIANTS[name]
    ev = evaluator(variant)
    start = Board(variant)
    f, phase = ev.features(start.white_bits, start.black_bits, start.king_bits)
    assert len(f) == N_FEATURES and all(isinstance(x, int) for x in f)
    assert f == [0] * N_FEATURES  # the start is symmetric
    assert phase == ev.pieces_at_start == 2 * variant.rows_of_men * variant.size // 2
    assert ev(start.white_bits, start.black_bits, start.king_bits, True) == 0
    # the long diagonal: size squares, all playing squares, corner to corner
    assert ev.long_diagonal.bit_count() == variant.size
    corners = [sq for sq in variant.square_range
               if variant.square_to_rc(sq) in ((0, 0), (0, variant.size - 1),
                                               (variant.size - 1, 0), (variant.size - 1, variant.size - 1))]
    assert len(corners) == 2 and all(variant.tables.mask[sq] & ev.long_diagonal for sq in corners)


def test_features_of_small_positions_brazilian():
    ev = evaluator("brazilian")
    # A white man alone on a1 (29): on the back row, on the edge, one free square
    # in front (b2), both squares behind off the board (supported), not advanced.
    f = ev.features_of(Board("W:W29:B"))
    assert f == dict(f, man=1, king=0, advance=0, back_row=1, edge=1, mobility_men=1, frozen=0,
                     supported=1, outpost=0, crown_ready=0, wing_imbalance=1, centre=0)
    # White men on a7 (5, one row from crowning, b8 free) and b4 (17); a black man on
    # a5 (13) whose only square in front, b4, is taken: frozen.
    f = ev.features_of(Board("W:W5,17:B13"))
    assert f["crown_ready"] == 1
    assert f["advance"] == (6 + 3) - 3
    assert f["frozen"] == -1
    # kings: a white king on e3, off the long diagonal; only White has kings
    f = ev.features_of(Board("W:WK23:B1"))
    assert (f["king"], f["long_diagonal"], f["sole_kings"], f["mobility_kings"]) == (1, 0, 1, 4)
    f = ev.features_of(Board("W:WK18:BK15"))   # d4 and e5: both on the long diagonal
    assert (f["long_diagonal"], f["sole_kings"]) == (0, 0)
    f = ev.features_of(Board("W:WK25:BK1"))   # b2 is on the long diagonal a1-h8
    assert f["long_diagonal"] == 1


def test_engine_scores_with_the_evaluator():
    # "classic" (the default: levels and the course) and "tuned" (timed play, matches).
    for name in sorted(VARIANTS):
        for board in _random_boards(VARIANTS[name], 5, "engine" + name):
            key = (board.white_bits, board.black_bits, board.king_bits, board.turn == "W")
            assert engine.evaluate(board, "tuned") == evaluator(name)(*key)
            assert engine.evaluate(board) == engine.evaluate(board, "classic") == classic(name)(*key)


def test_a_search_uses_the_evaluation_it_is_given():
    board = Board("W:W21,22,23,25,26,27,29,30:B2,3,5,6,7,9,10,11")
    classic_line = engine.analyse(board, depth=3)
    tuned_line = engine.analyse(board, depth=3, evaluation="tuned")
    assert classic_line.score == engine.analyse(board, depth=3, evaluation="classic").score
    assert classic_line.score != tuned_line.score


def test_an_unknown_evaluation_is_refused_in_portuguese():
    from damas.errors import ArgumentError
    for call in (lambda: engine.evaluate(Board(), "forte"), lambda: engine.analyse(Board(), depth=1, evaluation=3),
                 lambda: engine.best_move(Board("W:W21:B12"), depth=1, evaluation="forte")):
        with pytest.raises(ArgumentError, match="Avaliação desconhecida"):
            call()


def test_weights_in_use_changes_the_engine_and_restores():
    board = Board("W:W22,25,29:B8,13,15")
    before = engine.evaluate(board, "tuned")
    opening = [0] * N_FEATURES
    endgame = [0] * N_FEATURES
    with weights_in_use("brazilian", opening, endgame):
        assert engine.evaluate(board, "tuned") == 0
    assert engine.evaluate(board, "tuned") == before
    with pytest.raises(ValueError):
        evaluator("brazilian").set_weights([1, 2], [3])


def test_weights_file_is_the_scripts_output():
    from damas.engine.weights import classic as weights
    assert weights.FEATURES == FEATURES
    assert "scripts/tune_evaluation.py" in weights.__doc__
    assert set(weights.WEIGHTS) == {"8x8", "10x10"}
    for entry in weights.WEIGHTS.values():
        assert len(entry["opening"]) == len(entry["endgame"]) == N_FEATURES
        assert all(isinstance(x, int) for x in entry["opening"] + entry["endgame"])
        assert entry["opening"][0] == 100   # the scale: a man in the opening is 100
    assert {weight_set_name(v) for v in VARIANTS.values()} == {"8x8", "10x10"}
    # the file has exactly the form the script renders
    tune = _tune_module()
    command = weights.__doc__.split("Made with:")[1].strip().splitlines()[0].strip()
    text = tune.render(weights.WEIGHTS, command)
    with open(os.path.join(ROOT, "damas", "engine", "weights", "classic.py"), encoding="utf-8") as f:
        assert f.read() == text


def test_fit_on_a_tiny_fixed_input():
    """The script's fit: deterministic, lowers the loss, finds the sign of the
    material, and its weights go through the file unchanged."""
    np = pytest.importorskip("numpy")
    tune = _tune_module()
    rng = random.Random(7)
    rows, phases, labels = [], [], []
    advance = FEATURES.index("advance")
    for _ in range(3000):
        f = [rng.randint(-1, 1) if i < 2 else rng.randint(-3, 3) for i in range(N_FEATURES)]
        phase = rng.randint(4, 24)
        material = sum((o * phase + e * (24 - phase)) / 24 * x for o, e, x in
                       zip(tune.SEED_OPENING[:2], tune.SEED_ENDGAME[:2], f[:2]))
        margin = 0.005 * material + 0.15 * f[advance] + rng.gauss(0, 1)
        rows.append(f)
        phases.append(phase)
        labels.append(1.0 if margin > 0.5 else (0.0 if margin < -0.5 else 0.5))
    theta, loss = tune.fit(rows, phases, labels, 24)
    theta2, loss2 = tune.fit(rows, phases, labels, 24)
    assert np.array_equal(theta, theta2) and loss == loss2
    x = tune.design(rows, phases, 24)
    y = np.asarray(labels)
    _, material_only = tune.fit(rows, phases, labels, 24, columns=[0])
    assert loss < material_only - 0.01 < tune.log_loss(x, y, np.zeros_like(theta)) - 0.1
    opening, endgame, scale = tune.to_weights(theta)
    # material keeps the seed weights; the advance's true weight is 0.15 / 0.005 = 30
    assert opening[:2] == tune.SEED_OPENING[:2] and endgame[:2] == tune.SEED_ENDGAME[:2]
    assert 15 < opening[advance] < 50 and 15 < endgame[advance] < 50
    assert all(abs(v) < 20 for i, v in enumerate(opening + endgame)
               if i % N_FEATURES not in (0, 1, advance))
    assert tune.weights_loss(rows, phases, labels, 24, opening, endgame, scale) < material_only
    text = tune.render({"8x8": {"opening": opening, "endgame": endgame}}, "cmd")
    namespace = {}
    exec(compile(text, "weights", "exec"), namespace)
    assert namespace["WEIGHTS"]["8x8"]["opening"] == opening
    assert namespace["FEATURES"] == FEATURES


def _first_evaluation(board):
    """The engine's evaluation of commit 529f6a3, square by square, for White:
    a man 100, a king 300; 3 per row a man has advanced from its back row; 6
    for a piece on the central squares (the middle four rows and columns); 8
    for a man on its own back row while the opponent has no king; and the
    material raised by 8/(pieces + 8), counting a king as three."""
    v = board.variant
    size = v.size
    lo, hi = size // 2 - 2, size // 2 + 1
    kings = {c: board.kings(c) for c in ("W", "B")}
    score = material = total = 0
    for sq in v.square_range:
        piece = board.piece_at(sq)
        if piece is None:
            continue
        sign = 1 if piece.color == "W" else -1
        r, c = v.tables.rc[sq]
        value = 300 if piece.king else 100
        material += sign * value
        total += 3 if piece.king else 1
        if not piece.king:
            score += sign * 3 * (size - 1 - r if piece.color == "W" else r)
            back = size - 1 if piece.color == "W" else 0
            if r == back and not kings["B" if piece.color == "W" else "W"]:
                score += sign * 8
        if lo <= r <= hi and lo <= c <= hi:
            score += sign * 6
    score += material
    if total:
        score += material * 8 // (total + 8)
    return score


def test_classic_evaluator_is_the_first_evaluation():
    """ClassicEvaluator scores as the engine of commit 529f6a3 (its formula,
    written again square by square above)."""
    from damas.engine.evaluation import classic
    for name in sorted(VARIANTS):
        ev = classic(name)
        for board in _random_boards(VARIANTS[name], 60, "classic" + name):
            first = _first_evaluation(board)
            assert ev(board.white_bits, board.black_bits, board.king_bits, True) == first
            assert ev(board.white_bits, board.black_bits, board.king_bits, False) == -first
