"""Properties over random play: push/pop, FEN and copies round-trip."""

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from damas import Board


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(["brazilian", "international"]), seed=st.integers(0, 10**6),
       length=st.integers(1, 120))
def test_push_pop_fen_round_trips(variant, seed, length):
    rng = random.Random(seed)
    b = Board(variant)
    history = []
    for _ in range(length):
        moves = b.legal_moves()
        if not moves:
            break
        history.append((b.fen(), sorted(moves)))
        m = rng.choice(moves)
        b.push(m)
        again = Board(b.fen(), variant=variant)
        assert again == b and again.fen() == b.fen()
        assert sorted(again.legal_moves()) == sorted(b.legal_moves())
    while history:
        fen, moves = history.pop()
        b.pop()
        assert b.fen() == fen and sorted(b.legal_moves()) == moves


# -- issue 13: every input surface refuses with the package's error and changes nothing ----

import re

import pytest

from damas import DamasError, Game, IllegalMoveError, Move, NotationError
from damas.rules.explain import explain

PORTUGUESE = re.compile(r"\b(não|casa|casas|lance|lances|peça|peças|tabuleiro|partida|use|esperava|regra|"
                        r"variante|jogam|vão|inválid[ao]|existe|entendi|mal formado|número|etiqueta|texto|"
                        r"comentário|profundidade|desfazer|refazer|escreva|exemplo|campo|falta|pedra|dama|brancas|pretas|"
                        r"vazia|fileira|aparece|intervalo|grande|FEN|NAG)\b", re.IGNORECASE)
ENGLISH = re.compile(r"invalid literal|object|out of range|Exceeds the limit|not supported|unexpected|"
                     r"argument|attribute|NoneType|positional|maximum recursion|Traceback", re.IGNORECASE)


def assert_refusal(error, text=""):
    """A refusal: the package's own error, worded in Portuguese.  The text the student typed may
    be quoted back in the message (a made-up FEN 'ARGUMENT'): the words of the package are checked,
    not the student's."""
    assert isinstance(error, DamasError), f"{type(error).__name__}: {error}"
    message = str(error)
    words = message
    for quoted in {text, text.strip()} - {""}:
        words = words.replace(quoted, "")
    assert message and PORTUGUESE.search(message) and not ENGLISH.search(words), message


def position(variant, seed, plies):
    """A position met in a seeded random game."""
    rng = random.Random(seed)
    b = Board(variant)
    for _ in range(plies):
        moves = b.legal_moves()
        if not moves:
            break
        b.push(rng.choice(moves))
    return b.copy(stack=False)


variants = st.sampled_from(["brazilian", "international"])
positions = st.builds(position, variants, st.integers(0, 10 ** 6), st.integers(0, 60))
ODD = "²³¹٠١٢٣٤٥٦٧٨٩０１２３４５６７８９߀"       # digits that are not ASCII digits
FEN_ALPHABET = "WBKwbk:,-0123456789 .\"[]FENHhabcdefgx" + ODD
MOVE_ALPHABET = "0123456789-x:×X abcdefghij!?*+#\n" + ODD
huge = st.integers(4301, 6000).map(lambda n: "9" * n)


def fen_like():
    square = st.one_of(st.integers(0, 60).map(str), st.sampled_from(list(ODD)), huge,
                       st.sampled_from(["a1", "b8", "c3", "h9", "K5", "K", ""]))
    side = st.lists(st.one_of(square, st.tuples(square, square).map("-".join)), max_size=6).map(",".join)
    return st.builds(lambda t, w, b, extra: f"{t}:W{w}:B{b}{extra}", st.sampled_from(["W", "B", "X", ""]),
                     side, side, st.sampled_from(["", ":H0", ":F12", ":H²", ":Z", ":W1"]))


fen_texts = st.one_of(st.text(max_size=30), st.text(FEN_ALPHABET, max_size=40), fen_like())


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(board=positions, text=fen_texts)
def test_fen_text_is_read_or_refused_and_nothing_changes(board, text):
    before = board.fen()
    try:
        board.set_fen(text)
    except Exception as error:  # noqa: BLE001 - the property is about what is raised
        assert_refusal(error, text)
        assert board.fen() == before and board.move_stack == []
        return
    again = Board(board.fen(), variant=board.variant)
    assert again == board and again.fen() == board.fen()


def move_like():
    square = st.one_of(st.integers(0, 60).map(str), st.sampled_from(list(ODD)), huge,
                       st.sampled_from(["a1", "b8", "c3", "d4", "h9", "C3", "z1", ""]))
    sep = st.sampled_from(["-", "x", ":", "×", "--", " - ", "", "x-"])
    return st.builds(lambda sqs, seps, tail: "".join(s + p for s, p in zip(sqs, seps + [""])) + tail,
                     st.lists(square, min_size=1, max_size=4), st.lists(sep, min_size=3, max_size=3),
                     st.sampled_from(["", "-", "x", "!", "?!", " "]))


move_texts = st.one_of(st.text(max_size=12), st.text(MOVE_ALPHABET, max_size=16), move_like())


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(board=positions, text=move_texts)
def test_move_text_is_read_or_refused_by_parse_move_and_explain_alike(board, text):
    before = board.fen()
    why = explain(board, text)
    try:
        move = board.parse_move(text)
    except Exception as error:  # noqa: BLE001
        assert_refusal(error, text)
        assert board.fen() == before and board.move_stack == []
        assert not why.legal or len(why.message) and "ambíguo" in str(error)
        if isinstance(error, NotationError) and not hasattr(error, "candidates"):
            assert why.message == str(error)     # one reader, one wording
        return
    assert move in board.legal_moves() and why.legal
    assert board.fen() == before


