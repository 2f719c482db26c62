"""The timed engine against TurboEngine on openings the evaluation never saw.

Examples (see benchmarks/README.md, "Held-out openings")::

    # the full run of issue 30: 50 openings x 2 colours = 100 games, 1 s of CPU per move
    nice -n 19 python benchmarks/heldout_match.py --openings 50 --seconds 1.0
    # a pilot: the first 20 games at 0.2 s of CPU per move
    nice -n 19 python benchmarks/heldout_match.py --openings 50 --games 20 --seconds 0.2
    # only print the openings and the sets they are kept apart from
    python benchmarks/heldout_match.py --list

The openings.  The large set is every line of four quiet plies from the
10x10 starting position (no capture played, none pending after the fourth
ply), one line per position reached (transpositions counted once: the first
line in move-generator order).  From it are removed the positions the
evaluation was fitted or tuned on (:func:`seen_positions`):

* the fit games: ``scripts/tune_evaluation.py``'s ``play_game`` (which
  ``scripts/tune_patterns.py`` reuses) seeds game ``n`` with
  ``random.Random("tune-<variant>-<n>")``, plays 2 to 7 random plies, then
  the depth-``d`` search with the seed weights.  Every game of both fits
  (the games and depth written in ``damas/engine/weights/classic.py`` and
  ``patterns.py``) is replayed to its fourth ply and that position removed
  (:func:`fit_positions`; a quiet position after four plies is reached only at
  ply 4, since each quiet man move advances one row);
* the match openings of ``benchmarks/match.py`` (``--openings`` up to
  :data:`MATCH_OPENINGS`), on which the pattern evaluation's penalty was
  chosen and the timed search's features were tried;
* the ladder's openings of ``benchmarks/levels.py`` (up to
  :data:`LEVEL_OPENINGS`).

``--openings`` lines (50) are then drawn from what is left, without
replacement, by ``random.Random("damas-heldout-<variant>")``: the same lines
every run.  ``tests/engine/test_heldout_match.py`` checks that the draw repeats
and that it meets none of those sets.

The match: each opening is played twice, the players changing colours,
each player in its own process (``benchmarks/match.py``'s ``Player`` and
``play_game``: ``damas.Game`` referees, CPU-time clocks, a game still going at
``--max-plies`` (160) is scored as a draw and counted as unfinished).
Printed: games, wins-draws-losses of damas, its score with the 95% Wilson
interval (:func:`wilson`; with draws it is wider than needed: a draw has
less variance than a win or a loss), the CPU seconds per move, the median
depth and the nodes per CPU second of each side.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (ROOT, HERE, os.path.join(ROOT, "scripts")):
    if path not in sys.path:
        sys.path.insert(0, path)

from damas import Board, Game  # noqa: E402
from damas.engine import search as engine  # noqa: E402

import levels  # noqa: E402  (benchmarks/levels.py)
import match  # noqa: E402  (benchmarks/match.py)

PLIES = 4
MATCH_OPENINGS = 40     # the matches of benchmarks/README.md used up to 20 lines per board
LEVEL_OPENINGS = 40     # the ladder used 20 (40 games per pair)
SEED = "damas-heldout-{variant}"
Z95 = 1.959963984540054


# ---------------------------------------------------------------------------
# positions and lines
# ---------------------------------------------------------------------------
def key(board):
    """A position as a hashable value: the three bitboards and the side to move."""
    return board.white_bits, board.black_bits, board.king_bits, board.turn


def line_position(variant, line):
    board = Board(variant)
    for text in line:
        board.push_text(text)
    return key(board)


def quiet_lines(variant, plies=PLIES):
    """{position: line}: every line of ``plies`` quiet plies from the start
    whose last position has no capture to make, one line per position (the
    first in move-generator order)."""
    out = {}

    def walk(board, line):
        moves = board.legal_moves()
        if len(line) == plies:
            if moves and not moves[0].is_capture:
                out.setdefault(key(board), tuple(line))
            return
        for move in moves:
            if move.is_capture:
                return
            text = board.move_text(move)
            board.push(move)
            walk(board, line + [text])
            board.pop()

    walk(Board(variant), [])
    return out


# ---------------------------------------------------------------------------
# what the evaluation was fitted and tuned on
# ---------------------------------------------------------------------------
def fit_settings(variant):
    """{(games, depth)} of the fitted weight sets of ``variant``'s board."""
    from damas.engine.weights.classic import WEIGHTS as CLASSIC
    from damas.engine.weights.patterns import WEIGHTS as PATTERNS
    board = {"international": "10x10", "brazilian": "8x8"}[variant]
    return {(w[board]["games"], w[board]["depth"]) for w in (CLASSIC, PATTERNS)}


