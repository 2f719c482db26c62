"""Golpes in master games: every position of every game of the public sources
of master play on 64 squares, searched with the project's golpe finder.

    python scripts/scan_master_games.py                 # scan (resumes from the cache), then list
    python scripts/scan_master_games.py --list          # only list what the cache holds
    python scripts/scan_master_games.py --games 0 20    # only games 0..19 (of the joined list)
    python scripts/scan_master_games.py --wide          # rare themes: no screen, 9 plies
    python scripts/scan_master_games.py --bomba         # the shape of the golpe da bomba, then the proof
    python scripts/scan_master_games.py --turco         # the shape of the golpe turco, then the proof
    python scripts/scan_master_games.py --sources DIR   # where the two repositories are

Sources (two public git repositories; the commits are pinned so the scan is reproducible).
``--sources DIR`` (or the environment variable ``DAMAS_GAME_SOURCES``) names the folder that
holds them, as a clone ``DIR/pdn`` or ``DIR/wiegerw/pdn``, or a bare copy ``DIR/wiegerw+pdn/repo``;
the commits need only be present in it (the work tree may be at any commit)::

    git clone https://github.com/wiegerw/pdn DIR/pdn
    git clone https://github.com/protcenkoroman/draughts DIR/draughts
    git -C DIR/pdn cat-file -e e8fd04c71de751bb371e520281d316f7cbe13127
    git -C DIR/draughts cat-file -e 23295b07155f57a44f6393bbadfa7b542ff350da

* ``wiegerw/pdn``, ``games/succeed/ussr1947.pdn``: 153 games of the «X чемпионат СССР»
  (tags Event, White, Black, Date) in Russian draughts;
* ``protcenkoroman/draughts``, ``content/page/*-i-ussr.md``: the games of the 1st USSR
  championship (Moscow, 1924) as HTML move lists, players in the page title;
* ``wiegerw/pdn``, ``games/fail/abatsiev.pdn``: 56 games of N. Abatsiev (Абациев Н.) in USSR
  championships and cups, 1965-1993 (tags Event, Site, Date, White, Black);
* ``wiegerw/pdn``, ``games/succeed/mrcd2000kval.pdn``, ``mrcd2006.pdn``, ``mrcd2007.pdn``,
  ``games/fail/mrdrcd07.pdn``, ``mrdrcd08.pdn``: 298 games of the Czech championships of
  «česká dama» (2000-2008), whose men never capture backward: their replay under the
  Brazilian rules stops early (median 21 plies).

The repository has no licence file: only the positions found, with their citation, are
stored here (scripts/data/*.jsonl); the games are read from the fetched snapshot.

The games were played under the Russian rules.  Each game is replayed under the Brazilian
rules (:class:`damas.Board`); where a move is illegal there (a capture the majority law
4.13 forbids, a man crowned in the middle of a capture) the replay stops, and only the
positions before it are searched: they are reached legally under both rules.

In each position searched (from ply 6, at least 8 pieces, the side to move has no capture)
the finder of ``damas.problems.selfplay.find_in_game`` is applied: the side to move has a
sacrifice (:func:`damas.problems.themes.is_sacrifice`), the engine's line at depth 4 starts
with a sacrifice and gains material, and then the solver proves the goal (two pieces won,
else one piece won, else a king made, within 7 plies).  Each proven position is written to
the cache (one JSON line) with its game, ply, the key move, the move played in the game and
whether the game followed the key move («jogado») or not («disponível e não jogado»), the
themes of ``damas.problems.themes`` read off the line, and whether the same line is forced
under the Russian rules.  The engine only screens; every result is the solver's.
"""

from __future__ import annotations

import argparse
import functools
import html
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from damas import Board  # noqa: E402
from damas.errors import DamasError  # noqa: E402
from damas.rules.notation import line_texts  # noqa: E402

# The folder holding the two repositories: --sources, else $DAMAS_GAME_SOURCES, else where the
# session's fetch tool leaves its copies.
SOURCES_DIR = [Path(os.environ.get("DAMAS_GAME_SOURCES", "/work/.mirror"))]
SOURCES = {
    "wiegerw/pdn": "e8fd04c71de751bb371e520281d316f7cbe13127",
    "protcenkoroman/draughts": "23295b07155f57a44f6393bbadfa7b542ff350da",
}


