"""Build the cross-check tables of legal moves from two other libraries.

Run it with the Python of the py-draughts virtual environment (never with
the project's own interpreter: this script must not depend on ``damas``)::

    /opt/peers/pydr/bin/python tests/data/make_crosscheck.py \
        --confirm-python /opt/peers/pydraughts/bin/python

It writes ``crosscheck_brazilian.json`` and ``crosscheck_international.json``
next to itself.  The peers are created with (see benchmarks/README.md)::

    python3 -m venv /opt/peers/pydr && /opt/peers/pydr/bin/pip install "py-draughts==1.10.*"
    python3 -m venv /opt/peers/pydraughts && /opt/peers/pydraughts/bin/pip install "pydraughts==0.6.*"

How the positions are made (everything comes from one seeded RNG per
variant, so a rerun gives identical files):

* positions met along random games from the initial position (random move
  choice, games of various lengths; long games bring kings);
* dense random placements of men and kings (no man on the row where it
  would have been crowned, at most 12/20 pieces a side), kept by quota so
  that many have a maximal capture of two pieces or more, a king capture
  with several landing squares, two captures with the same start and end
  but different pieces taken, or a man crossing the far row in the middle
  of a capture (it stays a man).

The legal moves come from py-draughts (main oracle).  Each position is
then given to pydraughts too (a subprocess running this same file with
``--pydraughts-worker`` in the other virtual environment); positions where
the two peers disagree are left out of ``positions`` and listed under
``peer_disagreements``.  pydraughts lists both orders of a windmill
capture, so its moves are deduplicated by (start, end, captured set).

Each position also lists ``after``: the FEN after each of its moves (same
order as ``moves``), from py-draughts' push (not confirmed by pydraughts).
That checks what a move does: pieces removed, a man crowned only when its
move ends on the far row.

Squares are in the project's numbering (rules.md): 8x8 1 = b8 .. 32 = g1,
White on 21-32; 10x10 1..50.  pydraughts numbers its Brazilian board from
a1 (1 = a1, 2 = c1, ..., 32 = h8), so its squares are converted through
the board geometry.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

VARIANTS = {
    # name: (board size, squares, max pieces a side)
    "brazilian": (8, 32, 12),
    "international": (10, 50, 20),
}

# How many positions of each kind (per variant).
N_GAME_POSITIONS = 1000
N_PLACEMENTS = 1300
# Minimum numbers of placements with each property (filled first).
QUOTAS = {"same_start_end": 150, "man_passes_crown_row": 60, "king_landings": 250, "max3": 150, "max2": 500}


# --------------------------------------------------------------------------
# Geometry in the project's numbering (independent of any library)
# --------------------------------------------------------------------------
def square_rc(size: int, sq: int) -> tuple[int, int]:
    half = size // 2
    row, k = divmod(sq - 1, half)
    return row, 2 * k + (1 if row % 2 == 0 else 0)


def rc_square(size: int, row: int, col: int) -> int:
    return row * (size // 2) + col // 2 + 1


def algebraic_8x8(sq: int) -> str:
    row, col = square_rc(8, sq)
    return "abcdefgh"[col] + str(8 - row)


def from_pydraughts_brazilian(p: int) -> int:
    """pydraughts' Brazilian square (1 = a1, 2 = c1, .., 32 = h8) -> ours."""
    r = (p - 1) // 4  # rank index from White's side
    col = 2 * ((p - 1) % 4) + (r % 2)
    return rc_square(8, 7 - r, col)


def fen_of(turn: str, white: dict, black: dict) -> str:
    """Canonical numeric FEN from {square: is_king} maps."""

    def side(pieces):
        return ",".join(("K" if pieces[s] else "") + str(s) for s in sorted(pieces))

    return f"{turn}:W{side(white)}:B{side(black)}"


def parse_fen(fen: str):
    turn, w, b = fen.split(":")
    out = []
    for part in (w, b):
        pieces = {}
        for tok in filter(None, part[1:].split(",")):
            king = tok.startswith("K")
            pieces[int(tok[1:] if king else tok)] = king
        out.append(pieces)
    return turn, out[0], out[1]


