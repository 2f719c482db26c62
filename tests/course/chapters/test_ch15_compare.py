"""damas.course.chapters.ch15_outras_damas: the same position under the three 8x8 rule sets."""

import pytest

from damas import Board
from damas.course.chapters.ch15_outras_damas import compare
from damas.errors import DamasError


@pytest.mark.parametrize("example", compare.EXAMPLES, ids=lambda e: e.key)
def test_each_game_allows_what_the_chapter_says(example):
    for game in compare.GAMES:
        assert compare.legal_texts(example, game) == sorted(example.expected[game]), (example.key, game)


def test_the_examples_show_real_differences():
    # Each example separates at least two of the games (else it teaches nothing).
    for example in compare.EXAMPLES:
        assert len({tuple(compare.legal_texts(example, g)) for g in ("brazilian", "russian")}) > 1 \
            or compare.legal_texts(example, "portuguese") != compare.legal_texts(example, "brazilian")


def test_mirrored_keeps_the_pieces_and_flips_the_files():
    board = Board("W:Wa3,g3:Bb4,Kf6", variant="brazilian")
    out = compare.mirrored(board)
    names = {out.variant.square_name(s): p for s, p in out.pieces().items()}
    assert set(names) == {"h3", "b3", "g4", "c6"}
    assert names["c6"].king and not names["h3"].king
    assert out.turn == board.turn and out.variant.name == "portuguese"


def test_mirrored_twice_is_the_same_position():
    board = Board("B:Wc3,Ke5:Bd6,h8", variant="brazilian")
    back = compare.mirrored(compare.mirrored(board), "brazilian")
    assert back.fen() == board.fen()


def test_comparison_is_a_picture_for_each_game_and_a_table():
    html = compare.comparison("qualidade")
    assert html.count('<img class="damas-picture"') == 3
    for game in compare.GAMES:
        assert compare.NAMES[game] in html
    assert "14x23" in html and "d4xb6, d4xf6" in html


def test_unknown_names_are_refused_in_portuguese():
    with pytest.raises(DamasError, match="Exemplo desconhecido"):
        compare.comparison("nada")
    with pytest.raises(DamasError, match="Jogo desconhecido"):
        compare.legal_texts(compare.EXAMPLES[0], "xadrez")
