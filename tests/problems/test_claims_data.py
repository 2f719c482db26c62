"""The claims checker (damas.problems.claims) over every comment of every collection
(puzzles/*.pdn) and of every game file (notebooks/data/*.pdn): the texts of today hold,
and the texts they replaced (kept in tests/data/comentarios-antes-25/) are flagged,
each false claim issue 25 names among them."""

import pytest

from damas.problems.claims import game_problems, puzzle_problems
from damas.problems.puzzles import load_collection
from damas.rules.pdn import read_games
from repo_paths import REPO

PUZZLES = REPO / "puzzles"
GAMES = REPO / "notebooks" / "data"
OLD = REPO / "tests" / "data" / "comentarios-antes-25"
COLLECTIONS = sorted(p.name for p in PUZZLES.glob("*.pdn"))
GAME_FILES = sorted(p.name for p in GAMES.glob("*.pdn"))


@pytest.mark.slow
@pytest.mark.parametrize("name", COLLECTIONS)
def test_every_comment_of_the_collections_holds(name):
    bad = [(i, p.title, e) for i, p in enumerate(load_collection(PUZZLES / name), 1)
           if (e := puzzle_problems(p))]
    assert not bad, bad


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_FILES)
def test_every_note_of_the_games_holds(name):
    bad = [(g.tags.get("White"), game_problems(g)) for g in read_games(GAMES / name)]
    assert not [b for b in bad if b[1]], bad


def _old_problems(name, number):
    p = load_collection(OLD / name)[number - 1]
    return " | ".join(puzzle_problems(p))


@pytest.mark.slow
@pytest.mark.parametrize("name, number, words", [
    # problem 8: c5-b6 shortens b8xd6xb4, and b8xd6 takes the man on c7, not the one on b6
    ("golpes-do-curso.pdn", 8, "não leva a peça de b6"),
    ("golpes-de-partidas.pdn", 19, "duas pedras à frente"),          # the line ends 5 v 5
    ("golpes-do-curso.pdn", 11, "pode ir para a7, c7"),              # b8-c7 is legal too
    ("golpes-do-curso.pdn", 15, "a peça de f6 não tem lance"),       # the beginner's capture does not exist
    ("golpes-do-curso.pdn", 13, "casa onde a tomada termina"),       # «a toma em c3»: c3 is the landing square
    ("golpes-do-curso.pdn", 16, "casa onde a tomada termina"),
    ("golpes-do-curso.pdn", 18, "casa onde a tomada termina"),
    ("golpes-do-curso.pdn", 12, "não leva a peça de c7"),
    ("golpes-do-curso.pdn", 20, "não leva a peça de f6"),
    ("golpes-do-curso.pdn", 23, "não leva a peça de e5"),
    ("golpes-de-partidas.pdn", 21, "não leva a peça de f4"),
    ("internacional.pdn", 8, "uma peça à frente"),                   # it ends 3 v 1
    ("golpes-do-curso.pdn", 14, "sem nomear o lance"),                # an error that names no move
])
def test_the_old_false_claims_are_flagged(name, number, words):
    assert words in _old_problems(name, number)


@pytest.mark.slow
def test_the_old_balance_claim_is_flagged():
    # «18. h2-g3 mantinha o equilíbrio»: after 18... g7-h6 every White move loses a man
    game, = read_games(OLD / "partida_anotada.pdn")
    assert any("equilíbrio" in e for _, e in game_problems(game))
    lissenko = [g for g in read_games(OLD / "partidas.pdn") if "Lissenko" in g.tags["White"]][0]
    assert any("c3-b4 não é uma entrega" in e for _, e in game_problems(lissenko))


# Comments changed for one word's meaning (issue 25 item 4: «lance» is one player's move), not
# for a false claim: (collection, title) -> (old words, new words).  Only that change is allowed.
WORDING_ONLY = {
    ("golpes-de-partidas.pdn", "Golpe de partida 2 — tema: três por um"):
        ("no oitavo meio-lance da partida", "no quarto lance das pretas"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in COLLECTIONS if n != "armadilhas.pdn"])
def test_every_comment_rewritten_was_flagged(name):
    """A comment changed for issue 25 was changed because the checker flags it (the traps
    were rewritten for another reason: to say what the victim wanted, see test_armadilhas),
    or only for a word's meaning (WORDING_ONLY, where the old text with the new words is
    the new text)."""
    new = {(p.title, p.fen): p.comment for p in load_collection(PUZZLES / name)}
    changed = [p for p in load_collection(OLD / name)
               if (p.title, p.fen) in new and new[p.title, p.fen] != p.comment]
    assert changed or name in ("classicos.pdn",)
    for p in changed:
        if (name, p.title) in WORDING_ONLY:
            old_words, new_words = WORDING_ONLY[name, p.title]
            assert p.comment.replace(old_words, new_words) == new[p.title, p.fen], p.title
        else:
            assert puzzle_problems(p), p.title
