"""The fact tags of the course in figures: what the comments and the chapters say the package checks.

    python scripts/claims_census.py            # the figures
    python scripts/claims_census.py --silent   # also list the sentences that carry no tag
    python scripts/claims_census.py --quick    # the lint only (the tags are not checked: seconds)

The figures: the sentences of the comments of puzzles/*.pdn, of the notes of notebooks/data/*.pdn
and of the fact sentences of chapters 06, 09 and 10 (the ones tests/notebooks/test_chapter_claims.py
reads); how many carry a fact tag, how many are marked as the author's opinion ([%opinion]), as a
cited note ([%quote]) or as a rule of the game ([%rule]), and how many need none (they name no
square, no move, no count, no theme); the tags of each kind; the sentences the lint refuses and
the tags that do not hold (both 0 in a sound tree); and how the old comments kept in
tests/data/ are judged: as written (the lint) and as the old reader tagged them once (the tags).
Run it with PYTHONPATH at the repository.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from damas.problems.fact_checks import comment_facts, game_contexts, puzzle_context, puzzle_problems  # noqa: E402
from damas.problems.fact_lint import lint_comment, lint_sentence, markdown_sentences, named_in  # noqa: E402
from damas.problems.puzzles import load_collection  # noqa: E402
from damas.rules.pdn import read_games  # noqa: E402
from damas.rules.pdn_facts import facts_in, sentences, strip_facts  # noqa: E402

MARKS = ("opinion", "quote", "rule")


def _tally(where, text, size, out, ctx=None, chapter=False, quick=False):
    for sentence in (markdown_sentences(text) if chapter else sentences(text)):
        facts = facts_in(sentence, size)
        kinds = {f.kind for f in facts}
        out["sentences"] += 1
        out["kinds"].update(f.kind for f in facts)
        marks = kinds & set(MARKS)
        if kinds - set(MARKS) - {"fen"}:
            out["tagged"] += 1
        if marks:
            out["marked"].update(marks)
        if not kinds:
            named = named_in(strip_facts(sentence), size)
            out["none"] += 1
            out["silent"].append((where, sentence))
            if (named.moves or named.squares) if chapter else bool(named):
                out["untagged_facts"] += 1
        if not chapter or quick:
            out["lint"].extend((where, e) for e in lint_sentence(sentence, size, chapter=chapter))
    if chapter and not quick:   # the lint and the tags, as tests/notebooks/test_chapter_claims.py reads them
        errors = _chapter_problems()(where, ctx, text)
        out["lint"].extend((where, e) for e in errors if not e.startswith(where))
        out["false"].extend((where, e) for e in errors if e.startswith(where))
    elif ctx is not None:
        out["false"].extend((where, f"{fact}: {why}") for _, fact, why in comment_facts(ctx, text) if why)


def _chapter_module():
    sys.path.insert(0, str(ROOT / "tests"))
    from notebooks import test_chapter_claims   # noqa: E402 - the one reading of the chapters
    return test_chapter_claims


def _chapter_texts():
    """(where, context, markdown) of the chapters' fact sentences, as the chapter test reads them."""
    yield from _chapter_module().chapter_contexts()


def _chapter_problems():
    return _chapter_module().chapter_problems


def census(quick=False):
    parts = {name: {"sentences": 0, "tagged": 0, "none": 0, "untagged_facts": 0, "marked": Counter(),
                    "kinds": Counter(), "silent": [], "lint": [], "false": []}
             for name in ("coleções", "partidas", "capítulos")}
    for path in sorted((ROOT / "puzzles").glob("*.pdn")):
        for i, p in enumerate(load_collection(path), 1):
            size = 10 if p.variant == "international" else 8
            _tally(f"{path.name} {i}", p.comment, size, parts["coleções"], None if quick else puzzle_context(p))
    for path in sorted((ROOT / "notebooks" / "data").glob("*.pdn")):
        for g in read_games(path):
            for ctx, comment in game_contexts(g):
                _tally(f"{path.name} {g.tags.get('White', '')}", comment, g.variant.size, parts["partidas"],
                       None if quick else ctx)
    for where, ctx, text in _chapter_texts():
        _tally(where, text, 8, parts["capítulos"], None if quick else ctx, chapter=True, quick=quick)
    old = {"problemas": [0, 0], "notas": [0, 0], "etiquetados": [0, 0]}
    data = ROOT / "tests" / "data"
    for path in sorted((data / "comentarios-antes-25").glob("*.pdn")) + [data / "golpes-comentarios-antigos.pdn"]:
        for g in read_games(path):
            kind = "problemas" if "Goal" in g.tags else "notas"
            comments = [c for _, c in game_contexts(g)] if kind == "notas" else [" ".join(g.line.comments)]
            for c in comments:
                old[kind][0] += 1
                old[kind][1] += bool(lint_comment(c, g.variant.size))
    if not quick:
        for path in sorted((data / "comentarios-antes-25-etiquetados").glob("*.pdn")):
            if "Goal" in read_games(path)[0].tags:
                for p in load_collection(path):
                    old["etiquetados"][0] += 1
                    old["etiquetados"][1] += bool(puzzle_problems(p))
    return parts, old


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--silent", action="store_true")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    parts, old = census(args.quick)
    kinds = Counter()
    for name, part in parts.items():
        kinds.update(part["kinds"])
        marked = ", ".join(f"{k} {part['marked'][k]}" for k in MARKS if part["marked"][k]) or "nenhuma"
        print(f"{name}: {part['sentences']} frases, {part['tagged']} com etiqueta de fato, marcadas: {marked}; "
              f"{part['none']} sem etiqueta ({part['untagged_facts']} citando casa, lance, contagem ou tema); "
              f"{len(part['lint'])} recusadas pelo lint, {len(part['false'])} etiquetas falsas")
    print(f"total: {sum(p['sentences'] for p in parts.values())} frases, "
          f"{sum(p['tagged'] for p in parts.values())} com etiqueta de fato")
    print("etiquetas por tipo: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    print(f"comentários antigos (tests/data): como escritos, recusados pelo lint {old['problemas'][1]} de "
          f"{old['problemas'][0]} comentários de problema e {old['notas'][1]} de {old['notas'][0]} notas de partida" + ("" if args.quick else f"; etiquetados pelo leitor antigo, {old['etiquetados'][1]} de "
                          f"{old['etiquetados'][0]} problemas com etiqueta falsa ou frase recusada"))
    for part in parts.values():
        for where, error in part["lint"] + part["false"]:
            print(f"PROBLEMA [{where}] {error}")
    if args.silent:
        for part in parts.values():
            for where, sentence in part["silent"]:
                print(f"sem etiqueta [{where}] {sentence}")


if __name__ == "__main__":
    main()
