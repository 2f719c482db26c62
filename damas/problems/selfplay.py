"""Combinations in games the engine plays against itself: the self-play
games (deterministic, by seed), the positions along a game where a sacrifice
forces a gain, proven by the solver, and the score-sheet text that reaches
them (the games of ``puzzles/golpes-de-partidas.pdn``).

    python -m damas.problems.compose --partidas 0 20
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from damas.rules.args import MOVES, checked, choice_spec, optional, refuse, text_spec, whole_spec
from damas.rules.board import BLACK, WHITE, Board, Move
from damas.rules.variants import Variant, get_variant

if TYPE_CHECKING:
    from damas.engine.search import Level
    from damas.problems.solver import Proof

__all__ = ["GAME_LEVELS", "SELF_PLAY_LEVELS", "game_settings", "self_play", "find_in_game", "PlayedProblem", "score_text",
           "replay"]



def _DICT(value: Any, name: str) -> Any:  # noqa: N802 - a spec, as damas.rules.args's
    if not isinstance(value, dict):
        raise refuse(name, "um dicionário", value)
    return value


# The levels of the self-play games, by seed (white level, black level), and
# how many opening plies are drawn: the games of puzzles/golpes-de-partidas.pdn.
GAME_LEVELS = [(1, 2), (2, 1), (2, 3), (3, 2), (1, 3), (3, 1), (2, 2), (3, 3)]


def _self_play_levels() -> dict[int, Level]:
    from damas.engine.search import Level
    return {1: Level(1, 60, 0), 2: Level(2, 40, 0), 3: Level(4, 25, 0), 4: Level(6, 10, 0), 5: Level(8, 0, 0)}


#: The settings (depth, margin, careless share) of the engine's levels when the games of
#: puzzles/golpes-de-partidas.pdn were played, before the student's levels were retuned by
#: matches (benchmarks/levels.py): frozen here, so that every game of the collection replays.
SELF_PLAY_LEVELS = _self_play_levels()


@checked(seed=whole_spec(0, 999_999))
def game_settings(seed: int) -> tuple[int, int, int]:
    """(white level, black level, opening plies) of the self-play game ``seed``."""
    white, black = GAME_LEVELS[seed % len(GAME_LEVELS)]
    return white, black, 2 + seed % 5


def _main_games(first: int, last: int) -> int:
    from damas.rules.notation import line_texts
    for seed in range(first, last):
        white, black, opening = game_settings(seed)
        moves = self_play(seed, white, black, opening_plies=opening)
        for p in find_in_game(moves, game_info={"seed": seed}):
            line = " ".join(line_texts(p.board, p.proof.main_line))
            unique = "único" if p.proof.unique else f"{len(p.proof.winning_moves)} lances resolvem"
            print(f"semente {seed} (níveis {white} e {black}, {opening} lances sorteados), lance "
                  f"{p.game['ply']}: {p.board.fen()}  {line}  [{unique}]\n  [Reached \"{p.reached_text()}\"]",
                  flush=True)
    return 0


# ---------------------------------------------------------------------------
# Combinations in positions reached in play
# ---------------------------------------------------------------------------
@dataclass
class PlayedProblem:
    """A combination found in a game: the moves from the initial position
    that reach it, the position, the goal and the solver's proof."""

    reached: list[Move]    # Move objects from the initial position
    board: Board           # the position reached (the side to move solves)
    goal: str
    n: int
    proof: Proof
    game: dict[str, object]  # how the game was played (seed, levels, opening plies)

    def reached_text(self) -> str:
        return score_text(Board(self.board.variant.initial_fen(), variant=self.board.variant), self.reached)


def score_text(start: Board, moves: Sequence[Move]) -> str:
    """The moves as a numbered score sheet line, "1. c3-d4 f6-g5 2. ...",
    written from ``start`` (White moving first in a game from the initial
    position, as chapter 10 teaches)."""
    from damas.problems.puzzles import numbered_line
    return numbered_line(start, moves)


