"""PDN 3.0 games and collections (damas.rules.pdn)."""

from repo_paths import REPO
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damas import BRAZILIAN, INTERNATIONAL, Board, DamasError
from damas.rules.pdn import (
    MARKS, PDNError, PDNGame, PDNLine, PDNNode, fen_text, read_game,
    read_games, write_games,
)
from damas.rules.pdn_syntax import _split_games, _tokenize

DATA = (REPO / "tests" / "data")
BR_FILE = DATA / "pdn_brazilian.pdn"
INT_FILE = DATA / "pdn_international.pdn"

# A king on b6 (9) with two captures b6 -> d8 taking different pieces (found by search, checked below).
AMBIG_BR = "W:WK9:B7,14,15,19,24,25,27"
AMBIG_INT = "W:WK16:B8,21,25,29,31,34"


def replay(fen_or_variant, texts, variant=None):
    board = Board(fen_or_variant, variant=variant) if variant else Board(fen_or_variant)
    moves = []
    for t in texts:
        moves.append(board.push(board.parse_move(t)))
    return board, moves


# ---------------------------------------------------------------------------
# Syntax only (no rules involved)
# ---------------------------------------------------------------------------
def test_tokenizer_kinds_and_lines():
    text = '[Event "A"]\n1. c3-d4! {x\ny} 1... f6-e5 $7 (2. a3-b4) 2-0\n'
    kinds = [(t.kind, t.line) for t in _tokenize(text)]
    assert kinds == [("tag", 1), ("number", 2), ("move", 2), ("mark", 2), ("comment", 2),
                     ("number", 3), ("move", 3), ("nag", 3), ("open", 3), ("number", 3),
                     ("move", 3), ("close", 3), ("result", 3)]


def test_syntax_tree_without_board():
    raw = _split_games("1. 22-17 (1. 21-17 {c} 9-13 (1... 10-14)) 11-15 {d} *")[0]
    main = raw.line
    assert [n.text for n in main.nodes] == ["22-17", "11-15"]
    var = main.nodes[0].variations[0]
    assert [n.text for n in var.nodes] == ["21-17", "9-13"]
    assert var.nodes[0].comments == ["c"]
    assert [n.text for n in var.nodes[1].variations[0].nodes] == ["10-14"]
    assert main.nodes[1].comments == ["d"]
    assert raw.result == "*"


