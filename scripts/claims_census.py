"""What the claims checker (damas.problems.claims) reads, flags and cannot read, in figures.

    python scripts/claims_census.py            # the figures
    python scripts/claims_census.py --silent   # also list the sentences that name a square or a move
                                               # and that no reader reads (neither checked nor flagged)

The figures: the sentences it reads (at least one claim) in the comments of puzzles/*.pdn, the
notes of notebooks/data/*.pdn and the fact sentences of chapters 06 and 10 (the ones
tests/notebooks/test_chapter_claims.py reads); how many kinds of claim it knows (the kinds it
found, out of those its readers make); how many problems it reports on the old texts kept in
tests/data/comentarios-antes-25/; and every sentence it reports as unread (the words of a claim no
reader could read: a failure, not a pass).  Run it with PYTHONPATH at the repository.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from damas.problems.claim_facts import Context, line_steps, puzzle_context  # noqa: E402
from damas.problems.claims import _Reader, _sentences, game_contexts, game_problems, puzzle_problems  # noqa: E402
from damas.problems.puzzles import load_collection  # noqa: E402
from damas.rules.pdn import read_games  # noqa: E402

#: every kind the readers of damas.problems.claims make («opinion» and «source» state no checked fact)
KINDS = ("sacrifice", "forced", "only", "error", "intent", "safe", "material", "takes", "played", "gain", "balance")
GAME_FILES = {p.name for p in (ROOT / "notebooks" / "data").glob("*.pdn")}
SQUARE = re.compile(r"(?<![\w-])(?:[a-h][1-8]|\d{1,2})(?![\w])")
NUMBERED = re.compile(r"\b(\d+)\.(\.\.)?\s*([a-h][1-8][-x][a-h][1-8](?:[-x][a-h][1-8])*)")


def _tally(where, ctx, text, out):
    reader = _Reader(ctx)          # one reader per comment, as read_comment walks along the line
    for sentence in _sentences(text):
        claims, unread = reader.read(sentence)
        out["sentences"] += 1
        if claims:
            out["read"] += 1
            out["kinds"].update(c.kind for c in claims)
        elif SQUARE.search(sentence):
            out["silent"].append((where, sentence))
        out["unread"].extend((where, sentence, w) for w in unread)


def _chapter_texts():
    """(where, context, text) for the fact sentences of chapters 06 and 10, as the chapter test reads them."""
    import nbformat
    collections = {"curso": "golpes-do-curso.pdn", "partidas": "golpes-de-partidas.pdn", "classicos": "classicos.pdn"}
    cells = nbformat.read(ROOT / "notebooks" / "06_Golpes_classicos.ipynb", as_version=4).cells
    for before, cell in zip(cells, cells[1:]):
        m = re.fullmatch(r"\s*(curso|partidas|classicos)\[(\d+)\]\s*", cell.source)
        if cell.cell_type == "code" and m and before.cell_type == "markdown":
            puzzle = load_collection(ROOT / "puzzles" / collections[m.group(1)])[int(m.group(2))]
            text = re.sub(r"[*`]", "", before.source.split("###")[-1])
            facts = [s for s in _sentences(" ".join(text.split())) if re.search(r"(?<![\w-])[a-h][1-8](?!\w)", s)]
            if facts:
                yield f"06 {m.group(0).strip()}", puzzle_context(puzzle), " ".join(facts)
    game, = read_games(ROOT / "notebooks" / "data" / "partida_anotada.pdn")
    board = game.initial_board()
    steps = line_steps(board, [node.move for node in game.line.nodes])
    cells = nbformat.read(ROOT / "notebooks" / "10_Anotacao_e_relogio.ipynb", as_version=4).cells
    for cell in cells:
        if cell.cell_type != "markdown":
            continue
        for sentence in _sentences(" ".join(re.sub(r"[*`]", "", cell.source).split())):
            for number, black, move in NUMBERED.findall(sentence):
                ply = 2 * (int(number) - 1) + (1 if black else 0)
                if ply < len(steps) and steps[ply].text == move:
                    yield f"10 {number}.", Context(board, steps, focus=ply), sentence
                    break


def census():
    parts = {name: {"sentences": 0, "read": 0, "kinds": Counter(), "silent": [], "unread": []}
             for name in ("coleções", "partidas", "capítulos")}
    for path in sorted((ROOT / "puzzles").glob("*.pdn")):
        for i, p in enumerate(load_collection(path), 1):
            _tally(f"{path.name} {i}", puzzle_context(p), p.comment, parts["coleções"])
    for path in sorted((ROOT / "notebooks" / "data").glob("*.pdn")):
        for g in read_games(path):
            for ctx, comment in game_contexts(g):
                _tally(f"{path.name} {g.tags.get('White', '')}", ctx, comment, parts["partidas"])
    for where, ctx, text in _chapter_texts():
        _tally(where, ctx, text, parts["capítulos"])
    old = ROOT / "tests" / "data" / "comentarios-antes-25"
    flagged = 0
    for path in sorted(old.glob("*.pdn")):
        if path.name in GAME_FILES:
            flagged += sum(len(game_problems(g)) for g in read_games(path))
        else:
            flagged += sum(len(puzzle_problems(p)) for p in load_collection(path))
    return parts, flagged


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--silent", action="store_true")
    args = ap.parse_args(argv)
    parts, flagged = census()
    kinds = Counter()
    for name, part in parts.items():
        kinds.update(part["kinds"])
        print(f"{name}: {part['read']} frases lidas de {part['sentences']}, "
              f"{len(part['unread'])} palavras não lidas, {len(part['silent'])} frases com casa ou lance sem leitura")
    print(f"total: {sum(p['read'] for p in parts.values())} frases lidas")
    known = [k for k in KINDS if kinds[k]]
    print(f"tipos de afirmação: {len(KINDS)} ({len(known)} achados: "
          + ", ".join(f"{k} {kinds[k]}" for k in known) + ")")
    print(f"problemas acusados nos textos antigos (tests/data/comentarios-antes-25): {flagged}")
    for part in parts.values():
        for where, sentence, words in part["unread"]:
            print(f"NÃO LIDA [{where}] {words!r}: {sentence}")
    if args.silent:
        for part in parts.values():
            for where, sentence in part["silent"]:
                print(f"sem leitura [{where}] {sentence}")


if __name__ == "__main__":
    main()
