"""A search for the golpe da bomba by its mould, on 64 squares: the positions of the course's
problems 21 and 22 of puzzles/golpes-do-curso.pdn (until issue 43 they stood in classicos.pdn as
«Golpe da bomba (posição reconstruída)»; a machine's find is no classic).

    python scripts/bomba_template_search.py SEED SECONDS     # prints one JSON line per find

The mould is the line of the coup de la bombe as the French Wikipedia gives it on 100 squares
(27-21 16x27 32x12 23x43 12x3): a man M of White, on O, takes two pieces V1, V2 and stops on S,
where a black man could take it back; the square O it left opens to Black a capture of two pieces
(through O), which the majority law (4.13) makes compulsory; then M captures again through the
square Black's capturer left.  The search draws the squares of that mould at random (seeded), puts
the pieces it needs, adds a few random ones, and keeps a position only when the solver proves the
gain (damas.problems.solver.solve), the key move is unique and damas.problems.themes reads the
golpe da bomba in the line.  Whether the defender wins a piece back after the line is printed too
(«back»).  Run with PYTHONPATH at the repository; seeds 2 and 1 found problems 21 and 22.
"""
import itertools, random, json, sys, time
from damas import Board
from damas.rules.variants import get_variant
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve
from damas.problems.themes import line_facts, themes_of
from damas.problems.fact_context import _forced_gain
from damas.rules.notation import line_texts
v = get_variant("brazilian")
DIRS = [(-1,-1),(-1,1),(1,-1),(1,1)]      # (dr, dc); White moves to row 0 (dr=-1)
def sq(r,c):
    if 0<=r<8 and 0<=c<8: return v.rc_to_square(r,c)
    return None
def rc(s): return v.square_to_rc(s)
rng = random.Random(int(sys.argv[1])); secs = float(sys.argv[2])
t0=time.time(); found=0; tried=0
seen=set()
while time.time()-t0 < secs:
    O = rng.randint(1,32); r,c = rc(O)
    d1 = rng.choice(DIRS); d2 = rng.choice(DIRS)
    V1 = sq(r+d1[0], c+d1[1]); A1 = sq(r+2*d1[0], c+2*d1[1])
    if None in (V1, A1): continue
    ra, ca = rc(A1)
    V2 = sq(ra+d2[0], ca+d2[1]); S = sq(ra+2*d2[0], ca+2*d2[1])
    if None in (V2, S) or S == O or rc(S)[0] == 0: continue
    # black's first capture: from P0 over Q (white sacrifice) to V1
    e = rng.choice(DIRS); rv, cv = rc(V1)
    Q = sq(rv+e[0], cv+e[1]); P0 = sq(rv+2*e[0], cv+2*e[1])
    if None in (Q, P0): continue
    rq, cq = rc(Q)
    sd = rng.choice([(1,-1),(1,1)])             # the sacrificed man comes from below Q
    R = sq(rq+sd[0], cq+sd[1])
    if R is None: continue
    # black's 2-capture: P over W1 to O, over W2 to T
    f = rng.choice(DIRS); W1 = sq(r+f[0], c+f[1]); P = sq(r+2*f[0], c+2*f[1])
    g = rng.choice(DIRS); W2 = sq(r+g[0], c+g[1]); T = sq(r+2*g[0], c+2*g[1])
    if None in (W1, P, W2, T) or g == f: continue
    # M's continuation: from S over Y to Z
    h = rng.choice(DIRS); rs, cs = rc(S); Y = sq(rs+h[0], cs+h[1]); Z = sq(rs+2*h[0], cs+2*h[1])
    if None in (Y, Z): continue
    # the threat on S: a black man at S+k with S-k empty
    k = rng.choice(DIRS); TH = sq(rs+k[0], cs+k[1]); TL = sq(rs-k[0], cs-k[1])
    if None in (TH, TL): continue
    white = {O, R, W1, W2}; black = {P0, V2, P, Y, TH}
    empties = {V1, A1, S, Q, T, Z, TL}
    if len(white | black) != len(white) + len(black): continue
    if (white | black) & (empties - {Q}) : continue
    if Q in white | black: continue
    # men only; no white man on row 0, no black man on row 7
    if any(rc(s)[0] == 0 for s in white) or any(rc(s)[0] == 7 for s in black): continue
    for extra in range(6):
        w = set(white); b = set(black)
        free = [s for s in range(1,33) if s not in w|b|empties]
        rng.shuffle(free)
        for s in free[:rng.randint(0,4)]:
            if rng.random() < 0.5 and rc(s)[0] != 0: w.add(s)
            elif rc(s)[0] != 7: b.add(s)
        fen = "W:W" + ",".join(map(str,sorted(w))) + ":B" + ",".join(map(str,sorted(b)))
        if fen in seen: continue
        seen.add(fen); tried += 1
        try: board = Board(fen)
        except Exception: continue
        if board.has_captures(): continue
        for goal, n in (("material", 2), ("material", 1)):
            pr = solve(Puzzle(fen, goal=goal, n=n, max_plies=7))
            if not pr.proven: continue
            if len(pr.winning_moves) != 1: break
            th = themes_of(line_facts(board, pr.main_line))
            if "golpe da bomba" in th:
                end = board.copy()
                for m in pr.main_line: end.push(m)
                back = _forced_gain(end, end.turn, 1) == "" if end.legal_moves() else False
                print(json.dumps({"fen": fen, "goal": goal, "n": n, "line": line_texts(board, pr.main_line), "themes": th,
                                  "W": end.count("W"), "B": end.count("B"), "back": back}), flush=True)
                found += 1
            break
print("tried", tried, "found", found, file=sys.stderr)