def test_result_tokens_are_not_moves():
    for res in ["2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "0-0", "*"]:
        raw = _split_games(f"1. 22-17 11-15 {res}")
        assert raw[0].result == res
        assert [n.text for n in raw[0].line.nodes] == ["22-17", "11-15"]
    # 1-10 and 11-15 are moves, not the result 1-1.
    assert [t.kind for t in _tokenize("1-10 11-15 1-1")] == ["move", "move", "result"]


def test_marks_glued_and_separate():
    raw = _split_games("1. 22-17! 11-15?? 2. 17-13!? 15-19 ?! 3. 24x15!! 10x19 ? 4. 21-17* 9-14 $7 $22 *")[0]
    nags = [n.nags for n in raw.line.nodes]
    assert nags == [[1], [4], [5], [6], [3], [2], [7], [7, 22]]
    assert set(MARKS.values()) == {1, 2, 3, 4, 5, 6}


# ---------------------------------------------------------------------------
# Tags
# ---------------------------------------------------------------------------
def test_tags_kept_in_order_with_escapes():
    text = ('[Event "Copa \\"Rio\\" \\\\ 2024"]\n[Site "Niterói"][Annotator "Prof. X"]\n'
            '[white "Ana"]\n[Black Bia]\n[GameType "26"]\n\n1. c3-d4 *\n')
    game = read_game(text)
    assert list(game.tags) == ["Event", "Site", "Annotator", "white", "Black", "GameType"]
    assert game.tags["Event"] == 'Copa "Rio" \\ 2024'
    assert game.tags["Black"] == "Bia"  # unquoted value accepted
    out = write_games([game])
    assert '[Event "Copa \\"Rio\\" \\\\ 2024"]' in out
    assert read_game(out) == game


def test_gametype_decides_variant():
    assert read_game('[GameType "26"]\n1. c3-d4 *').variant is BRAZILIAN
    assert read_game('[GameType "20"]\n1. 32-28 *').variant is INTERNATIONAL
    assert read_game('[gametype "20,W,10,10,N2,0"]\n1. 32-28 *').variant is INTERNATIONAL
    assert read_game('[GameType "26,W,8,8,A0,0"]\n1. c3-d4 *').variant is BRAZILIAN


def test_variant_without_gametype():
    # Documented choice: Brazilian unless a FEN or the first move names a square above 32.
    assert read_game("1. 22-18 *").variant is BRAZILIAN
    assert read_game("1. 32-28 17-21 2. 37-32 *").variant is INTERNATIONAL
    assert read_game('[FEN "W:W31-50:B1-20"]\n1. 32-28 *').variant is INTERNATIONAL
    assert read_game("1. 32-28 *", default_variant="international").variant is INTERNATIONAL


def test_unsupported_gametype_is_refused_in_portuguese():
    with pytest.raises(PDNError) as info:
        read_games('[Event "a"]\n1. 22-17 *\n\n[GameType "21"]\n1. 22-18 *\n')
    msg = str(info.value)
    assert "Partida 2" in msg and "21" in msg and "não é suportado" in msg
    assert info.value.game_number == 2
    assert isinstance(info.value, DamasError)


def test_initial_board_from_fen_tag_and_errors():
    game = read_game(f'[GameType "26"]\n[FEN "{AMBIG_BR}"]\n*')
    assert game.initial_board() == Board(AMBIG_BR, variant="brazilian")
    assert game.mainline == []
    assert game.board_at_end() == Board(AMBIG_BR, variant="brazilian")
    with pytest.raises(PDNError) as info:
        read_games('[GameType "26"]\n1. c3-d4 *\n\n[GameType "26"]\n[FEN "W:W99:B1"]\n*\n')
    assert "Partida 2" in str(info.value) and "FEN" in str(info.value)


# ---------------------------------------------------------------------------
# Move text, comments, variations, marks
# ---------------------------------------------------------------------------
def test_brazilian_file_reads_and_replays():
    games = read_games(BR_FILE)
    assert len(games) == 3
    g1, g2, g3 = games
    assert g1.tags["White"] == "Ana" and g1.tags["Site"] == "São Paulo"
    assert g1.result == "2-0" and g2.result == "1-1"
    # The main line replays on a Board to the same position.
    texts = ["c3-d4", "b6-c5", "d4xb6", "a7xc5", "a3-b4", "c5xa3", "g3-f4", "f6-e5", "f4-g5", "h6xf4",
             "e3xg5", "c7-b6", "f2-g3", "b6-a5", "g5-h6", "e7-f6", "g3-f4", "e5xg3", "h2xf4", "a5-b4"]
    end, moves = replay("brazilian", texts)
    assert g1.mainline == moves
    assert g1.board_at_end() == end
    # Comments, variations, marks.
    assert g1.comments == ["Abertura livre."]
    n = g1.line.nodes
    assert n[2].comments == ["tomada obrigatória"]
    alt = n[3].variations[0]
    assert alt.nodes[0].move == replay("brazilian", texts[:3])[0].parse_move("c7xa5")
    assert alt.nodes[0].nags == [2] and alt.nodes[0].comments == ["também era possível"]
    assert n[4].marks == "!"
    assert n[8].marks == "?!"
    assert n[17].forced
    nested = n[6].variations[0].nodes[1].variations[0]
    assert [str(m) for m in nested.moves] == ["11-16"]  # f6-g5 in numbers
    # Numeric moves in a Brazilian (GameType 26) game are read too.
    assert g2.mainline[0] == Board().parse_move("e3-d4")
    # The ambiguous capture, given in full.
    assert g3.mainline[0].captured and g3.mainline[0].ambiguous


def test_international_file():
    games = read_games(str(INT_FILE))
    assert [g.variant for g in games] == [INTERNATIONAL] * 3
    assert games[0].result == "1/2-1/2"
    assert games[0].line.nodes[3].variations[0].nodes[0].text == "13x24"
    assert games[0].line.nodes[10].marks == "?"
    # Black to move from a FEN, numbered 12...
    g3 = games[2]
    assert g3.first_move_number == 12
    assert g3.initial_board().turn == "B"
    assert write_games([g3]).splitlines()[-1] == "12... 24-29 13. 33x24 19x30 *"


def test_forgiving_reading():
    text = ("\ufeff  [Event   \"x\"]\n\n\n   1.C3-D4   F6-E5 2.d4:f6 g7 x e5\n"
            "3 . A3-B4 ... ; comentário\n  3... h6-g5 *")
    game = read_game(text)
    expected = replay("brazilian", ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "a3-b4", "h6-g5"])[1]
    assert game.mainline == expected
    assert game.line.nodes[4].comments == ["comentário"]
    # No tags at all, no result: still a game.
    assert read_game("22-17 11-15").mainline == replay("brazilian", ["22-17", "11-15"])[1]