def fit_game(variant, number, depth, plies=PLIES):
    """Fit game ``number`` replayed to ply ``plies`` as ``scripts/tune_evaluation.py``'s
    ``play_game`` plays it (to be called with the seed weights in use): a Game."""
    rng = random.Random(f"tune-{variant}-{number}")
    game = Game(variant)
    opening = rng.randint(2, 7)
    for ply in range(plies):
        if game.result().is_over:
            break
        moves = game.board.legal_moves()
        if ply < opening:
            move = moves[rng.randrange(len(moves))]
        else:
            move = engine.best_move(game, depth=depth, evaluation="tuned") if len(moves) > 1 else moves[0]
        game.push(move)
    return game


def fit_game_position(variant, number, depth, plies=PLIES):
    """The position after ``plies`` plies of fit game ``number`` (None if it ended before)."""
    game = fit_game(variant, number, depth, plies)
    return key(game.board) if len(game.moves) == plies else None


def fit_positions(variant, settings=None, plies=PLIES):
    """The positions after ``plies`` plies of every game of the fits."""
    from damas.engine.evaluation import evaluator, weights_in_use
    from tune_evaluation import SEED_ENDGAME, SEED_OPENING
    settings = fit_settings(variant) if settings is None else settings
    out = set()
    evaluator(variant)
    with weights_in_use(variant, SEED_OPENING, SEED_ENDGAME):
        for games, depth in sorted(settings):
            for number in range(games):
                found = fit_game_position(variant, number, depth, plies)
                if found is not None:
                    out.add(found)
    return out


def seen_positions(variant):
    """{source: set of positions} the evaluation was fitted or tuned on."""
    return {
        "fit games": fit_positions(variant),
        "benchmarks/match.py": {line_position(variant, line) for _, line in match.openings(variant, MATCH_OPENINGS)},
        "benchmarks/levels.py": {line_position(variant, line) for line in levels.openings(variant, LEVEL_OPENINGS)},
    }


def heldout_openings(variant, count, seen=None):
    """``count`` lines drawn by the fixed seed from the quiet lines minus the
    positions of ``seen`` (by default :func:`seen_positions`)."""
    seen = seen_positions(variant) if seen is None else seen
    excluded = set().union(*seen.values())
    pool = sorted(line for pos, line in quiet_lines(variant).items() if pos not in excluded)
    if count > len(pool):
        raise SystemExit(f"only {len(pool)} held-out lines, {count} asked")
    return random.Random(SEED.format(variant=variant)).sample(pool, count)


# ---------------------------------------------------------------------------
# the score and its interval
# ---------------------------------------------------------------------------
def wilson(points, games, z=Z95):
    """The Wilson score interval (low, high) of a score of ``points`` out of
    ``games`` (a draw half a point)."""
    if games <= 0:
        raise ValueError("no games")
    p = points / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def tally(scores):
    """(wins, draws, losses, points) from a list of 1 / 0.5 / 0."""
    w = sum(1 for s in scores if s == 1.0)
    d = sum(1 for s in scores if s == 0.5)
    l_ = sum(1 for s in scores if s == 0.0)
    return w, d, l_, w + 0.5 * d


def side_figures(stats):
    cpu = [c for c, _, _ in stats]
    depth = [dp for _, dp, _ in stats if dp]
    nodes = sum(n for _, _, n in stats)
    return {"moves": len(cpu), "cpu_per_move": statistics.mean(cpu) if cpu else 0.0,
            "median_depth": statistics.median(depth) if depth else 0,
            "nodes_per_cpu_s": nodes / sum(cpu) if cpu and sum(cpu) else 0.0}


