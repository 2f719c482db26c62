"""puzzles/classicos.pdn: combinations documented outside the project, each with
its source, proven under the Brazilian rules by the solver."""

from repo_paths import REPO
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from damas import Board
from damas.rules.pdn import read_games
from damas.problems.puzzles import load_collection
from damas.problems.solver import solve
from damas.problems.checker import check
from damas.problems.puzzles import Puzzle
from damas.problems.themes import line_facts, themes_of

ROOT = REPO
PATH = ROOT / "puzzles" / "classicos.pdn"
PUZZLES = load_collection(PATH)
GAMES = read_games(PATH)
# Issue 26: at least 40 documented combinations, at least 25 of them from master games
# with the moves that reach them from the initial position.
MIN_CLASSICS = 40
MIN_FROM_MASTER_GAMES = 25
# Issue 26, item 3: the themes the classics must show, each at least twice (by the
# project's classifier, damas.problems.themes, read off the stored solution line).
THEMES_REQUIRED = ["dois por um", "três por um", "golpe de calcanhar", "abertura de linha", "atração",
                   "envio à dama", "passagem à dama", "captura da dama", "bloqueio", "lei da maioria"]
# Thin in the master games searched (scripts/scan_master_games.py, its four passes): no
# position of the 536 games gives a forced golpe turco (36 positions have its shape, none is
# proven), and one gives a golpe da bomba (Kogan x Kaplan, 1950, under the Brazilian rules only).
# A later search outside the games (issue 26, session i26c) found no cited 64-square example
# either: the pages found on the Turkish strike (турецкий удар: glossaries, rule pages, a copy of
# the Russian Wikipedia article that points to the examples of section 1.6.3 of the Russian code)
# give no position in their text, and no other public PDN of Russian or Brazilian master games
# was found to scan. The golpe da bomba needs the majority law (4.13), which the Russian rules
# lack: a Russian game or problem cannot show one under its own rules; no Brazilian source with
# a position and an author was found. No position is added without a source.
MASTER_GAMES_SCANNED = 182 + 56 + 298
THEMES_MISSING = ["golpe turco", "golpe da bomba"]
OTHER_COLLECTIONS = ["golpes-do-curso.pdn", "golpes-de-partidas.pdn", "tomadas.pdn", "armadilhas.pdn",
                     "internacional.pdn"]
PEER_PYTHON = os.environ.get("DAMAS_PYDRAUGHTS_PYTHON", "/opt/peers/pydraughts/bin/python")


def test_collection_size_and_titles():
    assert len(PUZZLES) >= MIN_CLASSICS
    titles = [p.title for p in PUZZLES]
    assert len(set(titles)) == len(titles)
    assert len({p.fen for p in PUZZLES}) == len(PUZZLES)
    for p in PUZZLES:
        assert p.variant == "brazilian"


@pytest.mark.parametrize("index", range(len(PUZZLES)), ids=[p.title for p in PUZZLES])
def test_source_has_a_year_and_an_address(index):
    puzzle, game = PUZZLES[index], GAMES[index]
    years = [int(y) for y in re.findall(r"\b(1[5-9]\d\d|20\d\d)\b", puzzle.source)]
    assert years, f"{puzzle.title}: a etiqueta Source precisa de um ano"
    # a web page read is named by its address
    assert re.match(r"https?://", game.tags.get("Url", ""))
    # what changes under the source's rules is said
    assert game.tags.get("Rules", "").strip()
    # a line found by the solver, or a position set up by the project, says so
    if "solucionador" not in puzzle.source:
        assert "lances do livro" in puzzle.source.lower() or "mesma linha" in puzzle.source


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(PUZZLES)), ids=[p.title for p in PUZZLES])
def test_every_classic_is_proven_with_its_key(index):
    puzzle = PUZZLES[index]
    proof = solve(puzzle)
    assert proof.proven, f"{puzzle.title}: o solucionador não prova o problema"
    board = puzzle.board()
    keys = {board.move_text(m) for m in proof.winning_moves}
    expected = {board.move_text(puzzle.solution_moves()[0])} | set(puzzle.alternatives)
    assert keys == expected
    # the stored line is legal, reaches the goal and the checker accepts it
    assert check(puzzle, puzzle.solution.split()).status == "correct"


def test_reached_positions_replay_from_the_start():
    reached = [(p, g) for p, g in zip(PUZZLES, GAMES) if "Reached" in g.tags]
    assert reached
    for puzzle, game in reached:
        board = Board()
        for token in re.sub(r"\d+\.(\.\.)?", " ", game.tags["Reached"]).split():
            board.push_text(token)
        assert board.fen() == puzzle.fen


def test_comments_are_written_and_cite_rules():
    for p in PUZZLES:
        # a sentence ends with a full stop before a capital letter ("6... g5-h4" is a move)
        sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý])", p.comment) if s.strip()]
        assert 2 <= len(sentences) <= 5, p.title
        assert re.search(r"regras? \d", p.comment), p.title
        # the idiom is "dois por um" / "três por um", never "um por dois"
        assert "um por dois" not in p.comment.lower()


