"""SVG board pictures (damas.display.svg): geometry, pieces, arrows, coordinates, determinism."""

import re
import xml.etree.ElementTree as ET

import pytest

import damas
from damas.display.svg import SVG, Arrow, board_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def classes(el):
    return el.get("class", "").split()


def find_class(root, *wanted):
    """Elements whose class list contains all of ``wanted``."""
    return [el for el in root.iter() if set(wanted) <= set(classes(el))]


def square_rects(root):
    """square number -> (x, y) of its dark-square rectangle."""
    return {int(el.get("data-square")): (float(el.get("x")), float(el.get("y")))
            for el in find_class(root, "square", "dark")}


def square_centres(root):
    return {sq: (x + 50.0, y + 50.0) for sq, (x, y) in square_rects(root).items()}


def luminance(color):
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def points(text):
    return [tuple(float(v) for v in p.split(",")) for p in text.split()]


BOTH = ["brazilian", "international"]


# -- determinism and title ---------------------------------------------------

@pytest.mark.parametrize("variant", BOTH)
def test_same_position_same_bytes(variant):
    board = damas.Board(variant)
    first = board_svg(board, arrows=board.legal_moves()[:2], highlight=[board.legal_moves()[0].start])
    again = board_svg(damas.Board(variant), arrows=board.legal_moves()[:2],
                      highlight=[board.legal_moves()[0].start])
    assert first == again
    assert first.encode() == again.encode()
    # A position reached by moves draws like the same position set from its FEN.
    played = damas.Board(variant)
    played.push(played.legal_moves()[0])
    from_fen = damas.Board(played.fen(), variant=variant)
    assert board_svg(played) == board_svg(from_fen)
    assert board_svg(played) != first


def test_no_random_ids_or_long_floats():
    board = damas.Board("W:W22,K32:B18,10,K1,5")
    svg = board_svg(board, arrows=board.legal_moves(), lastmove=(22, 15), size=333)
    assert " id=" not in svg
    numbers = re.findall(r"-?\d+\.\d+", svg)
    assert numbers, "expected some decimals (size 333 is not a multiple of the board)"
    assert all(len(n.split(".")[1]) <= 2 for n in numbers)


@pytest.mark.parametrize("variant", BOTH)
def test_title_carries_fen(variant):
    board = damas.Board(variant)
    root = parse(board_svg(board))
    assert root.find(NS + "title").text == board.fen()
    root = parse(board_svg(board, title="Brancas jogam e ganham"))
    text = root.find(NS + "title").text
    assert board.fen() in text and "Brancas jogam e ganham" in text
    assert [el.text for el in find_class(root, "title")] == ["Brancas jogam e ganham"]


def test_title_is_escaped():
    board = damas.Board()
    root = parse(board_svg(board, title="<a & b>"))
    assert "<a & b>" in root.find(NS + "title").text


def test_svg_class_and_board_repr():
    board = damas.Board()
    svg = board_svg(board)
    assert isinstance(svg, SVG) and isinstance(svg, str)
    assert svg._repr_svg_() == str(svg)
    assert board._repr_svg_() == board_svg(board, lastmove=board.peek())


def test_size_sets_pixel_width():
    root = parse(board_svg(damas.Board(), size=250))
    assert root.get("width") == "250"
    root = parse(board_svg(damas.Board("international"), size=500, coordinates="numbers"))
    assert root.get("width") == "500" and root.get("height") == "500"
    with pytest.raises(ValueError, match="Tamanho"):
        board_svg(damas.Board(), size=0)


# -- geometry ------------------------------------------------------------------