def move_key(start: int, end: int, captured) -> tuple:
    return (start, end, tuple(sorted(captured)))


# --------------------------------------------------------------------------
# pydraughts worker (runs in the pydraughts venv)
# --------------------------------------------------------------------------
def pydraughts_worker() -> None:
    from draughts import Board  # pydraughts

    for line in sys.stdin:
        job = json.loads(line)
        variant, fen = job["variant"], job["fen"]
        if variant == "brazilian":
            turn, white, black = parse_fen(fen)

            def side(pieces):
                return ",".join(("K" if pieces[s] else "") + algebraic_8x8(s) for s in sorted(pieces))

            board = Board("brazilian", fen=f"{turn}:W{side(white)}:B{side(black)}")
            conv = from_pydraughts_brazilian
        else:
            board = Board("standard", fen=fen)
            conv = int
        moves, captures = board._legal_moves_board()
        keys = set()
        listed = 0
        for steps, caps in zip(moves, captures):
            start, end = conv(steps[0][0]), conv(steps[-1][1])
            caps = [] if caps[0] is None else [conv(c) for c in caps]
            keys.add(move_key(start, end, caps))
            listed += 1
        print(json.dumps({"moves": sorted([s, e, list(c)] for s, e, c in keys), "listed": listed}), flush=True)


def run_pydraughts(python: str, jobs: list[dict]) -> list[dict]:
    proc = subprocess.run(
        [python, os.path.abspath(__file__), "--pydraughts-worker"],
        input="".join(json.dumps(j) + "\n" for j in jobs),
        capture_output=True, text=True, check=True,
    )
    return [json.loads(line) for line in proc.stdout.splitlines()]


# --------------------------------------------------------------------------
# py-draughts side (main oracle)
# --------------------------------------------------------------------------
def board_class(variant: str):
    import draughts  # py-draughts

    return draughts.BrazilianBoard if variant == "brazilian" else draughts.StandardBoard


def board_fen(board) -> str:
    from draughts.models import Color

    n = board.SQUARES_COUNT
    white, black = {}, {}
    for i in range(n):
        bit = 1 << i
        if board.white_men & bit:
            white[i + 1] = False
        elif board.white_kings & bit:
            white[i + 1] = True
        elif board.black_men & bit:
            black[i + 1] = False
        elif board.black_kings & bit:
            black[i + 1] = True
    return fen_of("W" if board.turn == Color.WHITE else "B", white, black)


def oracle_moves(board) -> tuple[list, int]:
    """Legal moves as sorted [start, end, [captured]] and the number listed."""
    keys = set()
    moves = board.legal_moves
    for m in moves:
        keys.add(move_key(m.square_list[0] + 1, m.square_list[-1] + 1, [c + 1 for c in m.captured_list]))
    return sorted([s, e, list(c)] for s, e, c in keys), len(moves)


def path_features(board) -> set:
    """Properties that need the capture paths (py-draughts board)."""
    from draughts.models import Color

    promo = board.PROMO_WHITE if board.turn == Color.WHITE else board.PROMO_BLACK
    men = board.white_men if board.turn == Color.WHITE else board.black_men
    for m in board.legal_moves:
        if m.captured_list and men >> m.square_list[0] & 1:
            if any(promo >> sq & 1 for sq in m.square_list[1:-1]) and not promo >> m.square_list[-1] & 1:
                return {"man_passes_crown_row"}
    return set()


def after_fens(board, moves: list) -> list[str]:
    """The position after each move of ``moves`` (py-draughts' push)."""
    result = {}
    for m in board.legal_moves:
        key = move_key(m.square_list[0] + 1, m.square_list[-1] + 1, [c + 1 for c in m.captured_list])
        if key not in result:
            board.push(m)
            result[key] = board_fen(board)
            board.pop()
    return [result[(s, e, tuple(c))] for s, e, c in moves]


