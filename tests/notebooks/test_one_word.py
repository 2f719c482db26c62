"""One meaning per word, everywhere a student or a teacher reads (issue 25, item 4).

- «lance» is one player's move (regra 3.2). The glossary defines it once, and is the only place that
  names the wrong word («meio-lance»), to warn against it; no text says «meio lance», «ply», «plies»,
  and no distance is counted in both sides' moves («lances dos dois lados», «lances no total»): a
  problem's «em N lances» and chapter 09's distances count the winner's lances;
- «envio à dama» is giving the opponent a king to take it; one's own man «vai à dama»;
- the row where a man is crowned is the «travessa de coroação» (regra 3.5), a player's own first row
  his «base» (regra 2.5.1); the synonyms «última fileira», «primeira fileira», «fileira de trás»,
  «linha de coroação»... are not used.

The texts: every notebook's markdown and outputs, the data files the chapters read, the course's
texts (quizzes, tasks), the string literals of the package (not its docstrings), the collections
(comments and the tags the course shows), puzzles/README.md, the teacher's guide and the printed
sheets (their text, with pdftotext).
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess

import nbformat
import pytest

from repo_paths import REPO

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
GLOSSARY = "Glossario.ipynb"

HALF_MOVE = re.compile(r"\bmeios?[- ]lances?\b|\bplies\b|\bply\b|\bmeia[- ]jogada\b", re.I)
# a distance counted in both sides' moves (a limit «de cada lado» is the rule's own statement)
BOTH_SIDES = re.compile(r"\d+ lances? no total|contando os lances dos dois lados|os dois lados contados|"
                        r"\(lances de cada lado\)|conta os lances das brancas e das pretas", re.I)
# the crowning row is the «travessa de coroação» (regra 3.5), a player's own first row his «base» (2.5.1),
# a row a «travessa» (2.5.3): no other name for them
ROW_SYNONYM = re.compile(r"\bfileiras?\b|\blinhas? de coroação\b|\bcasas? de coroação\b|\bbase adversária\b|"
                         r"\b(?:pela|na) base\b(?! de finais| d[ao]s? )", re.I)


def _output_text(cell) -> str:
    parts = []
    for o in cell.get("outputs", []):
        parts.append(o.get("text", ""))
        data = o.get("data", {})
        parts.append(data.get("text/plain", ""))
        html = data.get("text/html", "")
        parts.append(re.sub(r"<svg.*?</svg>|<[^>]+>|data:image/[^\"']+", " ", html, flags=re.S))
    return "\n".join(parts)


def _package_strings(path):
    """The string literals of a module that are not docstrings (what it may print or show)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            # a key or a name ('plies'), a placeholder ({ply}) or a repr's field (plies=) is not shown
            text = re.sub(r"\{[^}]*\}|\b\w+=", " ", node.value)
            if not re.fullmatch(r"\s*\w*\s*", text):
                yield text


def student_texts():
    """(where, text) for every text a student or a teacher reads."""
    for path in NOTEBOOKS:
        for i, c in enumerate(nbformat.read(path, as_version=4).cells):
            text = c.source if c.cell_type == "markdown" else _output_text(c) if c.cell_type == "code" else ""
            yield f"{path.name} [{i}]", text
    for path in sorted((REPO / "notebooks" / "data").iterdir()):
        if path.suffix in {".pdn", ".csv", ".json"}:
            yield path.name, path.read_text(encoding="utf-8")
    for path in sorted((REPO / "damas" / "course" / "texts").glob("*.json")):
        yield path.name, json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False)
    for path in sorted((REPO / "damas").rglob("*.py")):
        for s in _package_strings(path):
            yield str(path.relative_to(REPO)), s
    for path in sorted((REPO / "puzzles").glob("*.pdn")):
        text = re.sub(r'^\[Generator "[^"]*"\]$', "", path.read_text(encoding="utf-8"), flags=re.M)
        yield path.name, text
    for path in (REPO / "puzzles" / "README.md", REPO / "notebooks" / "GUIA_DO_PROFESSOR.md"):
        yield path.name, path.read_text(encoding="utf-8")
    pdftotext = shutil.which("pdftotext")
    if pdftotext:
        for path in sorted((REPO / "notebooks" / "fichas").glob("*.pdf")):
            out = subprocess.run([pdftotext, str(path), "-"], capture_output=True, text=True, check=True)
            yield path.name, " ".join(out.stdout.split())


@pytest.fixture(scope="module")
def texts():
    return list(student_texts())


def _glossary_entry(word: str) -> list:
    """The glossary's paragraphs that define ``word`` («**Lance.** ...»)."""
    cells = nbformat.read(REPO / "notebooks" / GLOSSARY, as_version=4).cells
    paragraphs = [p for c in cells if c.cell_type == "markdown" for p in c.source.split("\n\n")]
    return [p for p in paragraphs if re.match(rf"\*\*{re.escape(word)}[.*]", p.strip(), re.I)]


