"""The fact sentences of the chapters about the positions they show, read by the claims
checker (damas.problems.claims), as the comments of the collections are (issue 25).

A fact sentence is one that names a square or a move: in chapter 06 the sentences of the text
just above a problem are read against that problem's line; in chapter 10 a sentence that names a
numbered move of the model game (notebooks/data/partida_anotada.pdn) is read at that move, and a
sign it quotes («16. a1-b2?») must be the one the game file gives the move.  Sentences without a
square or a move define a word or a rule and state nothing about a position."""

import re

import nbformat
import pytest

from damas.problems.claim_facts import line_steps
from damas.problems.claims import Context, comment_problems, puzzle_context, read_comment
from damas.problems.puzzles import load_collection
from damas.rules.pdn import read_games
from repo_paths import REPO

NOTEBOOKS = REPO / "notebooks"
SQUARE = re.compile(r"(?<![\w-])[a-h][1-8](?![\w])")
NUMBERED = re.compile(r"\b(\d+)\.(\.\.)?\s*([a-h][1-8][-x][a-h][1-8](?:[-x][a-h][1-8])*)([!?]{0,2})")


def _sentences(text):
    return [s for s in re.split(r"(?<=[.!?;])\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ(«`*])", " ".join(text.split())) if s]


def _facts(text):
    text = re.sub(r"[*`]", "", text)
    return [s for s in _sentences(text) if SQUARE.search(s)]


def _chapter06_pairs(path):
    collections = {"curso": "golpes-do-curso.pdn", "partidas": "golpes-de-partidas.pdn",
                   "classicos": "classicos.pdn"}
    cells = nbformat.read(path, as_version=4).cells
    out = []
    for before, cell in zip(cells, cells[1:]):
        m = re.fullmatch(r"\s*(curso|partidas|classicos)\[(\d+)\]\s*", cell.source)
        if cell.cell_type == "code" and m and before.cell_type == "markdown":
            puzzle = load_collection(REPO / "puzzles" / collections[m.group(1)])[int(m.group(2))]
            out.append((puzzle, before.source.split("###")[-1]))
    return out


@pytest.mark.parametrize("name", ["06_Golpes_classicos.ipynb"])
def test_chapter_06_sentences_about_the_problem_shown(name):
    pairs = _chapter06_pairs(NOTEBOOKS / name)
    assert len(pairs) >= 10
    read = 0
    for puzzle, text in pairs:
        facts = " ".join(_facts(text))
        if not facts:
            continue
        ctx = puzzle_context(puzzle)
        claims, _ = read_comment(ctx, facts)
        read += len(claims)
        assert comment_problems(ctx, facts) == [], (puzzle.title, facts)
    assert read >= 2


def _game_context(game, ply):
    board = game.initial_board()
    return Context(board, line_steps(board, [node.move for node in game.line.nodes]), focus=ply)


def test_chapter_10_sentences_about_the_model_game():
    game, = read_games(NOTEBOOKS / "data" / "partida_anotada.pdn")
    board = game.initial_board()
    texts, marks = [], []
    for node in game.line.nodes:
        texts.append(board.move_text(node.move))
        marks.append(node.marks or "")
        board.push(node.move)
    cells = nbformat.read(NOTEBOOKS / "10_Anotacao_e_relogio.ipynb", as_version=4).cells
    seen = 0
    for cell in cells:
        if cell.cell_type != "markdown":
            continue
        for sentence in _sentences(re.sub(r"[*]", "", cell.source)):
            for number, black, move, mark in NUMBERED.findall(sentence.replace("`", "")):
                ply = 2 * (int(number) - 1) + (1 if black else 0)
                if ply >= len(texts) or texts[ply] != move:
                    continue          # a move of another example (chapter 10 also teaches the notation)
                seen += 1
                if mark:
                    assert marks[ply] == mark, (sentence, marks[ply])
                errors = comment_problems(_game_context(game, ply), sentence.replace("`", ""))
                assert errors == [], (sentence, errors)
    assert seen >= 3
