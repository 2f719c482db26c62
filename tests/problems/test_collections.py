"""The puzzle collections in puzzles/: counts, metadata, legality, and a
solver proof of every problem with its stored key move.

* golpes-do-curso.pdn: the course's own combinations on the Brazilian board
  (GameType 26), small positions found by the composer;
* golpes-de-partidas.pdn: combinations from games the engine played, each
  with its [Reached] line from the initial position;
* tomadas.pdn: capture drills ("qual é a tomada obrigatória?"), both games;
* internacional.pdn: classic lines in reconstructed positions and the
  course's own problems on the 100-square board (GameType 20).

What the comments may claim is tested in test_themes.py.
"""

from repo_paths import REPO
import re
from pathlib import Path

import pytest

from damas import Board
from damas.problems.compose import DRILL_THEMES, drill_themes, pattern_key
from damas.rules.pdn import read_games
from damas.problems.puzzles import GOALS, load_collection, Puzzle
from damas.problems.solver import solve
from damas.problems.checker import check

HERE = REPO / "puzzles"
GOLPES = HERE / "golpes-do-curso.pdn"
PARTIDAS = HERE / "golpes-de-partidas.pdn"
TOMADAS = HERE / "tomadas.pdn"
INTERNACIONAL = HERE / "internacional.pdn"

RULE = re.compile(r"regras? \d+\.\d+")


@pytest.fixture(scope="module")
def golpes():
    return load_collection(GOLPES)


@pytest.fixture(scope="module")
def partidas():
    return load_collection(PARTIDAS)


@pytest.fixture(scope="module")
def internacional():
    return load_collection(INTERNACIONAL)


@pytest.fixture(scope="module")
def tomadas():
    return read_games(TOMADAS)


def _tags(game):
    return {k.lower(): v for k, v in game.tags.items()}


# ---------------------------------------------------------------------------
# Shared checks of a proven collection
# ---------------------------------------------------------------------------
def _check_metadata(puzzles):
    for i, p in enumerate(puzzles, 1):
        where = f"problema {i} ({p.title!r})"
        assert p.title.strip(), where
        assert p.themes, where
        assert p.difficulty in (1, 2, 3, 4, 5), where
        assert p.goal in GOALS, where
        assert p.source.strip(), where
        assert len(p.comment) > 60, where
        assert RULE.search(p.comment), f"{where}: o comentário deve citar a regra"
        assert p.solution.strip(), where


def _check_positions(puzzles, per_side):
    fens = set()
    patterns = set()
    for i, p in enumerate(puzzles, 1):
        board = p.board()
        v = board.variant
        for color in "WB":
            assert 0 < board.count(color) <= per_side, (i, p.fen)
            for sq in board.men(color):
                assert v.square_to_rc(sq)[0] != v.promotion_row(color), (i, p.fen)
        assert board.legal_moves(), (i, p.fen)
        assert p.fen not in fens, f"posição repetida: problema {i}"
        fens.add(p.fen)
        key = pattern_key(board)
        assert key not in patterns, f"problema {i}: o mesmo desenho de peças de outro problema, deslocado"
        patterns.add(key)


def _check_proofs(puzzles):
    for i, p in enumerate(puzzles, 1):
        where = f"problema {i} ({p.title!r}, {p.fen})"
        moves = p.solution_moves()          # replays legally or raises
        assert len(moves) <= p.max_plies, where
        board = p.board()
        for m in moves:
            board.push(m)
        proof = solve(p)
        assert proof.proven, where
        assert proof.accepts(moves), f"{where}: a solução guardada não atinge o objetivo"
        key = moves[0]
        accepted = set(p.accepted_moves())
        assert key not in accepted, where
        assert set(proof.winning_moves) == {key} | accepted, (
            f"{where}: lances que resolvem {[str(m) for m in proof.winning_moves]}, "
            f"guardados {[str(key)] + [str(m) for m in accepted]}")
        # the checker agrees: the stored line is judged correct
        assert check(p, [m for j, m in enumerate(moves) if j % 2 == 0]).status == "correct", where


def _check_order(puzzles):
    levels = [p.difficulty for p in puzzles]
    assert levels == sorted(levels), "os problemas devem ir do mais fácil ao mais difícil"
    assert levels[0] <= 2 and levels[-1] >= 3


# ---------------------------------------------------------------------------
# The course's own golpes
# ---------------------------------------------------------------------------
def test_golpes_count_and_variant(golpes):
    # 24 and the four golpes turcos and golpes da bomba that left classicos.pdn (issue 43): the
    # course's searches found them, so they are the course's problems, not classics
    assert len(golpes) == 28
    assert {p.variant for p in golpes} == {"brazilian"}
    games = read_games(GOLPES)
    assert all(_tags(g)["gametype"].split(",")[0] == "26" for g in games)


def test_golpes_metadata(golpes):
    _check_metadata(golpes)


