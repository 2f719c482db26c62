"""What chapter 04 (notebooks/04_Lei_da_maioria.ipynb) says of its positions, proven by the rules;
and its first figure drawn as its sentence says: «A seta vermelha é proibida; a verde, obrigatória»
(issue 46 item 5: both arrows were red), read from the picture stored in the notebook."""

from __future__ import annotations

import colorsys
import re
from urllib.parse import unquote

import nbformat
import pytest

from damas import Board, explain
from damas.course.chapters import ch04_lei_da_maioria as ch
from damas.course.kit.oneliners import capture_sizes, move_texts
from damas.display.svg import diagram, _arrow_outline, _points
from damas.errors import DamasError
from damas.problems.checker import check
from damas.problems.solver import solve
from repo_paths import NOTEBOOKS

SENTENCE = "A seta vermelha é proibida; a verde, obrigatória."


def board(key):
    return Board(ch.POSITIONS[key])


# -- the arrows of the first figure, as stored --------------------------------------------------
def _stored_picture_after(sentence):
    """The SVG of the first picture stored after the Markdown cell holding ``sentence``."""
    cells = nbformat.read(NOTEBOOKS / "04_Lei_da_maioria.ipynb", as_version=4).cells
    start = next(i for i, c in enumerate(cells) if c.cell_type == "markdown" and sentence in " ".join(c.source.split()))
    for cell in cells[start + 1:]:
        for output in cell.get("outputs", []):
            html = output.get("data", {}).get("text/html", "")
            m = re.search(r'src="data:image/svg\+xml;charset=utf-8,([^"]+)"', html)
            if m:
                return unquote(m.group(1))
    raise AssertionError("no picture after the sentence")


def _arrow_colour(svg, b, squares, title):
    """The colour of the arrow drawn through ``squares`` (names) on board ``b`` under ``title`` in
    ``svg`` (the title moves the board down: the same title, the same place)."""
    path = tuple(b.variant.parse_square(s) for s in squares)
    d = diagram(b, arrows=[path], title=title)
    shaft, _ = _arrow_outline(d.arrows[0][0])
    m = re.search(r"<polyline points='" + re.escape(_points(shaft)) + r"' fill='none' stroke='(#[0-9a-f]{6})'", svg)
    assert m, f"no arrow through {squares} in the stored picture"
    return m.group(1)


def _hue(colour):
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, _l, s = colorsys.rgb_to_hls(r, g, b)
    return h * 360, s


def _is_red(colour):
    h, s = _hue(colour)
    return s > 0.4 and (h < 20 or h > 340)


def _is_green(colour):
    h, s = _hue(colour)
    return s > 0.4 and 90 < h < 160


def test_the_colour_check_tells_red_from_green():
    assert _is_red("#d1262b") and not _is_green("#d1262b")
    assert _is_green("#1b7f3b") and not _is_red("#1b7f3b")


def test_the_forbidden_arrow_is_red_and_the_compulsory_ones_green_in_the_stored_figure():
    svg = _stored_picture_after(SENTENCE)
    b = board("majority")
    title = re.search(r"<title>(.*?) — ", svg).group(1)
    assert _is_red(_arrow_colour(svg, b, ["d4", "b6"], title))       # the forbidden capture of 1
    for move in b.legal_moves():                                      # the compulsory captures of 2
        assert _is_green(_arrow_colour(svg, b, [b.variant.square_name(s) for s in move.path], title))


# -- the facts of the prose ---------------------------------------------------------------------
def test_the_majority_law_takes_two_not_one():
    b = board("majority")
    assert capture_sizes(b) == {"h2xb4": 2, "h2xa3": 2}        # «pode tomar duas», parando em b4 ou a3
    assert explain(b, "d4xb6").article == "4.13"
    assert {b.variant.square_name(s) for m in b.legal_moves() for s in m.captured} == {"f4", "c5"}


def test_a_king_counts_as_one_piece():
    b = board("no_priority")
    assert capture_sizes(b) == {"a3xa7": 2}
    assert explain(b, "e3xg5").article == "4.13"
    assert b.piece_at(b.variant.parse_square("f4")).king


def test_equal_counts_leave_the_choice_free():
    b = board("free_choice")
    assert len(b.legal_moves()) == 5 and set(capture_sizes(b).values()) == {2}
    ups = {b.variant.square_name(m.end) for m in b.legal_moves()}
    assert {"h8", "g7", "f6"} <= ups and {"f2", "g1"} <= ups


def test_the_longer_capture_passes_f8_and_stays_a_man():
    b = board("no_crown")
    (move,) = b.legal_moves()
    assert move_texts(b) == ["d6xh6"] and not move.promotes
    assert [b.variant.square_name(s) for s in move.path] == ["d6", "f8", "h6"]
    assert explain(b, "d6xb8").article == "4.13"


def test_the_golpe_turco_as_the_chapter_tells_it():
    b = board("turkish")
    b.push_text("f2-e3")
    assert capture_sizes(b) == {"d8xd6": 4}                     # «obrigada a tomar quatro, parando em d6»
    why = explain(b, "d8xa5xd2xf4xd6xa3")
    assert why.article == "4.11" and "b4" in why.message         # the man of b4, taken, closes the way
    assert explain(b, "d8xa5").article == "4.6"
    b.push_text("d8xd6")
    assert move_texts(b) == ["c5xe7"]                           # «a pedra branca de c5 toma a dama»
    b.push_text("c5xe7")
    assert b.count("B") == 0
    proof = solve(ch.Puzzle(ch.POSITIONS["turkish"], goal="win", max_plies=3, title="t"))
    assert proof.proven and [str(m) for m in proof.winning_moves] == ["27-23"]       # f2-e3, alone
    assert ch.turkish_proof() == ("Provado: as brancas ganham em 2 lances das brancas, e **f2-e3** é o "
                                  "único primeiro lance que ganha.")


def test_the_trainers_problem_is_won_in_two_moves_of_white():
    proof = solve(ch.PRACTICE)
    assert proof.proven and len(proof.main_line) == 3
    assert check(ch.PRACTICE, ["c3-b4"]).status == "partial"
    assert check(ch.PRACTICE, ["c3-d4"]).status != "partial"


def test_every_attempt_is_refused_and_every_scene_draws():
    for name in ch.ATTEMPTS:
        b, attempt = ch._attempt_board(name)
        assert not explain(b, attempt).legal
        assert ch.refusal(name).startswith(f"**{attempt}**")
    for name in ch.SCENES:
        assert "<img" in ch.figure(name)._repr_mimebundle_()["text/html"]
    with pytest.raises(DamasError):
        ch.figure("nada")