@functools.cache
def git_dir(repo: str, folder: Path) -> Path:
    """The git directory of ``repo`` ("owner/name") under ``folder``: a bare copy
    ``owner+name/repo`` (the fetch tool's), a clone ``owner/name`` or ``name``; an error in
    Portuguese naming the places looked at when none holds the pinned commit."""
    owner, name = repo.split("/")
    places = [folder / f"{owner}+{name}" / "repo", folder / owner / name, folder / name, folder / f"{owner}+{name}"]
    for place in places:
        for candidate in (place / ".git", place):
            if candidate.is_dir() and subprocess.run(
                    ["git", "--git-dir", str(candidate), "cat-file", "-e", f"{SOURCES[repo]}^{{commit}}"],
                    capture_output=True).returncode == 0:
                return candidate
    raise SystemExit(f"O repositório {repo} (commit {SOURCES[repo][:12]}) não está em nenhum de: "
                     + ", ".join(str(p) for p in places) + ". Clone-o (ver o início deste script) e "
                     "indique a pasta com --sources.")
# The games of N. Abatsiev (Абациев Н.) in USSR championships and cups, 1965-1993: a file of the
# same repository, in its folder of files its author's parser refused (the tags are padded with
# spaces); the moves are ordinary PDN.
ABATSIEV = "games/fail/abatsiev.pdn"
# Czech championships of «česká dama» (64 squares, flying kings; a man never captures backward,
# so a replay under the Brazilian rules stops where a Brazilian man would have to), same repository.
CZECH = ["games/succeed/mrcd2000kval.pdn", "games/succeed/mrcd2006.pdn", "games/succeed/mrcd2007.pdn",
         "games/fail/mrdrcd07.pdn", "games/fail/mrdrcd08.pdn"]
CACHE = ROOT / "scripts" / "data" / "master_golpes.jsonl"
WIDE_CACHE = ROOT / "scripts" / "data" / "master_golpes_wide.jsonl"
BOMBA_CACHE = ROOT / "scripts" / "data" / "master_golpes_bomba.jsonl"
TURCO_CACHE = ROOT / "scripts" / "data" / "master_golpes_turco.jsonl"
# The themes the wide pass looks for: rare in the screened pass.
RARE = {"golpe turco", "golpe da bomba", "bloqueio", "golpe Napoleão", "captura da dama"}
MOVE = re.compile(r"\b[a-h][1-8](?:[-:x][a-h][1-8])+")


def _git(repo: str, *args) -> str:
    where = git_dir(repo, SOURCES_DIR[0])
    return subprocess.run(["git", "--git-dir", str(where), *args], capture_output=True, text=True,
                          check=True).stdout


def _wiegerw_games():
    commit = SOURCES["wiegerw/pdn"]
    path = "games/succeed/ussr1947.pdn"
    text = _git("wiegerw/pdn", "show", f"{commit}:{path}")
    for n, chunk in enumerate(re.split(r"\n(?=\[White )", text.strip())):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        body = re.sub(r"\[[^\]]*\]", " ", chunk)
        body = re.sub(r"\{[^}]*\}", " ", body)
        yield {"source": f"wiegerw/pdn:{path}", "index": n, "white": tags.get("White", ""),
               "black": tags.get("Black", ""), "event": tags.get("Event", ""),
               "date": tags.get("Date", "").rstrip("."), "result": tags.get("Result", ""),
               "moves": MOVE.findall(body)}


