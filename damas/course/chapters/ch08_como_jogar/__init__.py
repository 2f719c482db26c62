"""Chapter 08 — Como jogar: what ``notebooks/08_Como_jogar.ipynb`` uses.

The chapter teaches how to play well from annotated games, openings and traps, with the
computer that teaches beside the board (:mod:`damas.course.kit.coach`: the review of a finished
game in a child's words, the notes on each move; the class tournament reviews its games with it
too).  Its own pieces are two: the engine's verdicts the chapter prints, kept only if they
survive a deeper and a timed search (:mod:`.verdicts`), and the moves of the games of 1924 that
only the Brazilian rules forced (:mod:`.rule_sets`, written into the games' headers in
``notebooks/data/partidas.pdn``).

The notebook imports it whole (``from damas.course.chapters.ch08_como_jogar import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.classmate import classmate_section
from damas.course.kit.coach import CoachGame, MoveChoice, move_notes, review
from damas.course.kit.figures import board_figure, side_by_side
from damas.course.kit.sentences import Sentence
from damas.course.kit.tables import Table
from damas.rules.args import checked, refuse, text_spec, whole_spec
from damas.display.numbers import signed_text
from damas.display.svg import Arrow, board_svg
from damas.engine.search import analyse
from damas.problems.puzzles import Puzzle, load_collection
from damas.problems.solver import solve

__all__ = ["chapter_stage", "principle_figure", "principle_verdict", "principle_choice", "opposition_figure", "opposition_table",
           "flank_figure", "flank_solution", "traps_trainer", "games_replay", "coach_review", "coach_game",
           "first_moves_table", "openings_table", "openings_gallery", "games_sources", "chapter_quiz",
           "teacher_check", "classmate_section"]


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "GameReplay":
        from damas.widget.replay import GameReplay
        return GameReplay
    if name == "PuzzleTrainer":
        from damas.course.kit import practice
        return practice.PuzzleTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- what the notebook shows (one call a cell) -------------------------------------------------------------
#: The files the chapter reads, from the notebooks' folder.
GAMES = "data/partidas.pdn"
TRAPS = "../puzzles/armadilhas.pdn"
OPENINGS = "data/aberturas.csv"
#: red: the move played (or the one the chapter warns of); green: the computer's move
PLAYED, BEST = "#c0392b", "#1b7f3b"
#: the principle of each position, as the coach names it (its key of progress)
CHOICE_KEYS = {"centro": "centro", "trocas": "entrega", "isolada": "isolada", "fundo": "fundo"}
#: the position of the opposition, White to move
OPPOSITION = "W:Wc3:Bc5"
#: the short game the coach reviews (the student has Black and falls into the last trap)
SHORT_GAME = ["c3-b4", "f6-e5", "b2-c3", "e5-f4", "g3xe5", "d6xf4", "e3xg5", "h6xf4", "a1-b2", "e7-f6",
              "b4-c5", "b6xd4", "c3xg3"]


def _games(path=GAMES) -> dict:
    """The annotated games, by their White player (the Cyrillic name of the file's tag)."""
    from damas.rules.pdn import read_games
    return {g.tags["White"].split(" (")[0]: g for g in read_games(path)}


def _principle(value, name):
    """A principle of the chapter (a key of :data:`.verdicts.VERDICTS`)."""
    from damas.course.chapters.ch08_como_jogar.verdicts import VERDICTS
    if not isinstance(value, str) or value not in VERDICTS:
        raise refuse(name, "um princípio do capítulo (" + ", ".join(sorted(VERDICTS)) + ")", value)
    return value

@checked(tag=text_spec())
def surname(tag: str) -> str:
    """The surname a reader of Portuguese reads in a player's tag: «С. Тютин (S. Tiutin)» → «Tiutin»."""
    latin = tag.split(" (", 1)[1].rstrip(")") if " (" in tag else tag
    return latin.split()[-1]


@checked(key=_principle)
def principle_game(key: str, path=GAMES):
    """The game a principle's position comes from (:data:`.verdicts.VERDICTS`)."""
    from damas.course.chapters.ch08_como_jogar.verdicts import VERDICTS
    white, _ = VERDICTS[key]["source"]
    return _games(path)[white]


@checked(key=_principle)
def principle_position(key: str, path=GAMES):
    """The position of principle ``key``: the game's, before its move number ``ply`` (0-based)."""
    from damas.course.chapters.ch08_como_jogar.verdicts import VERDICTS
    _, ply = VERDICTS[key]["source"]
    game = principle_game(key, path)
    board = game.initial_board()
    for move in game.mainline[:ply]:
        board.push(move)
    return board


@checked(key=_principle)
def principle_players(key: str, path=GAMES) -> str:
    """«Tiutin – Sokolov»: the players of the game of principle ``key``."""
    game = principle_game(key, path)
    return f"{surname(game.tags['White'])} – {surname(game.tags['Black'])}"


@checked(key=_principle)
def principle_figure(key: str, path=GAMES):
    """The position of principle ``key``: the move the chapter warns of in red, the computer's in green;
    the title names the game and who plays."""
    from damas.course.chapters.ch08_como_jogar.verdicts import VERDICTS
    v = VERDICTS[key]
    board = principle_position(key, path)
    side = "brancas" if board.turn == "W" else "pretas"
    return board_figure(board, arrows=[Arrow(v["played"], PLAYED), Arrow(v["recommended"], BEST)],
                        title=f"{principle_players(key, path)}: {side} jogam")


@checked(key=_principle)
def principle_verdict(key: str, path=GAMES) -> Sentence:
    """The computer's verdict on the move of principle ``key`` («O lance X vale cerca de N pedras a
    menos que Y»), at the depth :data:`.verdicts.VERDICTS` registers."""
    from damas.course.chapters.ch08_como_jogar.verdicts import VERDICTS
    v = VERDICTS[key]
    note, = move_notes(principle_position(key, path), [v["played"]], depth=v["depth"])
    return Sentence(note.describe())


@checked(key=_principle)
def principle_choice(key: str, path=GAMES):
    """«Sua vez»: the student plays a better move than the game's in the principle's position."""
    return MoveChoice(principle_position(key, path), CHOICE_KEYS[key])


def opposition_figure():
    """The opposition: a white man on c3, a black one on c5."""
    from damas.rules.board import Board
    return board_figure(Board(OPPOSITION), size=260, title="Quem joga perde")


def opposition_rows() -> list:
    """``(side, move, the opponent wins at once)`` for every move of either side in the opposition,
    each answer proven by the solver."""
    from damas.rules.board import Board
    rows = []
    for colour in "WB":
        start = Board(colour + OPPOSITION[1:])
        for move in start.legal_moves():
            after = start.copy()
            after.push(move)
            rows.append(("brancas" if colour == "W" else "pretas", start.move_text(move),
                         solve(Puzzle(after.fen(), goal="win", max_plies=1)).proven))
    return rows


def opposition_table() -> Table:
    """Who plays, the move, and whether the opponent then wins (proven)."""
    return Table(["quem joga", "lance", "o adversário vence logo em seguida?"],
                 [(side, move, "sim" if wins else "não") for side, move, wins in opposition_rows()], markup=True)


def _bodianski(path=TRAPS):
    return next(t for t in load_collection(path) if "Bodiánski" in t.title)


def flank_figure(path=TRAPS):
    """The flank: the trap of the Jogo de Bodiánski after 3. d2-e3?."""
    return board_figure(_bodianski(path).board(), title="Jogo de Bodiánski, depois de 3. d2-e3?: pretas jogam")


def flank_solution(path=TRAPS) -> Sentence:
    """What the solver proves in the flank's position, in a child's words: who wins what, in how many
    lances of the winner, and the line."""
    from damas.rules.notation import line_texts
    puzzle = _bodianski(path)
    proof = solve(puzzle)
    board = puzzle.board()
    side = "brancas" if board.turn == "W" else "pretas"
    mine = (len(proof.main_line) + 1) // 2
    return Sentence(f"As {side} ganham uma pedra à força, em {mine} lances das {side}: "
                    f"{' '.join(line_texts(board, proof.main_line))}. É o único lance que ganha: "
                    f"{board.move_text(proof.winning_moves[0])}.")


def traps_trainer(path=TRAPS):
    """The traps of the openings, one at a time on the trainer."""
    from damas.course.kit.practice import PuzzleTrainer
    return PuzzleTrainer(load_collection(path))


def games_replay(path=GAMES):
    """The annotated games, move by move with their comments."""
    from damas.course.kit.games import annotated_game
    from damas.rules.pdn import read_games
    return annotated_game(read_games(path))


def short_game():
    """The short game of the coach's example: Black falls into the last trap."""
    from damas.rules.game import Game
    game = Game("brazilian")
    for text in SHORT_GAME:
        game.push(game.board.parse_move(text))
    return game


def coach_review(depth: int = 6) -> Sentence:
    """The coach's review of :func:`short_game` for the student with Black."""
    return Sentence(review(short_game(), student="B", depth=depth).text())


def coach_game(level: int = 2):
    """A game against the computer with the coach's review at the end."""
    return CoachGame(level=level)


def _openings(path=OPENINGS) -> list:
    import csv
    import io
    from damas.errors import DamasError
    from damas.rules.textfiles import read_text_file
    return list(csv.DictReader(io.StringIO(read_text_file(path, DamasError))))



@checked(depth=whole_spec(1, 12))
def first_moves_table(path=OPENINGS, depth: int = 7) -> Table:
    """White's seven first moves with the computer's score (in men, for White, Brazilian form) and the
    openings of the table that start with each."""
    from damas.rules.board import Board
    start = Board("brazilian")
    openings = _openings(path)
    rows = []
    for move in start.legal_moves():
        after = start.copy()
        after.push(move)
        text = start.move_text(move)
        names = [a["nome_pt"] for a in openings if a["lances"].split()[1] == text]
        rows.append((text, signed_text(-analyse(after, depth=depth).score / 100), ", ".join(names) or "—"))
    return Table(["1.º lance", "nota do computador (em pedras, para as brancas)", "aberturas da tabela"], rows, markup=True)


@checked()
def openings_table(path=OPENINGS) -> Table:
    """The openings: name (and the course's translation), moves, idea and source."""
    import html
    return Table(["nome (e tradução do curso)", "lances", "a ideia", "fonte"],
                 [(f"<b>{html.escape(a['nome'])}</b><br>{html.escape(a['nome_pt'])}", html.escape(a["lances"]),
                   html.escape(a["ideia"]), f"<small>{html.escape(a['fonte'])}</small>") for a in _openings(path)], markup=True)


@checked()
def openings_gallery(path=OPENINGS):
    """Each opening's line played on the board, drawn small with its name."""
    from damas.rules.board import Board
    figures = []
    for opening in _openings(path):
        board = Board("brazilian")
        for text in opening["lances"].split():
            if not text[0].isdigit():
                board.push_text(text)
        figures.append(board_svg(board, size=220, title=opening["nome_pt"]))
    return side_by_side(*figures)


def games_sources(path=GAMES) -> Table:
    """Where the annotated games come from: players and result, the event, the source of the moves."""
    import html
    from damas.rules.pdn import read_games
    return Table(["partida", "torneio", "de onde vieram os lances"],
                 [(html.escape(f"{g.tags['White']} – {g.tags['Black']} ({g.result})"),
                   html.escape(f"{g.tags['Event']}, {g.tags['Site']}, {g.tags['Date']}"),
                   f"<small>{html.escape(g.tags['Source'])}</small>") for g in read_games(path)], markup=True)


def teacher_check() -> Sentence:
    """The quiz's answers checked by the rules."""
    from damas.course.kit.exercises import check_items
    return check_items(chapter_quiz("08"))