def test_golpes_titles_say_they_are_the_course_own(golpes):
    for n, p in enumerate(golpes, 1):
        assert p.title == f"Problema do curso {n} — tema: {p.theme}", p.title
        assert "próprio curso" in p.source and "não é um clássico" in p.source, p.title


def test_golpes_themes(golpes):
    themes = {t for p in golpes for t in p.themes}
    assert len(themes) >= 9
    required = {"golpe turco", "golpe da bomba", "dois por um", "três por um", "abertura de linha", "atração", "passagem à dama",
                "bloqueio", "captura da dama", "lei da maioria", "tomada para trás"}
    assert required <= themes, required - themes


def test_golpes_positions(golpes):
    _check_positions(golpes, 12)


def test_golpes_order(golpes):
    _check_order(golpes)


def test_golpes_comments_name_the_rule_of_their_theme(golpes):
    rule_of = {"golpe turco": "4.11", "lei da maioria": "4.13", "tomada para trás": "4.2", "bloqueio": "7.2",
               "envio à dama": "3.5", "passagem à dama": "3.5"}
    for p in golpes:
        rule = rule_of.get(p.theme)
        if rule:
            assert rule in p.comment, (p.title, rule)


def test_golpes_algebraic_notation():
    text = GOLPES.read_text(encoding="utf-8")
    moves = re.findall(r"\b\d+\.(?:\.\.)? ([a-h][1-8][-x][a-h][1-8])", text)
    assert len(moves) >= 24
    assert not re.search(r"\b\d+\. \d+[-x]\d+", text)


def test_golpes_proven(golpes):
    _check_proofs(golpes)


def test_golpes_said_to_exist_only_under_the_brazilian_rules(golpes):
    """Where the Rules tag says the golpe exists only under the Brazilian rules (the golpes turcos
    and golpes da bomba, which the majority law makes), the solver finds no such gain under the
    Russian rules with the key move."""
    said = 0
    for p, game in zip(golpes, read_games(GOLPES)):
        if "só existe nas regras brasileiras" not in game.tags.get("Rules", ""):
            continue
        said += 1
        russian = Puzzle(p.fen, "russian", goal=p.goal, n=p.n, max_plies=p.max_plies)
        assert p.solution_moves()[0] not in solve(russian).winning_moves, p.title
    assert said >= 4


# ---------------------------------------------------------------------------
# Golpes from play
# ---------------------------------------------------------------------------
def test_partidas_count_and_size(partidas):
    assert len(partidas) >= 20
    assert {p.variant for p in partidas} == {"brazilian"}
    big = [p for p in partidas if p.board().count("W") + p.board().count("B") >= 12]
    assert len(big) == len(partidas)
    assert sum(1 for p in partidas if p.board().count("W") + p.board().count("B") >= 16) > len(partidas) // 2


def test_partidas_replay_from_the_initial_position(partidas):
    from damas.problems.selfplay import replay
    for p in partidas:
        assert p.reached.startswith("1. "), p.title
        assert replay(p.reached).fen() == p.fen, p.title


GENERATOR = r"self_play seed=(\d+) opening_plies=(\d+) white=(\d) black=(\d); find_in_game"


def _generators():
    """The Generator tag of each self-play problem: how to replay the search (not shown to students)."""
    return [g.tags.get("Generator", "") for g in read_games(PARTIDAS)]


def test_partidas_say_where_they_come_from(partidas):
    for n, (p, generator) in enumerate(zip(partidas, _generators()), 1):
        assert p.title == f"Golpe de partida {n} — tema: {p.theme}", p.title
        assert "programa do curso" in p.source and "Não é partida de mestre" in p.source, p.title
        assert re.fullmatch(GENERATOR, generator), generator
        assert "depois do lance " + str(len(p.reached.split()) - len(re.findall(r"\d+\.", p.reached))) in p.source


def test_partidas_game_is_the_engine_game(partidas):
    """The [Reached] line is the start of the self-play game the Generator tag names."""
    from damas.problems.selfplay import self_play
    for p, generator in list(zip(partidas, _generators()))[:6]:
        seed, opening, white, black = map(int, re.fullmatch(GENERATOR, generator).groups())
        game = self_play(seed, white, black, opening_plies=opening)
        board = Board()
        texts = []
        for m in game:
            texts.append(board.move_text(m))
            board.push(m)
        plies = [t for t in p.reached.split() if not re.fullmatch(r"\d+\.", t)]
        assert texts[:len(plies)] == plies, p.title


def test_partidas_open_with_a_sacrifice(partidas):
    from damas.problems.themes import is_sacrifice
    for p in partidas:
        board = p.board()
        assert not board.has_captures()
        assert is_sacrifice(board, p.solution_moves()[0]), p.title
        assert p.goal == "material" and p.n >= 2


def test_partidas_metadata_order_and_proofs(partidas):
    _check_metadata(partidas)
    _check_positions(partidas, 12)
    _check_order(partidas)
    _check_proofs(partidas)