def _protcenko_games():
    commit = SOURCES["protcenkoroman/draughts"]
    names = _git("protcenkoroman/draughts", "ls-tree", "--name-only", commit, "content/page/").split()
    for n, path in enumerate(sorted(p for p in names if p.endswith("-i-ussr.md"))):
        text = _git("protcenkoroman/draughts", "show", f"{commit}:{path}")
        title = re.search(r'^title: "([^"]*)"', text, re.M).group(1)
        white, black = [s.strip() for s in title.split(" - ", 1)]
        moves = re.findall(r"moveTo\(\d+\)\">(?:\d+\.)?([^<]+)</a>", text)
        yield {"source": f"protcenkoroman/draughts:{path}", "index": n, "white": white, "black": black,
               "event": "I чемпионат СССР", "date": "1924", "result": html.unescape(
                   re.search(r"</a>\s*([^<]*?)\s*</strong>", text).group(1)),
               "moves": [m.strip() for m in moves]}


def _abatsiev_games(path=ABATSIEV):
    commit = SOURCES["wiegerw/pdn"]
    text = _git("wiegerw/pdn", "show", f"{commit}:{path}").replace("\r\n", "\n")
    for n, chunk in enumerate(re.split(r"\n(?=\[Event )", text.strip())):
        tags = dict(re.findall(r'\[(\w+)\s+"([^"]*)"\]', chunk))
        body = re.sub(r"\[[^\]]*\]", " ", chunk)
        body = re.sub(r"\{[^}]*\}", " ", body)
        yield {"source": f"wiegerw/pdn:{path}", "index": n, "white": tags.get("White", ""),
               "black": tags.get("Black", ""), "event": tags.get("Event", ""), "site": tags.get("Site", ""),
               "date": tags.get("Date", ""), "result": tags.get("Result", ""), "moves": MOVE.findall(body)}


def all_games() -> list:
    """Every game of the sources, in a fixed order (new sources at the end)."""
    return list(_protcenko_games()) + list(_wiegerw_games()) + list(_abatsiev_games()) + \
        [g for path in CZECH for g in _abatsiev_games(path)]


def replay_legal(game) -> tuple:
    """(moves as Move objects legal under the Brazilian rules, index of the first move that is
    not, or None): the replay stops at the first illegal move."""
    board = Board()
    moves = []
    for i, text in enumerate(game["moves"]):
        try:
            m = board.parse_move(text.replace(":", "x") if text.count(":") == 1 else text)
        except DamasError:
            return moves, i
        board.push(m)
        moves.append(m)
    return moves, None


def _russian_holds(fen, goal, n, line_len, key):
    """The same key move forces the same goal under the Russian rules."""
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve
    proof = solve(Puzzle(fen, "russian", goal=goal, n=n, max_plies=max(line_len, 1)), all_moves=True)
    return bool(proof.proven) and key in [str(m) for m in proof.winning_moves]


def scan_game(game, screen_depth: int = 4, max_plies: int = 7):
    """The golpes of one game: a list of dicts (see the module docstring)."""
    from damas.engine.search import analyse, evaluate
    from damas.problems.puzzles import Puzzle, numbered_line
    from damas.problems.solver import solve
    from damas.problems.themes import is_sacrifice, line_facts, themes_of
    moves, illegal = replay_legal(game)
    board = Board()
    found = []
    for i in range(len(moves) + 1):
        if i >= 6 and board.legal_moves() and not board.has_captures() and board.count("W") + board.count("B") >= 8:
            sacs = [x for x in board.legal_moves() if is_sacrifice(board, x)]
            if sacs:
                a = analyse(board, depth=screen_depth)
                gain = a.score - evaluate(board)
                if a.pv and a.pv[0] in sacs and gain >= 50:
                    for goal, n in (("material", 2), ("material", 1), ("promote", 1)):
                        proof = solve(Puzzle(board.fen(), "brazilian", goal=goal, n=n, max_plies=max_plies))
                        if proof.proven and proof.main_line[0] in sacs:
                            break
                    else:
                        proof = None
                    if proof is not None:
                        key = board.move_text(proof.key_move)
                        played = board.move_text(moves[i]) if i < len(moves) else None
                        line = line_texts(board, proof.main_line)
                        found.append({
                            "source": game["source"], "index": game["index"], "white": game["white"],
                            "black": game["black"], "event": game["event"], "date": game["date"],
                            "ply": i, "move_number": i // 2 + 1, "side": board.turn, "fen": board.fen(),
                            "goal": goal, "n": n, "plies": proof.plies, "key": key,
                            "winning_moves": [board.move_text(m) for m in proof.winning_moves],
                            "line": line, "played": played,
                            "status": "jogado" if played == key else "disponível e não jogado",
                            "themes": themes_of(line_facts(board, proof.main_line)),
                            "pieces": board.count("W") + board.count("B"),
                            "russian": _russian_holds(board.fen(), goal, n, proof.plies,
                                                      str(proof.key_move)),
                            "reached": numbered_line(Board(), moves[:i]),
                        })
        if i < len(moves):
            board.push(moves[i])
    return found, len(moves), illegal


