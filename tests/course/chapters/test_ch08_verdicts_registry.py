"""Issue 25, item 3: every verdict chapter 08 prints («o lance X vale cerca de N pedras a menos
que Y») is in damas.course.chapters.ch08_como_jogar.verdicts.VERDICTS, its position is the game's, and it survives a search
4 plies deeper and a 10 s timed search."""

import json
import re

import pytest

from damas import Board, Game
from damas.course.kit.coach import EVEN, review
from damas.engine.search import analyse
from damas.course.kit.coach import move_notes
from damas.course.chapters.ch08_como_jogar.verdicts import VERDICTS, confirm, survives
from damas.rules.pdn import read_games
from repo_paths import REPO

# The timed searches on the CPU clock (tests/course/conftest.py): a loaded machine gives them
# the same time.
pytestmark = pytest.mark.usefixtures("cpu_clock")

GAMES = {g.tags["White"].split(" (")[0]: g for g in read_games(REPO / "notebooks" / "data" / "partidas.pdn")}
SENTENCE = re.compile(r"O lance (\S+) vale cerca de (\d+) pedras? a menos que (\S+), para o computador do curso\.")


def _printed(chapter):
    cells = json.loads((REPO / "notebooks").glob(f"{chapter}_*.ipynb").__next__().read_text(encoding="utf-8"))["cells"]
    out = []
    for cell in cells:
        for o in cell.get("outputs", []):
            out += SENTENCE.findall("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/markdown", "")))
    return out


@pytest.mark.parametrize("key", sorted(VERDICTS))
def test_the_registered_position_is_the_games(key):
    v = VERDICTS[key]
    if v["source"] is None:             # the coach's review of a short game: the moves before the verdict
        board = Board("brazilian")
        for text in v["moves"].split()[:v["moves"].split().index(v["played"])]:
            board.push_text(text)
    else:
        white, ply = v["source"]
        board = GAMES[white].initial_board()
        for move in GAMES[white].mainline[:ply]:
            board.push(move)
    assert board.fen() == v["fen"]


def test_every_printed_verdict_of_chapter_08_is_registered():
    printed = _printed("08")
    registered = {(v["played"], str(v["men"]), v["recommended"]) for v in VERDICTS.values() if v["chapter"] == "08"}
    assert printed and set(printed) <= registered, (printed, registered)
    assert len(printed) == len(registered)


@pytest.mark.parametrize("key", sorted(VERDICTS))
def test_the_registered_sentence_is_the_coachs_at_its_depth(key):
    v = VERDICTS[key]
    note, = move_notes(Board(v["fen"]), [v["played"]], depth=v["depth"])
    assert note.best_text == v["recommended"]
    assert SENTENCE.findall(note.describe()) == [(v["played"], str(v["men"]), v["recommended"])]


def test_the_coachs_turning_point_in_chapter_08_is_registered():
    said = ["".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/markdown", ""))
            for c in json.loads((REPO / "notebooks" / "08_Como_jogar.ipynb").read_text(encoding="utf-8"))["cells"]
            for o in c.get("outputs", [])]
    printed = "".join(t for t in said if "partida escapou" in t)
    v = VERDICTS["revisao"]
    game = Game("brazilian")
    for text in v["moves"].split():
        game.push(game.board.parse_move(text))
    text = review(game, student="B", depth=v["depth"]).text()
    assert printed.strip() == text
    men = "1 pedra" if v["men"] == 1 else f"{v['men']} pedras"
    assert f"{v['played']}. Antes dele, a partida estava equilibrada; depois dele, você estava atrás (cerca de {men} a menos). " \
           f"Melhor era {v['recommended']}." in text


@pytest.mark.slow
@pytest.mark.parametrize("kw", [{"depth": VERDICTS["revisao"]["depth"] + 4}, {"seconds": 10.0}])
def test_the_position_before_the_turning_point_stays_level(kw):
    # «Antes dele, a partida estava equilibrada», 4 plies deeper and on the clock
    assert abs(analyse(Board(VERDICTS["revisao"]["fen"]), **kw).score) < EVEN


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(VERDICTS))
def test_the_verdict_survives_a_deeper_and_a_timed_search(key):
    v = VERDICTS[key]
    found = confirm(Board(v["fen"]), v)
    assert survives(found, v), found