@pytest.mark.parametrize("variant", BOTH)
@pytest.mark.parametrize("flipped", [False, True])
def test_squares_follow_variant_geometry(variant, flipped):
    board = damas.Board(variant)
    v = board.variant
    rects = square_rects(parse(board_svg(board, flipped=flipped)))
    assert sorted(rects) == list(v.square_range)
    # One origin for all squares: x = x0 + col * 100, y = y0 + row * 100.
    x0 = min(x for x, _ in rects.values())
    y0 = min(y for _, y in rects.values())
    n = v.size
    for sq, (x, y) in rects.items():
        row, col = v.square_to_rc(sq)
        if flipped:
            row, col = n - 1 - row, n - 1 - col
        assert (round(x - x0), round(y - y0)) == (col * 100, row * 100), sq


@pytest.mark.parametrize("variant, corner", [("brazilian", 29), ("international", 46)])
def test_white_bottom_left_dark_square_and_flip(variant, corner):
    board = damas.Board(variant)
    normal = square_rects(parse(board_svg(board)))
    flipped = square_rects(parse(board_svg(board, flipped=True)))
    xs = [x for x, _ in normal.values()]
    ys = [y for _, y in normal.values()]
    # White's first square on the left (a1 / 46) is the bottom-left dark square.
    assert normal[corner] == (min(xs), max(ys))
    # Flipped: it is at the top right, and Black's pieces are at the bottom.
    fxs = [x for x, _ in flipped.values()]
    fys = [y for _, y in flipped.values()]
    assert flipped[corner] == (max(fxs), min(fys))
    assert board_svg(board) != board_svg(board, flipped=True)
    pieces = {int(g.get("data-square")): g for g in find_class(parse(board_svg(board, flipped=True)), "piece")}
    black_y = [float(pieces[sq].find(NS + "circle").get("cy")) for sq in board.men("B")]
    white_y = [float(pieces[sq].find(NS + "circle").get("cy")) for sq in board.men("W")]
    assert min(black_y) > max(white_y)


# -- pieces --------------------------------------------------------------------

@pytest.mark.parametrize("variant, men", [("brazilian", 12), ("international", 20)])
def test_initial_pieces_counted(variant, men):
    root = parse(board_svg(damas.Board(variant)))
    assert len(find_class(root, "piece", "white", "man")) == men
    assert len(find_class(root, "piece", "black", "man")) == men
    assert find_class(root, "king") == []
    assert find_class(root, "crown") == []


def test_each_piece_kind_drawn_on_its_square():
    board = damas.Board("W:W21,22,K30:B1,2,3,K5,K9")
    root = parse(board_svg(board))
    found = {}
    for g in find_class(root, "piece"):
        found[int(g.get("data-square"))] = tuple(c for c in classes(g) if c != "piece")
    assert found == {21: ("white", "man"), 22: ("white", "man"), 30: ("white", "king"),
                     1: ("black", "man"), 2: ("black", "man"), 3: ("black", "man"),
                     5: ("black", "king"), 9: ("black", "king")}
    centres = square_centres(root)
    for g in find_class(root, "piece"):
        sq = int(g.get("data-square"))
        circle = g.find(NS + "circle")
        cx, cy = float(circle.get("cx")), float(circle.get("cy"))
        assert abs(cx - centres[sq][0]) < 1 and abs(cy - centres[sq][1]) < 10
    # Kings carry a crown; men do not.
    for g in find_class(root, "piece"):
        crowns = [el for el in g if "crown" in classes(el)]
        assert len(crowns) == (1 if "king" in classes(g) else 0)


def test_colours_and_kings_told_apart_in_grey():
    """Printed in grey: white pieces light with a dark outline, black pieces
    dark with a light inner ring, kings with an extra disc and a crown."""
    board = damas.Board("W:W21,K30:B1,K5")
    root = parse(board_svg(board))
    by_kind = {" ".join(classes(g)[1:]): g for g in find_class(root, "piece")}

    def circles(kind):
        return by_kind[kind].findall(NS + "circle")

    white, black = circles("white man"), circles("black man")
    assert luminance(white[0].get("fill")) > 0.8 and luminance(white[0].get("stroke")) < 0.2
    assert luminance(black[0].get("fill")) < 0.2
    # The inner ring: dark on white pieces, light on black ones (an outline style, not only fill).
    assert luminance(white[1].get("stroke")) < 0.2 and luminance(black[1].get("stroke")) > 0.6
    assert len(circles("white king")) == len(white) + 1
    assert len(circles("black king")) == len(black) + 1
    for kind in ("white king", "black king"):
        crown = [el for el in by_kind[kind] if "crown" in classes(el)][0]
        fill = luminance(by_kind[kind].find(NS + "circle").get("fill"))
        # The crown's outline contrasts with the piece it sits on.
        assert abs(luminance(crown.get("stroke")) - fill) > 0.6


