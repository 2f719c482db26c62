"""Write fact tags into the comments, once, with the regular-expression reader of today.

    python scripts/migrate_fact_tags.py FILE.pdn...          # rewrite the files in place
    python scripts/migrate_fact_tags.py --dry FILE.pdn...    # print what would change

Each comment is cut into sentences as damas.problems.claims cuts them; every claim its readers
read gives the tag that says the same (Claim.tag), written at the end of its sentence, and a theme
named in a sentence gives a [%theme] tag.  The reader is deleted after this run (issue 43): the
script is kept in the history only, with the commit that ran it.  A puzzle collection is a file
whose games have a Goal tag; a game file is one whose games are read by game_contexts.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from damas.problems.claim_facts import Context, line_steps, puzzle_context  # noqa: E402
from damas.problems.claims import _Reader, _sentences  # noqa: E402
from damas.problems.fact_lint import named_in  # noqa: E402
from damas.problems.puzzles import Puzzle  # noqa: E402
from damas.rules.pdn import read_games  # noqa: E402
from damas.rules.pdn_facts import add_facts  # noqa: E402


def tagged(ctx, comment: str) -> str:
    """``comment`` with the tags of its claims at the end of each sentence."""
    reader = _Reader(ctx)
    out = []
    for sentence in _sentences(comment):
        claims, _ = reader.read(sentence)
        tags = []
        for c in claims:
            for t in re.findall(r"\[%[^\]]*\]", c.tag):
                if t not in tags:
                    tags.append(t)
        for key in named_in(sentence, ctx.size).themes:
            t = f"[%theme {key}]"
            if t not in tags and not (key in ("dois-por-um", "tres-por-um") and any("%exchange" in x for x in tags)):
                tags.append(t)
        out.append(add_facts(sentence, tags))
    return " ".join(out)


def _game_comments(game):
    """(context, comment) of every comment of a game, in the order of the file: the opening
    note, then each move's comments and then its variations' comments."""
    board = game.initial_board()
    nodes = list(game.line.nodes)
    steps = line_steps(board, [n.move for n in nodes])
    out = [(Context(board, steps, first_number=game.first_move_number), c) for c in game.line.comments]
    for i, node in enumerate(nodes):
        ctx = Context(board, steps, focus=i, first_number=game.first_move_number)
        out += [(ctx, c) for c in node.comments]
        for var in node.variations:
            vnodes = list(var.nodes)
            vsteps = line_steps(steps[i].before, [n.move for n in vnodes])
            for j, vn in enumerate(vnodes):
                vctx = Context(steps[i].before, vsteps, focus=j)
                vctx.alternatives[vsteps[0].text] = steps[i].before
                out += [(vctx, c) for c in vn.comments]
    return out


def migrate(path: Path) -> tuple:
    text = path.read_text(encoding="utf-8")
    games = read_games(path)
    chunks = re.split(r"\n(?=\[Event )", text)
    assert len(chunks) == len(games), (path, len(chunks), len(games))
    new_chunks, changed = [], 0
    for chunk, game in zip(chunks, games):
        if "Goal" in game.tags:
            puzzle = Puzzle.from_pdn(game)
            pairs = [(puzzle_context(puzzle), c) for c in game.line.comments]
        else:
            pairs = _game_comments(game)
        found = list(re.finditer(r"\{([^}]*)\}", chunk))
        assert len(found) == len(pairs), (path, game.tags.get("Event"), len(found), len(pairs))
        pieces, pos = [], 0
        for m, (ctx, comment) in zip(found, pairs):
            assert " ".join(m.group(1).split()) == comment, (comment, m.group(1))
            new = tagged(ctx, comment)
            changed += new != comment
            pieces += [chunk[pos:m.start()], "{" + new + "}"]
            pos = m.end()
        pieces.append(chunk[pos:])
        new_chunks.append("".join(pieces))
    return "\n".join(new_chunks), changed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--dry", action="store_true")
    args = ap.parse_args(argv)
    for path in args.files:
        new, changed = migrate(path)
        print(f"{path}: {changed} comentários com etiquetas")
        if args.dry:
            print(new)
        else:
            path.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main()
