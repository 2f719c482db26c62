"""Player language for players (issue 25, item 7).

- chapters 11 and 12 explain results and irregularities as a player meets them at a table, with the
  board and its buttons: their markdown names no Python (no ``push``, ``pop``, ``IllegalMoveError``,
  ``assert``, ``jogo.resign('B')``), their code stays in folded cells, and what they print holds no
  Python value (``True``, ``None``) nor an error class;
- no internal word of the project reaches a student anywhere: «semente», «texto-base», «compositor do
  projeto», a search depth («profundidade 8»), «centésimos de pedra» — not in the notebooks (prose and
  outputs), not in the data files they read, not in the course's texts, not in the collections;
- grammar: «da abertura», «com as pretas jogando» (Brazilian), never «do abertura», «a jogar».
"""

from __future__ import annotations

import json
import re

import nbformat
import pytest

from repo_paths import REPO

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
PLAYER_CHAPTERS = [REPO / "notebooks" / "11_Empate_e_resultado.ipynb", REPO / "notebooks" / "12_Irregularidades.ipynb"]

# A span in backticks is a move or a square (`c3xe5xc7`, `h4`), nothing else.
MOVE_OR_SQUARE = re.compile(r"^[a-h][1-8](?:[-x][a-h][1-8])*$")
PYTHON_NAME = re.compile(
    r"\b(?:push|pop|assert|None|True|False|resign|agree_draw|king_moves_count|kings_in_rings|best_move|"
    r"BoardWidget|click|parse_square|flipped|remove_piece|set_piece|solve)\b"
    r"|\b\w+Error\b|\b[a-z]+_[a-z_]+\b|\b\w+\(|\bdamas\.\w|\b[Oo] pacote\b")
INTERNAL = re.compile(r"\bsemente|texto-base|compositor do projeto|centésimos de pedra", re.I)
# A search depth is internal everywhere but in chapter 05, which teaches what «profundidade» is (how far
# ahead the computer looks) and shows its levels by it.
DEPTH = re.compile(r"profundidade \d", re.I)
TEACHES_DEPTH = "05_Jogar_e_analisar.ipynb"
BAD_GRAMMAR = re.compile(r"\bdo abertura\b|\b(?:brancas|pretas|jogador|lado|dama sozinha) a jogar\b")


def _cells(path):
    return nbformat.read(path, as_version=4).cells


def _hidden(cell) -> bool:
    return bool(cell.metadata.get("jupyter", {}).get("source_hidden"))


def _output_text(cell) -> str:
    parts = []
    for o in cell.get("outputs", []):
        parts.append(o.get("text", ""))
        data = o.get("data", {})
        parts.append(data.get("text/plain", ""))
        html = data.get("text/html", "")
        parts.append(re.sub(r"<svg.*?</svg>|<[^>]+>|data:image/[^\"']+", " ", html, flags=re.S))
    return "\n".join(parts)


def _python_in(markdown: str) -> list:
    found = [span for span in re.findall(r"`([^`]+)`", markdown) if not MOVE_OR_SQUARE.match(span)]
    prose = re.sub(r"`[^`]+`|\]\([^)]*\)", " ", markdown)           # spans judged above; link targets
    return found + [m.group(0) for m in PYTHON_NAME.finditer(prose)]


def test_the_python_finder_sees_the_old_texts():
    assert _python_in("No pacote, `jogo.resign('B')` é o abandono das pretas.")
    assert _python_in("(`push` levanta um erro, `IllegalMoveError`, e não muda nada)")
    assert _python_in("os assert conferem cada um; a função kings_in_rings faz o vaivém")
    assert _python_in("O pacote recusa o lance.")
    assert not _python_in("a pedra de c3 toma duas peças, `c3xe5xc7`; veja o [capítulo 13](13_Arbitragem.ipynb).")


@pytest.mark.parametrize("path", PLAYER_CHAPTERS, ids=lambda p: p.name)
def test_the_markdown_names_no_python(path):
    found = {i: names for i, c in enumerate(_cells(path)) if c.cell_type == "markdown"
             and (names := _python_in(c.source))}
    assert not found, f"{path.name}: nomes de Python no texto: {found}"


@pytest.mark.parametrize("path", PLAYER_CHAPTERS, ids=lambda p: p.name)
def test_the_code_is_folded_and_prints_no_python(path):
    shown = [i for i, c in enumerate(_cells(path)) if c.cell_type == "code" and not _hidden(c)]
    assert not shown, f"{path.name}: células de código à vista: {shown}"
    python = {i: m for i, c in enumerate(_cells(path)) if c.cell_type == "code"
              and (m := re.findall(r"\b(?:True|False|None|\w+Error)\b", _output_text(c)))}
    assert not python, f"{path.name}: valores de Python na saída: {python}"


def _student_texts():
    """(where, text) for every text a student reads."""
    for path in NOTEBOOKS:
        for i, c in enumerate(_cells(path)):
            text = c.source if c.cell_type == "markdown" else _output_text(c) if c.cell_type == "code" else ""
            yield f"{path.name} [{i}]", text
    for path in sorted((REPO / "notebooks" / "data").iterdir()):
        if path.suffix in {".pdn", ".csv", ".json"}:
            yield path.name, path.read_text(encoding="utf-8")
    for path in sorted((REPO / "damas" / "course" / "texts").glob("*.json")):
        yield path.name, json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False)
    for path in sorted((REPO / "puzzles").glob("*.pdn")):
        # what a reader sees of a problem: its comments and the tags the course shows (not Generator)
        text = re.sub(r'^\[Generator "[^"]*"\]$', "", path.read_text(encoding="utf-8"), flags=re.M)
        yield path.name, text


def test_the_scanner_sees_the_old_words():
    assert INTERNAL.search("O texto-base diz 1948") and INTERNAL.search("o compositor do projeto encontrou")
    assert DEPTH.search("(profundidade 8)") and INTERNAL.search("a semente 003")
    assert BAD_GRAMMAR.search("estrutura do abertura") and BAD_GRAMMAR.search("com as brancas a jogar")
    assert not BAD_GRAMMAR.search("com as brancas jogando, da abertura")


def test_no_internal_word_reaches_a_student():
    found = [(where, m.group(0)) for where, text in _student_texts() for m in INTERNAL.finditer(text)]
    found += [(where, m.group(0)) for where, text in _student_texts() if not where.startswith(TEACHES_DEPTH)
              for m in DEPTH.finditer(text)]
    assert not found, found


def test_the_grammar_is_brazilian():
    found = [(where, m.group(0)) for where, text in _student_texts() for m in BAD_GRAMMAR.finditer(text)]
    assert not found, found