def test_the_scanners_see_the_old_words():
    assert HALF_MOVE.search("Não existe meio-lance") and HALF_MOVE.search("em até 7 meios-lances")
    assert HALF_MOVE.search("um meio lance") and HALF_MOVE.search("16 plies")
    assert not HALF_MOVE.search("o lance das brancas e o lance das pretas")
    assert BOTH_SIDES.search("vence em 5 lances (contando os lances dos dois lados)")
    assert BOTH_SIDES.search("derrota mais longa na base: 16 lances no total")
    assert BOTH_SIDES.search("limite em meios-lances (os dois lados contados)")
    assert BOTH_SIDES.search("<th>o mais longo (lances de cada lado)</th>")
    assert BOTH_SIDES.search('"vence em 5 lances" conta os lances das brancas e das pretas')
    assert not BOTH_SIDES.search("as brancas vencem em no máximo 13 lances das brancas")
    assert not BOTH_SIDES.search("São 20 lances de cada lado; depois disso é empate.")


def test_the_row_scanner_sees_the_old_words():
    for old in ("vira dama ao parar na última fileira", "a guarda da casa de coroação", "Passar pela base não basta",
                "termina o lance na base adversária", "quem guarda a fileira de trás", "a linha de coroação",
                "nas suas três primeiras fileiras", "na base: viraria dama!", "a casa de coroação"):
        assert ROW_SYNONYM.search(old), old
    for good in ("para na travessa de coroação (regra 3.5)", "guarde a sua base", "a base de finais prova",
                 "Nesta base, lance quer dizer", "a base das pretas, a travessa de cima", "as três primeiras travessas",
                 "a casa e1, na base das brancas", "derrota mais longa na base do 10x10"):
        assert not ROW_SYNONYM.search(good), good


#: The glossary's entries that give the everyday names of a row as synonyms of the rules' name (issue 46:
#: the seeds themselves say «oitava linha» and «casa de coroação»): the only places they are written.
SYNONYM_ENTRIES = ("Base", "Travessa", "Travessa de coroação")


def _without_synonym_entries(text: str) -> str:
    for word in SYNONYM_ENTRIES:
        for entry in _glossary_entry(word):
            text = text.replace(entry, "")
    return text


def test_one_name_for_each_row(texts):
    found = [(where, m.group(0)) for where, text in texts
             for m in ROW_SYNONYM.finditer(_without_synonym_entries(text) if where.startswith(GLOSSARY) else text)]
    assert not found, found


def test_the_glossary_gives_the_official_term_and_the_everyday_ones_as_synonyms():
    """issue 46: the glossary told pupils their word was wrong («Não se diz última fileira…») where the
    seeds say «oitava linha» (the simplified rules) and «casa de coroação»: the rules' term first, the
    everyday ones as its other names."""
    entry, = _glossary_entry("Travessa de coroação")
    for everyday in ("oitava linha", "casa de coroação", "última fileira", "linha de coroação"):
        assert everyday in entry, everyday
    assert entry.index("Travessa de coroação") < entry.index("oitava linha")
    cells = nbformat.read(REPO / "notebooks" / GLOSSARY, as_version=4).cells
    text = " ".join(c.source for c in cells if c.cell_type == "markdown")
    assert not re.search(r"\bnão se diz\b|\bnunca diga\b|\bestá errado dizer\b", text, re.I)


def test_the_glossary_defines_the_rows_and_the_two_crownings():
    for word, says in (("Base", "2.5.1"), ("Travessa de coroação", "3.5"), ("Travessa", "2.5.3"),
                       ("Envio à dama", "adversário"), ("Passagem à dama", "sua")):
        entries = _glossary_entry(word)
        assert len(entries) == 1 and says in entries[0], (word, entries)


def test_the_glossary_defines_lance_once_and_warns_against_the_half():
    entries = _glossary_entry("Lance")
    assert len(entries) == 1, entries
    assert "3.2" in entries[0] and HALF_MOVE.search(entries[0])


def test_the_glossary_states_how_lances_are_counted_with_its_source():
    """issue 46: one convention for «lance», stated once, with its source (rule 3.2 and the FMJD's count of
    rule 6.2), in the glossary: a limit counts each side's moves, written «N lances de cada lado»."""
    entry, = _glossary_entry("Lance")
    for words in ("regra 3.2", "FMJD", "6.2", "20 lances das brancas e 20 das pretas", "20 lances de cada lado"):
        assert words in entry, words


def test_no_half_move_outside_the_glossary_warning(texts):
    warning = _glossary_entry("Lance")[0]
    found = []
    for where, text in texts:
        if where.startswith(GLOSSARY):
            text = text.replace(warning, "")
        found += [(where, m.group(0)) for m in HALF_MOVE.finditer(text)]
    assert not found, found


def test_no_distance_counts_both_sides(texts):
    found = [(where, m.group(0)) for where, text in texts for m in BOTH_SIDES.finditer(text)]
    assert not found, found