# -- arrows --------------------------------------------------------------------

def arrow_squares(root, centres):
    """For each arrow: the squares its shaft and head tip pass through."""
    result = []
    for g in find_class(root, "arrow"):
        shaft = points(g.find(NS + "polyline").get("points"))
        tip = points(g.find(NS + "polygon").get("points"))[0]
        route = shaft[:-1] + [tip]   # the shaft stops at the head; the tip ends the move
        squares = []
        for x, y in route:
            sq = [s for s, (cx, cy) in centres.items() if abs(cx - x) < 0.01 and abs(cy - y) < 0.01]
            assert len(sq) == 1, (x, y)
            squares.append(sq[0])
        result.append((tuple(squares), classes(g)))
    return result


@pytest.mark.parametrize("fen, variant", [("W:W22:B18,10", "brazilian"),
                                          ("W:W33:B28,18", "international")])
@pytest.mark.parametrize("flipped", [False, True])
def test_capture_arrow_follows_path_and_crosses_taken_pieces(fen, variant, flipped):
    board = damas.Board(fen, variant=variant)
    [move] = board.legal_moves()
    assert len(move.path) == 3 and len(move.captured) == 2
    root = parse(board_svg(board, arrows=[move], flipped=flipped))
    centres = square_centres(root)
    [(squares, kind)] = arrow_squares(root, centres)
    assert squares == tuple(move.path)
    assert "capture" in kind
    # The path turns: a straight arrow from start to end would not pass there.
    (x0, y0), (x1, y1), (x2, y2) = (centres[s] for s in move.path)
    assert (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1) != 0
    crosses = find_class(root, "cross")
    assert sorted(int(c.get("data-square")) for c in crosses) == sorted(move.captured)
    for cross in crosses:
        nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", cross.find(NS + "path").get("d"))]
        cx = sum(nums[0::2]) / len(nums[0::2])
        cy = sum(nums[1::2]) / len(nums[1::2])
        assert (round(cx, 2), round(cy, 2)) == centres[int(cross.get("data-square"))]


def test_arrow_given_as_squares_or_text_finds_the_capture_path():
    board = damas.Board("W:W22:B18,10")
    [move] = board.legal_moves()
    expected = board_svg(board, arrows=[move])
    assert board_svg(board, arrows=[(move.start, move.end)]) == expected
    assert board_svg(board, arrows=["c3xc7"]) == expected
    assert board_svg(board, arrows=[("c3", "c7")]) == expected
    # A capture Move built by hand without its path gets the board's path.
    assert board_svg(board, arrows=[damas.Move(22, 6, captured=(18, 10))]) == expected


def test_simple_move_arrow_and_custom_colour():
    board = damas.Board()
    move = board.parse_move("c3-d4")
    root = parse(board_svg(board, arrows=[move, Arrow((23, 19), "#123456")]))
    centres = square_centres(root)
    drawn = arrow_squares(root, centres)
    assert drawn == [((22, 18), ["arrow"]), ((23, 19), ["arrow"])]
    colours = [g.find(NS + "polygon").get("fill") for g in find_class(root, "arrow")]
    assert colours[1] == "#123456" and colours[0] != "#123456"
    assert find_class(root, "cross") == []


