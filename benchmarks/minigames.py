"""The mini-games' levels against a child's sensible play: results of seeded games.

Examples::

    python benchmarks/minigames.py                  # level 1, 20 games per start position
    python benchmarks/minigames.py --levels 1 2 3 --games 10
    python benchmarks/minigames.py --game so-pedras --levels 1

The child plays White, as in the course: :func:`damas.course.kit.minigames.sensible_move`
wins at once when it can, otherwise leaves nothing to be taken and no goal to be reached at
once if it can, and among such moves runs its most advanced man (at random among equals,
seeded by the game's number).  The computer plays Black at each level asked
(:func:`damas.course.kit.minigames.computer_move`: deterministic for a position).  Each
start position of each mini-game is played ``--games`` times with seeds 0, 1, ...; a run
repeats exactly.  The table prints, per mini-game and level, the child's wins, the
computer's wins, games still going after 200 plies (none: men only go forward), and the
average length in plies and the computer's thinking time per move (CPU seconds).
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from damas.course.kit.minigames import LEVELS, MINIGAMES, computer_move, play_out, sensible_move  # noqa: E402


def run(keys, levels, games):
    print(f"{'minijogo':<18} {'nível':>5} {'partidas':>8} {'criança':>8} {'computador':>10} "
          f"{'sem fim':>7} {'lances':>6} {'s/lance':>8}")
    for key in keys:
        game = MINIGAMES[key]
        for level in levels:
            child = computer = unfinished = plies = 0
            thinking, their_moves = 0.0, 0
            for start in range(len(game.starts)):
                for seed in range(games):
                    def white(board, first, seed=seed):
                        return sensible_move(key, board, seed=seed, start=first)

                    def black(board, first, level=level):
                        nonlocal thinking, their_moves
                        t0 = time.process_time()
                        move = computer_move(key, board, level, start=first)
                        thinking += time.process_time() - t0
                        their_moves += 1
                        return move
                    winner, moves = play_out(key, start, white, black)
                    plies += len(moves)
                    if winner == "W":
                        child += 1
                    elif winner == "B":
                        computer += 1
                    else:
                        unfinished += 1
            n = len(game.starts) * games
            per_move = thinking / their_moves if their_moves else 0.0
            print(f"{key:<18} {level:>5} {n:>8} {child:>8} {computer:>10} {unfinished:>7} "
                  f"{plies / n:>6.1f} {per_move:>8.4f}".replace(".", ","))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(MINIGAMES), default=None, help="one mini-game (default: all)")
    parser.add_argument("--levels", type=int, nargs="+", default=[1], choices=sorted(LEVELS))
    parser.add_argument("--games", type=int, default=20, help="games per start position (seeds 0, 1, ...)")
    args = parser.parse_args(argv)
    keys = [args.game] if args.game else list(MINIGAMES)
    run(keys, args.levels, args.games)


if __name__ == "__main__":
    main()
