"""Checks of the course notebooks in notebooks/.

- every notebook has a title (first cell: markdown starting with '# ');
- chapters (NN_Name.ipynb) are numbered 00, 01, 02, ... without gaps, and
  every notebook is linked from the index, 00_Comece_aqui.ipynb;
- every relative link in a notebook or in a Markdown file of notebooks/
  points to a file that exists;
- the stored outputs come from one clean top-to-bottom run (execution counts
  1, 2, 3, ...), hold no error, no memory address and no matplotlib SVG;
- nbval runs every cell of every notebook: no cell is skipped, none may raise.

Each notebook is executed once per run, by nbval (``addopts`` in pyproject.toml, ``notebooks``
in ``testpaths``): it runs the cells top to bottom in a fresh kernel, fails on the first error
and compares the outputs with the stored ones.  A cell tagged (or commented) to be skipped or to
raise would let an error through, so none may be.
"""

from __future__ import annotations
from repo_paths import REPO

import re
from pathlib import Path
from urllib.parse import unquote

import nbformat
import pytest

NOTEBOOKS_DIR = REPO / "notebooks"
INDEX_NAME = "00_Comece_aqui.ipynb"

NOTEBOOKS = sorted(NOTEBOOKS_DIR.glob("*.ipynb"))
CHAPTERS = [p for p in NOTEBOOKS if re.match(r"^\d\d_", p.name)]  # 00_Comece_aqui, 01_Tabuleiro_e_notacao, ...
MARKDOWN_FILES = sorted(NOTEBOOKS_DIR.glob("*.md"))

# [text](target) or [text](target "title") or [text](<target>), and href="target".
MD_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^\"']*[\"'])?\s*\)")
HTML_LINK = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']""")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
CHAPTER_NAME = re.compile(r"^(\d\d)_[A-Za-z0-9_]+\.ipynb$")


def read(path: Path):
    return nbformat.read(path, as_version=4)


def markdown_text(path: Path) -> str:
    """All the Markdown of a notebook (its markdown cells) or of a .md file."""
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    return "\n".join(cell.source for cell in read(path).cells if cell.cell_type == "markdown")


def links(text: str) -> list[str]:
    return MD_LINK.findall(text) + HTML_LINK.findall(text)


def local_target(link: str) -> str | None:
    """The file part of a relative link, or None for web links and anchors."""
    if SCHEME.match(link) or link.startswith(("#", "//")):
        return None
    target = unquote(link.split("#", 1)[0].split("?", 1)[0])
    return target or None


def ids(paths):
    return [p.name for p in paths]


def test_there_are_notebooks():
    assert (NOTEBOOKS_DIR / INDEX_NAME).exists(), "falta o notebook de entrada 00_Comece_aqui.ipynb"
    assert len(NOTEBOOKS) >= 2


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_notebook_has_a_title(path):
    cells = read(path).cells
    assert cells, f"{path.name} está vazio"
    first = cells[0]
    assert first.cell_type == "markdown", f"{path.name}: a primeira célula deve ser de texto (o título)"
    assert first.source.startswith("# "), f"{path.name}: a primeira célula deve começar com '# Título'"


def test_chapters_are_numbered_without_gaps():
    numbers = []
    for path in CHAPTERS:
        match = CHAPTER_NAME.match(path.name)
        assert match, f"nome fora do padrão NN_Nome.ipynb: {path.name}"
        numbers.append(int(match.group(1)))
    assert numbers == list(range(len(numbers))), f"numeração com buracos ou repetida: {numbers}"


def test_every_notebook_is_linked_from_the_index():
    # Every chapter, and every other notebook (such as an app), is reachable from the index.
    index = NOTEBOOKS_DIR / INDEX_NAME
    targets = {Path(t).name for t in map(local_target, links(markdown_text(index))) if t}
    missing = [p.name for p in NOTEBOOKS if p.name != INDEX_NAME and p.name not in targets]
    assert not missing, f"notebooks sem link em {INDEX_NAME}: {missing}"


DOCUMENTS = NOTEBOOKS + MARKDOWN_FILES