def scan_game_wide(game, max_plies: int = 9):
    """The wide pass: no engine screen; in every position searched that has a king on the
    board or at most 12 pieces, and a sacrifice, the
    solver looks for one piece won within ``max_plies``; kept only when the line shows one
    of the :data:`RARE` themes."""
    from damas.problems.puzzles import Puzzle, numbered_line
    from damas.problems.solver import solve
    from damas.problems.themes import is_sacrifice, line_facts, themes_of
    moves, illegal = replay_legal(game)
    board = Board()
    found = []
    for i in range(len(moves) + 1):
        kings = bool(board.king_bits)
        if i >= 6 and board.legal_moves() and not board.has_captures() and \
                (kings or board.count("W") + board.count("B") <= 12):
            sacs = [x for x in board.legal_moves() if is_sacrifice(board, x)]
            if sacs:
                proof = solve(Puzzle(board.fen(), "brazilian", goal="material", n=1, max_plies=max_plies))
                if proof.proven and proof.main_line[0] in sacs:
                    themes = themes_of(line_facts(board, proof.main_line))
                    if RARE & set(themes):
                        key = board.move_text(proof.key_move)
                        played = board.move_text(moves[i]) if i < len(moves) else None
                        found.append({
                            "source": game["source"], "index": game["index"], "white": game["white"],
                            "black": game["black"], "event": game["event"], "date": game["date"],
                            "ply": i, "move_number": i // 2 + 1, "side": board.turn, "fen": board.fen(),
                            "goal": "material", "n": 1, "plies": proof.plies, "key": key,
                            "winning_moves": [board.move_text(m) for m in proof.winning_moves],
                            "line": line_texts(board, proof.main_line), "played": played,
                            "status": "jogado" if played == key else "disponível e não jogado",
                            "themes": themes, "pieces": board.count("W") + board.count("B"),
                            "russian": _russian_holds(board.fen(), "material", 1, proof.plies,
                                                      str(proof.key_move)),
                            "reached": numbered_line(Board(), moves[:i]),
                        })
        if i < len(moves):
            board.push(moves[i])
    return found, len(moves), illegal


def _bomba_at(board) -> bool:
    """The side to move has a capture that stops on a square X where the defender could take
    the man without the majority law (the Russian rules allow it) but, under the Brazilian
    rules, the defender's only captures are larger ones elsewhere (4.13), after which the man
    on X captures again: the shape of the golpe da bomba."""
    for m3 in board.legal_moves():
        if not m3.is_capture:
            continue
        b3 = board.copy(stack=False)
        b3.push(m3)
        replies = b3.legal_moves()
        if not replies or not all(m.is_capture for m in replies) or any(m3.end in m.captured for m in replies):
            continue
        if not any(m3.end in m.captured for m in Board(b3.fen(), variant="russian").legal_moves()):
            continue
        for d2 in replies:
            b4 = b3.copy(stack=False)
            b4.push(d2)
            if any(m.is_capture and m.start == m3.end for m in b4.legal_moves()):
                return True
    return False


def _forcing(board, pairs: int):
    """The positions after up to ``pairs`` pairs of plies: any move of the side to move, then
    a capture the defender must make (all its legal moves are captures)."""
    yield board
    if pairs == 0:
        return
    for m1 in board.legal_moves():
        b1 = board.copy(stack=False)
        b1.push(m1)
        replies = b1.legal_moves()
        if not replies or not all(m.is_capture for m in replies):
            continue
        for d1 in replies:
            b2 = b1.copy(stack=False)
            b2.push(d1)
            yield from _forcing(b2, pairs - 1)