def report(records, a, b, seconds):
    scores = [r["score_a"] for r in records]
    w, d, l_, pts = tally(scores)
    n = len(scores)
    lo, hi = wilson(pts, n)
    fa = side_figures([s for r in records for s in r["a_stats"]])
    fb = side_figures([s for r in records for s in r["b_stats"]])
    unfinished = sum(r["unfinished"] for r in records)
    forfeits = [r for r in records if r.get("code") == "forfeit"]
    lines = [
        f"| games | W | D | L | damas' score | 95% interval (Wilson) | unfinished | CPU s/move (damas, peer) "
        "| median depth (damas, peer) | nodes per CPU s (damas, peer) |",
        "|---|---|---|---|---|---|---|---|---|---|",
        f"| {n} | {w} | {d} | {l_} | {100 * pts / n:.1f}% | {100 * lo:.1f}–{100 * hi:.1f}% | {unfinished} | "
        f"{fa['cpu_per_move']:.3f}, {fb['cpu_per_move']:.3f} | {fa['median_depth']:g}, {fb['median_depth']:g} | "
        f"{fa['nodes_per_cpu_s']:,.0f}, {fb['nodes_per_cpu_s']:,.0f} |",
        f"({a.name} against {b.name}, {seconds:g} s of CPU per move; forfeits: {len(forfeits)})",
    ]
    for r in forfeits:
        lines.append(f"  game {r['number']}: {r['reason']}")
    summary = {"games": n, "wins": w, "draws": d, "losses": l_, "score": pts / n, "wilson95": [lo, hi],
               "unfinished": unfinished, "forfeits": len(forfeits), "seconds": seconds,
               "damas": fa, "peer": fb}
    return "\n".join(lines), summary


def _ranges(numbers) -> str:
    """«1–20, 91–100» for the game numbers played."""
    spans, numbers = [], sorted(numbers)
    for n in numbers:
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(f"{a}–{b}" if a != b else f"{a}" for a, b in spans)


def combine(parts):
    """One table from the JSON files of a match played in chunks (``--skip-games`` /
    ``--games``): W-D-L, score and the Wilson interval from all the games; CPU per move
    weighted by moves and nodes per CPU second by CPU seconds (both exact); the median depth
    is the median of the chunks' medians (the chunks keep no per-move depths).  Refuses
    chunks that play the same game twice or at different time limits."""
    games, numbers, seconds = [], set(), set()
    sides = {"damas": [], "peer": []}
    for part in parts:
        for g in part["games"]:
            if g["number"] in numbers:
                raise ValueError(f"game {g['number']} is in two chunks")
            numbers.add(g["number"])
            games.append(g)
        seconds.add(part["summary"]["seconds"])
        for side in sides:
            sides[side].append(part["summary"][side])
    if len(seconds) != 1:
        raise ValueError(f"chunks at different time limits: {sorted(seconds)}")
    w, d, l_, pts = tally([g["damas_score"] for g in games])
    n = len(games)
    lo, hi = wilson(pts, n)
    figures = {}
    for side, rows in sides.items():
        moves = sum(r["moves"] for r in rows)
        cpu = sum(r["moves"] * r["cpu_per_move"] for r in rows)
        nodes = sum(r["moves"] * r["cpu_per_move"] * r["nodes_per_cpu_s"] for r in rows)
        figures[side] = {"moves": moves, "cpu_per_move": cpu / moves if moves else 0.0,
                         "median_depth": statistics.median(r["median_depth"] for r in rows),
                         "nodes_per_cpu_s": nodes / cpu if cpu else 0.0}
    unfinished = sum(p["summary"]["unfinished"] for p in parts)
    forfeits = sum(p["summary"]["forfeits"] for p in parts)
    fa, fb = figures["damas"], figures["peer"]
    text = "\n".join([
        "| games | W | D | L | damas' score | 95% interval (Wilson) | unfinished | CPU s/move (damas, peer) "
        "| median depth (damas, peer) | nodes per CPU s (damas, peer) |",
        "|---|---|---|---|---|---|---|---|---|---|",
        f"| {n} | {w} | {d} | {l_} | {100 * pts / n:.1f}% | {100 * lo:.1f}–{100 * hi:.1f}% | {unfinished} | "
        f"{fa['cpu_per_move']:.3f}, {fb['cpu_per_move']:.3f} | {fa['median_depth']:g}, {fb['median_depth']:g} | "
        f"{fa['nodes_per_cpu_s']:,.0f}, {fb['nodes_per_cpu_s']:,.0f} |",
        f"({len(parts)} chunks, games {_ranges(numbers)}, {seconds.pop():g} s of CPU per move; "
        f"forfeits: {forfeits}; median depth = median of the chunks' medians)"])
    return text, {"games": n, "wins": w, "draws": d, "losses": l_, "score": pts / n, "wilson95": [lo, hi],
                  "unfinished": unfinished, "forfeits": forfeits, "damas": fa, "peer": fb}


