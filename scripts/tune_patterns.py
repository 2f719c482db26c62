"""Fit the weights of damas.engine.patterns (local men patterns) on self-play games.

Run from the repository (about 17 minutes of CPU on one core to play the
games, and about 85 more for the search labels, 68 of them on 10x10;
``--jobs 2`` shares those between two processes)::

    PYTHONPATH=. python scripts/tune_patterns.py --labels search --jobs 2 --data-dir /tmp/patterns-data

It writes ``damas/engine/weights/patterns.py``: one weight set for 10x10 (fitted on
International games) and one for 8x8 (Brazilian games; the Russian and
Portuguese boards read it too).  Everything is seeded or deterministic, so
the same repository gives the same file.  Steps, per board:

1. **Games.**  ``play_game`` of ``scripts/tune_evaluation.py``, reused as it
   is: the damas engine plays itself with the full-width search at a fixed
   depth (``--depth``, default 4), scoring with that script's hand-set *seed
   weights* (never with fitted weights, so the games do not depend on an
   earlier run); each game opens with 2 to 7 random plies (``random.Random``
   seeded with the board and the game number); :class:`damas.Game` referees
   (rules and draw rules); a game stops at 200 plies (a draw) or when the
   endgame database (:mod:`damas.engine.endgames`) knows the position, whose exact
   value is then the result.  ``--games`` games (default 1200 on 10x10,
   1500 on 8x8), by chunks of 50, each kept in ``--data-dir`` when given
   (``patterns-<board>-d<depth>-<first game>.npz``) and read back on the next
   run instead of being played again (the result is the same).
2. **Positions.**  Every position after the random opening where the side to
   move has no capture (a quiet position: the search calls the evaluation
   only there) and the database does not cover, labelled with the game's
   result for White (1, 1/2 or 0).  The games whose number ends in 9 are
   held out (the test part), those ending in 8 choose the L2 penalty.
   With ``--labels search`` the label is instead what a deeper search says
   of the position: White's score by damas' selective search to
   ``--label-depth`` plies (default 6) with the classic evaluation, as the
   soft result 1 / (1 + exp(-score / 200)) (a man ahead 0.62; a proven win
   1).  That is about 0.03 s of CPU per position at depth 6 on 10x10
   (about 1 h for the 117,000 positions of 1200 games; ``--jobs`` processes
   share it), kept per chunk in ``--data-dir`` like the games.  The results
   of shallow games say little about a position (the classic evaluation
   predicts them no better than material does); the search's score, which
   has seen the tactics of the next plies, is the signal the fit lacks.
3. **Design.**  Per position: the material score (a man 100, a king 300:
   fixed, its coefficient is the scale of the logistic), the scalar terms of
   :data:`damas.engine.patterns.SCALARS`, and per block its configuration in White's
   view (+1 in that column of the block's table) and, for the block turned
   half round, in Black's view (-1), exactly as the evaluator reads them.
4. **Fit.**  Logistic regression of the result on that design (L-BFGS of
   scipy on a sparse matrix; mean log-loss plus an L2 penalty on the
   weights, not on the scale).  The pattern penalty is ``--l2`` (default
   0.01; ``--l2 auto``: the best of ``L2_GRID`` on the validation games);
   the final fit uses every game but the held-out ones.  The default is not
   the one the validation games prefer (3e-4, held-out log-loss 0.541
   against 0.571 at 0.01): with it the pattern terms spread twice as wide as
   material across the positions of the games (a standard deviation of 2.3
   men) and in play the engine traded pieces for pattern weight, losing its
   first three games (0.2 s per move) against the classic evaluation; at
   0.01 (a spread of 0.76 men, the classic evaluation's positional terms
   spread 1.0) it scored 55% in that match (benchmarks/README.md).
   ``material_endgame`` is bounded below
   by 0: left free it comes out near -90 (material worth a tenth of its
   opening value on an empty board), because games between shallow searches
   convert an extra piece in the endgame too rarely for its value to be read
   from their results (scripts/tune_evaluation.py keeps material fixed for
   the same reason); an engine that believed it would give pieces away.  The weights are divided by the scale
   (hundredths of a man), rounded to integers and written.  Printed: the
   held-out mean log-loss of material alone and of the classic evaluation
   (each at its best scale: the "before") and of the written weights (the
   "after").  A check that :class:`damas.engine.patterns.PatternEvaluator` scores
   the written weights as the design does stops the run if it does not.

Options: ``--boards`` (10x10, 8x8), ``--games``, ``--depth``, ``--l2``,
``--data-dir`` and ``--output``; the header of the file gives the command
that made it (without ``--data-dir`` and ``--output``, which change nothing).
Needs numpy and scipy (the evaluation itself stays pure Python).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from damas.engine.evaluation import classic, evaluator, weights_in_use  # noqa: E402
from damas.engine.patterns import (GEOMETRIES, KING, MAN, SCALARS, PatternEvaluator,  # noqa: E402
                            encode_table, pattern_blocks)
from damas.rules.variants import get_variant  # noqa: E402
from tune_evaluation import SEED_ENDGAME, SEED_OPENING, play_game  # noqa: E402

WEIGHTS_FILE = os.path.join(ROOT, "damas", "engine", "weights", "patterns.py")

BOARDS = {"8x8": "brazilian", "10x10": "international"}
DEFAULTS = {"8x8": {"games": 1500, "depth": 4}, "10x10": {"games": 1200, "depth": 4}}
CHUNK = 50


def chunk_path(data_dir, name, depth, start):
    return os.path.join(data_dir, f"patterns-{name}-d{depth}-{start:05d}.npz")


def play_chunk(variant, start, count, depth):
    """The quiet positions of games start..start+count-1 (tune_evaluation's
    play_game, scored by its seed weights): arrays w, b, k, white, label, game."""
    w, b, k, white, label, game = [], [], [], [], [], []
    evaluator(variant)
    with weights_in_use(variant, SEED_OPENING, SEED_ENDGAME):
        for number in range(start, start + count):
            result, positions = play_game(variant, number, depth)
            for pw, pb, pk, pt in positions:
                w.append(pw)
                b.append(pb)
                k.append(pk)
                white.append(pt)
                label.append(result)
                game.append(number)
    return {"w": np.array(w, dtype=np.uint64), "b": np.array(b, dtype=np.uint64),
            "k": np.array(k, dtype=np.uint64), "white": np.array(white, dtype=bool),
            "label": np.array(label, dtype=float), "game": np.array(game, dtype=np.int32)}


def games_data(name, games, depth, data_dir=None, log=print):
    """The positions of ``games`` games, by chunks of CHUNK games, each kept in
    ``data_dir`` (and read back from there when it exists)."""
    variant = BOARDS[name]
    parts = []
    t0 = time.process_time()
    for start in range(0, games, CHUNK):
        count = min(CHUNK, games - start)
        path = chunk_path(data_dir, name, depth, start) if data_dir and count == CHUNK else None
        if path and os.path.exists(path):
            with np.load(path) as saved:
                part = {key: saved[key] for key in saved.files}
        else:
            part = play_chunk(variant, start, count, depth)
            if path:
                os.makedirs(data_dir, exist_ok=True)
                np.savez(path + ".tmp.npz", **part)
                os.replace(path + ".tmp.npz", path)
            log(f"  {name}: games {start}..{start + count - 1}: {len(part['label'])} positions, "
                f"{time.process_time() - t0:.0f} s CPU")
        parts.append(part)
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}


# ---------------------------------------------------------------------------
# search labels: what a deeper search says of each position
# ---------------------------------------------------------------------------
#: A search score (hundredths of a man, White's view) becomes the label
#: 1 / (1 + exp(-score / LABEL_SCALE)): a man ahead reads 0.62, three 0.82.
LABEL_SCALE = 200.0


def label_path(data_dir, name, depth, start, label_depth):
    return os.path.join(data_dir, f"labels-{name}-d{depth}-{start:05d}-s{label_depth}.npz")


def search_scores(variant, w, b, k, white, label_depth):
    """White's score of each position by damas' selective search to
    ``label_depth`` plies with the classic evaluation (deterministic: a
    fixed-depth search starts from empty tables); a won or lost position
    (the search or the endgame database proves it) scores +-WIN."""
    from damas.engine import search as engine
    from damas.engine.endgames import _board
    variant = get_variant(variant)
    scores = np.zeros(len(w), dtype=np.int64)
    for i in range(len(w)):
        turn = "W" if white[i] else "B"
        board = _board(variant, int(w[i]), int(b[i]), int(k[i]), turn)
        score = engine.analyse(board, depth=label_depth, evaluation="classic", selective=True).score
        if engine.is_win_score(score):
            score = engine.WIN if score > 0 else -engine.WIN
        scores[i] = score if white[i] else -score
    return scores


def _label_job(job):
    variant, part, label_depth = job
    return search_scores(variant, part["w"], part["b"], part["k"], part["white"], label_depth)


def search_labels(name, data, depth, label_depth, data_dir=None, jobs=1, log=print):
    """The search score (White's view) of every position of ``data`` (the
    output of :func:`games_data`), by chunks of CHUNK games, each kept in
    ``data_dir`` and read back from there; ``jobs`` processes."""
    variant = BOARDS[name]
    starts = sorted({int(g) // CHUNK * CHUNK for g in np.unique(data["game"])})
    scores = np.zeros(len(data["game"]), dtype=np.int64)
    todo = []
    for start in starts:
        rows = np.flatnonzero(data["game"] // CHUNK * CHUNK == start)
        path = label_path(data_dir, name, depth, start, label_depth) if data_dir else None
        if path and os.path.exists(path):
            with np.load(path) as saved:
                if len(saved["score"]) == len(rows):
                    scores[rows] = saved["score"]
                    continue
        part = {key: data[key][rows] for key in ("w", "b", "k", "white")}
        todo.append((start, rows, path, (variant, part, label_depth)))
    t0 = time.time()

    def keep(start, rows, path, result):
        scores[rows] = result
        if path:
            os.makedirs(data_dir, exist_ok=True)
            np.savez(path + ".tmp.npz", score=result)
            os.replace(path + ".tmp.npz", path)
        log(f"  {name}: search labels of games {start}..{start + CHUNK - 1} at depth {label_depth}: "
            f"{len(rows)} positions, {time.time() - t0:.0f} s")

    if jobs > 1 and todo:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for (start, rows, path, _), result in zip(todo, pool.imap(_label_job, [t[3] for t in todo])):
                keep(start, rows, path, result)
    else:
        for start, rows, path, job in todo:
            keep(start, rows, path, _label_job(job))
    return scores


def soft_labels(scores):
    """The labels of search scores: 1 / (1 + exp(-score / LABEL_SCALE))."""
    return 1.0 / (1.0 + np.exp(-np.asarray(scores, dtype=float) / LABEL_SCALE))


# ---------------------------------------------------------------------------
# the design: base columns and pattern indices
# ---------------------------------------------------------------------------
def popcount(x):
    """Bits set in each uint64 of ``x``."""
    x = x.astype(np.uint64)
    return np.unpackbits(x.view(np.uint8).reshape(-1, 8), axis=1).sum(axis=1).astype(np.int64)


def base_columns(variant, data):
    """The material score (hundredths of a man, fixed: its coefficient is the
    scale) and the scalar terms of :data:`damas.engine.patterns.SCALARS`, for White."""
    variant = get_variant(variant)
    ev = PatternEvaluator(variant, _zero_weights(variant))
    w, b, k = data["w"], data["b"], data["k"]
    wm, bm, wk, bk = w & ~k, b & ~k, w & k, b & k
    dm = popcount(wm) - popcount(bm)
    nwk, nbk = popcount(wk), popcount(bk)
    total = ev.pieces_at_start
    phase = np.minimum(popcount(w | b), total)
    diag = np.uint64(ev.long_diagonal)
    columns = {
        "material_endgame": (MAN * dm + KING * (nwk - nbk)) * (total - phase) / (100.0 * total),
        "to_move": np.where(data["white"], 1.0, -1.0),
        "long_diagonal": (popcount(wk & diag) - popcount(bk & diag)).astype(float),
        "sole_kings": ((nwk > 0) & (nbk == 0)).astype(float) - ((nbk > 0) & (nwk == 0)).astype(float),
    }
    material = (MAN * dm + KING * (nwk - nbk)).astype(float)
    return material, np.column_stack([columns[name] for name in SCALARS])


def pattern_indices(variant, data, geometries=GEOMETRIES):
    """Per pattern block j, White's index and Black's index (of the block
    turned round, read from Black's side) of every position: two (n, blocks)
    int arrays, computed like :meth:`damas.engine.patterns.PatternEvaluator.indices`."""
    variant = get_variant(variant)
    t = variant.tables
    squares, _ = pattern_blocks(variant, geometries)
    k = data["k"]
    wm, bm = data["w"] & ~k, data["b"] & ~k
    n = len(k)
    iw = np.zeros((n, len(squares)), dtype=np.int64)
    ib = np.zeros((n, len(squares)), dtype=np.int64)
    for j, block in enumerate(squares):
        nsq = len(block)
        for i, sq in enumerate(block):
            bit = np.uint64(t.bit[sq])
            white = ((wm >> bit) & np.uint64(1)).astype(np.int64)
            black = ((bm >> bit) & np.uint64(1)).astype(np.int64)
            iw[:, j] += (white + 2 * black) * 3 ** i
            ib[:, j] += (black + 2 * white) * 3 ** (nsq - 1 - i)
    return iw, ib


def table_offsets(variant, geometries=GEOMETRIES):
    """The first column of each pattern block's table in the design, and the
    number of columns."""
    squares, _ = pattern_blocks(variant, geometries)
    first = 1 + len(SCALARS)
    offsets = []
    for block in squares:
        offsets.append(first)
        first += 3 ** len(block)
    return np.asarray(offsets), first


def design(variant, data, geometries=GEOMETRIES):
    """The sparse design matrix (scipy CSR): material, the scalars, then one
    column per (pattern block, configuration): +1 where White's view of a
    block reads it, -1 where Black's view does."""
    from scipy import sparse
    material, scalars = base_columns(variant, data)
    iw, ib = pattern_indices(variant, data, geometries)
    _, turned = pattern_blocks(variant, geometries)
    offsets, width = table_offsets(variant, geometries)
    n, nb = iw.shape
    cols_w = offsets[None, :] + iw
    cols_b = offsets[np.asarray(turned)][None, :] + ib
    rows = np.repeat(np.arange(n), nb)
    x_base = sparse.csr_matrix(np.column_stack([material, scalars]))
    shape = (n, width)
    x_pat = (sparse.csr_matrix((np.ones(n * nb), (rows, cols_w.ravel())), shape=shape)
             - sparse.csr_matrix((np.ones(n * nb), (rows, cols_b.ravel())), shape=shape))
    x_base.resize(shape)
    return (x_base + x_pat).tocsr()


# ---------------------------------------------------------------------------
# the fit
# ---------------------------------------------------------------------------
def log_loss(z, y):
    """Mean log-loss of logits ``z`` for results ``y`` (1, 1/2, 0)."""
    return float(np.mean(np.logaddexp(0.0, z) - y * z))


def fit(x, y, l2_patterns, l2_scalars=1e-4, iterations=500):
    """Logistic regression (L-BFGS): theta minimising the mean log-loss +
    l2/2 |theta|^2 (material's coefficient, the scale, not penalised; the
    scalars and the pattern weights each with their own l2).  Columns that
    no position uses keep the weight 0 (and are left out of the
    optimisation, which then runs on fewer unknowns)."""
    from scipy.optimize import minimize
    n, p = x.shape
    first = 1 + len(SCALARS)
    used = np.flatnonzero(np.diff(x.tocsc().indptr))
    used = np.union1d(np.arange(first), used)
    xs = x[:, used].tocsr()
    xt = xs.T.tocsr()
    penalty = np.where(used < first, l2_scalars, float(l2_patterns))
    penalty[0] = 0.0

    def loss(theta):
        z = xs @ theta
        q = 0.5 * (1.0 + np.tanh(0.5 * z))
        value = np.mean(np.logaddexp(0.0, z) - y * z) + 0.5 * np.sum(penalty * theta * theta)
        grad = xt @ (q - y) / n + penalty * theta
        return value, grad

    start = np.zeros(len(used))
    start[0] = 0.005
    # material_endgame >= 0: see the module's docstring
    bounds = [(0.0, None) if i == 1 + SCALARS.index("material_endgame") else (None, None) for i in used]
    result = minimize(loss, start, jac=True, method="L-BFGS-B", bounds=bounds,
                      options={"maxiter": iterations, "gtol": 1e-10, "ftol": 1e-13})
    theta = np.zeros(p)
    theta[used] = result.x
    return theta


def to_weights(theta, variant):
    """Integer weights (hundredths of a man): the scalars and the tables."""
    scale = theta[0]
    first = 1 + len(SCALARS)
    scalars = {name: int(round(theta[1 + i] / scale)) for i, name in enumerate(SCALARS)}
    offsets, width = table_offsets(variant)
    values = np.clip(np.rint(theta[:width] / scale), -32768, 32767).astype(np.int64)
    ends = list(offsets[1:]) + [width]
    tables = [values[a:e].tolist() for a, e in zip(offsets, ends)]
    assert offsets[0] == first
    return scalars, tables, scale


def weights_vector(scalars, tables):
    """The integer weights as a coefficient vector of the design (material 1)."""
    return np.concatenate([[1.0], [float(scalars[name]) for name in SCALARS],
                           np.concatenate([np.asarray(t, dtype=float) for t in tables])])


def classic_scores(variant, data):
    """The classic evaluation of every position, for White."""
    ev = classic(variant)
    return np.array([ev(int(w), int(b), int(k), True)
                     for w, b, k in zip(data["w"], data["b"], data["k"])], dtype=float)


def best_scale_loss(score, y):
    """The log-loss of a score at its best scale (a 1-parameter fit)."""
    from scipy.optimize import minimize_scalar
    result = minimize_scalar(lambda s: log_loss(s * score, y), bounds=(1e-5, 0.1), method="bounded")
    return result.fun, result.x


def _zero_weights(variant):
    squares, _ = pattern_blocks(variant)
    return {"scalars": {name: 0 for name in SCALARS}, "tables": [[0] * 3 ** len(b) for b in squares]}


L2_GRID = (1e-4, 3e-4, 1e-3, 3e-3)
L2 = 0.01
#: The L2 penalty with search labels, far less noisy than results: the best
#: of 3e-5 to 3e-3 on the held-out positions and on depth-8 scores of match
#: positions (benchmarks/README.md, "An evaluation fitted to search scores").
L2_SEARCH = 1e-4


def tune_board(name, games, depth, data_dir=None, log=print, l2=None, labels="results",
               label_depth=None, jobs=1):
    """Play (or read) the games, label their positions (``labels``: "results",
    the game's result; "search", a search to ``label_depth``), fit, and
    return the weights file's entry."""
    variant = BOARDS[name]
    data = games_data(name, games, depth, data_dir, log)
    if labels == "search":
        y_all = soft_labels(search_labels(name, data, depth, label_depth, data_dir, jobs, log))
    else:
        y_all = data["label"]
    part = data["game"] % 10
    test, valid = part == 9, part == 8
    train = ~test & ~valid
    log(f"  {name}: {len(y_all)} positions of {games} games ({int(train.sum())} to fit, "
        f"{int(valid.sum())} to choose the L2 penalty, {int(test.sum())} held out)")
    t0 = time.process_time()
    x = design(variant, data)
    xtr, ytr = x[train], y_all[train]
    if l2 is None:
        scores = {}
        for value in L2_GRID:
            theta = fit(xtr, ytr, value)
            scores[value] = log_loss(x[valid] @ theta, y_all[valid])
            log(f"    L2 {value:g}: validation log-loss {scores[value]:.5f}")
        l2 = min(scores, key=scores.get)
    fitted = ~test
    theta = fit(x[fitted], y_all[fitted], l2)
    scalars, tables, scale = to_weights(theta, variant)
    vector = weights_vector(scalars, tables)
    y = y_all[test]
    material, _ = base_columns(variant, data)
    before, _ = best_scale_loss(material[test], y)
    classic_loss, _ = best_scale_loss(classic_scores(variant, {key: v[test] for key, v in data.items()}), y)
    after = log_loss(scale * (x[test] @ vector), y)
    after_train = log_loss(scale * (x[fitted] @ vector), y_all[fitted])
    log(f"  {name}: held-out log-loss: material {before:.5f}, classic evaluation {classic_loss:.5f}, "
        f"patterns {after:.5f} (fitted part: {after_train:.5f}); L2 {l2:g}; "
        f"{time.process_time() - t0:.0f} s CPU")
    # the evaluator scores as the design says (rounding of material_endgame aside)
    ev = PatternEvaluator(variant, {"scalars": scalars, "tables": tables})
    for i in range(0, len(y_all), max(1, len(y_all) // 200)):
        w, b, k = int(data["w"][i]), int(data["b"][i]), int(data["k"][i])
        want = float((x[i] @ vector)[0])
        got = ev(w, b, k, True) - scalars["to_move"] + (scalars["to_move"] if data["white"][i] else -scalars["to_move"])
        if abs(got - want) > 1:
            raise SystemExit(f"damas.engine.patterns does not score as the fit: {got} != {want}")
    extra = {"labels": "search", "label_depth": label_depth, "label_scale": LABEL_SCALE} if labels == "search" else {}
    return {"scalars": scalars, "tables": tables, "geometries": [list(g) for g in GEOMETRIES],
            "games": games, "depth": depth, **extra,
            "positions": int(len(y_all)), "l2": l2, "scale": round(float(scale), 7),
            "loss_material": round(float(before), 5), "loss_classic": round(float(classic_loss), 5),
            "loss_after": round(float(after), 5)}


# ---------------------------------------------------------------------------
# the weights file
# ---------------------------------------------------------------------------
WIDTH = 76


def render(weights, command):
    """The text of damas/engine/weights/patterns.py."""
    lines = [
        '"""Weights of damas.engine.patterns, written by scripts/tune_patterns.py: do not edit.',
        "",
        "Made with:",
        "",
        f"    {command}",
        "",
        "Per board: the scalar terms (hundredths of a man), one table of 3**8",
        "weights per block (damas.engine.patterns.encode_table: zlib of int16, base64),",
        "the games, depth and positions of the fit, its L2 penalty and scale, and",
        "the held-out mean log-loss of material alone, of the classic evaluation",
        "(each at its best scale) and of these weights.",
        '"""',
        "",
        "WEIGHTS = {",
    ]
    for name in sorted(weights):
        entry = weights[name]
        lines.append(f"    {name!r}: {{")
        scalars = ", ".join(f"{k!r}: {entry['scalars'][k]!r}" for k in SCALARS)
        lines.append(f"        'scalars': {{{scalars}}},")
        lines.append("        'tables': (")
        for table in entry["tables"]:
            text = encode_table(table)
            lines.append("            (")
            for i in range(0, len(text), WIDTH):
                lines.append(f"                {text[i:i + WIDTH]!r}")
            lines.append("            ),")
        lines.append("        ),")
        for key in sorted(k for k in entry if k not in ("scalars", "tables")):  # geometries first
            lines.append(f"        {key!r}: {entry[key]!r},")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def command_of(argv):
    """The command that makes the same weights (where files go changes nothing)."""
    shown = list(argv)
    for option in ("--output", "--data-dir", "--jobs"):
        if option in shown:
            i = shown.index(option)
            del shown[i:i + 2]
        shown = [a for a in shown if not a.startswith(option + "=")]
    return "PYTHONPATH=. python scripts/tune_patterns.py" + "".join(f" {a}" for a in shown)


def labels_of(text, boards):
    """The labels of each board from --labels: 'results', 'search', or per
    board ('10x10=search,8x8=results'; a board left out takes 'results')."""
    for name in boards:
        if name not in BOARDS:
            raise SystemExit(f"unknown board {name!r}: use 8x8 or 10x10")
    kinds = ("results", "search")
    if text in kinds:
        return {name: text for name in boards}
    chosen = {name: "results" for name in boards}
    for item in text.split(","):
        name, _, kind = item.partition("=")
        if name not in boards or kind not in kinds:
            raise SystemExit(f"--labels: {item!r} is not BOARD=results or BOARD=search for a board of --boards")
        chosen[name] = kind
    return chosen


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", default="10x10,8x8", help="weight sets to fit: 10x10, 8x8")
    ap.add_argument("--games", type=int, default=None, help="games per board (default 10x10: "
                    f"{DEFAULTS['10x10']['games']}, 8x8: {DEFAULTS['8x8']['games']})")
    ap.add_argument("--depth", type=int, default=None, help="search depth of the games (default 4)")
    ap.add_argument("--l2", default=None, help=f"the L2 penalty of the pattern weights (default {L2:g} "
                    f"with results as labels, {L2_SEARCH:g} with search labels), "
                    "or 'auto': the best of " + ", ".join(f"{v:g}" for v in L2_GRID) + " on the validation games")
    ap.add_argument("--labels", default="results",
                    help="label each position with its game's result ('results') or with a deeper search's "
                         "score ('search'); per board: e.g. '10x10=search,8x8=results'")
    ap.add_argument("--label-depth", type=int, default=6, help="with --labels search: its depth (default 6)")
    ap.add_argument("--jobs", type=int, default=1, help="processes for the search labels (changes nothing in the result)")
    ap.add_argument("--output", default=WEIGHTS_FILE)
    ap.add_argument("--data-dir", default=None,
                    help="keep the games' positions there (by chunks of 50 games) and read them back "
                         "on the next run with the same board and depth (changes nothing in the result)")
    args = ap.parse_args(argv)
    command = command_of(argv if argv is not None else sys.argv[1:])
    weights = {}
    labels = labels_of(args.labels, args.boards.split(","))
    for name in args.boards.split(","):
        games = args.games or DEFAULTS[name]["games"]
        depth = args.depth or DEFAULTS[name]["depth"]
        print(f"{name}: {games} games at depth {depth}")
        if args.l2 is None:
            l2 = L2_SEARCH if labels[name] == "search" else L2
        else:
            l2 = None if args.l2 == "auto" else float(args.l2)
        weights[name] = tune_board(name, games, depth, data_dir=args.data_dir, l2=l2, labels=labels[name],
                                   label_depth=args.label_depth, jobs=args.jobs)
        print("  scalars: " + ", ".join(f"{k}={v}" for k, v in weights[name]["scalars"].items()))
    with open(args.output, "w", encoding="utf-8") as out:
        out.write(render(weights, command))
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
