"""Tune the weights of damas.engine.evaluation on positions with known results (Texel's method).

Run from the repository (about 20 minutes on one core)::

    PYTHONPATH=. python scripts/tune_evaluation.py

It writes ``damas/engine/weights/classic.py``: one weight set for 8x8 (fitted on
Brazilian games; the Russian and Portuguese games use it too) and one for 10x10
(fitted on International games).  Everything is seeded, so the same
repository gives the same file.  Steps, per board:

1. **Games.**  The damas engine plays itself at a fixed depth (``--depth``),
   scoring with the *seed weights* below (a hand-set start like the engine's
   old evaluation: material, advancement, centre, back row), never with the
   weights of an earlier run, so the result does not depend on the file it
   replaces.  Each game opens with 2 to 7 random plies (``random.Random`` seeded
   with the board and the game number); :class:`damas.Game` applies the rules
   and the draw rules; a game stops at 200 plies (a draw) or when the endgame
   database (:mod:`damas.engine.endgames`) knows the position, whose exact value is
   then the result.
2. **Positions.**  Every position after the random opening where the side to
   move has no capture (a quiet position: the search calls the static
   evaluation only there) and that the database does not cover, labelled with
   the game's result for White (1, 1/2 or 0).
3. **Fit.**  Logistic regression of the result (Newton's method with a small L2
   penalty, numpy) on: the material score of the seed weights (a man 100, a
   king 300: kept, its coefficient is the scale of the logistic), each other
   feature times phase/P and times (P - phase)/P (an opening and an endgame
   weight, see :class:`damas.engine.evaluation.Evaluator`), except the king features,
   which get one weight for the whole game.  The weights are divided by the
   scale (hundredths of a man) and rounded.  The mean log-loss of the seed
   weights (at their best scale) and of the fitted ones is printed.

``--seed-only`` writes the seed weights without playing (a quick start).
``--games``, ``--depth`` and ``--boards`` change the run (and the header of
the file says what was run).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from damas import Board, Game  # noqa: E402
from damas.engine import search as engine  # noqa: E402
from damas.engine.endgames import lookup  # noqa: E402
from damas.engine.evaluation import FEATURES, N_FEATURES, evaluator, weights_in_use  # noqa: E402

WEIGHTS_FILE = os.path.join(ROOT, "damas", "engine", "weights", "classic.py")

# The seed weights: (opening, endgame) per feature, in FEATURES order.  Hand-set,
# like the engine's first evaluation (a man 100, a king 300, 3 per row advanced,
# 6 for a central man, 8 for a man on the back row in the opening; material
# counts a little more with fewer pieces).  Used to play the games and as the
# "before" of the loss.
SEED = {
    "man": (100, 125), "king": (300, 350), "advance": (3, 3), "centre": (6, 6), "back_row": (8, 0),
}
SEED_OPENING = [SEED.get(name, (0, 0))[0] for name in FEATURES]
SEED_ENDGAME = [SEED.get(name, (0, 0))[1] for name in FEATURES]

BOARDS = {"8x8": "brazilian", "10x10": "international"}
DEFAULTS = {"8x8": {"games": 400, "depth": 5}, "10x10": {"games": 300, "depth": 4}}
MAX_PLIES = 200
L2 = 1e-3


# ---------------------------------------------------------------------------
# games and positions
# ---------------------------------------------------------------------------
def play_game(variant, number, depth, max_plies=MAX_PLIES):
    """One self-play game: (result for White 1/0.5/0, [(w, b, k, white_to_move), ...])."""
    rng = random.Random(f"tune-{variant}-{number}")
    game = Game(variant)
    board = game.board
    data_pieces = engine._data(board.variant).endgame_pieces
    opening = rng.randint(2, 7)
    positions = []
    result = 0.5
    for ply in range(max_plies):
        board = game.board
        over = game.result()
        if over.is_over:
            result = {"2-0": 1.0, "0-2": 0.0}.get(over.score, 0.5)
            break
        if (board.white_bits | board.black_bits).bit_count() <= data_pieces:
            found = lookup(board, data_pieces)
            if found is not None:
                value = found[0]
                mover = 1.0 if value > 0 else (0.0 if value < 0 else 0.5)
                result = mover if board.turn == "W" else 1.0 - mover
                break
        moves = board.legal_moves()
        if ply < opening:
            move = moves[rng.randrange(len(moves))]
        else:
            if not moves[0].is_capture:
                positions.append((board.white_bits, board.black_bits, board.king_bits, board.turn == "W"))
            move = engine.best_move(game, depth=depth, evaluation="tuned") if len(moves) > 1 else moves[0]
        game.push(move)
    return result, positions


def collect(variant, games, depth, log=print):
    """The labelled positions of ``games`` self-play games: lists of
    features rows, phases and labels."""
    ev = evaluator(variant)
    rows, phases, labels = [], [], []
    t0 = time.process_time()
    tally = {1.0: 0, 0.5: 0, 0.0: 0}
    with weights_in_use(variant, SEED_OPENING, SEED_ENDGAME):
        check = Board(variant)
        check.push(check.legal_moves()[0])
        if engine.evaluate(check, "tuned") != ev(check.white_bits, check.black_bits, check.king_bits, check.turn == "W"):
            raise SystemExit("damas.engine.search does not score with damas.engine.evaluation: the games "
                             "would not use the seed weights.")
        for number in range(games):
            result, positions = play_game(variant, number, depth)
            tally[result] += 1
            for w, b, k, _ in positions:
                f, phase = ev.features(w, b, k)
                rows.append(f)
                phases.append(phase)
                labels.append(result)
            if (number + 1) % 20 == 0:
                log(f"  {variant}: {number + 1} games, {len(labels)} positions, "
                    f"{time.process_time() - t0:.0f} s CPU")
    log(f"  {variant}: White won {tally[1.0]}, drew {tally[0.5]}, lost {tally[0.0]} "
        f"of {games} games; {len(labels)} positions")
    return rows, phases, labels


# ---------------------------------------------------------------------------
# the fit
# ---------------------------------------------------------------------------
# Material keeps its seed weights (a man 100, a king 300: shallow self-play
# converts an extra piece in the endgame too rarely for its value to be read
# from the results); its score is the first column of the fit, whose
# coefficient is the scale of the logistic.  The king features have one weight
# for the whole game (kings are rare in the opening, where a separate opening
# weight would be a guess); the others have an opening and an endgame weight.
# Fitted on these games the mobility of a king comes out negative, which cuts
# a king's worth to about two men (the books say about three); left out of the
# fit (``--no-king-features``: weight 0, a king worth its material) the engine
# played worse in trial matches against the first evaluation (see
# benchmarks/README.md), so by default they are fitted.
MATERIAL = ("man", "king")
TIED = ("mobility_kings", "long_diagonal", "sole_kings")
FREE = tuple(i for i, name in enumerate(FEATURES) if name not in MATERIAL and name not in TIED)
TIED_IDX = tuple(FEATURES.index(name) for name in TIED)
MAT_IDX = tuple(FEATURES.index(name) for name in MATERIAL)


def design(rows, phases, total):
    """The design matrix: the seed material score (hundredths of a man,
    tapered), then each free feature times phase/P and times (P-phase)/P,
    then the tied features."""
    f = np.asarray(rows, dtype=float).reshape(-1, N_FEATURES)
    ph = np.asarray(phases, dtype=float)[:, None] / total
    so = np.asarray(SEED_OPENING, dtype=float)
    se = np.asarray(SEED_ENDGAME, dtype=float)
    m = np.zeros(N_FEATURES)
    m[list(MAT_IDX)] = 1.0
    material = (f * m) @ so * ph[:, 0] + (f * m) @ se * (1.0 - ph[:, 0])
    free = f[:, list(FREE)]
    return np.hstack([material[:, None], free * ph, free * (1.0 - ph), f[:, list(TIED_IDX)]])


def log_loss(x, y, theta):
    z = x @ theta
    # log(1 + e^z) - y z, computed stably
    return float(np.mean(np.logaddexp(0.0, z) - y * z))


def fit(rows, phases, labels, total, l2=L2, iterations=60, columns=None):
    """Logistic regression by Newton's method: theta minimising the mean
    log-loss + l2/2 |theta[1:]|^2 (the scale is not penalised).  ``columns``:
    fit only these columns of the design (the others stay 0).  Returns
    (theta, loss)."""
    x = design(rows, phases, total)
    y = np.asarray(labels, dtype=float)
    n, p = x.shape
    use = list(range(p)) if columns is None else list(columns)
    xs = x[:, use]
    penalty = l2 * np.eye(len(use))
    if use[0] == 0:
        penalty[0, 0] = 0.0
    t = np.zeros(len(use))
    for _ in range(iterations):
        z = xs @ t
        q = 1.0 / (1.0 + np.exp(-z))
        grad = xs.T @ (q - y) / n + penalty @ t
        hess = (xs * (q * (1 - q))[:, None]).T @ xs / n + penalty
        step = np.linalg.solve(hess, grad)
        t -= step
        if np.max(np.abs(step)) < 1e-12:
            break
    theta = np.zeros(p)
    theta[use] = t
    return theta, log_loss(x, y, theta)


def to_weights(theta):
    """Integer weights in hundredths of a man (material: the seed weights)."""
    scale = theta[0]
    opening, endgame = list(SEED_OPENING), list(SEED_ENDGAME)
    nf = len(FREE)
    for j, i in enumerate(FREE):
        opening[i] = int(round(theta[1 + j] / scale))
        endgame[i] = int(round(theta[1 + nf + j] / scale))
    for j, i in enumerate(TIED_IDX):
        opening[i] = endgame[i] = int(round(theta[1 + 2 * nf + j] / scale))
    return opening, endgame, scale


def weights_loss(rows, phases, labels, total, opening, endgame, scale):
    """Mean log-loss of integer weights, with the logistic's scale."""
    f = np.asarray(rows, dtype=float).reshape(-1, N_FEATURES)
    ph = np.asarray(phases, dtype=float) / total
    score = f @ np.asarray(opening, dtype=float) * ph + f @ np.asarray(endgame, dtype=float) * (1.0 - ph)
    z = scale * score
    y = np.asarray(labels, dtype=float)
    return float(np.mean(np.logaddexp(0.0, z) - y * z))