def test_many_games_with_and_without_results():
    text = ('[Event "1"]\n1. 22-17 *\n[Event "2"]\n1. 22-18\n'  # game 2 has no result
            '[Event "3"]\n1. 23-18 1-1 1. 21-17 11-15 0-2\n{fim}')
    games = read_games(text)
    assert [g.tags.get("Event") for g in games] == ["1", "2", "3", None]
    assert [g.result for g in games] == ["*", "*", "1-1", "0-2"]
    assert games[3].line.nodes[-1].comments == ["fim"]
    # A missing result takes the Result tag.
    assert read_game('[Result "2-0"]\n1. 22-17').result == "2-0"


def test_round_trip_of_data_files():
    for path in (BR_FILE, INT_FILE):
        games = read_games(path)
        text = write_games(games)
        again = read_games(text)
        assert again == games
        assert write_games(again) == text
    # The round trip is not vacuous: a change is seen.
    games = read_games(BR_FILE)
    changed = read_games(BR_FILE)
    changed[0].line.nodes[4].nags = [2]
    assert changed != games
    assert read_games(write_games(changed)) != games


# ---------------------------------------------------------------------------
# Errors: Portuguese, and they say where
# ---------------------------------------------------------------------------
def test_illegal_move_error_says_where():
    text = '[GameType "26"]\n1. c3-d4 f6-e5\n\n[GameType "26"]\n1. c3-d4 f6-e5\n2. b2-c3 h6-g5 *\n'
    with pytest.raises(PDNError) as info:
        read_games(text)
    err = info.value
    assert err.game_number == 2 and err.move_number == 2 and err.color == "W"
    assert err.text == "b2-c3" and err.line == 6
    msg = str(err)
    assert msg.startswith("Partida 2, lance 2 das brancas")
    assert "'b2-c3'" in msg and "linha 6" in msg
    assert err.reason and err.reason in msg  # the reason given by the rules package


def test_error_in_variation_and_black_move():
    with pytest.raises(PDNError) as info:
        read_game("1. c3-d4 f6-e5 (1... f6-f5) *")
    assert "lance 1 das pretas" in str(info.value) and "variante" in str(info.value)
    assert info.value.text == "f6-f5"


def test_ambiguous_short_capture_is_an_error():
    with pytest.raises(PDNError) as info:
        read_game(f'[GameType "26"]\n[FEN "{AMBIG_BR}"]\n1. b6xd8 *')
    assert "ambíguo" in str(info.value) and "b6xd8" in str(info.value)