def scan_game_bomba(game, max_plies: int = 9):
    """The bomba pass: positions where the shape of :func:`_bomba_at` can be reached by up to
    two forcing pairs of plies, then proven by the solver (one piece won, else two, else a king
    made, within ``max_plies``); kept when the solver's line is a golpe da bomba."""
    from damas.problems.puzzles import Puzzle, numbered_line
    from damas.problems.solver import solve
    from damas.problems.themes import line_facts, themes_of
    moves, illegal = replay_legal(game)
    board = Board()
    found = []
    for i in range(len(moves) + 1):
        if i >= 6 and board.legal_moves() and any(_bomba_at(b) for b in _forcing(board, 2)):
            for goal, n in (("material", 1), ("material", 2), ("promote", 1)):
                proof = next((p for p in (solve(Puzzle(board.fen(), "brazilian", goal=goal, n=n, max_plies=k))
                                          for k in range(1, max_plies + 1, 2)) if p.proven), None)
                if proof is None:
                    continue
                themes = themes_of(line_facts(board, proof.main_line))
                if "golpe da bomba" not in themes:
                    continue
                key = board.move_text(proof.key_move)
                played = board.move_text(moves[i]) if i < len(moves) else None
                found.append({
                    "source": game["source"], "index": game["index"], "white": game["white"],
                    "black": game["black"], "event": game["event"], "date": game["date"],
                    "ply": i, "move_number": i // 2 + 1, "side": board.turn, "fen": board.fen(),
                    "goal": goal, "n": n, "plies": proof.plies, "key": key,
                    "winning_moves": [board.move_text(m) for m in proof.winning_moves],
                    "line": line_texts(board, proof.main_line), "played": played,
                    "status": "jogado" if played == key else "disponível e não jogado",
                    "themes": themes, "pieces": board.count("W") + board.count("B"),
                    "russian": _russian_holds(board.fen(), goal, n, proof.plies, str(proof.key_move)),
                    "reached": numbered_line(Board(), moves[:i]),
                })
                break
        if i < len(moves):
            board.push(moves[i])
    return found, len(moves), illegal


def _turco_at(board) -> bool:
    """The shape of the golpe turco for the side to move, after at most one forcing pair of
    plies: some move of it after which the defender has a king capture that stops only because
    a piece it already took still stands (4.11, :func:`damas.problems.themes.stopped_by_captured`)."""
    from damas.problems.themes import stopped_by_captured
    for b in _forcing(board, 1):
        for m in b.legal_moves():
            after = b.copy(stack=False)
            after.push(m)
            if any(r.is_capture and stopped_by_captured(after, r) for r in after.legal_moves()):
                return True
    return False


def scan_game_turco(game, max_plies: int = 11):
    """The turco pass: positions with a king on the board that have the shape of
    :func:`_turco_at`, then proven by the solver (one piece won, else two, else a king made, else
    the win, within ``max_plies``); kept when the solver's line is a golpe turco.  Returns the
    rows, the legal plies, the first illegal ply and how many positions had the shape."""
    from damas.problems.puzzles import Puzzle, numbered_line
    from damas.problems.solver import solve
    from damas.problems.themes import line_facts, themes_of
    moves, illegal = replay_legal(game)
    board = Board()
    found, shapes = [], 0
    for i in range(len(moves) + 1):
        if i >= 6 and board.king_bits and board.legal_moves() and _turco_at(board):
            shapes += 1
            for goal, n in (("material", 1), ("material", 2), ("promote", 1), ("win", 1)):
                proof = next((p for p in (solve(Puzzle(board.fen(), "brazilian", goal=goal, n=n, max_plies=k))
                                          for k in range(1, max_plies + 1, 2)) if p.proven), None)
                if proof is None:
                    continue
                themes = themes_of(line_facts(board, proof.main_line))
                if "golpe turco" in themes:
                    key = board.move_text(proof.key_move)
                    played = board.move_text(moves[i]) if i < len(moves) else None
                    found.append({
                        "source": game["source"], "index": game["index"], "white": game["white"],
                        "black": game["black"], "event": game["event"], "date": game["date"],
                        "ply": i, "move_number": i // 2 + 1, "side": board.turn, "fen": board.fen(),
                        "goal": goal, "n": n, "plies": proof.plies, "key": key,
                        "winning_moves": [board.move_text(m) for m in proof.winning_moves],
                        "line": line_texts(board, proof.main_line), "played": played,
                        "status": "jogado" if played == key else "disponível e não jogado",
                        "themes": themes, "pieces": board.count("W") + board.count("B"),
                        "russian": _russian_holds(board.fen(), goal, n, proof.plies, str(proof.key_move)),
                        "reached": numbered_line(Board(), moves[:i]),
                    })
                break
        if i < len(moves):
            board.push(moves[i])
    return found, len(moves), illegal, shapes