def main(argv=None):
    ap = argparse.ArgumentParser(description="damas against TurboEngine on held-out openings (see the docstring).")
    ap.add_argument("--openings", type=int, default=50, help="lines drawn (default 50: 100 games)")
    ap.add_argument("--games", type=int, default=None, help="play only the first N games of the schedule")
    ap.add_argument("--skip-games", type=int, default=0, help="leave out the first N games")
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per move (default 1.0)")
    ap.add_argument("--max-plies", type=int, default=160)
    ap.add_argument("--player", default="damas", help="as in match.py: damas, damas@PATH, damas+EVALUATION[@PATH]")
    ap.add_argument("--opponent", default="turbo", help="as in match.py (default turbo)")
    ap.add_argument("--damas-tree", default=ROOT)
    ap.add_argument("--peer-python", default=match.DEFAULT_PEER_PYTHON)
    ap.add_argument("--pdn-dir", default=None)
    ap.add_argument("--json", default=None, help="write the games and the summary there")
    ap.add_argument("--list", action="store_true", help="print the openings and the excluded sets, play nothing")
    ap.add_argument("--combine", nargs="+", metavar="JSON", default=None,
                    help="print one table from the --json files of a match played in chunks, play nothing")
    args = ap.parse_args(argv)
    if args.combine:
        parts = []
        for path in args.combine:
            with open(path, encoding="utf-8") as f:
                parts.append(json.load(f))
        print(combine(parts)[0])
        return
    variant = "international"
    t0 = time.process_time()
    seen = seen_positions(variant)
    lines = heldout_openings(variant, args.openings, seen)
    total = len(quiet_lines(variant))
    print(f"10x10: {total} quiet four-ply positions; removed: "
          + ", ".join(f"{name} {len(s)}" for name, s in seen.items())
          + f" ({len(set().union(*seen.values()) & set(quiet_lines(variant)))} of the quiet ones); "
          f"{args.openings} drawn with seed {SEED.format(variant=variant)!r} "
          f"({time.process_time() - t0:.1f} CPU s)")
    if args.list:
        for i, line in enumerate(lines, 1):
            print(f"{i:3d}. {' '.join(line)}")
        return
    a = match.Player(args.player, variant, args.damas_tree, args.peer_python)
    b = match.Player(args.opponent, variant, args.damas_tree, args.peer_python)
    schedule = [(i, line, colour) for i, line in enumerate(lines, 1) for colour in ("W", "B")]
    if args.games is not None:
        schedule = schedule[:args.games]
    schedule = schedule[args.skip_games:]
    records = []
    for number, (i, line, a_colour) in enumerate(schedule, args.skip_games + 1):
        white, black = (a, b) if a_colour == "W" else (b, a)
        t1 = time.time()
        out = match.play_game(white, black, variant, list(line), args.seconds, args.max_plies)
        score_a = out["white"] if a_colour == "W" else 1.0 - out["white"]
        rec = dict(out, number=number, opening=f"held-out {i}: {' '.join(line)}", a_colour=a_colour,
                   score_a=score_a, a_stats=out["stats"][a_colour],
                   b_stats=out["stats"]["B" if a_colour == "W" else "W"], white=white, black=black)
        records.append(rec)
        if args.pdn_dir:
            match.write_pdn(args.pdn_dir, rec, variant, args.seconds)
        print(f"game {number:3d}: opening {i} ({' '.join(line)}), damas {'brancas' if a_colour == 'W' else 'pretas'}: "
              f"{out['score']} em {out['plies']} lances, damas {score_a:g}; {out['reason']} "
              f"[{time.time() - t1:.0f} s]", flush=True)
    text, summary = report(records, a, b, args.seconds)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"summary": summary, "games": [
                {"number": r["number"], "opening": r["opening"], "damas_colour": r["a_colour"],
                 "damas_score": r["score_a"], "plies": r["plies"], "reason": r["reason"]}
                for r in records]}, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