@pytest.mark.parametrize("text, words", [
    ("1. 22-17 {sem fim", "comentário"),
    ("1. 22-17\n(11-15 *", "linha 2: variante aberta"),
    ("1. 22-17 ) 11-15 *", "')'"),
    ("1. 22-17 @@ *", "não reconhecido"),
    ("$3 1. 22-17 *", "marca"),
    ("[Event \"x\n1. 22-17 *", "etiqueta"),
])
def test_syntax_errors(text, words):
    with pytest.raises(PDNError) as info:
        read_games(text)
    assert words in str(info.value) and "Partida 1" in str(info.value)


def test_read_game_counts():
    with pytest.raises(PDNError, match="2 partidas"):
        read_game("1. 22-17 * 1. 22-18 *")
    with pytest.raises(PDNError, match="nenhuma partida"):
        read_game("   ")


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------
def test_writing_uses_gametype_notation():
    board, moves = replay("brazilian", ["22-18", "11-15", "18x11", "8x15"])
    game = PDNGame.from_board(Board(), moves, tags={"Event": "E"}, result="2-0")
    assert game.tags == {"Event": "E", "Result": "2-0", "GameType": "26"}
    assert write_games(game) == ('[Event "E"]\n[Result "2-0"]\n[GameType "26"]\n\n'
                                 "1. c3-d4 f6-e5 2. d4xf6 g7xe5 2-0\n")
    numeric = PDNGame.from_board(Board(), moves, tags={"GameType": "26,W,8,8,N1,0"})
    assert "1. 22-18 11-15 2. 18x11 8x15 *" in write_games(numeric)
    board, moves = replay("international", ["32-28", "19-23", "28x19", "14x23"])
    game = PDNGame.from_board(Board("international"), moves)
    assert game.tags["GameType"] == "20"
    assert "1. 32-28 19-23 2. 28x19 14x23 *" in write_games(game)


def test_full_path_only_when_ambiguous():
    for fen, variant in ((AMBIG_BR, "brazilian"), (AMBIG_INT, "international")):
        board = Board(fen, variant=variant)
        ambiguous = [m for m in board.legal_moves() if m.ambiguous]
        assert ambiguous
        for move in ambiguous:
            game = PDNGame.from_board(board, [move])
            text = write_games(game)
            written = text.split("1. ")[1].split()[0]
            assert written.count("x") == len(move.path) - 1 >= 2
            assert read_game(text).mainline == [move]
            assert game.tags["FEN"] == fen_text(board, game.notation)
    board, moves = replay("brazilian", ["22-18", "11-15"])
    capture = board.legal_moves()[0]
    assert not capture.ambiguous and len(capture.path) == 2
    assert "d4xf6" in write_games(PDNGame.from_board(board, [capture]))


def test_fen_tag_written_per_notation():
    board = Board(AMBIG_BR, variant="brazilian")
    assert fen_text(board, "algebraic") == "W:WKb6:Be7,c5,e5,f4,g3,b2,f2"
    assert fen_text(board, "numeric") == "W:WK9:B7,14,15,19,24,25,27"
    assert Board(fen_text(board, "algebraic"), variant="brazilian") == board


def test_from_board_uses_move_stack():
    board, moves = replay("brazilian", ["c3-d4", "f6-e5", "d4xf6"])
    game = PDNGame.from_board(board)
    assert game.mainline == moves and "FEN" not in game.tags
    assert game.board_at_end() == board
    with pytest.raises(PDNError):
        PDNGame.from_board(Board(), ["c3-d4", "c3-d4"])


def test_game_from_fen_black_to_move_numbers():
    start = Board("B:W21-32:B1-12", variant="brazilian")
    board = start.copy()
    moves = [board.push(board.parse_move(t)) for t in ("11-15", "22-18", "15x22")]
    game = PDNGame.from_board(start, moves, first_move_number=5)
    text = write_games(game)
    assert "5... f6-e5 6. c3-d4 e5xc3 *" in text
    assert read_game(text) == game


def test_comment_with_brace_is_written_as_a_semicolon_comment():
    # a "}" cannot sit in {...}: the comment runs from ";" to the end of its line (issue 27)
    game = PDNGame.from_board(Board(), ["c3-d4"])
    game.line.nodes[0].comments.append("a } b")
    text = write_games(game)
    assert "; a } b\n" in text
    assert read_games(text)[0].line.nodes[0].comments == ["a } b"]