@pytest.mark.parametrize("path", DOCUMENTS, ids=ids(DOCUMENTS))
def test_relative_links_resolve(path):
    broken = []
    for link in links(markdown_text(path)):
        target = local_target(link)
        if target is not None and not (path.parent / target).exists():
            broken.append(link)
    assert not broken, f"{path.name}: links para arquivos que não existem: {broken}"


def test_link_checker_sees_links():
    # The checker itself must find the links it is meant to check.
    text = '[a](01_Tabuleiro_e_notacao.ipynb) [b](<GUIA.md> "guia") <a href="x/y.md#z">c</a> [w](https://fmjd.org) [s](#topo)'
    assert [local_target(x) for x in links(text)] == ["01_Tabuleiro_e_notacao.ipynb", "GUIA.md", None, None, "x/y.md"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_stored_outputs_come_from_a_clean_run(path):
    code_cells = [c for c in read(path).cells if c.cell_type == "code"]
    counts = [c.execution_count for c in code_cells]
    assert counts == list(range(1, len(code_cells) + 1)), (
        f"{path.name}: execute o notebook inteiro, de cima para baixo, num kernel novo, e grave as "
        f"saídas (jupyter nbconvert --to notebook --execute --inplace ...); contagens: {counts}")
    for cell in code_cells:
        for output in cell.outputs:
            assert output.output_type != "error", f"{path.name}: saída de erro gravada"
            data = output.get("data", {})
            text = output.get("text", "") + data.get("text/plain", "")
            assert not re.search(r" at 0x[0-9a-f]+", text), f"{path.name}: saída com endereço de memória"
            svg = data.get("image/svg+xml", "")
            assert "matplotlib" not in svg.lower(), f"{path.name}: gráfico em SVG; use PNG"


# nbval's markers (a cell tag, or a comment line of the cell) that skip a cell or let it raise.
NBVAL_LETS_THROUGH_TAGS = {"nbval-skip", "raises-exception", "nbval-raises-exception"}
NBVAL_LETS_THROUGH_COMMENTS = {"NBVAL_SKIP", "NBVAL_RAISES_EXCEPTION"}


def _cells_nbval_lets_through(notebook) -> list[int]:
    """The code cells that nbval would skip or let raise."""
    found = []
    for i, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        comments = {line.strip().lstrip("#").strip() for line in cell.source.splitlines()
                    if line.strip().startswith("#")}
        if NBVAL_LETS_THROUGH_TAGS & set(cell.metadata.get("tags", [])) or NBVAL_LETS_THROUGH_COMMENTS & comments:
            found.append(i)
    return found


def test_nbval_runs_every_notebook_in_a_full_run(pytestconfig):
    # The one execution of each notebook: nbval, strict (not --nbval-lax, which lets through the
    # errors of cells that stored no output), on the folder that holds the chapters.
    addopts = pytestconfig.getini("addopts")
    assert "--nbval" in addopts and "--nbval-lax" not in addopts, addopts
    assert "notebooks" in pytestconfig.getini("testpaths")


def test_the_nbval_marker_finder_sees_skips_and_raises():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("1 + 1"),
                nbformat.v4.new_code_cell("x = 1", metadata={"tags": ["hide-input", "nbval-skip"]}),
                nbformat.v4.new_code_cell("# NBVAL_RAISES_EXCEPTION\n1 / 0"),
                nbformat.v4.new_markdown_cell("# NBVAL_SKIP"),
                nbformat.v4.new_code_cell("y = 2", metadata={"tags": ["raises-exception"]}),
                nbformat.v4.new_code_cell("# NBVAL_IGNORE_OUTPUT\nprint(3)")]
    assert _cells_nbval_lets_through(nb) == [1, 2, 4]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_nbval_runs_every_cell_and_lets_no_error_through(path):
    skipped = _cells_nbval_lets_through(read(path))
    assert not skipped, f"{path.name}: células que o nbval pularia ou deixaria falhar: {skipped}"


# -- a course a 12-year-old plays through (issue 10) ---------------------------------------------
# Chapters rewritten by other work at the time of writing; strict, so a chapter that starts to
# pass must come off the list.
NOT_YET = set()
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def _course_params():
    return [pytest.param(p, marks=pytest.mark.xfail(strict=True, reason="rewritten elsewhere"))
            if p.name in NOT_YET else p for p in CHAPTERS]