PDN_TOKENS = ['[GameType "26"]', '[GameType "20"]', '[GameType "²6"]', '[FEN "W:W21-32:B1-12"]',
              '[FEN "W:W2²:B1"]', "1.", "2.", "1...", "9" * 4400 + ".", "22-17", "c3-d4", "11-15", "f6-e5",
              "23-19", "32-28", "17-13", "22x17", "22--17", "²2-17", "٢٢-١٧", "22-1" + "7" * 4400, "(", ")",
              "{nota}", "{", "}", "!", "?", "$1", "$" + "9" * 4400, "$300", "*", "2-0", "1-1", "0-2", ";x\n",
              "\n%esc\n", "[Event \"x\"]", "]", "...", "…"]
pdn_texts = st.one_of(st.text(max_size=40),
                      st.lists(st.sampled_from(PDN_TOKENS), max_size=14).map(" ".join))


@settings(max_examples=200, deadline=None)
@given(text=pdn_texts)
def test_pdn_text_is_read_or_refused_and_what_is_read_writes_back(text):
    from damas.rules.pdn import read_games, write_games
    try:
        games = read_games(text)
    except Exception as error:  # noqa: BLE001
        assert_refusal(error, text)
        return
    if games:
        # Writing adds a GameType tag to a game without one: after one round
        # trip the text is a fixed point and the moves are the same.
        text = write_games(games)
        again = read_games(text)
        assert write_games(again) == text
        assert [g.mainline for g in again] == [g.mainline for g in games]


def test_a_pdn_refusal_is_worded_in_portuguese():
    from damas.rules.pdn import read_games
    with pytest.raises(DamasError) as err:
        read_games('[GameType "26"]\n1. 22--17 *')
    assert_refusal(err.value)


@settings(max_examples=200, deadline=None)
@given(origin=positions, target=positions, pick=st.integers(0, 10 ** 6))
# the case of issue 13: the same bitboards in both variants
@example(origin=Board.from_fen("W:WK1:B6", variant="brazilian"),
         target=Board.from_fen("W:WK1:B6", variant="international"), pick=0)
@example(origin=Board.from_fen("W:WK1:B6", variant="international"),
         target=Board.from_fen("W:WK1:B6", variant="brazilian"), pick=7)
def test_moves_from_other_positions_and_variants_are_played_only_if_legal_there(origin, target, pick):
    moves = origin.legal_moves()
    if not moves:
        return
    move = moves[pick % len(moves)]
    before, legal = target.fen(), target.legal_moves()
    game = Game(target.copy())
    try:
        played = target.push(move)
    except Exception as error:  # noqa: BLE001
        assert_refusal(error)
        assert isinstance(error, IllegalMoveError)
        assert target.fen() == before and target.move_stack == []
        with pytest.raises(IllegalMoveError):
            game.push(move)
        assert game.board.fen() == before and game.moves == []
        return
    # Played: it is one of the target's own legal moves, and the board shows its result.
    assert played in legal and any(m is played or (m == played and m.path == played.path) for m in legal)
    expected = Board(before, variant=target.variant)
    expected.push(next(m for m in expected.legal_moves() if m == played))
    assert target.fen() == expected.fen()


squares_or_junk = st.one_of(st.integers(-3, 60), st.integers(4301, 5000).map(lambda n: 10 ** n),
                            st.booleans(), st.none(), st.text(max_size=3), st.floats(allow_nan=True))


@settings(max_examples=200, deadline=None)
@given(board=positions, start=squares_or_junk, end=squares_or_junk,
       captured=st.lists(squares_or_junk, max_size=3))
def test_made_up_moves_are_refused_as_illegal_moves(board, start, end, captured):
    before = board.fen()
    try:
        move = Move(start, end, captured=captured)
    except Exception as error:  # noqa: BLE001
        assert_refusal(error)
        assert isinstance(error, IllegalMoveError)
        return
    try:
        played = board.push(move)
    except Exception as error:  # noqa: BLE001
        assert_refusal(error)
        assert board.fen() == before and board.move_stack == []
        return
    board.pop()
    assert played in board.legal_moves() and board.fen() == before


@settings(max_examples=60, deadline=None)
@given(board=positions, clicks=st.lists(st.one_of(st.integers(-3, 55), squares_or_junk), min_size=1, max_size=8))
def test_widget_clicks_with_any_value(board, clicks):
    pytest.importorskip("anywidget")
    from damas.widget.board import BoardWidget
    w = BoardWidget(board)
    for value in clicks:
        state = (w.fen, list(w.moves), w.selected, list(w.route), w.mode, w.result)
        before = w.board.copy(stack=False)
        n = len(w.game.moves)
        try:
            w.click(value)
        except Exception as error:  # noqa: BLE001
            assert_refusal(error)
            assert (w.fen, list(w.moves), w.selected, list(w.route), w.mode, w.result) == state
            continue
        moves = w.game.moves
        if len(moves) == n:
            assert w.board.fen() == before.fen()
        else:
            assert len(moves) == n + 1 and moves[-1] in before.legal_moves()
            before.push(next(m for m in before.legal_moves() if m == moves[-1]))
            assert w.board.fen() == before.fen()