def features(fen: str, moves: list) -> set:
    """Which interesting properties a move list has."""
    _, white, black = parse_fen(fen)
    pieces = {**white, **black}
    feats = set()
    if not moves:
        feats.add("no_move")
        return feats
    ncap = len(moves[0][2])
    if ncap >= 2:
        feats.add("max2")
    if ncap >= 3:
        feats.add("max3")
    if ncap >= 1:
        feats.add("capture")
    by_start_caps, by_start_end = {}, {}
    for s, e, c in moves:
        by_start_caps.setdefault((s, tuple(c)), set()).add(e)
        by_start_end.setdefault((s, e), set()).add(tuple(c))
    if ncap and any(len(ends) > 1 and pieces.get(s) for (s, _), ends in by_start_caps.items()):
        feats.add("king_landings")
    if any(len(cs) > 1 for cs in by_start_end.values()):
        feats.add("same_start_end")
    if any(pieces.get(s) for s, _, _ in moves):
        feats.add("king_moves")
    return feats


def game_positions(variant: str, rng: random.Random, count: int) -> list[str]:
    cls = board_class(variant)
    fens: list[str] = []
    seen = set()
    while len(fens) < count:
        board = cls()
        length = rng.choice([10, 20, 40, 60, 90, 130, 200])
        keep = 6 / length  # about six positions per game
        for _ in range(length):
            moves = board.legal_moves
            if not moves:
                break
            board.push(rng.choice(moves))
            if rng.random() < keep:
                fen = board_fen(board)
                if fen not in seen:
                    seen.add(fen)
                    fens.append(fen)
        else:
            continue
        fen = board_fen(board)  # final position of a finished game (some)
        if fen not in seen and len(fens) < count and rng.random() < 0.3:
            seen.add(fen)
            fens.append(fen)
    return fens[:count]


