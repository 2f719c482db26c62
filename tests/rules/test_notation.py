"""Moves written and read (art. 8, PDN 3.0)."""

import random

import pytest

from damas import AmbiguousMoveError, Board, IllegalMoveError, Move, NotationError


def random_positions(variant, games=40, seed=7):
    """Positions met in seeded random games, kings and captures included."""
    rng = random.Random(seed)
    for _ in range(games):
        b = Board(variant)
        for _ in range(rng.randint(0, 80)):
            moves = b.legal_moves()
            if not moves:
                break
            b.push(rng.choice(moves))
            yield b.copy(stack=False)


def test_short_forms_numeric_and_algebraic():
    b = Board()
    m = b.parse_move("22-17")
    assert (m.start, m.end) == (22, 17)
    assert b.parse_move("c3-b4") == m and b.parse_move("C3-B4") == m
    assert b.move_text(m) == "c3-b4" and b.move_text(m, "numeric") == "22-17"
    assert str(m) == "22-17"


def test_captures_with_x_colon_or_dash_and_marks():
    b = Board("W:W27:B23")
    m = b.parse_move("27x18")
    assert m.captured == (23,)
    assert b.parse_move("27:18") == m and b.parse_move("27-18") == m and b.parse_move("27x18!") == m
    assert b.move_text(m, "numeric") == "27x18" and b.move_text(m) == "f2xd4"


def test_ambiguous_capture_needs_the_full_path():
    b = Board("W:WK2:B10,11,14,19,24,26")
    with pytest.raises(AmbiguousMoveError) as err:
        b.parse_move("d8xa7")
    assert len(err.value.candidates) == 2
    assert "d8xg5xe3xa7" in str(err.value) and "d8xh4xf2xa7" in str(err.value)
    one = b.parse_move("d8xg5xe3xa7")
    assert set(one.captured) == {11, 19, 14}
    assert b.move_text(one) == "d8xg5xe3xa7" and b.move_text(one, "numeric") == "2x16x23x5"
    # an intermediate square of the route is enough to choose
    assert b.parse_move("2x27x5") == b.parse_move("d8xh4xf2xa7")


def test_unambiguous_capture_is_written_short():
    b = Board("W:WK29:B18,7")
    (m,) = b.legal_moves()
    assert b.move_text(m) == "a1xd8" and str(m) == "29x2"
    assert b.parse_move("29x11x2") == m


@pytest.mark.parametrize("text, error, words", [
    ("", NotationError, "Não entendi"),
    ("22", NotationError, "Não entendi"),
    ("22-99", NotationError, "não existe"),
    ("zz-17", NotationError, "não é uma casa"),
])
def test_unreadable_text_gets_a_portuguese_message(text, error, words):
    with pytest.raises(error, match=words):
        Board().parse_move(text)


def test_illegal_text_is_refused():
    b = Board()
    with pytest.raises(IllegalMoveError):
        b.parse_move("22-13")
    assert b.fen() == "W:W21-32:B1-12"


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_every_legal_move_reads_back_from_its_text(variant):
    notations = ["numeric", "algebraic"] if variant == "brazilian" else ["numeric"]
    count = 0
    for b in random_positions(variant):
        for m in b.legal_moves():
            for notation in notations:
                text = b.move_text(m, notation)
                assert b.parse_move(text) == m, (b.fen(), text)
                full = m.text(full=True, names=b.variant.square_name if notation == "algebraic" else str)
                assert b.parse_move(full) == m
                count += 1
    assert count > 1000


# -- issue 13: one reader of move text for parse_move and explain ------------------------

REFUSED = ["22--17", "22-17-", "22x17x", "-17", "22-", "x22-17", "22 17", "²2-17", "22-1²", "٢٢-١٧",
           "２２-１７", "1" * 5000 + "-17", "22-" + "9" * 4400, "c3-d" + "4" * 5000, "c3--d4", "22-17-13-",
           "22-17\n-", "", "   ", "22", "!"]


