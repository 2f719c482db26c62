"""The fact tags of every comment of every collection (puzzles/*.pdn) and of every game file
(notebooks/data/*.pdn): each sentence passes the lint and each tag holds on the board.

The old comments stay in tests/data/ and are all flagged by the same mechanism, in two ways:
as they were written (no tags: the lint refuses every sentence that names a square, a move, a
count or a theme), and as the regular-expression reader of before issue 43 tagged them once
(tests/data/comentarios-antes-25-etiquetados/, written by scripts/migrate_fact_tags.py in
commit baeb25e): there the tag of each false claim issues 9 and 25 named fails its check."""

import pytest

from damas.problems.fact_checks import game_contexts, game_problems, puzzle_problems
from damas.problems.fact_lint import lint_comment
from damas.problems.puzzles import load_collection
from damas.rules.pdn import read_games
from damas.rules.pdn_facts import facts_in, strip_facts
from repo_paths import REPO

PUZZLES = REPO / "puzzles"
GAMES = REPO / "notebooks" / "data"
OLD = REPO / "tests" / "data" / "comentarios-antes-25"
TAGGED = REPO / "tests" / "data" / "comentarios-antes-25-etiquetados"
ISSUE9 = REPO / "tests" / "data" / "golpes-comentarios-antigos.pdn"
COLLECTIONS = sorted(p.name for p in PUZZLES.glob("*.pdn"))
GAME_FILES = sorted(p.name for p in GAMES.glob("*.pdn"))


@pytest.mark.slow
@pytest.mark.parametrize("name", COLLECTIONS)
def test_every_comment_of_the_collections_holds(name):
    bad = [(i, p.title, e) for i, p in enumerate(load_collection(PUZZLES / name), 1) if (e := puzzle_problems(p))]
    assert not bad, bad


@pytest.mark.parametrize("name", COLLECTIONS)
def test_every_comment_of_the_collections_passes_the_lint(name):
    """The lint alone, fast: a sentence that names a square, a move or a count has its tag."""
    for p in load_collection(PUZZLES / name):
        assert lint_comment(p.comment, 10 if p.variant == "international" else 8) == [], p.title
        assert facts_in(p.comment, 10 if p.variant == "international" else 8), p.title


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_FILES)
def test_every_note_of_the_games_holds(name):
    bad = [(g.tags.get("White"), e) for g in read_games(GAMES / name) if (e := game_problems(g))]
    assert not bad, bad


def _old_puzzles(path=None):
    paths = [path] if path else sorted(OLD.glob("*.pdn")) + [ISSUE9]
    return [(p, q) for p in paths if "Goal" in read_games(p)[0].tags for q in load_collection(p)]


def test_every_old_comment_is_flagged_as_it_was_written():
    """No tag in the old comments: the lint refuses each of them (each names a square or a move)."""
    old = _old_puzzles()
    assert len(old) >= 140
    for path, p in old:
        assert "[%" not in p.comment
        assert lint_comment(p.comment, 10 if p.variant == "international" else 8), (path.name, p.title)
    for path in sorted(OLD.glob("*.pdn")):
        if "Goal" in read_games(path)[0].tags:
            continue
        for g in read_games(path):
            flagged = [c for ctx, c in game_contexts(g) if lint_comment(c, g.variant.size)]
            assert flagged, (path.name, g.tags.get("White"))


def _tagged_problems(name, number):
    p = load_collection(TAGGED / name)[number - 1]
    return " | ".join(puzzle_problems(p))


@pytest.mark.slow
@pytest.mark.parametrize("name, number, words", [
    # issue 25: c5-b6 shortens b8xd6xb4, and b8xd6 takes the man on c7, not the one on b6
    ("golpes-do-curso.pdn", 8, "[%gives c5-b6]: c5-b6 não entrega a peça de b6"),
    ("golpes-de-partidas.pdn", 19, "[%material W+2]: as brancas têm +0 peças"),     # the line ends 5 v 5
    ("golpes-do-curso.pdn", 11, "[%moves b8 a7 after a3xc5]: a peça de b8 pode ir para a7, c7"),
    ("golpes-do-curso.pdn", 15, "[%error f6-f6]"),                          # the beginner's capture does not exist
    ("golpes-do-curso.pdn", 13, "[%takes a1xc3 c3]: a1xc3 leva as peças de b2"),   # c3 is the landing square
    ("golpes-do-curso.pdn", 16, "[%takes c7xa5 a5]: c7xa5 leva as peças de b6"),
    ("golpes-do-curso.pdn", 18, "[%takes d4xb6 b6]: d4xb6 leva as peças de c5"),
    ("golpes-do-curso.pdn", 12, "[%gives b6-c7]: b6-c7 não entrega a peça de c7"),
    ("golpes-do-curso.pdn", 20, "[%gives g5-f6]: g5-f6 não entrega a peça de f6"),
    ("golpes-de-partidas.pdn", 21, "[%gives e3-f4]: e3-f4 não entrega a peça de f4"),
    ("internacional.pdn", 8, "[%material W+1]: as brancas têm +2 peças"),       # it ends 3 v 1
    ("golpes-do-curso.pdn", 14, "[%error]: %error sem lance"),                   # an error that names no move
    # issue 9: «um por dois», a bomba without its mechanism
    ("golpes-comentarios-antigos.pdn", 1, "[%exchange 1 2]: até o fim, as brancas tomam 2 e perdem 1"),
    ("golpes-comentarios-antigos.pdn", 35, "[%theme bomba]: o mecanismo de golpe da bomba"),
])
def test_the_old_false_claims_fail_their_tags(name, number, words):
    assert words in _tagged_problems(name, number)


@pytest.mark.slow
def test_the_old_game_notes_fail_their_tags():
    # «18. h2-g3 mantinha o equilíbrio»: after 18... g7-h6 every White move loses a man
    game, = read_games(TAGGED / "partida_anotada.pdn")
    assert any("[%level]" in e for _, e in game_problems(game))
    lissenko = [g for g in read_games(TAGGED / "partidas.pdn") if "Lissenko" in g.tags["White"]][0]
    assert any("c3-b4 não entrega" in e for _, e in game_problems(lissenko))


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in COLLECTIONS if n not in ("armadilhas.pdn", "golpes-nao-vistos.pdn")])
def test_every_comment_rewritten_since_issue_25_was_flagged(name):
    """A comment whose words changed since issue 25 (tags aside) changed because its old text is
    flagged, by the lint or by its tags once migrated (the traps were rewritten for another reason,
    see test_armadilhas)."""
    new = {(p.title, p.fen): strip_facts(p.comment) for p in load_collection(PUZZLES / name)}
    tagged = {(p.title, p.fen): p for p in load_collection(TAGGED / name)} if (TAGGED / name).exists() else {}
    for p in (load_collection(OLD / name) if (OLD / name).exists() else []):
        if (p.title, p.fen) in new and new[p.title, p.fen] != p.comment:
            migrated = tagged.get((p.title, p.fen))
            assert lint_comment(p.comment) or (migrated and puzzle_problems(migrated)), p.title


def test_the_tags_and_the_prose_are_apart():
    """No display reads a tag: the prose of every comment has none, and every comment has tags."""
    for name in COLLECTIONS:
        for p in load_collection(PUZZLES / name):
            assert "[%" not in strip_facts(p.comment) and "[%" in p.comment, (name, p.title)
    for name in GAME_FILES:
        for g in read_games(GAMES / name):
            for ctx, comment in game_contexts(g):
                assert "[%" not in strip_facts(comment)