# ---------------------------------------------------------------------------
# Issue 26: the master games, the themes, the two rules, an independent replay
# ---------------------------------------------------------------------------
def _from_master_game(puzzle, game):
    """A problem from a master game: its source is the game (players first), with the moves
    that reach it and the year of the game in a Year tag."""
    return (puzzle.source.startswith("Partida ") and bool(game.tags.get("Reached", "").strip())
            and bool(re.fullmatch(r"1[5-9]\d\d|20\d\d", game.tags.get("Year", ""))))


def test_enough_combinations_from_master_games():
    master = [p for p, g in zip(PUZZLES, GAMES) if _from_master_game(p, g)]
    assert len(master) >= MIN_FROM_MASTER_GAMES
    for p, g in zip(PUZZLES, GAMES):
        if _from_master_game(p, g):
            # players, event and year, and the move number in the title or the source
            assert " x " in p.title and re.search(r"lance \d+", p.title + p.source), p.title
            assert g.tags.get("Year", "") and g.tags["Year"] in p.source, p.title


def test_played_or_available_and_missed_is_said_and_true():
    """A combination from a game says whether it was played: «X jogou K na partida» names the
    key move; «Disponível e não jogado: na partida, X jogou Y» names another legal move."""
    checked = 0
    for p, g in zip(PUZZLES, GAMES):
        if not (_from_master_game(p, g) and "campeonato da URSS" in p.source and "(arquivo" in p.source):
            continue
        board = p.board()
        key = board.move_text(p.solution_moves()[0])
        missed = re.search(r"Disponível e não jogado: na partida, [^,]+ jogou ([a-h][1-8][-x][a-h][1-8])", p.source)
        if missed:
            played = board.parse_move(missed.group(1))      # legal, or raises
            assert board.move_text(played) != key, p.title
            assert p.title.endswith("(não jogado)") and p.comment.startswith("Disponível e não jogado"), p.title
        else:
            assert f" jogou {key} na partida" in p.source, p.title
            assert "não jogado" not in p.title, p.title
        checked += 1
    assert checked >= MIN_FROM_MASTER_GAMES


# "Golpe de b2: o esquema" (a classic since issue 9) is also the course's problem 4 of
# golpes-do-curso.pdn; the rule (no classic among the course's own problems) is for
# the lead to settle, since neither collection's existing problems are edited here.
KNOWN_SHARED = set()        # the b2 three-for-one is only a classic now (issue 25, item 5)


def _shared_positions():
    fens = {p.fen for p in PUZZLES}
    return {g.initial_board().fen() for name in OTHER_COLLECTIONS for g in read_games(ROOT / "puzzles" / name)} & fens


def test_master_game_problems_are_in_the_scan_output():
    """Each combination from the two championships is a row of the golpe finder's output
    (scripts/scan_master_games.py, cached in scripts/data/master_golpes.jsonl): same position,
    same key move, and the same verdict, played or available and missed."""
    rows = [json.loads(line) for name in ("master_golpes.jsonl", "master_golpes_bomba.jsonl")
            for line in (ROOT / "scripts" / "data" / name).read_text(encoding="utf-8").splitlines()]
    # the same position, even by the same moves, can come from several games
    positions = [r for r in rows if r.get("kind") != "game"]
    games = [r for r in rows if r.get("kind") == "game"]
    # every game of every source, in both passes: 182 of the 1924 and 1950 championships, 56 of
    # N. Abatsiev (USSR, 1965-1993) and 298 of the Czech championships of česká dama
    assert len(games) == 2 * MASTER_GAMES_SCANNED
    assert len({(r["source"], r["index"]) for r in games}) == MASTER_GAMES_SCANNED
    found = 0
    for p, g in zip(PUZZLES, GAMES):
        if not (_from_master_game(p, g) and "campeonato da URSS" in p.source and "(arquivo" in p.source):
            continue
        row, = [r for r in positions if r["fen"] == p.fen and r["reached"] == g.tags["Reached"]
                and f"({r['white']}) x " in p.source and f"({r['black']})," in p.source]
        assert row["key"] == p.board().move_text(p.solution_moves()[0]), p.title
        assert (row["status"] == "jogado") == ("não jogado" not in p.title), p.title
        found += 1
    assert found >= MIN_FROM_MASTER_GAMES


def test_every_pass_of_the_scan_covered_every_game():
    """The four passes of scripts/scan_master_games.py (screened, wide, bomba, turco) each
    examined the same games, all of them; what THEMES_MISSING says rests on that."""
    covered = []
    for name in ("master_golpes.jsonl", "master_golpes_wide.jsonl", "master_golpes_bomba.jsonl",
                 "master_golpes_turco.jsonl"):
        rows = [json.loads(line) for line in (ROOT / "scripts" / "data" / name).read_text(encoding="utf-8").splitlines()]
        covered.append({(r["source"], r["index"]) for r in rows if r.get("kind") == "game"})
    assert all(c == covered[0] for c in covered)
    assert len(covered[0]) == MASTER_GAMES_SCANNED


def test_no_new_position_is_also_in_another_collection():
    assert _shared_positions() <= KNOWN_SHARED