def test_bad_arrows_and_squares_refused_in_portuguese():
    board = damas.Board()
    with pytest.raises(ValueError, match="Casa inválida"):
        board_svg(board, highlight=[33])
    with pytest.raises(ValueError, match="Casa inválida"):
        board_svg(board, marked=["z9"])
    with pytest.raises(ValueError, match="Seta inválida"):
        board_svg(board, arrows=[(22,)])
    with pytest.raises(ValueError, match="Casa inválida"):
        board_svg(damas.Board("international"), arrows=[(51, 46)])
    with pytest.raises(damas.DamasError):
        board_svg(board, arrows=["c3-c4"])  # the board's own notation error


# -- highlights, last move, marks -----------------------------------------------

def test_highlight_lastmove_and_marks():
    board = damas.Board("W:W22:B18,10")
    [move] = board.legal_moves()
    board.push(move)
    root = parse(board_svg(board, lastmove=board.peek(), highlight=["h2", 1], marked=[5]))
    rects = square_rects(root)
    last = find_class(root, "lastmove")
    assert [int(el.get("data-square")) for el in last] == [22, 15, 6]
    high = find_class(root, "highlight")
    assert [int(el.get("data-square")) for el in high] == [28, 1]
    for el in last + high:
        x, y = rects[int(el.get("data-square"))]
        assert x < float(el.get("x")) < x + 100 and y < float(el.get("y")) < y + 100
    assert [int(el.get("data-square")) for el in find_class(root, "cross")] == [5]
    coloured = parse(board_svg(board, highlight={7: "#0000ff"}))
    assert find_class(coloured, "highlight")[0].get("fill") == "#0000ff"


# -- coordinates ---------------------------------------------------------------

@pytest.mark.parametrize("variant", BOTH)
def test_square_numbers_inside_their_squares(variant):
    board = damas.Board(variant)
    root = parse(board_svg(board, coordinates="numbers"))
    rects = square_rects(root)
    numbers = find_class(root, "number")
    assert sorted(int(t.text) for t in numbers) == list(board.variant.square_range)
    for t in numbers:
        x, y = rects[int(t.text)]
        assert x < float(t.get("x")) < x + 50 and y < float(t.get("y")) < y + 50
    assert find_class(root, "coord") == []


@pytest.mark.parametrize("flipped", [False, True])
def test_algebraic_letters_around_8x8(flipped):
    board = damas.Board()
    root = parse(board_svg(board, coordinates="algebraic", flipped=flipped))
    rects = square_rects(root)
    coords = find_class(root, "coord")
    assert len(coords) == 16
    assert find_class(root, "number") == []
    files = sorted((float(t.get("x")), t.text) for t in coords if t.text.isalpha())
    ranks = sorted((float(t.get("y")), t.text) for t in coords if t.text.isdigit())
    letters = "abcdefgh"[::-1] if flipped else "abcdefgh"
    digits = "12345678" if flipped else "87654321"
    assert "".join(t for _, t in files) == letters
    assert "".join(t for _, t in ranks) == digits
    # Letters sit under the board, digits to its left.
    board_bottom = max(y for _, y in rects.values()) + 100
    board_left = min(x for x, _ in rects.values())
    assert all(float(t.get("y")) > board_bottom for t in coords if t.text.isalpha())
    assert all(float(t.get("x")) < board_left for t in coords if t.text.isdigit())
    # 'a1' is the square under the letter a and beside the digit 1.
    a_x = dict((t, x) for x, t in files)["a"]
    one_y = dict((t, y) for y, t in ranks)["1"]
    x, y = rects[board.variant.parse_square("a1")]
    assert x < a_x < x + 100 and y < one_y < y + 100


def test_coordinate_modes():
    brazil, inter = damas.Board(), damas.Board("international")
    assert board_svg(brazil) == board_svg(brazil, coordinates="algebraic")
    assert board_svg(inter) == board_svg(inter, coordinates="numbers")
    both = parse(board_svg(brazil, coordinates="both"))
    assert len(find_class(both, "number")) == 32 and len(find_class(both, "coord")) == 16
    none = parse(board_svg(brazil, coordinates=None))
    assert find_class(none, "number") == [] and find_class(none, "coord") == []
    with pytest.raises(ValueError, match="8x8"):
        board_svg(inter, coordinates="algebraic")
    with pytest.raises(ValueError, match="Coordenadas desconhecidas"):
        board_svg(brazil, coordinates="letters")