def test_built_tree_round_trip():
    board = Board()
    main = [board.parse_move("c3-d4")]
    game = PDNGame.from_board(Board(), main)
    b2 = Board()
    alt = PDNLine([PDNNode(b2.parse_move("a3-b4"), nags=[5], comments=["outra ideia"])], comments=["ou"])
    game.line.nodes[0].variations.append(alt)
    game.line.nodes[0].nags.append(3)
    text = write_games(game)
    assert "1. c3-d4!! ({ou} 1. a3-b4!? {outra ideia}) *" in text
    assert read_game(text) == game


# ---------------------------------------------------------------------------
# Random games: write, read, write again
# ---------------------------------------------------------------------------
WORDS = ["lance", "bom", "ruim", "golpe", "dama", "(x)", "[y]", "a;b", "$9", "1-0", "*", "%", "\\", '"', "é"]


def random_line(rng, board, plies, depth):
    """A random PDNLine from ``board`` (which is advanced along the line)."""
    line = PDNLine(comments=[" ".join(rng.sample(WORDS, 2))] if rng.random() < 0.15 else [])
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        node = PDNNode(move)
        if rng.random() < 0.2:
            node.nags = rng.sample([1, 2, 3, 4, 5, 6, 7, 12, 14, 255], rng.randint(1, 2))
        if rng.random() < 0.2:
            node.comments = [" ".join(rng.sample(WORDS, rng.randint(1, 4))) for _ in range(rng.randint(1, 2))]
        if depth < 2 and rng.random() < 0.15:
            for _ in range(rng.randint(1, 2)):
                node.variations.append(random_line(rng, board.copy(), rng.randint(1, 4), depth + 1))
        line.nodes.append(node)
        board.push(move)
    return line


def random_game(seed, variant):
    rng = random.Random(seed)
    start = Board(variant)
    for _ in range(rng.choice([0, 0, 3, 9])):  # sometimes start from a later position (FEN tag)
        legal = start.legal_moves()
        if not legal:
            break
        start.push(rng.choice(legal))
    start = start.copy(stack=False)
    tags = {"Event": rng.choice(["Torneio", 'Copa "A"', "x\\y", "Clube [1]"]), "White": "Ana"}
    if rng.random() < 0.3:
        tags["GameType"] = "26,W,8,8,N1,0" if variant == "brazilian" else "20,W,10,10,N2,0"
    result = rng.choice(["2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "*"])
    game = PDNGame.from_board(start, [], tags=tags, result=result, first_move_number=rng.choice([1, 1, 7]))
    game.line = random_line(rng, start.copy(), rng.randint(0, 60), 0)
    return game


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["brazilian", "international"]))
def test_random_round_trip(seed, variant):
    game = random_game(seed, variant)
    text = write_games([game, game])
    games = read_games(text)
    assert games == [game, game]
    assert write_games(games) == text
    # Full path written exactly for the ambiguous moves of the main line.
    tokens = [t.text for t in _tokenize(text.split("\n\n")[1]) if t.kind == "move"]
    board = game.initial_board()
    main_tokens = []
    for node in game.line.nodes:
        main_tokens.append(board.move_text(node.move, game.notation))
        assert (main_tokens[-1].count("x") > 1) == (node.move.ambiguous and len(node.move.path) > 2)
        board.push(node.move)
    assert all(t in tokens for t in main_tokens)


# ---------------------------------------------------------------------------
# From a damas.Game
# ---------------------------------------------------------------------------
class _GameLike:
    """What PDNGame.from_game reads of a Game (API contract): board, moves, result()."""

    def __init__(self, board, moves, score):
        self.board, self.moves, self._score = board, moves, score

    def result(self):
        return type("Result", (), {"score": self._score, "reason": "", "article": None})()


