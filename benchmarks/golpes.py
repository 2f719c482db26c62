"""Figures for the golpe collections: how long the self-play search takes per
game and how many combinations it finds, and how long the check of the comments' fact
tags (and the lint) takes over every collection.

    python benchmarks/golpes.py [games]
"""

import sys
import time
from pathlib import Path

from damas.problems.selfplay import find_in_game, game_settings, self_play
from damas.rules.pdn import read_games
from damas.problems.puzzles import Puzzle
from damas.problems.fact_checks import puzzle_problems

ROOT = Path(__file__).resolve().parent.parent


def main(games=40):
    start = time.perf_counter()
    found = unique = 0
    for seed in range(1, games + 1):
        white, black, opening = game_settings(seed)
        for p in find_in_game(self_play(seed, white, black, opening_plies=opening)):
            found += 1
            unique += p.proof.unique
    spent = time.perf_counter() - start
    print(f"{games} partidas do motor: {found} combinações provadas ({unique} com lance-chave único), "
          f"{spent:.1f} s ({spent / games:.2f} s por partida)")
    for name in ("golpes-do-curso", "golpes-de-partidas", "tomadas", "internacional", "classicos"):
        path = ROOT / "puzzles" / f"{name}.pdn"
        if not path.exists():
            continue
        puzzles = [Puzzle.from_pdn(g) for g in read_games(path)]
        start = time.perf_counter()
        bad = sum(bool(puzzle_problems(p)) for p in puzzles)
        spent = time.perf_counter() - start
        print(f"{name}: {len(puzzles)} comentários conferidos em {spent:.2f} s, {bad} com etiqueta falsa ou frase sem etiqueta")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