def test_colors_option():
    board = damas.Board()
    root = parse(board_svg(board, colors={"dark": "#000080"}))
    assert {el.get("fill") for el in find_class(root, "square", "dark")} == {"#000080"}
    with pytest.raises(ValueError, match="Cores desconhecidas"):
        board_svg(board, colors={"purple": "#800080"})


def test_single_square_or_move_without_a_list():
    board = damas.Board("W:W22:B18,10")
    [move] = board.legal_moves()
    assert board_svg(board, arrows=move) == board_svg(board, arrows=[move])
    assert board_svg(board, arrows="c3xc7") == board_svg(board, arrows=[move])
    assert board_svg(board, highlight=22, marked="d4") == board_svg(board, highlight=[22], marked=[18])


# -- issue 17: titles that fit, numbers that can be read ------------------------------------------

def _title_lines(svg):
    root = parse(svg)
    width = float(root.get("viewBox").split()[2])
    texts = find_class(root, "title")
    return root, width, [(float(t.get("font-size")), t.text, float(t.get("y"))) for t in texts]


def _all_titles():
    """Headings as the course writes them: every puzzle's title and task,
    and 'Exercício N: task' lines, plus a few made long on purpose."""
    from pathlib import Path
    from damas.problems.puzzles import load_collection
    titles = ["Brancas jogam e ganham", "Uma volta completa: sai de c3 e volta a c3",
              "Para a frente (d4xb6) ou para trás (d4xf2)",
              "Exercício 2: Brancas jogam e vencem (em até 3 lances das brancas).",
              "Uma palavra muito comprida: " + "Superdesenvolvimentalidade" * 3,
              " ".join(["dama"] * 60)]
    for path in sorted((Path(damas.__file__).parents[1] / "puzzles").glob("*.pdn")):
        for i, p in enumerate(load_collection(path), 1):
            titles.append(f"Exercício {i}: {p.task()}")
            if p.title:
                titles.append(f"{p.title} — {p.task()}")
    return titles


@pytest.mark.slow
@pytest.mark.parametrize("variant", BOTH)
@pytest.mark.parametrize("coordinates", ["auto", None])
def test_every_title_fits_the_picture(variant, coordinates):
    from damas.display.svg import TITLE_MAX_LINES, TITLE_PAD, text_width
    board = damas.Board(variant)
    if variant == "international" and coordinates == "auto":
        coordinates = "numbers"
    for title in _all_titles():
        root, width, lines = _title_lines(board_svg(board, title=title, coordinates=coordinates))
        assert 1 <= len(lines) <= TITLE_MAX_LINES, title
        for size, text, _y in lines:
            assert text_width(text, size) <= width - 2 * TITLE_PAD * 100 + 1e-6, (title, text)
        # Nothing is lost: the lines are the title's words, in order.
        assert " ".join(t for _, t, _ in lines).split() == title.split()
        # The lines stay above the board.
        top = min(float(el.get("y")) for el in find_class(root, "board"))
        assert all(y < top for _, _, y in lines)


def test_a_short_title_is_one_line_at_full_size():
    from damas.display.svg import TITLE_SIZE
    _root, _w, lines = _title_lines(board_svg(damas.Board(), title="Brancas jogam e ganham"))
    assert lines == [(TITLE_SIZE * 100, "Brancas jogam e ganham", 52.0)]


