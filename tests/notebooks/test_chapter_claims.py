"""The fact sentences of the chapters carry fact tags, in an HTML comment right after them
(``... em c5. <!-- [%gives d4-c5] -->``, which no notebook viewer shows), and the tags hold.

Where the tags are read (:func:`chapter_contexts`, also used by scripts/claims_census.py):

* chapter 06: the text above a problem (a code cell ``curso[3]``, or ``theme_example('três por um')``
  under its label) talks about that problem's line; a ``[%fen]`` tag names another position, a problem of the collections;
* chapter 09: every sentence that names a square or a move talks about the position of its
  ``[%fen]`` tag (the tags after it, until the next ``[%fen]`` of the cell), whose line is the
  endgame base's best line; that position is the one the chapter shows (a FEN of the next code
  cell, a stage of ``damas.course.kit.forcada``, or the position a cell computes);
* chapter 10: a sentence that names a numbered move of the model game
  (notebooks/data/partida_anotada.pdn) talks about that game, and a sign it quotes («16. a1-b2?»)
  must be the one the game file gives the move.

A sentence about a position shown that names a square or a move without a tag is refused by the
lint (damas.problems.fact_lint.lint_markdown)."""

import re

import nbformat
import pytest

from damas import Board
from damas.problems.fact_checks import check_fact
from damas.problems.fact_context import Context, line_steps, puzzle_context
from damas.problems.fact_lint import lint_sentence, markdown_sentences, named_in
from damas.problems.puzzles import load_collection
from damas.rules.pdn import read_games
from damas.rules.pdn_facts import facts_in, strip_facts
from repo_paths import REPO

NOTEBOOKS = REPO / "notebooks"
COLLECTIONS = {"curso": "golpes-do-curso.pdn", "partidas": "golpes-de-partidas.pdn", "classicos": "classicos.pdn"}
NUMBERED = re.compile(r"\b(\d+)\.(\.\.)?\s*([a-h][1-8][-x][a-h][1-8](?:[-x][a-h][1-8])*)([!?]{0,2})")


def _cells(name):
    return nbformat.read(NOTEBOOKS / name, as_version=4).cells


def _puzzle_by_fen(fen):
    board = Board(fen)
    for path in sorted((REPO / "puzzles").glob("*.pdn")):
        for p in load_collection(path):
            if p.variant == "brazilian" and p.board() == board:
                return p
    return None


def _position_context(fen):
    """The context of a chapter's position: a problem of the collections with that FEN, else the
    position with the endgame base's best line (a tag may name any legal move there)."""
    puzzle = _puzzle_by_fen(fen)
    if puzzle is not None:
        return puzzle_context(puzzle)
    from damas.engine import endgames
    board = Board(fen)
    try:
        line = endgames.best_line(board)
    except Exception:                    # not covered by the base: the bare position
        line = []
    return Context(board, line_steps(board, line), free=True)


def _model_game():
    game, = read_games(NOTEBOOKS / "data" / "partida_anotada.pdn")
    board = game.initial_board()
    return game, Context(board, line_steps(board, [n.move for n in game.line.nodes]),
                         first_number=game.first_move_number)


def _chapter06():
    """A problem cell is ``curso[3]`` or, in the chapter written for a child, a labelled call
    ``# o exemplo do três por um`` / ``theme_example('três por um')`` (the module says which problem)."""
    from damas.course.chapters.ch06_golpes_classicos import example
    cells = _cells("06_Golpes_classicos.ipynb")
    for before, cell in zip(cells, cells[1:]):
        if cell.cell_type != "code" or before.cell_type != "markdown":
            continue
        call = re.fullmatch(r"\s*(?:#[^\n]*\n)?\s*theme_example\('([^']+)'\)\s*", cell.source)
        m = re.fullmatch(r"\s*(curso|partidas|classicos)\[(\d+)\]\s*", cell.source)
        if call:
            yield f"06 {call.group(1)}", puzzle_context(example(call.group(1))), before.source.split("###")[-1]
        elif m:
            puzzle = load_collection(REPO / "puzzles" / COLLECTIONS[m.group(1)])[int(m.group(2))]
            yield f"06 {m.group(0).strip()}", puzzle_context(puzzle), before.source.split("###")[-1]


def _chapter09():
    for i, cell in enumerate(_cells("09_Finais.ipynb")):
        if cell.cell_type == "markdown" and ("[%" in cell.source or any(
                named_in(strip_facts(s)).squares for s in markdown_sentences(cell.source))):
            yield f"09 célula {i}", None, cell.source


def _chapter10():
    game, ctx = _model_game()
    texts = [st.text for st in ctx.steps]
    for i, cell in enumerate(_cells("10_Anotacao_e_relogio.ipynb")):
        if cell.cell_type != "markdown":
            continue
        for sentence in markdown_sentences(cell.source):
            for number, black, move, _ in NUMBERED.findall(strip_facts(sentence)):
                ply = 2 * (int(number) - 1) + (1 if black else 0)
                if ply < len(texts) and texts[ply] == move:
                    yield f"10 célula {i}", ctx, sentence
                    break


def chapter_contexts():
    """(where, context or None, text) of the chapters' fact sentences; the context None means
    the text's [%fen] tags give it (chapter 09)."""
    yield from _chapter06()
    yield from _chapter09()
    yield from _chapter10()