def tune_board(name, games, depth, log=print, data_dir=None, fit_kings=True):
    variant = BOARDS[name]
    total = evaluator(variant).pieces_at_start
    t0 = time.process_time()
    cache = os.path.join(data_dir, f"{name}-{games}-{depth}.npz") if data_dir else None
    if cache and os.path.exists(cache):
        saved = np.load(cache)
        rows, phases, labels = saved["rows"].tolist(), saved["phases"].tolist(), saved["labels"].tolist()
        log(f"  {name}: {len(labels)} positions read from {cache}")
    else:
        rows, phases, labels = collect(variant, games, depth, log)
        if cache:
            os.makedirs(data_dir, exist_ok=True)
            np.savez(cache, rows=np.asarray(rows), phases=np.asarray(phases), labels=np.asarray(labels))
    seed_theta, before = fit(rows, phases, labels, total, columns=[0])
    columns = None if fit_kings else list(range(1 + 2 * len(FREE)))
    theta, _ = fit(rows, phases, labels, total, columns=columns)
    opening, endgame, scale = to_weights(theta)
    after = weights_loss(rows, phases, labels, total, opening, endgame, scale)
    log(f"  {name}: log-loss before {before:.5f} (seed weights at their best scale), "
        f"after {after:.5f} (fitted, rounded); {time.process_time() - t0:.0f} s CPU")
    return {"opening": opening, "endgame": endgame, "positions": len(labels), "games": games,
            "depth": depth, "loss_before": round(before, 5), "loss_after": round(after, 5)}