def test_a_long_title_wraps_and_the_picture_grows():
    board = damas.Board()
    title = "Para a frente (d4xb6) ou para trás (d4xf2): as duas tomadas da pedra"
    _r, _w, lines = _title_lines(board_svg(board, title=title))
    assert len(lines) == 2 and lines[0][0] == lines[1][0]           # same size, two lines
    assert lines[1][2] > lines[0][2]
    short = parse(board_svg(board, title="Curto"))
    long = parse(board_svg(board, title=title))
    assert float(long.get("viewBox").split()[3]) > float(short.get("viewBox").split()[3])


def test_text_width_estimate_orders_texts():
    from damas.display.svg import text_width
    assert text_width("iiii", 1) < text_width("aaaa", 1) < text_width("MMMM", 1)
    assert text_width("é", 1) == text_width("e", 1)
    assert text_width("ab", 2) == 2 * text_width("ab", 1)


def test_square_numbers_on_10x10_are_larger():
    eight = parse(board_svg(damas.Board(), coordinates="numbers"))
    ten = parse(board_svg(damas.Board("international")))
    size8 = float(find_class(eight, "number")[0].get("font-size"))
    size10 = float(find_class(ten, "number")[0].get("font-size"))
    # At the default width of 400 px: square = 400 / picture width in squares.
    px10 = size10 / float(ten.get("viewBox").split()[2]) * 400
    assert px10 >= 10.5, px10
    assert size10 > size8


def test_a_title_a_little_too_wide_stays_on_one_line_and_wrapped_lines_are_balanced():
    from damas.display.svg import TITLE_ONE_LINE_MIN, TITLE_SIZE, text_width
    _r, _w, lines = _title_lines(board_svg(damas.Board(), title="O que o computador vê (profundidade 4)"))
    assert len(lines) == 1 and TITLE_ONE_LINE_MIN * 100 <= lines[0][0] < TITLE_SIZE * 100
    title = "Exercício 2: Brancas jogam e vencem (em até 3 lances das brancas)."
    _r, _w, lines = _title_lines(board_svg(damas.Board("international"), title=title))
    assert len(lines) == 2
    short, long = sorted(text_width(t, 1) for _, t, _ in lines)
    assert short > 0.6 * long                 # no word left alone on a line


# -- the live board (the widget's picture) is the static picture plus marks --------------------

def _shapes(svg_text):
    """The drawn shapes of a board picture, classes and groups left out: the
    frame, the squares, the pieces' discs and crowns, the numbers and letters."""
    import re
    shapes = []
    for tag in re.findall(r"<(?:rect|circle|polygon|text)\b[^>]*>(?:[^<]*</text>)?", svg_text):
        if "damas-" in tag and 'class="number damas-number"' not in tag \
                and 'class="coord damas-coord"' not in tag and 'class="crown damas-crown"' not in tag:
            continue                                   # a mark of the clicks
        if 'class="lastmove"' in tag or 'class="highlight"' in tag:
            continue
        tag = re.sub(r' class="[^"]*"| aria-hidden="true"', "", tag)
        shapes.append(tag)
    return sorted(shapes)


@pytest.mark.parametrize("fen,variant,flipped", [
    ("W:W21,22,23,24,K30:B5,6,7,K12,15", "brazilian", False),
    ("B:W21-32:B1-12", "brazilian", True),
    ("W:W31-50:B1-20", "international", False),
])
def test_the_live_board_draws_the_same_pieces_numbers_and_letters_as_the_picture(fen, variant, flipped):
    from damas.display.svg import LiveMarks, live_board_svg
    board = damas.Board(fen, variant=variant)
    coordinates = "both" if board.variant.size == 8 else "numbers"
    live = live_board_svg(board, LiveMarks(selected=22, targets=(17, 18), highlights=(5,)),
                          flipped=flipped, coordinates=coordinates)
    static = board_svg(board, flipped=flipped, coordinates=coordinates, size=480)
    assert _shapes(live) == _shapes(static)
    assert len(_shapes(live)) > 2 * board.variant.squares
    # the same <svg> element and title: one picture, the same size
    assert live[:live.index("</title>")] == static[:static.index("</title>")]
