"""The timed engine against the endgame database: does it convert the wins and hold the draws?

Examples (see benchmarks/README.md, "8x8 without a peer")::

    # a pilot: 12 positions per kind, 0.1 s of CPU per move
    nice -n 19 python benchmarks/endgame_match.py --per-kind 12 --seconds 0.1
    # the full run of issue 30: every position, 1 s of CPU per move (about 90 CPU minutes,
    # nearly all of it the draws, played until a draw rule of art. 6 ends them)
    nice -n 19 python benchmarks/endgame_match.py --all --seconds 1.0
    python benchmarks/endgame_match.py --all --count-only
    # the full run in two processes, then one table from both
    nice -n 19 python benchmarks/endgame_match.py --all --shard 1/2 --json /tmp/eg1.json &
    nice -n 19 python benchmarks/endgame_match.py --all --shard 2/2 --json /tmp/eg2.json
    python benchmarks/endgame_match.py --combine /tmp/eg1.json /tmp/eg2.json

Positions: every 8x8 (Brazilian) position of the database
(:mod:`damas.engine.endgames`) with at most ``--pieces`` (3) pieces where the side to
move has a move and does not lose with best play: a win (the engine must
convert it) or a draw (it must hold it).  They are grouped by *kind*: the
pieces of the side to move against the other's (``KMvK``: a king and a man
against a king; ``K`` a king, ``M`` a man) and the value, and ``--per-kind``
positions of each kind are drawn by ``random.Random("damas-endgame-referee")``
(``--all``: every one).

Play: the engine is the side to move, at ``--seconds`` of CPU per move
(``damas.engine.search.best_move(game, seconds=...)``, its clock switched to
the CPU time of this process, its kept tables freed before each position);
the other side plays the database's best defence (the first of
:func:`damas.engine.endgames.best_moves`: the longest resistance when lost,
a move that keeps the draw when drawn, the fastest win if the engine has
thrown its own away).  :class:`damas.Game` referees, with the draw rules of
art. 6, which the database does not know; a game still going at
``--max-plies`` (400) is counted as not converted.

The database plays each win against itself too (its fastest win against its
longest defence), under the same referee.  A win it cannot convert either
(the draw rules end it first) is listed apart: no engine is asked to do what
the rules forbid.  Printed per kind: positions, converted (or held), and the
reasons of the failures; the totals; the CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import types
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from damas import Board, Game  # noqa: E402
from damas.engine import endgames  # noqa: E402
from damas.engine import search  # noqa: E402

SEED = "damas-endgame-referee"
VARIANT = "brazilian"


def kind(board):
    """'KMvK': the pieces of the side to move, 'v', the other side's."""
    wm, wk, bm, bk = endgames.material_of(board)
    if board.turn == "B":
        wm, wk, bm, bk = bm, bk, wm, wk
    return "K" * wk + "M" * wm + "v" + "K" * bk + "M" * bm


def positions(variant=VARIANT, pieces=3):
    """{(kind, value): [fen, ...]} of every position of the database with at
    most ``pieces`` pieces where the side to move has a move and does not
    lose (value 1 a win, 0 a draw), in the tables' order."""
    out = defaultdict(list)
    for mat in endgames.materials(variant):
        if sum(mat) > pieces:
            continue
        for board, value, _ in endgames.table(variant, mat).items():
            if value < 0 or not board.legal_moves():
                continue
            out[(kind(board), value)].append(board.fen())
    return dict(out)


def sample(groups, per_kind, seed=SEED):
    """``per_kind`` fens of each group (all of a smaller group; ``None``: all),
    drawn by ``random.Random(seed)`` group by group in sorted order."""
    rng = random.Random(seed)
    out = {}
    for key in sorted(groups):
        fens = groups[key]
        out[key] = list(fens) if per_kind is None or per_kind >= len(fens) else rng.sample(fens, per_kind)
    return out


def shard(chosen, spec):
    """The part ``spec`` ("I/N", 1 <= I <= N) of ``chosen``: in each kind, the
    positions whose index is I-1 modulo N."""
    try:
        i, n = (int(x) for x in spec.split("/"))
    except ValueError:
        raise SystemExit(f"--shard: expected I/N, got {spec!r}")
    if not 1 <= i <= n:
        raise SystemExit(f"--shard: expected 1 <= I <= N, got {spec!r}")
    return {key: fens[i - 1::n] for key, fens in chosen.items()}