# ---------------------------------------------------------------------------
# the weights file
# ---------------------------------------------------------------------------
def render(weights, command):
    lines = [
        '"""Weights of damas.engine.evaluation, written by scripts/tune_evaluation.py: do not edit.',
        "",
        "Made with:",
        "",
        f"    {command}",
        "",
        "Per weight set: the opening and endgame weight of each feature (FEATURES",
        "order, hundredths of a man), the games and positions of the fit and its",
        "mean log-loss before (seed weights) and after.",
        '"""',
        "",
        f"FEATURES = {tuple(FEATURES)!r}",
        "",
        "WEIGHTS = {",
    ]
    for name in sorted(weights):
        entry = weights[name]
        lines.append(f"    {name!r}: {{")
        for key in ("opening", "endgame"):
            lines.append(f"        {key!r}: {list(entry[key])!r},")
        for key in sorted(k for k in entry if k not in ("opening", "endgame")):
            lines.append(f"        {key!r}: {entry[key]!r},")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", default="8x8,10x10", help="weight sets to fit: 8x8, 10x10")
    ap.add_argument("--games", type=int, default=None, help="games per board (default 400 / 300)")
    ap.add_argument("--depth", type=int, default=None, help="search depth of the games (5 / 4)")
    ap.add_argument("--no-king-features", action="store_true",
                    help="leave the king features out of the fit (weight 0)")
    ap.add_argument("--seed-only", action="store_true", help="write the seed weights, play nothing")
    ap.add_argument("--output", default=WEIGHTS_FILE)
    ap.add_argument("--data-dir", default=None,
                    help="keep the positions there and read them back on the next run with the "
                         "same games and depth (changes nothing in the result)")
    args = ap.parse_args(argv)
    # the command that makes the same weights (where the file goes changes nothing)
    shown = [a for a in (argv if argv is not None else sys.argv[1:])]
    for option in ("--output", "--data-dir"):
        if option in shown:
            i = shown.index(option)
            del shown[i:i + 2]
        shown = [a for a in shown if not a.startswith(option + "=")]
    command = "PYTHONPATH=. python scripts/tune_evaluation.py" + "".join(f" {a}" for a in shown)
    weights = {}
    for name in args.boards.split(","):
        if name not in BOARDS:
            raise SystemExit(f"unknown board {name!r}: use 8x8 or 10x10")
        if args.seed_only:
            weights[name] = {"opening": SEED_OPENING, "endgame": SEED_ENDGAME}
            continue
        games = args.games or DEFAULTS[name]["games"]
        depth = args.depth or DEFAULTS[name]["depth"]
        print(f"{name}: {games} games at depth {depth}")
        weights[name] = tune_board(name, games, depth, data_dir=args.data_dir, fit_kings=not args.no_king_features)
        for key in ("opening", "endgame"):
            print(f"  {key}: " + ", ".join(f"{f}={v}" for f, v in zip(FEATURES, weights[name][key])))
    with open(args.output, "w", encoding="utf-8") as out:
        out.write(render(weights, command))
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