@pytest.mark.parametrize("text", REFUSED, ids=range(len(REFUSED)))
def test_parse_move_and_explain_refuse_the_same_texts_with_the_same_words(text):
    from damas.rules.explain import explain
    b = Board()
    with pytest.raises(NotationError) as err:
        b.parse_move(text)
    message = str(err.value)
    assert len(message) < 300 and "ValueError" not in message
    why = explain(b, text)
    assert not why.legal and why.message == message
    assert b.fen() == "W:W21-32:B1-12"


ACCEPTED = ["22-17", " 22 - 17 ", "22x17", "22:17", "22×17", "c3-b4", "C3-B4", "022-017", "22-17!", "22-17?!"]


@pytest.mark.parametrize("text", ACCEPTED)
def test_parse_move_and_explain_accept_the_same_texts(text):
    from damas.rules.explain import explain
    b = Board()
    assert b.parse_move(text) == Move(22, 17)
    assert explain(b, text).legal


def test_one_reader_codes_and_articles():
    from damas.rules.notation import read_move_text
    from damas import BRAZILIAN, INTERNATIONAL
    cases = [("22--17", "unreadable"), ("²2-17", "unreadable_square"), ("22-99", "off_board"),
             ("b3-c4", "light_square"), (17, "not_text")]
    for text, code in cases:
        with pytest.raises(NotationError) as err:
            read_move_text(BRAZILIAN, text)
        assert err.value.code == code
        assert err.value.article == ("2.2" if code == "light_square" else None)
    with pytest.raises(NotationError) as err:
        read_move_text(INTERNATIONAL, "c3-d4")
    assert err.value.code == "no_algebraic"
    assert read_move_text(INTERNATIONAL, "32x23x14").squares == [32, 23, 14]


def test_read_number_never_converts_huge_numbers():
    from damas.rules.notation import read_number
    assert read_number("007") == 7 and read_number("0") == 0
    assert read_number("²") is None and read_number("٣") is None and read_number("") is None
    assert read_number("9" * 100000, 50) == 51
    assert read_number("51", 50) == 51 and read_number("50", 50) == 50


# -- move numbers (issue 48: one place counts them) ------------------------------------------------

def test_move_numbers_count_a_white_ply_and_its_black_reply_as_one_move():
    from damas.rules.notation import _ply_number, move_number, next_move_number, numbered
    for first in ("W", "B"):
        for start in (1, 7):
            numbers, color, n = [], first, start
            for ply in range(7):                         # counted by hand, one ply at a time
                numbers.append((n, color))
                if color == "B":
                    n += 1
                color = "B" if color == "W" else "W"
            assert [_ply_number(ply, first, start) for ply in range(7)] == numbers
            assert [move_number(ply, first, start) for ply in range(7)] == \
                [f"{n}." if c == "W" else f"{n}..." for n, c in numbers]
    assert numbered(["c3-d4", "f6-e5", "d4xf6"], "W") == "1. c3-d4 f6-e5 2. d4xf6"
    assert numbered(["f6-e5", "d4xf6"], "B", 12) == "12... f6-e5 13. d4xf6"
    assert numbered([], "W") == ""
    board = Board()
    for text, number in (("c3-d4", 1), ("f6-e5", 2), ("d4xf6", 2), ("g7xe5", 3)):
        board.push_text(text)
        assert next_move_number(board) == number
    assert next_move_number(Board("B:W21:B12")) == 1


def test_no_other_module_of_the_typed_layers_numbers_moves_by_hand():
    import re
    from repo_paths import REPO
    by_hand = re.compile(r"""f["']\{[a-z_]*number[a-z_]*\}\.\.\.|["']\{number\}\.\.\. \{move\}""")
    found = [str(p.relative_to(REPO)) for layer in ("rules", "engine", "display", "problems", "widget")
             for p in (REPO / "damas" / layer).rglob("*.py")
             if "claim" not in p.name and by_hand.search(p.read_text(encoding="utf-8"))]
    assert found == ["damas/rules/notation.py"]
