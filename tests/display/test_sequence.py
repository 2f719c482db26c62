"""A line of play as one SVG picture (damas.display.sequence): frames, captions, moves, determinism,
and the safe <img> an untrusted notebook shows."""

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from urllib.parse import unquote

import pytest

import damas
from damas import DamasError
from damas.display.output import picture_bundle
from damas.display.sequence import sequence_frames, sequence_svg
from repo_paths import REPO

NS = "{http://www.w3.org/2000/svg}"
TURCO = "W:W6,14,15,17,27:BK2"


def frames_of(svg):
    """(caption, board <svg> element, its x, its y) of each frame, in order."""
    root = ET.fromstring(svg)
    out = []
    for group in root.findall(f"{NS}g"):
        assert group.get("class") == "frame"
        caption = group.find(f"{NS}text")
        board = group.find(f"{NS}svg")
        out.append((caption.text, board, float(board.get("x")), float(board.get("y"))))
    return out


def test_the_captions_are_numbered_as_on_the_score_sheet():
    board = damas.Board()
    before = board.fen()
    svg = sequence_svg(board, ["c3-d4", "f6-e5", "d4xf6", "g7xe5"])
    assert board.fen() == before and board.move_stack == []
    captions = [c for c, *_ in frames_of(svg)]
    assert captions == ["Posição inicial", "1. c3-d4", "1... f6-e5", "2. d4xf6", "2... g7xe5"]
    # The picture's title lists them (a screen reader, the notebook's text/plain).
    assert ET.fromstring(svg).find(f"{NS}title").text == " · ".join(captions)
    turco = damas.Board(TURCO)
    assert [c for c, *_ in frames_of(sequence_svg(turco, ["f2-e3", "d8xd6", "c5xe7"]))] == [
        "Posição do problema", "1. f2-e3", "1... d8xd6", "2. c5xe7"]
    game = damas.Board()
    for move in ["c3-d4", "f6-e5", "d4xf6"]:
        game.push_text(move)
    assert [c for c, *_ in frames_of(sequence_svg(game, ["g7xe5", "b2-c3"]))] == [
        "Antes do lance 2", "2... g7xe5", "3. b2-c3"]
    assert [c for c, *_ in frames_of(sequence_svg(game, ["g7xe5"], first_number=19,
                                                  start_caption="Depois do golpe"))] == [
        "Depois do golpe", "19... g7xe5"]


def test_each_frame_draws_its_position_and_the_move_that_led_to_it():
    turco = damas.Board(TURCO)
    line = ["f2-e3", "d8xd6", "c5xe7"]
    frames = frames_of(sequence_svg(turco, line))
    assert len(frames) == len(line) + 1
    work = turco.copy()
    # The first frame: the position, no arrow.
    assert frames[0][1].find(f"{NS}title").text == work.fen()
    assert not [g for g in frames[0][1].iter(f"{NS}g") if "arrow" in g.get("class", "")]
    for text, (_caption, board, _x, _y) in zip(line, frames[1:]):
        move = work.parse_move(text)
        captured = len(move.captured)
        work.push(move)
        assert board.find(f"{NS}title").text == work.fen()
        arrows = [g for g in board.iter(f"{NS}g") if "arrow" in g.get("class", "").split()]
        assert [a.get("data-path") for a in arrows] == ["-".join(map(str, move.path))]
        crosses = [g for g in board.iter(f"{NS}g") if g.get("class") == "cross"]
        assert len(crosses) == captured
    # Without arrows: the squares of the move are still coloured, no arrow drawn.
    plain = frames_of(sequence_svg(turco, line, arrows=False))
    assert all(not [g for g in b.iter(f"{NS}g") if "arrow" in g.get("class", "")] for _c, b, _x, _y in plain)


def test_per_row_frames_a_row_and_the_picture_holds_them_all():
    board = damas.Board()
    svg = sequence_svg(board, ["c3-d4", "f6-e5", "d4xf6", "g7xe5"], per_row=3, size=200)
    frames = frames_of(svg)
    rows = sorted({y for *_r, y in frames})
    assert len(rows) == 2 and [y for *_r, y in frames].count(rows[0]) == 3
    root = ET.fromstring(svg)
    width, height = float(root.get("width")), float(root.get("height"))
    for _c, b, x, y in frames:
        assert float(b.get("width")) == 200
        assert 0 <= x and x + 200 <= width and y + float(b.get("height")) <= height
    with pytest.raises(DamasError, match="per_row"):
        sequence_svg(board, [], per_row=0)
    with pytest.raises(DamasError, match="Tamanho"):
        sequence_svg(board, [], size=-1)
    with pytest.raises(DamasError):
        sequence_svg(board, ["c3-c4"])          # not a move: the board's own error


def test_the_picture_is_the_same_in_every_run():
    code = ("from damas import Board\nfrom damas.display.sequence import sequence_svg\n"
            f"print(sequence_svg(Board({TURCO!r}), ['f2-e3', 'd8xd6', 'c5xe7']))")
    runs = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(REPO))
        runs.add(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                check=True).stdout)
    assert len(runs) == 1
    assert runs.pop().strip() == sequence_svg(damas.Board(TURCO), ["f2-e3", "d8xd6", "c5xe7"])
    assert " id=" not in sequence_svg(damas.Board(TURCO), ["f2-e3"])


def test_an_untrusted_notebook_shows_it_as_an_img_of_the_same_picture():
    svg = sequence_svg(damas.Board(TURCO), ["f2-e3", "d8xd6"])
    bundle = svg._repr_mimebundle_()
    assert bundle == picture_bundle(svg) and "image/svg+xml" not in bundle
    html = bundle["text/html"]
    assert html.startswith('<img class="damas-picture" alt="Posição do problema · 1. f2-e3 · 1... d8xd6"')
    uri = html.split('src="', 1)[1].rsplit('"', 1)[0]
    assert uri.startswith("data:image/svg+xml;charset=utf-8,")
    drawn = ET.fromstring(unquote(uri.split(",", 1)[1]))    # the browser decodes a well-formed SVG
    captions = [t.text for t in drawn.iter(f"{NS}text") if t.get("font-weight") == "bold"]
    assert captions == ["Posição do problema", "1. f2-e3", "1... d8xd6"]
    assert len(drawn.findall(f"{NS}g/{NS}svg")) == 3


def test_the_frames_are_those_the_printed_figure_draws():
    board = damas.Board()
    frames = sequence_frames(board, ["c3-d4", "f6-e5"], start=False)
    assert [f.caption for f in frames] == ["1. c3-d4", "1... f6-e5"]
    assert [f.move for f in frames] == [m for m in frames[-1].board.move_stack]