def test_from_game_contract():
    board, moves = replay("brazilian", ["c3-d4", "f6-e5", "d4xf6", "g7xe5"])
    game = PDNGame.from_game(_GameLike(board, moves, None), tags={"White": "Ana"})
    assert game.mainline == moves and game.result == "*" and game.tags["White"] == "Ana"
    assert game.initial_board() == Board()
    over = PDNGame.from_game(_GameLike(board, moves, "0-2"))
    assert over.result == "0-2" and over.tags["Result"] == "0-2"
    assert read_game(write_games(over)) == over


def test_from_real_game():
    import importlib.util

    if importlib.util.find_spec("damas.rules.game") is None:
        pytest.skip("damas.rules.game is not written yet")
    from damas import Game

    g = Game("brazilian")
    for t in ["c3-d4", "f6-e5", "d4xf6"]:
        g.push(t)
    game = PDNGame.from_game(g)
    assert [str(m) for m in game.mainline] == ["22-18", "11-15", "18x11"]
    assert read_game(write_games(game)) == game


# -- issue 13: deep nesting, odd digits, huge numbers, copies ------------------------------

def _nested(depth):
    """A game whose first move has ``depth`` variations nested one in the other."""
    moves = ["c3-d4", "c3-b4", "g3-h4", "e3-f4"]
    text = '[GameType "26"]\n1. c3-d4 '
    for i in range(depth):
        text += f"(1. {moves[(i + 1) % 4]} "
    text += ")" * depth
    return text + " f6-e5 *\n"


@pytest.mark.slow
@pytest.mark.parametrize("depth", [1000, 10000])
def test_deeply_nested_variations_read_write_and_compare(depth):
    text = _nested(depth)
    (game,) = read_games(text)
    node, n = game.line.nodes[0], 0
    while node.variations:
        node, n = node.variations[0].nodes[0], n + 1
    assert n == depth and node.move is not None
    again = read_games(write_games(game))[0]
    assert again == game
    other = read_games(_nested(depth).replace(" f6-e5 *", " f6-g5 *"))[0]
    assert other != game
    # a difference at the deepest level is seen too
    deepest = read_games(text)[0]
    node = deepest.line.nodes[0]
    while node.variations:
        node = node.variations[0].nodes[0]
    node.comments.append("fundo")
    assert deepest != game and not (deepest == game)


@pytest.mark.parametrize("text, words", [
    ('[GameType "26"]\n1. ²2-17 *', "não reconhecido"),
    ('[GameType "26"]\n1. ٢٢-١٧ *', "não reconhecido"),
    ('[GameType "26"]\n1. 22-1' + "7" * 5000 + " *", "não existe"),
    ('[GameType "26"]\n' + "9" * 5000 + ". 22-17 *", "grande demais"),
    ('[GameType "26"]\n1. 22-17 $' + "9" * 5000 + " *", "NAG"),
    ('[GameType "26"]\n1. 22-17 $256 *', "NAG"),
    ('[GameType "²6"]\n1. 22-17 *', "GameType"),
    ('[GameType "٢٦"]\n1. 22-17 *', "GameType"),
    ('[GameType "' + "2" * 5000 + '"]\n1. 22-17 *', "GameType"),
    ('[FEN "W:W2²:B1"]\n1. 22-17 *', "FEN"),
    ('[FEN "W:W' + "3" * 5000 + ':B1"]\n1. 22-17 *', "FEN"),
    ("1. 22-1" + "7" * 5000 + " *", "não existe"),
], ids=range(12))
def test_odd_digits_and_huge_numbers_are_pdn_errors(text, words):
    with pytest.raises(PDNError, match=words) as err:
        read_games(text)
    assert len(str(err.value)) < 600


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_a_copied_board_writes_no_fen_tag(variant):
    import copy
    import pickle
    board = Board(variant)
    board.push(board.legal_moves()[0])
    for other in (pickle.loads(pickle.dumps(board)), copy.deepcopy(board)):
        game = PDNGame.from_board(other)
        assert "FEN" not in game.tags
        assert "[FEN" not in write_games(game)