def test_no_position_is_also_in_another_collection():
    assert not _shared_positions()


def _theme_counts():
    counts = {}
    for p in PUZZLES:
        for theme in themes_of(line_facts(p.board(), p.solution_moves())):
            counts[theme] = counts.get(theme, 0) + 1
    return counts


@pytest.mark.parametrize("theme", THEMES_REQUIRED)
def test_each_theme_has_two_documented_examples(theme):
    assert _theme_counts().get(theme, 0) >= 2, theme


@pytest.mark.xfail(strict=True, reason="issue 26: as 536 partidas de mestres examinadas não deram golpe turco e deram "
                                       "um só golpe da bomba; falta uma segunda fonte documentada")
@pytest.mark.parametrize("theme", THEMES_MISSING)
def test_missing_themes_still_missing(theme):
    assert _theme_counts().get(theme, 0) >= 2, theme


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(PUZZLES)), ids=[p.title for p in PUZZLES])
def test_games_of_russian_draughts_hold_under_both_rules(index):
    """Where the Rules tag says the line holds under the Russian rules too (no majority law,
    a man crowned in the middle of a capture goes on), the solver proves it there: the same
    goal within the same number of plies, with the same key move."""
    puzzle, game = PUZZLES[index], GAMES[index]
    rules = game.tags.get("Rules", "")
    if not re.search(r"vale nas duas regras|Nas damas russas a linha é a mesma", rules):
        pytest.skip("o problema não afirma valer nas damas russas")
    russian = Puzzle(puzzle.fen, "russian", goal=puzzle.goal, n=puzzle.n, max_plies=puzzle.max_plies)
    proof = solve(russian)
    assert proof.proven, puzzle.title
    assert puzzle.solution_moves()[0] in proof.winning_moves, puzzle.title


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(PUZZLES)), ids=[p.title for p in PUZZLES])
def test_combinations_said_to_exist_only_under_the_brazilian_rules(index):
    """Where the Rules tag says the combination exists only under the Brazilian rules, the
    solver finds no such gain under the Russian rules with the key move."""
    puzzle, game = PUZZLES[index], GAMES[index]
    if "só existe nas regras brasileiras" not in game.tags.get("Rules", ""):
        pytest.skip("o problema não afirma isso")
    russian = Puzzle(puzzle.fen, "russian", goal=puzzle.goal, n=puzzle.n, max_plies=puzzle.max_plies)
    proof = solve(russian)
    assert puzzle.solution_moves()[0] not in proof.winning_moves, puzzle.title


PEER_SCRIPT = r'''
import json, sys
from draughts import Board, Move
out = []
for reached, line in json.load(open(sys.argv[1])):
    board = Board("brazilian")
    for text in reached:
        board.push(Move(board, pdn_move=text))
    start = board.fen
    for text in line:
        board.push(Move(board, pdn_move=text))
    out.append([start, board.fen])
print(json.dumps(out))
'''


def _placement(fen_text):
    """The pieces of a pydraughts FEN with algebraic squares: {(square, color, king)}."""
    pieces = set()
    for part in fen_text.split(":")[1:]:
        color, squares = part[0], part[1:]
        for sq in filter(None, squares.split(",")):
            pieces.add((sq.lstrip("K"), color, sq.startswith("K")))
    return pieces


def _damas_placement(board):
    v = board.variant
    return {(v.square_name(s), board.piece_at(s).color, board.piece_at(s).king)
            for s in range(1, v.squares + 1) if board.piece_at(s)}


@pytest.mark.slow
def test_pydraughts_replays_reached_lines_and_solutions(tmp_path):
    """An independent implementation (pydraughts, Brazilian variant) replays every Reached line
    from the initial position and then the stored solution, and reaches the same positions."""
    if not (os.path.exists(PEER_PYTHON)
            and subprocess.run([PEER_PYTHON, "-c", "import draughts"], capture_output=True).returncode == 0):
        message = f"pydraughts not found at {PEER_PYTHON} (see tests/rules/test_pdn_pydraughts.py)"
        if os.environ.get("DAMAS_REQUIRE_PEERS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    cases, boards = [], []
    for p, g in zip(PUZZLES, GAMES):
        if not g.tags.get("Reached"):
            continue
        board = Board()
        reached = []
        for token in re.sub(r"\d+\.(\.\.)?", " ", g.tags["Reached"]).split():
            move = board.parse_move(token)
            reached.append(board.move_text(move))
            board.push(move)
        start = board.copy()
        line = []
        for move in p.solution_moves():
            line.append(board.move_text(move))
            board.push(move)
        cases.append([reached, line])
        boards.append((p.title, start, board))
    data = tmp_path / "cases.json"
    data.write_text(json.dumps(cases))
    script = tmp_path / "peer.py"
    script.write_text(PEER_SCRIPT)
    done = subprocess.run([PEER_PYTHON, str(script), str(data)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert len(seen) == len(boards) >= MIN_FROM_MASTER_GAMES
    for (title, start, end), (peer_start, peer_end) in zip(boards, seen):
        assert _placement(peer_start) == _damas_placement(start), title
        assert _placement(peer_end) == _damas_placement(end), title