def _hidden(cell) -> bool:
    return bool(cell.metadata.get("jupyter", {}).get("source_hidden"))


@pytest.mark.parametrize("path", _course_params(), ids=ids(CHAPTERS))
def test_no_visible_cell_defines_a_function(path):
    visible = [i for i, c in enumerate(read(path).cells)
               if c.cell_type == "code" and re.search(r"^\s*(def|class) ", c.source, re.M) and not _hidden(c)]
    assert not visible, f"{path.name}: células visíveis que definem funções: {visible}"


# Chapters whose cells still define functions (issue 10; chapter 10 is rewritten on
# another branch, and its helpers match damas/course/puzzle_study.py).  Strict xfail: a chapter
# that is fixed and left in this set fails, so the set only shrinks.
STILL_DEFINE_FUNCTIONS = set()


def _defines_a_function(source: str) -> bool:
    import ast
    from IPython.core.inputtransformer2 import TransformerManager
    tree = ast.parse(TransformerManager().transform_cell(source))
    return any(isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda))
               for node in ast.walk(tree))


def test_the_function_finder_sees_hidden_helpers():
    assert _defines_a_function("x = 1\ndef f():\n    return x\n")
    assert _defines_a_function("%matplotlib inline\nordem = sorted(v, key=lambda e: e[0])")
    assert not _defines_a_function("%matplotlib inline\nboard_figure(Board())  # def f(): no")


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.xfail(strict=True, reason="issue 10, to move"))
                                  if p.name in STILL_DEFINE_FUNCTIONS else p for p in CHAPTERS],
                         ids=ids(CHAPTERS))
def test_no_cell_defines_a_function(path):
    # Hidden or not: what a chapter needs lives in the package (damas/course/: exercises.py, questions.py, demos.py, figures.py, ...).
    defining = [i for i, c in enumerate(read(path).cells) if c.cell_type == "code" and _defines_a_function(c.source)]
    assert not defining, f"{path.name}: células que definem funções: {defining}"


@pytest.mark.parametrize("path", _course_params(), ids=ids(CHAPTERS))
def test_no_answer_is_typed_in_python(path):
    typed = [i for i, c in enumerate(read(path).cells)
             if c.cell_type == "code" and re.search(r"\bresposta_\d+\s*=", c.source)]
    assert not typed, f"{path.name}: exercícios respondidos digitando Python: {typed}"


@pytest.mark.parametrize("path", _course_params(), ids=ids(CHAPTERS))
def test_every_picture_has_a_safe_twin(path):
    # JupyterLab shows neither SVG nor a widget in an untrusted notebook: each such output carries
    # a text/html (an <img> of the same SVG) or a PNG in the same output.
    # A board widget may instead come right after its static picture, in the output before it
    # (damas/display/output.py: two outputs, so that a trusted notebook with no kernel shows the picture).
    bare = [i for i, c in enumerate(read(path).cells) if c.cell_type == "code"
            for k, o in enumerate(c.outputs)
            if ("image/svg+xml" in o.get("data", {}) or WIDGET_MIME in o.get("data", {}))
            and not {"text/html", "image/png"} & set(o.get("data", {}))
            and not (WIDGET_MIME in o.get("data", {}) and k > 0
                     and 'class="damas-static"' in c.outputs[k - 1].get("data", {}).get("text/html", ""))]
    assert not bare, f"{path.name}: figuras sem alternativa segura nas células {bare}"


@pytest.mark.parametrize("path", _course_params(), ids=ids(CHAPTERS))
def test_chapter_ends_with_a_quiz_and_links_the_glossary(path):
    cells = read(path).cells
    assert any(c.cell_type == "code" and re.search(r"chapter_quiz\('\d\d'\)\s*$", c.source) for c in cells), \
        f"{path.name}: falta o questionário do fim do capítulo"
    assert "Glossario.ipynb" in markdown_text(path), f"{path.name}: falta o link para o glossário"


