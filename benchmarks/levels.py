"""The ladder of the computer's levels, measured by matches.

Examples (see benchmarks/README.md, "The ladder of the levels")::

    python benchmarks/levels.py                     # the full run: 40 games per pair, both boards
    python benchmarks/levels.py --games 8 --board 8x8 --jobs 2
    python benchmarks/levels.py --pairs 5-t --seconds 0.2 --jobs 2   # level 5 against the timed engine

Pairs: the capture-or-random-safe player
(:func:`damas.engine.players.random_safe_move`: captures when it must,
otherwise a random move that leaves nothing to capture) against level 1, and
every adjacent pair of levels (1-2, 2-3, 3-4, 4-5;
:data:`damas.engine.search.LEVELS`), and level 5 against the timed engine
(``best_move(game, seconds=...)``, ``--seconds`` (0.2) of CPU per move: its
clock is switched to the CPU time of the process, and its kept tables are
freed before each game), on each board asked for.  The timed engine is the
only player that is not deterministic (its depth depends on the clock).

Games: ``--games`` (40) per pair, an even number: ``games / 2`` openings,
each played twice, the players changing colours.  The openings are four
plies without captures drawn at random from
``random.Random("damas-levels-<variant>")``: the same lines every run, the
same for every pair, no names claimed.  The random-safe player's draws are
seeded by the pair, the opening and the colour, and the levels are
deterministic, so a run repeats exactly.  :class:`damas.Game` is the referee
(the draw rules, regras 6.1 to 6.4); a game still going at ``--max-plies``
(200) plies is scored as a draw and counted as unfinished.

The fit: the players and the pairs form a chain, so the Bradley-Terry (Elo)
maximum-likelihood ratings reproduce each pair's score exactly: the gap of a
pair is ``400 * log10(s / (1 - s))`` for the upper player's score ``s``.  So
that a clean sweep has a finite gap, each pair's score is shrunk by one
virtual draw (``s = (points + 1/2) / (games + 1)``; the table prints the raw
score).  Intervals are 95% normal intervals: the score's standard error is
the standard deviation of the per-game points (the virtual draw included)
over the square root of the games; a gap's by the delta method, and a
rating's adds the variances of the gaps below it (the pairs are
independent).  The random-safe player is the anchor, rated 1000 on each
board.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
import types
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from damas import Board, Game  # noqa: E402
from damas.engine.players import random_safe_move  # noqa: E402
from damas.engine import search  # noqa: E402
from damas.engine.search import LEVELS, best_move  # noqa: E402

BOARDS = {"8x8": "brazilian", "10x10": "international"}
RANDOM_SAFE = "aleatório seguro"
TIMED = "motor"
ANCHOR = 1000
Z95 = 1.96


def openings(variant, count):
    """``count`` distinct lines of four quiet plies (move texts)."""
    rng = random.Random(f"damas-levels-{variant}")
    out, seen = [], set()
    while len(out) < count:
        board = Board(variant)
        line = []
        for _ in range(4):
            moves = [m for m in board.legal_moves() if not m.is_capture]
            if not moves:
                break
            move = moves[rng.randrange(len(moves))]
            line.append(board.move_text(move))
            board.push(move)
        if len(line) == 4 and not board.legal_moves()[0].is_capture and tuple(line) not in seen:
            seen.add(tuple(line))
            out.append(line)
    return out


def pairs():
    """[(lower, upper)]: the random-safe player against level 1, the adjacent
    levels, then the strongest level against the timed engine."""
    levels = sorted(LEVELS)
    return [(RANDOM_SAFE, levels[0])] + list(zip(levels, levels[1:])) + [(levels[-1], TIMED)]


def name(player, seconds=None):
    if player == RANDOM_SAFE:
        return RANDOM_SAFE
    if player == TIMED:
        return "motor" + (f" a {seconds:g} s por lance".replace(".", ",") if seconds else "")
    return f"nível {player}"


def cpu_clock():
    """A stand-in for the search's ``time`` module that reads this process's CPU time."""
    clock = time.process_time
    return types.SimpleNamespace(perf_counter=clock, time=clock, monotonic=clock, process_time=clock,
                                 sleep=time.sleep)


def play_game(variant, opening, white, black, seed, max_plies, seconds=0.2):
    """One game; returns (White's points, plies, unfinished)."""
    if TIMED in (white, black):
        search.time = cpu_clock()
        search.free_tables()
    game = Game(variant)
    for text in opening:
        game.push(text)
    rng = random.Random(seed)
    players = {"W": white, "B": black}
    while True:
        result = game.result()
        if result.is_over:
            return {"2-0": 1.0, "0-2": 0.0}.get(result.score, 0.5), len(game.moves), False
        if len(game.moves) >= max_plies:
            return 0.5, len(game.moves), True
        player = players[game.turn]
        if player == RANDOM_SAFE:
            move = random_safe_move(game.board, rng)
        elif player == TIMED:
            move = best_move(game, seconds=seconds)
        else:
            move = best_move(game, level=player)
        game.push(move)


def _job(args):
    variant, lower, upper, i, opening, upper_white, max_plies, seconds = args
    white, black = (upper, lower) if upper_white else (lower, upper)
    seed = f"levels|{variant}|{lower}|{upper}|{i}|{upper_white}"
    points, plies, unfinished = play_game(variant, opening, white, black, seed, max_plies, seconds)
    return (variant, lower, upper), (points if upper_white else 1.0 - points), plies, unfinished


def gap(points):
    """(Elo gap of the upper player, its standard error) from its per-game points."""
    xs = list(points) + [0.5]                   # the virtual draw
    n = len(xs)
    s = sum(xs) / n
    var = sum((x - s) ** 2 for x in xs) / (n - 1)
    se_s = math.sqrt(var / n)
    d = 400 * math.log10(s / (1 - s))
    se_d = 400 / math.log(10) * se_s / (s * (1 - s))
    return d, se_d


def score_interval(points):
    n = len(points)
    s = sum(points) / n
    sd = math.sqrt(sum((x - s) ** 2 for x in points) / (n - 1)) if n > 1 else 0.0
    h = Z95 * sd / math.sqrt(n)
    return s, max(0.0, s - h), min(1.0, s + h)


def ladder(results):
    """[(player, rating, half-width)] from {(lower, upper): [points of upper]}, anchored at ANCHOR."""
    rows = [(RANDOM_SAFE, ANCHOR, 0.0)]
    rating, var = ANCHOR, 0.0
    for lower, upper in pairs():
        if (lower, upper) not in results or rows[-1][0] != lower:
            break
        d, se = gap(results[(lower, upper)])
        rating += d
        var += se * se
        rows.append((upper, rating, Z95 * math.sqrt(var)))
    return rows


def report(board, results, plies, unfinished, seconds=None):
    lines = [f"## {board} ({BOARDS[board]})", "",
             "| par | partidas | vitórias-empates-derrotas do mais forte | pontos do mais forte | "
             "intervalo 95% | diferença Elo | inacabadas |",
             "|---|---|---|---|---|---|---|"]
    for pair in pairs():
        if pair not in results:
            continue
        pts = results[pair]
        w, d, l_ = (sum(1 for x in pts if x == v) for v in (1.0, 0.5, 0.0))
        s, lo, hi = score_interval(pts)
        g, se = gap(pts)
        lines.append(f"| {name(pair[1], seconds)} × {name(pair[0])} | {len(pts)} | {w}-{d}-{l_} | {100 * s:.0f}% | "
                     f"{100 * lo:.0f}–{100 * hi:.0f}% | {g:+.0f} ± {Z95 * se:.0f} | {unfinished[pair]} |")
    lines += ["", "| jogador | rating | intervalo 95% |", "|---|---|---|"]
    for player, r, h in ladder(results):
        lines.append(f"| {name(player, seconds)} | {r:.0f} | {r - h:.0f}–{r + h:.0f} |")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description="A escada dos níveis do computador, medida por partidas.")
    ap.add_argument("--games", type=int, default=40, help="partidas por par (número par; padrão 40)")
    ap.add_argument("--board", choices=["8x8", "10x10", "both"], default="both")
    ap.add_argument("--pairs", default="all",
                    help="pares a jogar, p.ex. 'r-1,1-2,5-t' (r: o jogador aleatório seguro, "
                         "t: o motor com tempo); padrão: todos")
    ap.add_argument("--seconds", type=float, default=0.2,
                    help="segundos de CPU por lance do motor com tempo (padrão 0,2)")
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=1, help="processos em paralelo (padrão 1)")
    args = ap.parse_args(argv)
    if args.games < 2 or args.games % 2:
        ap.error("--games precisa ser um número par, 2 ou mais")
    chosen = pairs()
    if args.pairs != "all":
        code = {"r": RANDOM_SAFE, "t": TIMED}
        want = {tuple(code[x] if x in code else int(x) for x in p.split("-")) for p in args.pairs.split(",")}
        chosen = [p for p in chosen if p in want]
    boards = list(BOARDS) if args.board == "both" else [args.board]
    jobs = []
    for board in boards:
        variant = BOARDS[board]
        lines = openings(variant, args.games // 2)
        for lower, upper in chosen:
            for i, line in enumerate(lines):
                for upper_white in (True, False):
                    jobs.append((variant, lower, upper, i, line, upper_white, args.max_plies, args.seconds))
    results = {b: {} for b in boards}
    plies = {b: {} for b in boards}
    unfinished = {b: {} for b in boards}
    by_variant = {v: b for b, v in BOARDS.items()}
    t0 = time.time()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for (variant, lower, upper), pts, n, unf in pool.map(_job, jobs):
            b = by_variant[variant]
            results[b].setdefault((lower, upper), []).append(pts)
            plies[b].setdefault((lower, upper), []).append(n)
            unfinished[b][(lower, upper)] = unfinished[b].get((lower, upper), 0) + unf
    print(f"# A escada dos níveis: {args.games} partidas por par, {args.games // 2} aberturas × 2 cores, "
          f"{time.time() - t0:.0f} s\n")
    for b in boards:
        print(report(b, results[b], plies[b], unfinished[b], args.seconds))
        print()


if __name__ == "__main__":
    main()
