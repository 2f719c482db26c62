"""matplotlib diagrams (damas.display.plot): draw_board, sequence_figure, worksheet."""

import io
import re
import sys
from types import SimpleNamespace

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Circle, Polygon, Rectangle  # noqa: E402

import damas  # noqa: E402
from damas.display.plot import TEXTS, draw_board, save_png, sequence_figure, worksheet, worksheet_pages  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def png_bytes(fig):
    buf = io.BytesIO()
    save_png(fig, buf)
    return buf.getvalue()


def pdf_bytes(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="pdf", metadata={"CreationDate": None})
    return buf.getvalue()


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", data))


def texts(fig):
    """Every text drawn on a figure (figure texts, axes texts and titles)."""
    found = [t.get_text() for t in fig.texts]
    for ax in fig.axes:
        found += [t.get_text() for t in ax.texts] + [ax.get_title()]
    return [t for t in found if t]


def test_import_damas_does_not_import_matplotlib():
    import subprocess
    code = "import damas, damas.display.svg, sys; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("variant, squares", [("brazilian", 32), ("international", 50)])
def test_draw_board_pieces_and_squares(variant, squares):
    board = damas.Board(variant)
    ax = draw_board(board)
    rects = [p for p in ax.patches if isinstance(p, Rectangle)]
    circles = [p for p in ax.patches if isinstance(p, Circle)]
    # frame + light board + one rectangle per dark square
    assert len(rects) == 2 + squares
    # two circles (disc and inner ring) per man
    assert len(circles) == 2 * (len(board.men("W")) + len(board.men("B")))
    assert not [p for p in ax.patches if isinstance(p, Polygon)]


def test_draw_board_kings_have_crowns():
    board = damas.Board("W:W21,K30:B1,K5,K9")
    ax = draw_board(board, coordinates=None)
    circles = [p for p in ax.patches if isinstance(p, Circle)]
    crowns = [p for p in ax.patches if isinstance(p, Polygon)]
    assert len(crowns) == 3
    assert len(circles) == 2 * 2 + 3 * 3   # kings: a lower disc, the disc and the ring
    centres = {tuple(round(v, 2) for v in c.center) for c in circles}
    d = damas.display.svg.diagram(board, coordinates=None)
    for sq in (30, 5, 9):
        cx, _ = d.centers[sq]
        crown_x = [round(float(sum(p.get_xy()[:-1, 0]) / (len(p.get_xy()) - 1)), 2) for p in crowns]
        assert round(cx, 2) in crown_x
    assert (round(d.centers[21][0], 2), round(d.centers[21][1], 2)) in centres


def test_draw_board_arrow_follows_capture_path():
    board = damas.Board("W:W22:B18,10")
    [move] = board.legal_moves()
    ax = draw_board(board, arrows=[move], flipped=True)
    d = damas.display.svg.diagram(board, flipped=True)
    shafts = [line for line in ax.lines if line.get_linewidth() > 2]
    # The shaft passes through each landing square's centre but the last
    # (where the head's tip is).
    [shaft] = [line for line in shafts if len(line.get_xdata()) == len(move.path)]
    route = list(zip(shaft.get_xdata(), shaft.get_ydata()))[:-1]
    assert route == [d.centers[s] for s in move.path[:-1]]
    heads = [p for p in ax.patches if isinstance(p, Polygon)]
    assert [tuple(h.get_xy()[0]) for h in heads] == [d.centers[move.end]]


def test_draw_board_options_and_coordinates():
    board = damas.Board()
    ax = draw_board(board, coordinates="both", title="Brancas jogam")
    shown = [t.get_text() for t in ax.texts]
    assert "Brancas jogam" in shown
    # square numbers 1..32 inside, rank digits 1..8 beside the board
    assert sorted(int(t) for t in shown if t.isdigit()) == sorted(list(range(1, 33)) + list(range(1, 9)))
    assert all(letter in shown for letter in "abcdefgh")
    ax2 = draw_board(damas.Board("international"), coordinates=None)
    assert [t.get_text() for t in ax2.texts] == []


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_png_and_pdf_deterministic(variant):
    board = damas.Board(variant)
    first = png_bytes(draw_board(board, arrows=board.legal_moves()[:1]).figure)
    again = png_bytes(draw_board(damas.Board(variant), arrows=board.legal_moves()[:1]).figure)
    assert first.startswith(b"\x89PNG") and first == again
    other = damas.Board(variant)
    other.push(other.legal_moves()[-1])
    assert png_bytes(draw_board(other).figure) != png_bytes(draw_board(board).figure)
    pdf1 = pdf_bytes(draw_board(board).figure)
    pdf2 = pdf_bytes(draw_board(board).figure)
    assert pdf1.startswith(b"%PDF") and pdf1 == pdf2 and pdf_pages(pdf1) == 1


def test_draw_into_given_axes():
    fig, axes = plt.subplots(1, 2, figsize=(6, 3))
    board = damas.Board()
    assert draw_board(board, axes[1]) is axes[1]
    assert len(axes[0].patches) == 0 and len(axes[1].patches) > 32