@pytest.mark.parametrize("path", _course_params(), ids=ids(CHAPTERS))
def test_teacher_cells_are_hidden_and_print_no_answer(path):
    for i, c in enumerate(read(path).cells):
        if c.cell_type == "code" and "verificador" in c.metadata.get("tags", []):
            assert _hidden(c), f"{path.name}: célula {i} do professor à vista"
            for o in c.outputs:
                text = o.get("text", "") + o.get("data", {}).get("text/plain", "")
                assert not re.search(r"certa|resposta_\d", text, re.I), f"{path.name}: célula {i} mostra respostas"


# -- the order of the course (issue 10, item 3) ----------------------------------------------------
def test_the_course_table_matches_the_notebooks():
    # damas/course/chapters.py names each chapter (its stable name, number, title, notebook); the progress
    # files use the name, so the table must say what notebooks/ holds.
    from damas.course.chapters import CHAPTERS as TABLE, EXTRAS
    assert [c[3] for c in TABLE] == [p.name for p in CHAPTERS]
    for slug, number, title, name in TABLE:
        assert name.startswith(number + "_"), name
        first = read(NOTEBOOKS_DIR / name).cells[0].source
        assert first.startswith(f"# {number} — {title}"), (name, first.splitlines()[0])
    for slug, title, name in EXTRAS:
        assert read(NOTEBOOKS_DIR / name).cells[0].source.startswith(f"# {title}"), name


def test_each_chapter_links_the_next_and_the_previous():
    from damas.course.chapters import CHAPTERS as TABLE
    for i, (_, _, _, name) in enumerate(TABLE):
        targets = {Path(t).name for t in map(local_target, links(markdown_text(NOTEBOOKS_DIR / name))) if t}
        wanted = {TABLE[j][3] for j in (i - 1, i + 1) if 0 <= j < len(TABLE)}
        assert wanted <= targets, f"{name}: faltam os links {sorted(wanted - targets)}"


def test_each_chapter_has_one_navigation_line():
    # The line of links to the next and previous chapters, written once (a renumbering once left
    # a second, stale copy under it).
    from damas.course.chapters import CHAPTERS as TABLE
    for _, number, _, name in TABLE[1:]:
        lines = [line for line in markdown_text(NOTEBOOKS_DIR / name).splitlines() if "Voltar ao [início]" in line]
        assert len(lines) == 1, f"{name}: {len(lines)} linhas de navegação: {lines}"
        assert lines[0].startswith(("Próximo capítulo:", "Anterior:")), f"{name}: {lines[0]!r}"


def test_no_text_asks_to_edit_a_cell_and_run_it_again():
    # A student never types Python: no "mude o número ... e rode a célula de novo".
    asking = re.compile(r"\b(mude|mudando|troque|trocando|altere|edite)\b[^.]*\brode\b", re.I | re.S)
    found = [path.name for path in NOTEBOOKS if asking.search(markdown_text(path))]
    assert not found, f"textos que pedem para editar o código: {found}"


def test_what_a_chapter_shows_of_its_code_is_one_line_calls():
    # Prose, pictures and one-line calls: a code cell longer than two lines (not counting comments)
    # is folded (jupyter.source_hidden, the tag hide-input for Voilà and Jupyter Book); its output
    # stays in view.  Chapter 00 shows its first cell on purpose: it teaches what a cell is.
    long = []
    for path in CHAPTERS:
        if path.name.startswith("00_"):
            continue
        for i, cell in enumerate(read(path).cells):
            lines = [line for line in cell.source.splitlines() if line.strip() and not line.strip().startswith("#")]
            if cell.cell_type == "code" and len(lines) > 2 and not _hidden(cell):
                long.append((path.name, i))
            if cell.cell_type == "code" and _hidden(cell):
                assert "hide-input" in cell.metadata.get("tags", []), (path.name, i)
    assert not long, f"células de código longas à vista: {long}"


def test_the_readings_outside_the_sequence_have_a_quiz_and_the_glossary():
    from damas.course.chapters import EXTRAS
    for slug, _, name in EXTRAS:
        path = NOTEBOOKS_DIR / name
        cells = read(path).cells
        assert any(c.cell_type == "code" and re.search(rf"chapter_quiz\('{slug}'\)\s*$", c.source) for c in cells), name
        assert "Glossario.ipynb" in markdown_text(path), name


