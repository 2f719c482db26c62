"""What chapter 03 (notebooks/03_Tomada.ipynb) says of its positions, proven by the rules.

The chapter's cells are one call each into damas/course/chapters/ch03_tomada.py; the facts its
prose states about those positions (which captures, how many pieces, which refusal and its
article) are checked here once."""

from __future__ import annotations

import pytest

from damas import Board, explain
from damas.course.chapters import ch03_tomada as ch
from damas.course.kit.oneliners import move_texts
from damas.errors import DamasError


def board(key):
    return Board(ch.POSITIONS[key])


def names(b, squares):
    return [b.variant.square_name(s) for s in squares]


def test_capture_is_compulsory_and_there_is_no_sopro():
    b = board("must_capture")
    assert move_texts(b) == ["c3xe5"]                       # «tem de tomar: salta d4 e para em e5»
    why = explain(b, "g3-h4")
    assert why.article == "4.1" and "Não existe sopro" in why.message and "5.4.06" in why.message
    assert ch.refusal("no_capture").startswith("**g3-h4**: A tomada é obrigatória")


def test_a_man_captures_forward_and_backward():
    assert move_texts(board("both_ways")) == ["d4xb6", "d4xf2"]


def test_the_king_captures_from_afar_and_stops_on_any_empty_square_behind():
    b = board("far_king")
    assert sorted(names(b, [m.end for m in b.legal_moves()])) == ["e5", "f6", "g7", "h8"]
    assert all(names(b, m.captured) == ["d4"] for m in b.legal_moves())
    assert ch.SCENES["far_king"][2] == ("e5", "f6", "g7", "h8")        # the yellow squares


def test_the_chain_takes_three_the_last_backward_and_cannot_stop_half_way():
    b = board("chain")
    (move,) = b.legal_moves()
    assert names(b, move.path) == ["c3", "e5", "c7", "a5"] and names(b, move.captured) == ["d4", "d6", "b6"]
    assert explain(b, "c3xe5").article == "4.5"


def test_the_fine_points_of_para_saber_mais():
    b = board("together")
    assert move_texts(b) == ["c3-b4"] and explain(b, "c3xf6").article == "4.2"
    b = board("choose_square")
    (move,) = b.legal_moves()
    assert names(b, move.path) == ["a1", "e5", "b8"] and len(move.captured) == 2
    assert explain(b, "a1xf6").article == "4.6" and "regra 4.13" in explain(b, "a1xf6").message
    b = board("king_tour")
    assert len(b.legal_moves()) == 1 and len(b.legal_moves()[0].captured) == 5
    assert explain(board("own_man_king"), "a1xg7").article == "4.7"
    assert explain(board("own_man"), "c3xe5").article == "4.7"
    b = board("round_trip")
    (move,) = b.legal_moves()
    assert move.start == move.end and len(move.captured) == 4 and move_texts(b) == ["c3xc3"]
    assert explain(board("far_king"), "a1xe5xa1").article == "4.8"


def test_every_attempt_shown_is_refused_and_every_scene_draws():
    for name, (key, attempt) in ch.ATTEMPTS.items():
        assert not explain(board(key), attempt).legal, name
        assert ch.refusal(name).startswith(f"**{attempt}**")
    for name in ch.SCENES:
        assert "<img" in ch.figure(name)._repr_mimebundle_()["text/html"]
    assert ch.capture_path("king_tour").startswith("g7xa5: passa por g7")


def test_an_unknown_name_is_refused_in_portuguese():
    with pytest.raises(DamasError):
        ch.figure("nada")
    with pytest.raises(DamasError):
        ch.refusal("nada")
