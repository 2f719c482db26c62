"""One player of benchmarks/match.py, in its own process: a line protocol on stdin/stdout.

Run by the referee, never by hand (but it can be)::

    PYTHONPATH=/path/to/damas-tree python benchmarks/match_peer.py --engine damas --variant brazilian
    /opt/peers/pydr/bin/python benchmarks/match_peer.py --engine simple --variant brazilian
    /opt/peers/pydr/bin/python benchmarks/match_peer.py --engine turbo --variant international

The protocol, one line each way:

* the player starts and writes ``ready <name>``;
* ``position <fen> [moves <m1> <m2> ...]``: the starting position of the game,
  every square listed (``W:W21,22,K3:B1,2``, numeric squares), and the moves
  played since, each as ``S-E`` or ``SxE:c1,c2`` (start, end and the squares
  captured: a move's identity); the player answers ``ok``;
* ``go <seconds>``: think for that many seconds of CPU and answer
  ``bestmove <move> cpu <seconds> depth <d> nodes <n>``: the CPU time is
  ``time.process_time`` of this process around the search;
* ``quit``.
* an error is answered ``error <text>``.

With ``--clock cpu`` (the default) the engine's own clock is this process's
CPU time: the module ``time`` the engine reads is replaced, inside this
process, by one whose ``perf_counter``, ``time`` and ``monotonic`` return
``time.process_time()``; so "1 second" means one second of CPU whatever else
runs on the machine.  ``--clock wall`` leaves the engines' clocks alone.

This file imports neither damas nor draughts at module level: each runs in
its own environment (damas from ``PYTHONPATH``, py-draughts from its
virtual environment).  py-draughts (GPL-3.0) is used through its public API:
``BrazilianBoard`` / ``StandardBoard``, ``from_fen``, ``legal_moves``,
``push``, ``SimpleEngine`` / ``TurboEngine`` and ``get_best_move``.
"""

from __future__ import annotations

import argparse
import sys
import time
import types

# This folder holds scripts named like modules (engine.py, rules.py): keep it
# off the import path, so that only damas (PYTHONPATH) or py-draughts is found.
if sys.path and sys.path[0] == __import__("os").path.dirname(__import__("os").path.abspath(__file__)):
    del sys.path[0]

CPU = time.process_time


def cpu_clock_module():
    """A stand-in for the module ``time`` whose clocks are the CPU time."""
    return types.SimpleNamespace(perf_counter=CPU, time=CPU, monotonic=CPU, process_time=CPU,
                                 sleep=time.sleep)


def parse_token(token):
    """'22-17' or '28x19:23' -> (start, end, frozenset(captured))."""
    head, _, caps = token.partition(":")
    sep = "x" if "x" in head else "-"
    start, end = head.split(sep)
    captured = frozenset(int(c) for c in caps.split(",")) if caps else frozenset()
    return int(start), int(end), captured


def token(start, end, captured):
    if captured:
        return f"{start}x{end}:" + ",".join(str(c) for c in sorted(captured))
    return f"{start}-{end}"


class DamasPlayer:
    def __init__(self, variant, depth=None, clock="cpu", evaluation=None):
        import importlib

        import damas
        # damas.engine.search; before version 0.2 the engine was the module damas.engine
        engine = importlib.import_module("damas.engine")
        if hasattr(engine, "__path__"):
            engine = importlib.import_module("damas.engine.search")
        self.damas, self.engine = damas, engine
        self.variant = variant
        self.depth = depth
        # Only when asked: an older damas has no choice of evaluation.
        self.options = {"evaluation": evaluation} if evaluation else {}
        if clock == "cpu":
            if hasattr(engine, "time"):
                engine.time = cpu_clock_module()
            if hasattr(engine, "perf_counter"):
                engine.perf_counter = CPU
        self.board = None
        self.name = "damas" + (f" ({evaluation})" if evaluation else "") + (f" depth {depth}" if depth else "")

    def position(self, fen, moves):
        board = self.damas.Board(fen, variant=self.variant)
        for start, end, captured in moves:
            found = [m for m in board.legal_moves()
                     if m.start == start and m.end == end and frozenset(m.captured) == captured]
            if not found:
                raise ValueError(f"illegal move {token(start, end, captured)} in {board.fen()}")
            board.push(found[0])
        self.board = board

    def go(self, seconds):
        board = self.board
        moves = board.legal_moves()
        if len(moves) == 1:
            m, depth, nodes = moves[0], 0, 0
        else:
            if self.depth:
                a = self.engine.analyse(board, depth=self.depth, **self.options)
            else:
                a = self.engine.analyse(board, seconds=seconds, **self.options)
            m, depth, nodes = a.pv[0], a.depth, a.nodes
        return (m.start, m.end, frozenset(m.captured)), depth, nodes