def test_progress_keys_in_the_notebooks_name_a_chapter():
    # Stars are saved under "<chapter's name>/<task>"; a key with a number ("06/ex1") would be read
    # as the old course's chapter 06 after the next reorder.  The keys are written in the notebooks'
    # cells or, now that a cell is one call, in the chapters' modules (damas/course/chapters/).
    from damas.course.chapters import CHAPTERS as TABLE, EXTRAS
    names = {c[0] for c in TABLE} | {e[0] for e in EXTRAS}
    key = re.compile(r"""['"]((?:\d\d|[a-z-]+)/[\w-]+)['"]""")
    found = []
    for path in NOTEBOOKS:
        for cell in read(path).cells:
            if cell.cell_type == "code":
                found += [(path.name, k) for k in key.findall(cell.source)]
    for path in sorted((REPO / "damas" / "course" / "chapters").rglob("*.py")):
        found += [(path.name, k) for k in key.findall(path.read_text(encoding="utf-8"))]
    found = [(name, k) for name, k in found if not k.startswith(("data/", "fichas/"))]
    assert found, "nenhuma chave de progresso encontrada: o teste não vê o que deveria"
    wrong = [(name, k) for name, k in found if k.split("/", 1)[0] not in names]
    assert not wrong, f"chaves que não nomeiam um capítulo: {wrong}"


# The 50-minute estimate of scripts/chapter_length.py (words, cells that show something, exercises,
# quiz).  Chapters over it, to shorten elsewhere; strict, so a chapter that starts to fit must leave.
TOO_LONG = set()


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.xfail(strict=True, reason="longer than a lesson"))
                                  if p.name in TOO_LONG else p for p in CHAPTERS], ids=ids(CHAPTERS))
def test_chapter_fits_a_50_minute_lesson(path):
    import sys
    sys.path.insert(0, str(NOTEBOOKS_DIR.parent / "scripts"))
    from chapter_length import LESSON_MINUTES, measure
    figures = measure(path)
    assert figures["minutes"] <= LESSON_MINUTES, figures


def test_the_teachers_guide_plans_every_chapter_in_order():
    # The guide's table of the order (lesson, words, cells, minutes) and one lesson plan per chapter.
    from damas.course.chapters import CHAPTERS as TABLE
    guide = (NOTEBOOKS_DIR / "GUIA_DO_PROFESSOR.md").read_text(encoding="utf-8")
    order = guide.split("## A ordem do curso", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in order.splitlines() if line.startswith("| [")]
    assert [re.search(r"\]\(([^)]+)\)", r).group(1) for r in rows][:len(TABLE)] == [c[3] for c in TABLE]
    plans = re.findall(r"^### (\d\d) — .*\(\[notebook\]\(([^)]+)\)\)", guide, re.M)
    assert plans == [(c[1], c[3]) for c in TABLE]


def test_the_guides_figures_are_todays():
    # Words, cells and minutes of each chapter in the guide's table, as scripts/chapter_length.py
    # measures them now (after changing a chapter: python scripts/chapter_length.py --guide).
    import sys
    sys.path.insert(0, str(NOTEBOOKS_DIR.parent / "scripts"))
    from chapter_length import GUIDE, guide_figures, measure
    stated = guide_figures(GUIDE.read_text(encoding="utf-8"))
    assert len(stated) == len(CHAPTERS) + 1, sorted(stated)          # every chapter and the História
    for name, figures in stated.items():
        m = measure(NOTEBOOKS_DIR / name)
        assert figures == (m["words"], m["cells"], m["minutes"]), (
            f"{name}: o guia diz {figures}; rode python scripts/chapter_length.py --guide")


# -- opening a chapter changes nothing (issue 32) -------------------------------------------------
@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_the_stored_kernelspec_is_the_running_kernels(path):
    """JupyterLab writes the running kernel's spec into the notebook it opens; the same spec
    stored means opening an untouched chapter marks nothing modified."""
    from jupyter_client.kernelspec import KernelSpecManager
    stored = read(path).metadata.kernelspec
    spec = KernelSpecManager().get_kernel_spec(stored.name)
    assert dict(stored) == {"name": stored.name, "display_name": spec.display_name, "language": spec.language}, \
        f"{path.name}: {dict(stored)}"