def save(results, path, meta):
    """Write ``results`` ({(kind, value): [record]}) and ``meta`` as JSON
    (through a temporary file, so a run stopped while writing leaves the last
    complete file)."""
    data = {"meta": meta,
            "results": [{"kind": k, "value": v, "records": [list(r) for r in recs]}
                        for (k, v), recs in sorted(results.items())]}
    tmp = f"{path}.tmp"
    with open(tmp, "w") as f:
        json.dump(data, f)
    os.replace(tmp, path)


def combine(paths):
    """One ``results`` dict from the JSON files of :func:`save`; the CPU
    seconds they report, summed."""
    out = defaultdict(list)
    seen = set()
    cpu = 0.0
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        cpu += data["meta"].get("cpu_seconds", 0.0)
        if data["meta"].get("complete") is False:
            print(f"{path}: a run stopped before its end: {len(data['results'])} kinds of "
                  f"{data['meta'].get('kinds', '?')} played")
        for group in data["results"]:
            for rec in group["records"]:
                if rec[0] in seen:
                    raise SystemExit(f"{path}: the position {rec[0]} is in two files")
                seen.add(rec[0])
                out[(group["kind"], group["value"])].append(tuple(rec))
    return dict(out), cpu


def defence(board):
    """The database's move for ``board``: the first of its best moves."""
    return endgames.best_moves(board)[0]


def play(fen, attacker, defender=defence, max_plies=400, variant=VARIANT):
    """Play ``fen`` out: ``attacker(game)`` moves for the side to move at the
    start, ``defender(board)`` for the other.  Returns (points of the
    attacker 1 / 0.5 / 0, reason, plies)."""
    game = Game(Board(fen, variant=variant))
    side = game.turn
    while True:
        result = game.result()
        if result.is_over:
            if result.winner is None:
                return 0.5, result.code, len(game.moves)
            return (1.0 if result.winner == side else 0.0), result.code, len(game.moves)
        if len(game.moves) >= max_plies:
            return 0.5, "unfinished", len(game.moves)
        move = attacker(game) if game.turn == side else defender(game.board.copy(stack=False))
        game.push(move)


def database_attacker(game):
    return defence(game.board.copy(stack=False))


def cpu_clock():
    clock = time.process_time
    return types.SimpleNamespace(perf_counter=clock, time=clock, monotonic=clock, process_time=clock,
                                 sleep=time.sleep)


def engine_attacker(seconds):
    def attacker(game):
        moves = game.board.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return search.best_move(game, seconds=seconds)
    return attacker


def run(chosen, seconds, max_plies, log=print, on_kind=None):
    """{(kind, value): [record]} where a record is (fen, engine points,
    reason, plies, database points).  ``on_kind(out)`` is called after each
    kind (value) is played, with the results so far."""
    search.time = cpu_clock()
    attacker = engine_attacker(seconds)
    out = {}
    for key, fens in chosen.items():
        recs = []
        for fen in fens:
            search.free_tables()
            db = play(fen, database_attacker, max_plies=max_plies)[0] if key[1] == 1 else None
            pts, reason, plies = play(fen, attacker, max_plies=max_plies)
            recs.append((fen, pts, reason, plies, db))
            if (key[1] == 1 and pts < 1) or pts < 0.5:
                log(f"  {key[0]} {'vitória' if key[1] == 1 else 'empate'}: {fen} -> {pts:g} ({reason}, "
                    f"{plies} lances; a base contra si mesma: {db})")
        out[key] = recs
        log(f"  {key[0]} {'vitória' if key[1] == 1 else 'empate'}: {len(recs)} posições jogadas "
            f"[{time.process_time():.0f} CPU s]")
        if on_kind:
            on_kind(out)
    return out