@checked(moves_text=text_spec())
def replay(moves_text: str, variant: str | Variant = "brazilian") -> Board:
    """The position reached by a score-sheet line from the initial position
    (each move read by the board, so an illegal move raises the package's
    error in Portuguese)."""
    from damas.problems.puzzles import _tokens
    v = get_variant(variant)
    board = Board(v.initial_fen(), variant=v)
    for tok in _tokens(moves_text):
        board.push_text(tok)
    return board


@checked(seed=whole_spec(0, 999_999), white_level=whole_spec(1, 5), black_level=whole_spec(1, 5), opening_plies=whole_spec(0, 1000), max_plies=whole_spec(1, 1000))
def self_play(seed: int, white_level: int = 2, black_level: int = 2, opening_plies: int = 4,
              max_plies: int = 100, variant: str | Variant = "brazilian") -> list[Move]:
    """A game the engine plays against itself from the initial position,
    deterministic: the first ``opening_plies`` plies are drawn among the legal
    moves with a generator seeded by ``seed``, then each side plays at its
    level with the settings of :data:`SELF_PLAY_LEVELS`
    (:func:`damas.engine.players.level_move`, seeded by ``seed`` and the ply).  The game
    stops when it is over under the draw rules of :class:`damas.Game`."""
    from damas.engine.players import level_move
    from damas.rules.game import Game
    rng = random.Random(f"damas-selfplay-{seed}")
    game = Game(get_variant(variant).name)
    moves: list[Move] = []
    while len(moves) < max_plies and not game.is_over():
        board = game.board
        legal = board.legal_moves()
        if len(moves) < opening_plies:
            move = legal[rng.randrange(len(legal))]
        else:
            level = white_level if board.turn == WHITE else black_level
            move = level_move(board, level, seed=seed * 1000 + len(moves), settings=SELF_PLAY_LEVELS[level])
        game.push(move)
        moves.append(move)
    return moves


@checked(moves=MOVES, goal=choice_spec(('win', 'material', 'promote', 'reduce', 'capture')), n=whole_spec(0, 20), max_plies=whole_spec(1, 15), first_ply=whole_spec(0, 1000), min_pieces=whole_spec(0, 50), screen_depth=whole_spec(1, 12), limit=optional(whole_spec(1, 10000)), game_info=optional(_DICT))
def find_in_game(moves: Sequence[Move], variant: str | Variant = "brazilian", goal: str = "material", n: int = 2, max_plies: int = 7,
                 first_ply: int = 6, min_pieces: int = 8, screen_depth: int = 4,
                 game_info: dict[str, object] | None = None, limit: int | None = None) -> list[PlayedProblem]:
    """Combinations in a game: positions along ``moves`` where the side to
    move, with no capture of its own pending, opens with a sacrifice
    (:func:`damas.problems.themes.is_sacrifice`) and then forces ``goal`` (by default
    two pieces won, in a quiet position) within ``max_plies``, proven by the
    project's solver.  The engine only screens the positions (its best line
    must start with a sacrifice and gain material); the proof is the
    solver's.  Returns :class:`PlayedProblem` objects, in game order."""
    from damas.engine.search import analyse, evaluate
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve
    from damas.problems.themes import is_sacrifice
    v = get_variant(variant)
    board = Board(v.initial_fen(), variant=v)
    found: list[PlayedProblem] = []
    for i, m in enumerate(moves):
        if i >= first_ply and board.legal_moves() and not board.has_captures() \
                and board.count(WHITE) + board.count(BLACK) >= min_pieces:
            sacs = [x for x in board.legal_moves() if is_sacrifice(board, x)]
            if sacs:
                a = analyse(board, depth=screen_depth)
                if a.pv and a.pv[0] in sacs and a.score - evaluate(board) >= 100 * n - 50:
                    p = Puzzle(board.fen(), v.name, goal=goal, n=n, max_plies=max_plies)
                    proof = solve(p)
                    if proof.proven and proof.main_line[0] in sacs:
                        found.append(PlayedProblem(list(moves[:i]), board.copy(stack=False), goal, n, proof,
                                                   dict(game_info or {}, ply=i)))
                        if limit is not None and len(found) >= limit:
                            break
        board.push(m)
    return found