def chapter_problems(where, ctx, text):
    """The lint's messages and the false tags of a chapter's text (also used by
    scripts/claims_census.py)."""
    out = []
    for sentence in markdown_sentences(text):
        out += lint_sentence(sentence, 8, chapter=True)
        for fact in facts_in(sentence):
            if fact.kind == "fen":
                ctx = _position_context(fact.args[0])
                continue
            if ctx is None:
                out.append(f"{where}: {fact} sem posição ([%fen])")
            elif (why := check_fact(ctx, fact)):
                out.append(f"{where}: {fact}: {why}")
    return out


@pytest.mark.parametrize("chapter", ["06", "09", "10"])
def test_the_fact_sentences_carry_tags_that_hold(chapter):
    texts = [t for t in chapter_contexts() if t[0].startswith(chapter)]
    assert texts
    tagged = 0
    for where, ctx, text in texts:
        assert chapter_problems(where, ctx, text) == [], (where, chapter_problems(where, ctx, text))
        tagged += sum(bool(facts_in(s)) for s in markdown_sentences(text))
    assert tagged >= {"06": 2, "09": 10, "10": 2}[chapter]


def test_a_sentence_without_its_marker_is_refused():
    where, ctx, text = next(_chapter06())
    bare = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    assert chapter_problems(where, ctx, bare)
    moved = text.replace("[%gives e5-f6]", "[%gives e5-d6]")
    assert chapter_problems(where, ctx, moved)


def test_the_positions_of_chapter_09_are_the_ones_it_shows():
    """Each [%fen] of chapter 09 is the position the chapter draws: a FEN of the next code cell,
    a stage of the method (damas.course.kit.forcada.STAGES: the formation and the example king), or
    the longest loss that a cell computes."""
    from damas.course.kit import forcada
    cells = _cells("09_Finais.ipynb")
    stages = {Board("W:W" + ",".join("K" + s for s in st.formation) + f":BK{st.example}").fen()
              for st in forcada.STAGES}
    computed = {Board(forcada.two_kings()["longest_loss"]).fen(), Board(forcada.corner_trap()["longest_loss"]).fen()}
    seen = 0
    for i, cell in enumerate(cells):
        if cell.cell_type != "markdown":
            continue
        for fen in re.findall(r"\[%fen ([^\]\s]+)\]", cell.source):
            seen += 1
            board = Board(fen)
            shown = {Board(f).fen() for f in re.findall(r"Board\('([^']+)'\)", cells[i + 1].source)} \
                if i + 1 < len(cells) else set()
            assert board.fen() in shown | stages | computed, (i, fen)
    assert seen >= 8


def test_chapter_10_quotes_the_signs_and_the_figure_as_they_are():
    """A sign quoted («16. a1-b2?») is the game file's; a figure's caption quoted in the text
    («o primeiro é “19... e5-f4”») is in the figure the next code cell shows (issue 43: the text
    said «o “1. e5-f4” da figura» of a figure captioned with the game's own numbers)."""
    game, ctx = _model_game()
    marks = [n.marks or "" for n in game.line.nodes]
    texts = [st.text for st in ctx.steps]
    cells = _cells("10_Anotacao_e_relogio.ipynb")
    quoted = 0
    for i, cell in enumerate(cells):
        if cell.cell_type != "markdown":
            continue
        for sentence in markdown_sentences(cell.source):
            for number, black, move, mark in NUMBERED.findall(strip_facts(sentence).replace("`", "")):
                ply = 2 * (int(number) - 1) + (1 if black else 0)
                if mark and ply < len(texts) and texts[ply] == move:
                    assert marks[ply] == mark, (sentence, marks[ply])
        for caption in re.findall(r"“([^”]+)”", strip_facts(cell.source)):
            if not NUMBERED.fullmatch(caption.strip()):
                continue
            figure = " ".join(str(o.get("data", {}).get("text/plain", "")) for c in cells[i + 1:i + 3]
                              for o in c.get("outputs", []))
            assert caption in figure, (i, caption)
            quoted += 1
    assert quoted >= 1


def test_rule_6_3_says_the_fmjd_number_wherever_the_course_gives_10_moves():
    """The 100-square rule 6.3 is 10 moves in the course's rules text and 16 in the FMJD's of
    2015 (issue 43): a chapter's cell, or a quiz's text, that gives the 10 moves says the 16 too."""
    import json
    texts = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                texts.append((path.name, cell.source))
    for path in sorted((REPO / "damas" / "course" / "texts").glob("*.json")):
        def walk(value):
            if isinstance(value, str):
                yield value
            elif isinstance(value, dict):
                for v in value.values():
                    yield from walk(v)
            elif isinstance(value, list):
                for v in value:
                    yield from walk(v)
        texts += [(path.name, t) for t in walk(json.loads(path.read_text(encoding="utf-8")))]
    checked = 0
    for name, text in texts:
        plain = re.sub(r"[*`]", "", text)
        if re.search(r"\b10 lances\b", plain) and "6.3" in plain:
            checked += 1
            assert "16" in plain and "FMJD" in plain, (name, plain[:200])
    assert checked >= 3