def report(results):
    """The table (markdown) and the totals."""
    lines = ["| kind (side to move v other) | value | positions | converted / held | "
             "wins the draw rules take away | failures (reason: count) |",
             "|---|---|---|---|---|---|"]
    tot = Counter()
    for (k, value), recs in sorted(results.items(), key=lambda kv: (-kv[0][1], kv[0][0])):
        if value == 1:
            feasible = [r for r in recs if r[4] == 1.0]
            taken = len(recs) - len(feasible)
            ok = sum(1 for r in feasible if r[1] == 1.0)
            fails = Counter(r[2] for r in feasible if r[1] != 1.0)
            tot["wins"] += len(feasible)
            tot["converted"] += ok
            tot["taken"] += taken
            # a win the rules take away, which the engine converted anyway, is worth listing
            tot["converted_beyond"] += sum(1 for r in recs if r[4] != 1.0 and r[1] == 1.0)
        else:
            feasible = recs
            taken = 0
            ok = sum(1 for r in recs if r[1] >= 0.5)
            fails = Counter(r[2] for r in recs if r[1] < 0.5)
            tot["draws"] += len(recs)
            tot["held"] += ok
        lines.append(f"| {k} | {'win' if value == 1 else 'draw'} | {len(recs)} | {ok} of {len(feasible)} | "
                     f"{taken if value == 1 else '–'} | "
                     + (", ".join(f"{reason}: {n}" for reason, n in sorted(fails.items())) or "–") + " |")
    lines.append(f"wins converted: {tot['converted']} of {tot['wins']}"
                 + (f" ({100 * tot['converted'] / tot['wins']:.1f}%)" if tot["wins"] else "")
                 + f"; draws held: {tot['held']} of {tot['draws']}"
                 + (f" ({100 * tot['held'] / tot['draws']:.1f}%)" if tot["draws"] else "")
                 + f"; database wins the draw rules take away: {tot['taken']} "
                 f"(of which the engine converted anyway: {tot['converted_beyond']})")
    return "\n".join(lines), tot


def main(argv=None):
    ap = argparse.ArgumentParser(description="The engine against the endgame database (see the docstring).")
    ap.add_argument("--per-kind", type=int, default=12, help="positions per kind and value (default 12)")
    ap.add_argument("--all", action="store_true", help="every position (the full run)")
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per engine move (default 1.0)")
    ap.add_argument("--pieces", type=int, default=3, help="at most this many pieces (default 3)")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--count-only", action="store_true", help="print the counts of positions, play nothing")
    ap.add_argument("--shard", help="I/N: play only the I-th of N parts of the positions")
    ap.add_argument("--json", help="write every record to this file")
    ap.add_argument("--combine", nargs="+", metavar="FILE", help="print one table from files of --json")
    args = ap.parse_args(argv)
    if args.combine:
        results, cpu = combine(args.combine)
        text, _ = report(results)
        print(f"{sum(len(v) for v in results.values())} positions from {len(args.combine)} files")
        print(text)
        print(f"CPU: {cpu:.0f} s")
        return
    t0 = time.process_time()
    groups = positions(VARIANT, args.pieces)
    chosen = sample(groups, None if args.all else args.per_kind)
    if args.shard:
        chosen = shard(chosen, args.shard)
    print(f"8x8: {sum(len(v) for v in groups.values())} positions with at most {args.pieces} pieces "
          f"(side to move wins or draws) in {len(groups)} kinds; playing {sum(len(v) for v in chosen.values())} "
          f"({'all' if args.all else f'{args.per_kind} per kind, seed {SEED!r}'}"
          f"{', shard ' + args.shard if args.shard else ''}), "
          f"{args.seconds:g} s of CPU per engine move [{time.process_time() - t0:.1f} CPU s]", flush=True)
    if args.count_only:
        for key in sorted(groups):
            print(f"  {key[0]} {'win' if key[1] == 1 else 'draw'}: {len(groups[key])}")
        return
    def meta(complete):
        return {"seconds": args.seconds, "pieces": args.pieces, "max_plies": args.max_plies,
                "all": args.all, "per_kind": args.per_kind, "shard": args.shard, "kinds": len(chosen),
                "complete": complete, "cpu_seconds": time.process_time() - t0}

    # with --json, the file is rewritten after each kind: a stopped run keeps what it played
    results = run(chosen, args.seconds, args.max_plies,
                  on_kind=(lambda out: save(out, args.json, meta(False))) if args.json else None)
    text, _ = report(results)
    print(text)
    print(f"CPU: {time.process_time() - t0:.0f} s")
    if args.json:
        save(results, args.json, meta(True))


if __name__ == "__main__":
    main()