# ---------------------------------------------------------------------------
# Internacional
# ---------------------------------------------------------------------------
def test_internacional_count_and_variant(internacional):
    assert len(internacional) >= 10
    assert {p.variant for p in internacional} == {"international"}


def test_internacional_metadata(internacional):
    _check_metadata(internacional)
    for p in internacional:
        if "reconstru" in p.source.lower():
            assert p.title.endswith("(posição reconstruída)"), p.title
        else:
            assert "próprio curso" in p.source and p.title.startswith("Problema do curso 10x10"), p.title
    names = {p.theme for p in internacional}
    assert len(names) >= 10
    for classic in ("golpe Napoleão", "golpe real", "golpe Philippe", "golpe da bomba", "golpe normando",
                    "golpe do rosário", "golpe duplo-dois"):
        assert classic in names, classic
    for p in internacional:
        if "reconstru" in p.source:
            assert "posição reconstruída" in p.source.lower() or "posição reconstruída" in p.comment.lower()


def test_internacional_positions(internacional):
    _check_positions(internacional, 20)


def test_internacional_order(internacional):
    _check_order(internacional)


def test_internacional_proven(internacional):
    _check_proofs(internacional)


# ---------------------------------------------------------------------------
# Tomadas (capture drills)
# ---------------------------------------------------------------------------
def _answers(game):
    """The stored answers of a drill: the main line's move and every
    variation on it."""
    first = game.line.nodes[0]
    return [first.move] + [var.nodes[0].move for var in first.variations]


def test_tomadas_count_and_variants(tomadas):
    assert len(tomadas) >= 30
    variants = [g.variant.name for g in tomadas]
    assert variants.count("brazilian") >= 15 and variants.count("international") >= 10
    for g in tomadas:
        tags = _tags(g)
        assert tags["goal"] == "capture"
        for name in ("event", "theme", "difficulty", "source", "fen"):
            assert tags.get(name, "").strip(), (name, tags.get("event"))
        assert 1 <= int(tags["difficulty"]) <= 5
        assert RULE.search(" ".join(g.comments)), tags["event"]


def test_tomadas_answer_is_the_set_of_maximal_captures(tomadas):
    for g in tomadas:
        board = g.initial_board()
        legal = board.legal_moves()
        assert legal and all(m.is_capture for m in legal), g.tags["Event"]
        answers = _answers(g)
        assert len(answers) == len(set(answers))
        assert set(answers) == set(legal), g.tags["Event"]
        # maximal: the majority law leaves only the largest count (4.13)
        assert len({len(m.captured) for m in answers}) == 1


def test_tomadas_cover_the_capture_rules(tomadas):
    seen = set()
    for g in tomadas:
        found = drill_themes(g.initial_board())
        first = g.tags["Event"]
        assert found, first
        declared = [t.strip() for t in _tags(g)["theme"].split(";")]
        assert declared[0] == DRILL_THEMES[found[0]] or any(DRILL_THEMES[t] == declared[0] for t in found), first
        seen.update(found)
    required = {"pedra-para-tras", "dama-a-distancia", "casa-de-parada", "cadeia", "lei-da-maioria",
                "bloqueio-turco", "passa-pela-coroacao", "dois-caminhos", "nao-obvia"}
    assert required <= seen, required - seen


def test_tomadas_positions_distinct_and_ordered(tomadas):
    fens = [(g.variant.name, g.initial_board().fen()) for g in tomadas]
    assert len(set(fens)) == len(fens)
    levels = [int(_tags(g)["difficulty"]) for g in tomadas]
    assert levels == sorted(levels)


def test_tomadas_with_the_puzzle_checker(tomadas):
    """When damas.problems.puzzles knows the goal "capture", its checker must accept
    every stored answer and refuse a non-maximal capture."""
    if "capture" not in GOALS:
        pytest.skip("damas.problems.puzzles ainda não tem o objetivo 'capture' (pedido ao autor do módulo)")
    for g in tomadas:
        puzzle = Puzzle.from_pdn(g)
        for m in _answers(g):
            assert check(puzzle, [m]).status == "correct"


# ---------------------------------------------------------------------------
# Printable sheets
# ---------------------------------------------------------------------------
class _Sheet:
    """The worksheet protocol of damas.display.plot (board as an attribute)."""

    def __init__(self, puzzle):
        self.board = puzzle.board()
        self.title = puzzle.title
        self.goal = puzzle.task()
        self.solution = puzzle.solution


@pytest.mark.slow
def test_worksheet_pdf(golpes, tmp_path):
    pytest.importorskip("matplotlib")
    from damas.display.plot import worksheet
    path = tmp_path / "ficha.pdf"
    pages = worksheet([_Sheet(p) for p in golpes[:12]], path, title="Golpes do curso")
    assert pages >= 3
    assert path.read_bytes().startswith(b"%PDF")
