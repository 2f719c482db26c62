"""A match between two engines, each in its own process, refereed by damas' Game.

Examples (see benchmarks/README.md, "The match")::

    # 8x8: damas against the previous damas engine (commit 529f6a3)
    git archive 529f6a3 | (mkdir -p /tmp/damas-prev && tar -x -C /tmp/damas-prev)
    python benchmarks/match.py --board 8x8 --player damas --opponent damas@/tmp/damas-prev
    # 8x8: damas against py-draughts' SimpleEngine; 10x10: against TurboEngine
    python benchmarks/match.py --board 8x8 --player damas --opponent simple
    python benchmarks/match.py --board 10x10 --player damas --opponent turbo --pdn-dir /tmp/games

Players: ``damas`` (the source tree given by ``--damas-tree``, by default
this repository, with the evaluation its timed search uses by default:
``damas.engine.search.TIMED_EVALUATION``, "patterns" on 10x10 since December 2026),
``damas+EVALUATION`` (one of ``damas.engine.search.EVALUATIONS``, e.g.
``damas+classic``), ``damas@PATH`` (the damas of another source tree, run with
``PYTHONPATH=PATH``; the two combine: ``damas+classic@PATH``), ``simple`` and ``turbo`` (py-draughts 1.10
``SimpleEngine`` and ``TurboEngine``, run with the Python of its virtual
environment, ``--peer-python``, by default ``/opt/peers/pydr/bin/python``;
TurboEngine has only the 10x10 board).  Each player runs in its own process
(``benchmarks/match_peer.py``, a line protocol on stdin/stdout), started
afresh for every game; games are played one at a time, so the thinking
process has a core to itself while the other waits.

The referee is :class:`damas.Game` of this repository: every move a player
sends is looked up among the legal moves (an illegal move, a crash or no
answer loses the game, and the table reports it), the draw rules are applied
(regras 6.1 to 6.4) and the game is over when the Game says so.  A game still
going at ``--max-plies`` (160) plies stops there and is scored as a draw; the
table counts these games as "unfinished" and gives the material then.

The time: ``--seconds`` (1.0) of CPU per move.  Each player measures its CPU
time around each search (``time.process_time`` in its own process) and
reports it; the table gives the mean per side.  By default (``--clock cpu``)
the players' engines read their clock from the CPU time of their process
(see match_peer.py), so the budget is CPU time even on a loaded machine.

Openings: ``--openings`` (5) lines, each played twice, the players changing
colours: 10 games.  On 8x8 they are the five lines of
``notebooks/data/aberturas.csv`` (the course's openings, each with its source)
that capture nothing; on 10x10 there is no sourced list in the repository, so
the lines are four plies drawn at random without captures
(``random.Random("damas-match-international")``): the same five every run,
no names claimed.  Past those five on 8x8 (``--openings 20``: 40 games), the
lines are drawn the same way (``random.Random("damas-match-brazilian")``),
none starting like a sourced one.

The table: wins, draws and losses of each player, its score (a win 1, a draw
1/2, in % of the games), the unfinished games, its mean CPU seconds per move,
mean depth and nodes per CPU second as it reports them.  ``--pdn-dir`` writes
every game as a PDN file.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from damas import Board, Game  # noqa: E402
from damas.rules.pdn import PDNGame, fen_text, write_games  # noqa: E402

PEER = os.path.join(HERE, "match_peer.py")
DEFAULT_PEER_PYTHON = os.environ.get("DAMAS_PEER_PYTHON", "/opt/peers/pydr/bin/python")
BOARDS = {"8x8": "brazilian", "10x10": "international"}


class PlayerError(Exception):
    """A player answered something else than a legal move (or nothing)."""


# ---------------------------------------------------------------------------
# players
# ---------------------------------------------------------------------------
class Player:
    """A player spec: 'damas', 'damas@PATH', 'damas+EVALUATION' (an evaluation
    of damas.engine.search.EVALUATIONS other than the default, e.g. 'damas+tuned' or
    'damas+patterns'; also 'damas+EVALUATION@PATH'), 'simple' or 'turbo'."""

    def __init__(self, spec, variant, damas_tree=ROOT, peer_python=DEFAULT_PEER_PYTHON,
                 depth=None, clock="cpu"):
        self.spec, self.variant = spec, variant
        env = dict(os.environ)
        name, _, tree = spec.partition("@")
        engine_name, plus, evaluation = name.partition("+")
        if engine_name == "damas" and (not plus or evaluation):
            tree = os.path.abspath(tree or damas_tree)
            if not os.path.isdir(os.path.join(tree, "damas")):
                raise SystemExit(f"{spec}: no damas package in {tree}")
            env["PYTHONPATH"] = tree
            self.cmd = [sys.executable, PEER, "--engine", "damas", "--variant", variant, "--clock", clock]
            if depth:
                self.cmd += ["--depth", str(depth)]
            if evaluation:   # one of damas.engine.search.EVALUATIONS (match_peer.py checks the name)
                self.cmd += ["--evaluation", evaluation]
            self.label = spec if spec != "damas" else f"damas ({tree})"
        elif spec in ("simple", "turbo"):
            if spec == "turbo" and variant != "international":
                raise SystemExit("TurboEngine plays only the 10x10 board: use --board 10x10")
            if not os.path.exists(peer_python):
                raise SystemExit(f"no Python for py-draughts at {peer_python}: see benchmarks/README.md")
            env.pop("PYTHONPATH", None)
            self.cmd = [peer_python, PEER, "--engine", spec, "--variant", variant, "--clock", clock]
            self.label = spec
        else:
            raise SystemExit(f"unknown player {spec!r}: use damas, damas@PATH, damas+EVALUATION[@PATH], simple or turbo")
        self.env = env
        self.proc = None
        self.name = None

    def start(self):
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=self.env, bufsize=1)
        line = self.proc.stdout.readline()
        if not line.startswith("ready"):
            err = self.proc.stderr.read() if self.proc.poll() is not None else ""
            raise SystemExit(f"{self.spec} did not start: {line.strip()} {err.strip()[-2000:]}")
        self.name = line.split(None, 1)[1].strip()

    def ask(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise PlayerError("o processo do jogador terminou")
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read()[-1000:] if self.proc.poll() is not None else ""
            raise PlayerError(f"o processo do jogador terminou sem responder {err.strip()}")
        line = line.strip()
        if line.startswith("error"):
            raise PlayerError(line)
        return line

    def stop(self):
        if self.proc is None:
            return
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


def move_token(move):
    if move.captured:
        return f"{move.start}x{move.end}:" + ",".join(str(c) for c in sorted(move.captured))
    return f"{move.start}-{move.end}"


_REPLY = re.compile(r"^bestmove (\S+) cpu (\S+) depth (\S+) nodes (\S+)$")


def find_move(board, text):
    """The legal move of ``board`` that the token ``text`` names, or None."""
    head, _, caps = text.partition(":")
    try:
        start, end = (int(x) for x in re.split("[-x]", head))
        captured = frozenset(int(c) for c in caps.split(",")) if caps else frozenset()
    except ValueError:
        return None
    for m in board.legal_moves():
        if m.start == start and m.end == end and frozenset(m.captured) == captured:
            return m
    return None


# ---------------------------------------------------------------------------
# openings
# ---------------------------------------------------------------------------
def openings(variant, count):
    """[(name, [move texts])]: see the module docstring for the choice."""
    out = []
    if variant == "brazilian":
        with open(os.path.join(ROOT, "notebooks", "data", "aberturas.csv"), encoding="utf-8") as f:
            for row in csv.DictReader(f):
                moves = [t for t in row["lances"].split() if not t.endswith(".")]
                if any("x" in t for t in moves):
                    continue
                out.append((f"{row['nome_pt']} ({row['nome']}; {row['fonte']})", moves))
    out = out[:count]
    rng = random.Random(f"damas-match-{variant}")
    seen = {tuple(moves[:4]) for _, moves in out}
    drawn = 0
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
            drawn += 1
            out.append((f"aleatória {drawn} (sorteada, semente damas-match-{variant})", line))
    return out


# ---------------------------------------------------------------------------
# one game
# ---------------------------------------------------------------------------
def material(board):
    return {c: (len(board.men(c)), len(board.kings(c))) for c in ("W", "B")}


def play_game(white, black, variant, opening, seconds, max_plies, log=None):
    """Play one game; returns a dict (result for White 1/0.5/0, reason, ...)."""
    game = Game(variant)
    for text in opening:
        game.push(text)
    start_fen = fen_text(game.start, "numeric")
    players = {"W": white, "B": black}
    stats = {"W": [], "B": []}
    outcome = None
    for p in (white, black):
        p.start()
    try:
        while True:
            result = game.result()
            if result.is_over:
                score = {"2-0": 1.0, "0-2": 0.0}.get(result.score, 0.5)
                outcome = {"white": score, "reason": result.reason, "code": result.code,
                           "unfinished": False, "score": result.score}
                break
            if len(game.moves) >= max_plies:
                outcome = {"white": 0.5, "reason": f"partida interrompida com {max_plies} lances "
                           "(contando os dois lados): contada como empate", "code": "unfinished",
                           "unfinished": True, "score": "1-1"}
                break
            side = game.turn
            player = players[side]
            moves = " ".join(move_token(m) for m in game.moves)
            try:
                player.ask(f"position {start_fen}" + (f" moves {moves}" if moves else ""))
                reply = player.ask(f"go {seconds}")
                match = _REPLY.match(reply)
                if not match:
                    raise PlayerError(f"resposta ilegível: {reply!r}")
                move = find_move(game.board, match.group(1))
                if move is None:
                    raise PlayerError(f"lance ilegal {match.group(1)} na posição {game.board.fen()}")
            except PlayerError as exc:
                winner = "B" if side == "W" else "W"
                outcome = {"white": 1.0 if winner == "W" else 0.0, "code": "forfeit",
                           "reason": f"{player.spec} ({'brancas' if side == 'W' else 'pretas'}) "
                                     f"perde: {exc}", "unfinished": False,
                           "score": "2-0" if winner == "W" else "0-2", "forfeit": side}
                break
            cpu, depth, nodes = float(match.group(2)), int(match.group(3)), int(match.group(4))
            stats[side].append((cpu, depth, nodes))
            game.push(move)
    finally:
        for p in (white, black):
            p.stop()
    outcome.update(game=game, stats=stats, plies=len(game.moves), material=material(game.board))
    return outcome


# ---------------------------------------------------------------------------
# the match
# ---------------------------------------------------------------------------
def run_match(a, b, variant, n_openings=5, seconds=1.0, max_plies=160, pdn_dir=None, log=print,
              games=None, skip=0):
    """Play the match of player ``a`` against ``b``; returns the list of game
    records (each: opening, who was White, result for ``a``, ...)."""
    records = []
    lines = openings(variant, n_openings)
    schedule = [(name, line, colour) for name, line in lines for colour in ("W", "B")]
    if games is not None:
        schedule = schedule[:games]
    schedule = schedule[skip:]
    for number, (name, line, a_colour) in enumerate(schedule, skip + 1):
        white, black = (a, b) if a_colour == "W" else (b, a)
        t0 = time.time()
        out = play_game(white, black, variant, line, seconds, max_plies)
        score_a = out["white"] if a_colour == "W" else 1.0 - out["white"]
        rec = dict(out, number=number, opening=name, a_colour=a_colour, score_a=score_a,
                   a_stats=out["stats"][a_colour], b_stats=out["stats"]["B" if a_colour == "W" else "W"],
                   white=white, black=black, white_score=out["white"])
        records.append(rec)
        if pdn_dir:
            write_pdn(pdn_dir, rec, variant, seconds)
        mat = out["material"]
        log(f"game {number:2d}: {white.spec} (brancas) - {black.spec} (pretas), {name.split(' (')[0]}: "
            f"{out['score']} em {out['plies']} lances; {out['reason']} "
            f"[brancas {mat['W'][0]}p+{mat['W'][1]}d, pretas {mat['B'][0]}p+{mat['B'][1]}d; "
            f"{time.time() - t0:.0f} s]")
    return records


def write_pdn(folder, rec, variant, seconds):
    os.makedirs(folder, exist_ok=True)
    game = rec["game"]
    tags = {
        "Event": f"benchmarks/match.py, {seconds:g} s de CPU por lance",
        "White": rec["white"].name or rec["white"].spec,
        "Black": rec["black"].name or rec["black"].spec,
        "Round": str(rec["number"]),
        "Opening": rec["opening"],
        "Termination": rec["reason"],
    }
    pdn = PDNGame.from_game(game, tags=tags, result=rec["score"])
    path = os.path.join(folder, f"game{rec['number']:02d}.pdn")
    with open(path, "w", encoding="utf-8") as f:
        f.write(write_games([pdn]))


def summary(records, a, b):
    """The score table as text."""
    def side(stats_key, score_of):
        w = d = l = 0
        for r in records:
            s = score_of(r)
            w += s == 1.0
            d += s == 0.5
            l += s == 0.0
        cpu = [c for r in records for c, _, _ in r[stats_key]]
        depth = [dp for r in records for _, dp, _ in r[stats_key] if dp]
        nodes = sum(n for r in records for _, _, n in r[stats_key])
        return w, d, l, cpu, depth, nodes

    rows = []
    unfinished = sum(r["unfinished"] for r in records)
    forfeits = [r for r in records if r.get("code") == "forfeit"]
    for player, key, score_of in ((a, "a_stats", lambda r: r["score_a"]),
                                  (b, "b_stats", lambda r: 1.0 - r["score_a"])):
        w, d, l, cpu, depth, nodes = side(key, score_of)
        n = w + d + l
        pct = 100.0 * (w + 0.5 * d) / n if n else 0.0
        mean_cpu = statistics.mean(cpu) if cpu else 0.0
        med_depth = statistics.median(depth) if depth else 0
        nps = nodes / sum(cpu) if cpu and sum(cpu) else 0.0
        rows.append((f"{player.spec} ({player.name})" if player.name else player.spec, w, d, l, pct, mean_cpu, med_depth, nps, len(cpu)))
    out = ["| player | wins | draws | losses | score | CPU s/move | median depth | nodes/CPU s | moves |",
           "|---|---|---|---|---|---|---|---|---|"]
    for name, w, d, l, pct, cpu, depth, nps, moves in rows:
        out.append(f"| {name} | {w} | {d} | {l} | {pct:.0f}% | {cpu:.3f} | {depth:g} | {nps:,.0f} | {moves} |")
    out.append(f"games: {len(records)}; unfinished (scored as draws): {unfinished}; "
               f"forfeits (illegal move, crash or no answer): {len(forfeits)}")
    for r in forfeits:
        out.append(f"  game {r['number']}: {r['reason']}")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description="A match between two engines (see the docstring).")
    ap.add_argument("--board", choices=sorted(BOARDS), default="8x8")
    ap.add_argument("--player", default="damas", help="damas, damas@PATH, damas+EVALUATION[@PATH] (e.g. damas+tuned, damas+patterns), simple or turbo")
    ap.add_argument("--opponent", required=True, help="damas, damas@PATH, damas+EVALUATION[@PATH] (e.g. damas+tuned, damas+patterns), simple or turbo")
    ap.add_argument("--damas-tree", default=ROOT, help="the source tree of the player 'damas'")
    ap.add_argument("--peer-python", default=DEFAULT_PEER_PYTHON)
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per move")
    ap.add_argument("--openings", type=int, default=5)
    ap.add_argument("--games", type=int, default=None, help="play only the first N games")
    ap.add_argument("--skip-games", type=int, default=0,
                    help="leave out the first N games of the schedule (to play games 11-20 of --openings 10)")
    ap.add_argument("--max-plies", type=int, default=160)
    ap.add_argument("--depth", type=int, default=None,
                    help="damas players search to this depth instead of using the clock")
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    ap.add_argument("--pdn-dir", default=None, help="write each game there as a PDN file")
    args = ap.parse_args(argv)
    variant = BOARDS[args.board]
    a = Player(args.player, variant, args.damas_tree, args.peer_python, args.depth, args.clock)
    b = Player(args.opponent, variant, args.damas_tree, args.peer_python, args.depth, args.clock)
    print(f"{args.board}: {args.player} against {args.opponent}, {args.seconds:g} s of CPU per move, "
          f"{args.openings} openings x 2 colours, games stopped at {args.max_plies} plies")
    records = run_match(a, b, variant, args.openings, args.seconds, args.max_plies, args.pdn_dir,
                        games=args.games, skip=args.skip_games)
    print(summary(records, a, b))


if __name__ == "__main__":
    main()
