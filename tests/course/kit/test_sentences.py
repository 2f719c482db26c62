"""The sentences the chapters show instead of Python values (damas/course/kit/sentences.py)."""

from damas import Board
from damas.course.kit.exercises import check_chapter
from damas.course.kit.sentences import Sentence, captures_sentence, moves_sentence, path_sentence, plural
from damas.course.chapters.ch09_finais import endgame_sentence
from damas.course.chapters.ch05_jogar_e_analisar import levels_sentence
from damas.engine.endgames import probe
from damas.engine.search import LEVELS


def test_a_sentence_shows_as_text():
    s = Sentence("Duas linhas.\nA segunda.")
    assert repr(s) == "Duas linhas.\nA segunda." and s._repr_markdown_() == "Duas linhas.  \nA segunda."


def test_plurals():
    assert [plural(n, "lance", "lances") for n in (0, 1, 2)] == ["0 lances", "1 lance", "2 lances"]


def test_moves_and_captures_come_from_the_board():
    board = Board("W:Wd4:B")
    assert moves_sentence(board) == "As brancas têm 2 lances: d4-c5 e d4-e5."
    assert moves_sentence(Board("W:WKa1,e5:B"), "a1") == "As brancas têm 3 lances com a peça de a1: a1-b2, a1-c3 e a1-d4."
    majority = Board("W:Wd4,Kh2:Bc5,e3,f4")
    assert captures_sentence(majority) == "Tomadas permitidas: h2xb4 e h2xa3, cada uma de 2 peças."
    chain = Board("W:Wc3:Bd4,d6,b6")
    assert path_sentence(chain, chain.legal_moves()[0]) == "c3xa5: passa por c3, e5, c7 e a5 e toma d4, d6 e b6."


def test_levels_and_endgames_say_what_the_engine_does():
    from damas.widget.texts import level_about, level_label
    lines = levels_sentence().splitlines()
    assert lines == [f"{level_label(n)}: {level_about(n)}" for n in sorted(LEVELS)]
    board = Board("W:WKa1:BKc3")
    assert probe(board) == (1, 1)
    assert endgame_sentence(board) == "As brancas jogam e vencem em 1 lance."


def test_the_teachers_check_is_a_sentence():
    line = check_chapter("02")
    assert isinstance(line, Sentence) and not repr(line).startswith("'")


def test_endgame_distances_count_the_winners_lances():
    """«lance» is one player's move (regra 3.2): a distance is the winner's lances on the best line,
    never the moves of both sides counted together."""
    import re
    from damas.engine.endgames import best_line
    from damas.course.kit.words import COLOR
    for fen in ("W:WKa1,Kc1:BKh8", "B:WKa1,Kc1:BKh8", "B:Wg5:Bh8"):
        board = Board(fen)
        value, _ = probe(board)
        line = best_line(board)
        winner = board.turn if value > 0 else ("B" if board.turn == "W" else "W")
        mover, winners_moves = board.turn, 0
        for _ in line:
            winners_moves += mover == winner
            mover = "B" if mover == "W" else "W"
        text = str(endgame_sentence(board))
        said = re.search(rf"as {COLOR[winner]} (?:jogam e )?vencem em (\d+) lances?", text, re.I)
        assert said and int(said.group(1)) == winners_moves, (fen, text, winners_moves)
        assert "dois lados" not in text
    assert endgame_sentence(Board("B:WKa1,Kc1:BKh8")) == "As pretas jogam e perdem: as brancas vencem em 1 lance."