def random_placement(variant: str, rng: random.Random) -> str:
    size, n, max_side = VARIANTS[variant]
    half = size // 2
    white_promo = set(range(1, half + 1))             # a white man would be a king here
    black_promo = set(range(n - half + 1, n + 1))
    style = rng.random()
    if style < 0.35:      # kings hunting among many men
        counts = (rng.randint(4, max_side), rng.randint(1, 3), rng.randint(4, max_side), rng.randint(0, 2))
    elif style < 0.7:     # dense middle game, men only or nearly
        counts = (rng.randint(max_side // 2, max_side), rng.randint(0, 1),
                  rng.randint(max_side // 2, max_side), rng.randint(0, 1))
    else:                 # sparse, king-heavy endings
        counts = (rng.randint(0, 6), rng.randint(1, 4), rng.randint(0, 8), rng.randint(0, 4))
    wm, wk, bm, bk = counts
    if wm + wk > max_side:
        wm = max_side - wk
    if bm + bk > max_side:
        bm = max_side - bk
    if wm + wk == 0:
        wk = 1
    if bm + bk == 0:
        bm = 1
    free = list(range(1, n + 1))
    rng.shuffle(free)
    white, black = {}, {}
    for pieces, men, kings, promo in ((white, wm, wk, white_promo), (black, bm, bk, black_promo)):
        for _ in range(kings):
            pieces[free.pop()] = True
        placed = 0
        for sq in list(free):
            if placed == men:
                break
            if sq in promo:
                continue
            free.remove(sq)
            pieces[sq] = False
            placed += 1
    return fen_of(rng.choice("WB"), white, black)


def placements(variant: str, rng: random.Random, count: int, taken: set) -> list[str]:
    cls = board_class(variant)
    quotas = dict(QUOTAS)
    chosen: list[str] = []
    tries = 0
    while len(chosen) < count:
        tries += 1
        fen = random_placement(variant, rng)
        if fen in taken:
            continue
        board = cls.from_fen(fen)
        moves, _ = oracle_moves(board)
        feats = features(fen, moves) | path_features(board)
        open_quota = [q for q, left in quotas.items() if left > 0]
        remaining = count - len(chosen)
        if open_quota and remaining <= sum(quotas[q] for q in open_quota):
            # Only positions that fill an open quota until they are filled.
            if not feats & set(open_quota):
                continue
        elif not feats & {"capture"} and rng.random() < 0.6:
            continue  # keep quiet positions, but fewer of them
        for q in quotas:
            if q in feats:
                quotas[q] -= 1
        taken.add(fen)
        chosen.append(fen)
    print(f"  {variant}: {tries} placements tried for {count}", file=sys.stderr)
    return chosen


def build(variant: str, seed: int, confirm_python: str | None) -> dict:
    rng = random.Random(f"damas-crosscheck-{variant}-{seed}")
    t0 = time.time()
    fens = game_positions(variant, rng, N_GAME_POSITIONS)
    taken = set(fens)
    fens += placements(variant, rng, N_PLACEMENTS, taken)
    cls = board_class(variant)
    records, dup_listed = [], 0
    for fen in fens:
        board = cls.from_fen(fen)
        assert board_fen(board) == fen, (fen, board_fen(board))
        moves, listed = oracle_moves(board)
        dup_listed += listed - len(moves)
        records.append({"fen": fen, "moves": moves, "after": after_fens(board, moves)})
    print(f"  {variant}: {len(records)} positions from py-draughts in {time.time() - t0:.1f}s", file=sys.stderr)

    confirmed, disagreements, pyd_dups = 0, [], 0
    if confirm_python:
        t1 = time.time()
        answers = run_pydraughts(confirm_python, [{"variant": variant, "fen": r["fen"]} for r in records])
        kept = []
        for rec, ans in zip(records, answers):
            pyd_dups += ans["listed"] - len(ans["moves"])
            if ans["moves"] == rec["moves"]:
                confirmed += 1
                kept.append(rec)
            else:
                disagreements.append({"fen": rec["fen"], "py-draughts": rec["moves"], "pydraughts": ans["moves"]})
                print(f"  PEER DISAGREEMENT {variant} {rec['fen']}", file=sys.stderr)
        records = kept
        print(f"  {variant}: pydraughts confirmed {confirmed}, disagreed {len(disagreements)} "
              f"({time.time() - t1:.1f}s)", file=sys.stderr)

    import draughts

    stats = {}
    for rec in records:
        for f in features(rec["fen"], rec["moves"]) | path_features(cls.from_fen(rec["fen"])):
            stats[f] = stats.get(f, 0) + 1
    generator = (f"tests/data/make_crosscheck.py seed={seed}; moves from py-draughts {draughts.__version__}"
                 + (f"; {confirmed} of {confirmed + len(disagreements)} positions confirmed by pydraughts 0.6"
                    f" (its windmill duplicates removed: {pyd_dups})" if confirm_python else "; not confirmed"))
    return {
        "variant": variant,
        "generator": generator,
        "stats": dict(sorted(stats.items())),
        "peer_disagreements": disagreements,
        "positions": records,
    }


def write(data: dict, path: str) -> None:
    """JSON with one position per line: small, diffable, deterministic."""
    head = {k: v for k, v in data.items() if k != "positions"}
    with open(path, "w", encoding="utf-8") as f:
        f.write("{\n")
        for k, v in head.items():
            f.write(f"  {json.dumps(k)}: {json.dumps(v, separators=(',', ':'))},\n")
        f.write('  "positions": [\n')
        lines = [json.dumps(r, separators=(",", ":")) for r in data["positions"]]
        f.write(",\n".join("    " + line for line in lines))
        f.write("\n  ]\n}\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pydraughts-worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--confirm-python", default=os.environ.get("DAMAS_CONFIRM_PYTHON"),
                    help="python of a venv with pydraughts 0.6 (second opinion); omit to skip")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", choices=sorted(VARIANTS), action="append")
    ap.add_argument("--out-dir", default=HERE)
    args = ap.parse_args()
    if args.pydraughts_worker:
        pydraughts_worker()
        return
    for variant in args.variant or ["brazilian", "international"]:
        data = build(variant, args.seed, args.confirm_python)
        path = os.path.join(args.out_dir, f"crosscheck_{variant}.json")
        write(data, path)
        print(f"wrote {path}: {len(data['positions'])} positions, stats {data['stats']}", file=sys.stderr)


if __name__ == "__main__":
    main()