def test_sequence_figure_row_of_positions():
    board = damas.Board()
    before = board.fen()
    fig = sequence_figure(board, ["c3-d4", "f6-e5", "d4xf6", "g7xe5"])
    assert board.fen() == before and board.move_stack == []
    assert len(fig.axes) == 5
    titles = [ax.get_title() for ax in fig.axes]
    # numbered as on a score sheet (chapter 10, art. 8): one number for a white move and its reply
    assert titles == ["Posição inicial", "1. c3-d4", "1... f6-e5", "2. d4xf6", "2... g7xe5"]
    # Axes left to right; the last panel shows the final position.
    lefts = [ax.get_position().x0 for ax in fig.axes]
    assert lefts == sorted(lefts)
    final = board.copy()
    for text in ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]:
        final.push_text(text)
    men = [p for p in fig.axes[-1].patches if isinstance(p, Circle)]
    assert len(men) == 2 * (len(final.men("W")) + len(final.men("B")))
    assert png_bytes(fig).startswith(b"\x89PNG")
    # The capture panels cross out the taken piece.
    third = fig.axes[3]
    assert len(third.lines) >= 4


def test_sequence_figure_numbers_a_problem_and_a_game_in_progress():
    turco = damas.Board("W:W6,14,15,17,27:BK2")
    titles = [ax.get_title() for ax in sequence_figure(turco, ["f2-e3", "d8xd6", "c5xe7"]).axes]
    assert titles == ["Posição do problema", "1. f2-e3", "1... d8xd6", "2. c5xe7"]
    # Black to move first: "1... " and then White's second move
    black = damas.Board("B:W22,K30:B9,10")
    first = black.legal_moves()[0]
    text = black.move_text(first)
    titles = [ax.get_title() for ax in sequence_figure(black, [first], start=False).axes]
    assert titles == [f"1... {text}"]
    # a board inside a game continues the game's numbers
    game = damas.Board()
    for move in ["c3-d4", "f6-e5", "d4xf6"]:
        game.push_text(move)
    titles = [ax.get_title() for ax in sequence_figure(game, ["g7xe5", "b2-c3"]).axes]
    assert titles == ["Antes do lance 2", "2... g7xe5", "3. b2-c3"]
    titles = [ax.get_title() for ax in sequence_figure(game, ["g7xe5"], first_number=19,
                                                        start_caption="Depois do golpe").axes]
    assert titles == ["Depois do golpe", "19... g7xe5"]


def test_numbered_moves_as_chapter_08():
    from damas.display.plot import numbered_moves
    board = damas.Board()
    assert numbered_moves(board, ["c3-d4", "f6-e5", "d4xf6"]) == "1. c3-d4 f6-e5 2. d4xf6"
    black = damas.Board("B:W13,17,20,21,25,26,27,28,30,31,32:B1,2,3,4,6,7,8,9,14,15,19")
    assert numbered_moves(black, ["e7-f6", "b4xd6", "f6-g5"]) == "1... e7-f6 2. b4xd6 f6-g5"
    assert numbered_moves(black, ["e7-f6"], first_number=7) == "7... e7-f6"
    assert numbered_moves(board, ["c3-d4"], notation="numeric") == "1. 22-18"
    assert board.move_stack == [] and black.move_stack == []


def test_sequence_figure_refuses_illegal_move():
    board = damas.Board()
    with pytest.raises(damas.DamasError):
        sequence_figure(board, ["c3-d4", "c3-b4"])
    assert board.move_stack == []


def make_puzzles(count):
    puzzles = []
    for i in range(count):
        board = damas.Board("W:W22:B18,10") if i % 2 == 0 else damas.Board("B:W22,K30:B9,10")
        puzzles.append(SimpleNamespace(board=board, title=f"Golpe {i + 1}", goal="e ganham",
                                       solution=f"solução número {i + 1}"))
    return puzzles


@pytest.mark.slow
@pytest.mark.parametrize("count, per_page, pages", [(7, 6, 3), (6, 6, 2), (8, 4, 3), (1, 1, 2)])
def test_worksheet_pdf_pages(tmp_path, count, per_page, pages):
    path = tmp_path / "folha.pdf"
    assert worksheet(make_puzzles(count), path, per_page=per_page) == pages
    data = path.read_bytes()
    assert data.startswith(b"%PDF") and pdf_pages(data) == pages
    again = tmp_path / "folha2.pdf"
    worksheet(make_puzzles(count), again, per_page=per_page)
    assert again.read_bytes() == data
    assert b"CreationDate" not in data


def test_worksheet_labels_and_answer_key():
    puzzles = make_puzzles(3)
    puzzles[2].title = None
    puzzles[2].goal = "Ganhar uma pedra"
    figures = worksheet_pages(puzzles, per_page=2)
    assert len(figures) == 3
    first, second, key = (texts(f) for f in figures)
    assert "1. Golpe 1" in first and "2. Golpe 2" in first
    assert "Brancas jogam e ganham" in first and "Pretas jogam e ganham" in first
    assert "3." in second and "Brancas jogam — Ganhar uma pedra" in second
    assert any(TEXTS["answer_key"] in t for t in key)
    answers = "\n".join(key)
    for i in (1, 2, 3):
        assert f"solução número {i}" in answers
    assert not any("solução" in t for t in first + second)
    # One diagram per puzzle on the diagram pages.
    assert [len(f.axes) for f in figures] == [2, 1, 0]


def test_worksheet_bad_input():
    with pytest.raises(ValueError, match="vazia"):
        worksheet([], io.BytesIO())
    with pytest.raises(ValueError, match="per_page"):
        worksheet(make_puzzles(2), io.BytesIO(), per_page=0)
    with pytest.raises(ValueError, match="solution"):
        worksheet([SimpleNamespace(board=damas.Board(), title="x", goal="y")], io.BytesIO())