def _load_cache(cache=None):
    cache = cache or CACHE
    done, rows = set(), []
    if cache.exists():
        for line in cache.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("kind") == "game":
                done.add((row["source"], row["index"]))
            else:
                rows.append(row)
    return done, rows


def scan(first: int, last: int, wide: bool = False, bomba: bool = False, turco: bool = False) -> None:
    cache = TURCO_CACHE if turco else BOMBA_CACHE if bomba else WIDE_CACHE if wide else CACHE
    cache.parent.mkdir(parents=True, exist_ok=True)
    done, _ = _load_cache(cache)
    games = all_games()[first:last]
    with cache.open("a", encoding="utf-8") as out:
        for game in games:
            if (game["source"], game["index"]) in done:
                continue
            t = time.time()
            shapes = None
            if turco:
                found, legal, illegal, shapes = scan_game_turco(game)
            else:
                found, legal, illegal = (scan_game_bomba if bomba else scan_game_wide if wide else scan_game)(game)
            for row in found:
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
            out.write(json.dumps({"kind": "game", "source": game["source"], "index": game["index"],
                                  "white": game["white"], "black": game["black"], "plies": len(game["moves"]),
                                  "legal_plies": legal, "first_illegal": illegal, "found": len(found),
                                  **({"shapes": shapes} if shapes is not None else {}),
                                  "seconds": round(time.time() - t, 1)}, ensure_ascii=False) + "\n")
            out.flush()
            print(f"{game['source']} #{game['index']} {game['white']} x {game['black']}: "
                  f"{legal}/{len(game['moves'])} lances legais, {len(found)} golpes", flush=True)


def listing(wide: bool = False, bomba: bool = False, turco: bool = False) -> None:
    done, rows = _load_cache(TURCO_CACHE if turco else BOMBA_CACHE if bomba else WIDE_CACHE if wide else CACHE)
    print(f"{len(done)} partidas examinadas, {len(rows)} posições com golpe provado")
    for r in rows:
        print(f"{r['white']} x {r['black']}, {r['event']}, {r['date']}, lance {r['move_number']} "
              f"({'brancas' if r['side'] == 'W' else 'pretas'}): {r['status']}; {' '.join(r['line'])}; "
              f"{r['goal']} {r['n']}; temas: {', '.join(r['themes'])}; russas: {r['russian']}; "
              f"chaves: {', '.join(r['winning_moves'])}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs=2, type=int, default=[0, 10 ** 6])
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--wide", action="store_true", help="the wide pass (rare themes, 9 plies, no screen)")
    parser.add_argument("--bomba", action="store_true", help="the bomba pass (the shape of the golpe da bomba)")
    parser.add_argument("--turco", action="store_true", help="the turco pass (the shape of the golpe turco)")
    parser.add_argument("--sources", type=Path, default=SOURCES_DIR[0],
                        help="the folder holding the two repositories (see the docstring)")
    args = parser.parse_args(argv)
    SOURCES_DIR[0] = args.sources
    if not args.list:
        scan(*args.games, wide=args.wide, bomba=args.bomba, turco=args.turco)
    listing(args.wide, args.bomba, args.turco)
    return 0


if __name__ == "__main__":
    sys.exit(main())
