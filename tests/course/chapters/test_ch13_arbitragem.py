"""Chapter 13 (damas/course/chapters/ch13_arbitragem.py): the facts the chapter states, proven by the
rules; the draw limits it tables, confirmed by playing each final until the rules declare the draw."""

from __future__ import annotations

import json
import re

import pytest

from damas import Board, Game, explain
from damas.course.chapters import ch13_arbitragem as ch13
from damas.course.kit.demos import kings_in_rings
from repo_paths import NOTEBOOKS


def test_the_set_up_position_lacks_only_the_man_on_g1():
    right, set_up = Board(), Board(ch13.SET_UP)
    assert right.fen() == "W:W21-32:B1-12"
    wrong = [right.variant.square_name(s) for s in right.variant.square_range
             if set_up.piece_at(s) != right.piece_at(s)]
    assert wrong == ["g1"]


def test_a_quarter_turn_puts_every_dark_square_on_a_light_one():
    assert ch13.turned_board_count() == (32, 32)


def test_a_man_to_a_light_square_is_refused_by_rule_2_2():
    assert explain(Board(), "c3-c4").article == "2.2"


def test_the_turco_king_must_take_four_and_a_fifth_is_refused_by_4_11():
    fen, attempt = ch13.TURCO
    board = Board(fen)
    assert [len(m.captured) for m in board.legal_moves()] == [4]
    assert all(board.variant.square_name(m.end) == "d6" for m in board.legal_moves())
    verdict = explain(board, attempt)
    assert not verdict.legal and verdict.article == "4.11"


def test_the_removal_takes_off_exactly_the_three_men_jumped():
    before = Board(ch13.REMOVAL)
    move = before.legal_moves()[0]
    after = before.copy(stack=False)
    after.push(move)
    assert len(move.captured) == 3
    assert set(before.pieces()) - set(after.pieces()) - {move.start} == set(move.captured)
    assert after.count("W") == before.count("W")


FINALS = [  # (variant, rules, position, white ring, black ring)
    ("brazilian", "seed", "W:WKc3,Kh2,Kg1:BKf8", ["c3", "a1", "b2"], ["f8", "e7", "g5", "h6"]),
    ("brazilian", "seed", "W:Wg3,Kc3:Ba7,Kf8", ["c3", "a1", "b2"], ["f8", "e7", "g5", "h6"]),
    ("international", "seed", "W:WK34,K40,K45:BK2", [34, 43, 39], [2, 13, 19, 8]),
    ("international", "fmjd2015", "W:WK34,K40,K45:BK2", [34, 43, 39], [2, 13, 19, 8]),
    ("international", "seed", "W:WK29,K33:BK4", [29, 40, 34], [4, 10, 14, 9]),
    ("international", "seed", "W:WK37,33:BK3,5", [37, 42, 48], [3, 12, 18, 13, 8]),
]


@pytest.mark.parametrize("variant, rules, fen, white, black", FINALS)
def test_each_limit_of_the_tables_is_what_the_rules_declare_playing_in_rings(variant, rules, fen, white, black):
    game = Game(Board(fen, variant=variant), rules=rules)
    kings_in_rings(game, white, black)
    result = game.result()
    key = "king_moves" if result.code == "king_moves" else result.article
    assert result.code in ("king_moves", "endgame")
    assert len(game.moves) == 2 * game.draw_rules[key]          # the limit counts each side's moves


def test_the_tables_read_the_rules_and_keep_the_russian_numbers_apart():
    table = str(ch13.draw_limits())
    assert "| 64 casas | só damas se movem, sem tomada | regras brasileiras, sem número | 20 |" in table
    assert re.search(r"\| 6\.3 \| 10 \|", table) and re.search(r"\| 6\.4 \| 5 \|", table)
    fed = str(ch13.federations())
    assert "| 100 casas: regra 6.3 | 10 | 16 | — |" in fed
    assert Game("brazilian", rules="fmjd2015").draw_rules == Game("brazilian").draw_rules
    assert ch13.RUSSIAN_LIMITS == {"king_moves": 15, "three_kings": 15, "three_kings_long_diagonal": 5}


def test_exercise_2_asks_the_fmjd_moves_of_each_side():
    assert ch13.fmjd_three_kings_moves() == 16
    quiz = ch13.exercise_2()
    assert "de cada lado" in quiz.questions[0].text and "somando" not in quiz.questions[0].text


def test_the_chapter_cites_no_article_for_the_brazilian_limits():
    cells = json.loads((NOTEBOOKS / "13_Arbitragem.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    outputs = json.dumps([c.get("outputs", []) for c in cells], ensure_ascii=False)
    assert "o dobro dos lances" not in text and "somando" not in text
    assert "| Damas brasileiras | 6.3 |" not in outputs          # the old table cited 6.3 for 64 squares