class PyDraughtsPlayer:
    def __init__(self, variant, engine, clock="cpu", seconds=1.0):
        import draughts
        from draughts.engines import simple, turbo
        self.cls = draughts.BrazilianBoard if variant == "brazilian" else draughts.StandardBoard
        if variant not in ("brazilian", "international"):
            raise SystemExit(f"py-draughts player: no board for {variant!r}")
        if engine == "turbo" and variant != "international":
            raise SystemExit("TurboEngine plays only the 10x10 board (international)")
        module = turbo if engine == "turbo" else simple
        if clock == "cpu":
            module.time = cpu_clock_module()
        self.engine_kind = engine
        self.make = (lambda s: draughts.TurboEngine(depth_limit=None, time_limit=s)) if engine == "turbo" \
            else (lambda s: draughts.SimpleEngine(depth_limit=64, time_limit=s))
        self.engine = self.make(seconds)
        self.seconds = seconds
        self.name = f"py-draughts {draughts.__version__} {'TurboEngine' if engine == 'turbo' else 'SimpleEngine'}"
        self.board = None

    @staticmethod
    def key(move):
        squares = move.square_list
        return squares[0] + 1, squares[-1] + 1, frozenset(c + 1 for c in move.captured_list)

    def position(self, fen, moves):
        board = self.cls.from_fen(fen)
        for m in moves:
            found = [x for x in board.legal_moves if self.key(x) == m]
            if not found:
                raise ValueError(f"illegal move {token(*m)} in {board.fen}")
            board.push(found[0])
        self.board = board

    def go(self, seconds):
        if seconds != self.seconds:
            self.engine = self.make(seconds)
            self.seconds = seconds
        move = self.engine.get_best_move(self.board)
        depth = getattr(self.engine, "completed_depth", None)
        if depth is None:
            depth = 0
        nodes = getattr(self.engine, "nodes", 0) or getattr(self.engine, "inspected_nodes", 0)
        return self.key(move), depth, nodes


def serve(player, stdin=sys.stdin, stdout=sys.stdout):
    def say(text):
        stdout.write(text + "\n")
        stdout.flush()

    say(f"ready {player.name}")
    for line in stdin:
        parts = line.split()
        if not parts:
            continue
        try:
            if parts[0] == "quit":
                break
            if parts[0] == "position":
                fen = parts[1]
                moves = [parse_token(t) for t in parts[3:]] if len(parts) > 2 and parts[2] == "moves" else []
                player.position(fen, moves)
                say("ok")
            elif parts[0] == "go":
                seconds = float(parts[1])
                t0 = CPU()
                move, depth, nodes = player.go(seconds)
                spent = CPU() - t0
                say(f"bestmove {token(*move)} cpu {spent:.4f} depth {depth} nodes {nodes}")
            else:
                say(f"error unknown command {parts[0]}")
        except Exception as exc:  # reported to the referee, which scores it
            say(f"error {type(exc).__name__}: {exc}".replace("\n", " "))


def main(argv=None):
    ap = argparse.ArgumentParser(description="One player of benchmarks/match.py (stdin/stdout).")
    ap.add_argument("--engine", required=True, choices=["damas", "simple", "turbo"])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--depth", type=int, default=None, help="damas only: fixed depth instead of time")
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    ap.add_argument("--evaluation", default=None, help="damas only: an evaluation of damas.engine.search.EVALUATIONS")
    args = ap.parse_args(argv)
    if args.engine == "damas":
        player = DamasPlayer(args.variant, args.depth, args.clock, args.evaluation)
    else:
        player = PyDraughtsPlayer(args.variant, args.engine, args.clock)
    serve(player)


if __name__ == "__main__":
    main()
