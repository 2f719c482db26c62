"""damas.problems.claims: the checker that reads a comment's claims by meaning.

First on false sentences (mutations of real ones: a wrong square, a wrong
count, a capture that takes another piece, a sacrifice whose capture existed
before), each of which must be flagged, and on the true ones, which must pass;
then a sentence it cannot read is a failure."""

import pytest

from damas import Board
from damas.problems.claim_facts import line_steps
from damas.problems.claims import Context, comment_problems, gives_piece, puzzle_context, read_comment
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve

# golpes-do-curso 4, 8, 9, 11, 13 (the positions; the sentences below are ours)
TRIPLE = Puzzle("W:W22,25,29:B8,13,15", max_plies=3, solution="c3-b4 a5xc3 b2xh8")
SHORTENS = Puzzle("W:W5,6,13,14:B1,15", max_plies=5, solution="c5-b6 b8xd6 a7-b8 d6-c5 b6xf6")
ATTRACTS = Puzzle("W:W7,24,26,28:BK15,20", max_plies=5, solution="g3-f4 e5xg3 h2xf4 h4-g3 f4xh2")
BLOCKS = Puzzle("W:W9,16,18,K20,21:B1,K3", max_plies=5, solution="d4-c5 f8xb4 a3xc5 b8-a7 g5-f6")
QUEEN = Puzzle("W:WK16,28,29,32:BK14,17", max_plies=7, solution="g5-e3 c5xf2 g1xe3 b4-a3 e3-d4 a3-b2 a1xc3")
# classicos 17, 36, 42: Black solves (the positions and lines of puzzles/classicos.pdn)
BLACK_3V2 = Puzzle("B:W12,13,18,23:B5,10,11,24", max_plies=5, solution="d6-c5 d4xb6 a7xc5 h6-g7 f6xh8")
OFFERS_F6 = Puzzle("B:WK2,15,17,18,31,32:B1,8,11,12,16", max_plies=3, solution="g5-h4 d8xg5 h6xd6")
BLACK_6V5 = Puzzle("B:W10,18-20,22,26,30,31:B2,3,8,9,11,13,17,21", max_plies=4, solution="b6-c5 d4xb6 a5xg3 h4xf2")


def _ctx(puzzle):
    return puzzle_context(puzzle)


def _problems(puzzle, comment):
    return comment_problems(_ctx(puzzle), comment)


def _kinds(puzzle, comment):
    claims, unread = read_comment(_ctx(puzzle), comment)
    return [c.kind for c in claims], unread


# ---------------------------------------------------------------------------
# Each kind: the true sentence passes, its mutations are flagged
# ---------------------------------------------------------------------------
TRUE = [
    (TRIPLE, "A pedra de c3 se entrega em b4 e a pedra preta de a5 é obrigada a tomá-la (regra 4.1).",
     {"sacrifice", "forced"}),
    (ATTRACTS, "A pedra de g3 se entrega em f4: e5xg3 é a única tomada (regra 4.1).", {"sacrifice", "forced"}),
    (ATTRACTS, "Depois de 2. h2xf4, a pedra preta de h4 só pode ir para g3.", {"only"}),
    (BLOCKS, "Depois de 2. a3xc5, a pedra preta de b8 só pode ir para a7 ou c7.", {"only"}),
    (QUEEN, "A pedra de a1 toma a pedra de b2 e para em c3.", {"takes"}),
    (TRIPLE, "No fim as brancas têm duas peças contra nenhuma.", {"material"}),
    (BLOCKS, "Depois de 1. d4-c5 f8xb4, 2. a3xc5 é a única jogada das brancas.", {"forced"}),
    (TRIPLE, "O erro é 1. c3-d4, que não entrega nada.", {"error"}),
    (ATTRACTS, "Uma espera não basta: o erro é 1. d2-e3, e as pretas se salvam.", {"error"}),
    # material: the count belongs to the side named as its subject, even after the other side is named
    (BLACK_6V5, "As brancas retomam uma, com h4xf2 ou c3xa5, e as pretas terminam com seis peças contra cinco.",
     {"material"}),
    (BLACK_3V2, "A pedra de a7 retoma com a7xc5, e as brancas não têm defesa: as pretas terminam com três peças "
                "contra duas.", {"material"}),
    (BLACK_6V5, "Seis peças contra cinco, a favor das pretas.", {"material"}),
    (BLACK_6V5, "As brancas retomam uma, com h4xf2, e as pretas ficam com uma peça a mais.", {"material"}),
    (BLACK_6V5, "As brancas retomam uma, mas ficam com uma peça a menos.", {"material"}),
    (BLACK_3V2, "Ficam com uma peça a mais.", {"material"}),            # no side named: the solver
    # an offer of a piece that did not move: g5-h4 lets the queen on d8 take the man on f6
    (OFFERS_F6, "A pedra de g5 vai a h4 e oferece a pedra de f6 à dama de d8.", {"sacrifice"}),
    (OFFERS_F6, "Com g5-h4 as pretas oferecem a pedra de f6, e d8xg5 é a única tomada.", {"sacrifice", "forced"}),
    (OFFERS_F6, "As pretas jogam g5-h4 e entregam a pedra preta de f6.", {"sacrifice"}),
    (TRIPLE, "As brancas entregam a pedra de c3 em b4.", {"sacrifice"}),    # the piece that moves, named with «em»
]


@pytest.mark.parametrize("puzzle, comment, kinds", TRUE)
def test_true_sentences_pass(puzzle, comment, kinds):
    assert _problems(puzzle, comment) == []
    found, unread = _kinds(puzzle, comment)
    assert kinds <= set(found), found
    assert unread == []


FALSE = [
    # a sacrifice: wrong square; a capture that takes another piece; a capture that existed before, longer
    (TRIPLE, "A pedra de c3 se entrega em d4.", "c3 a d4"),
    (SHORTENS, "A pedra de c5 se entrega em b6.", "não leva a peça de b6"),
    (SHORTENS, "1. c5-b6 entrega a pedra de c7.", "já existia"),
    (SHORTENS, "Depois de 1. c5-b6, a pedra preta de b8 é obrigada a tomá-la.", "entregue em"),
    # forced: two captures, or quiet moves left
    (TRIPLE, "1. c3-b4 é a única jogada das brancas.", "um só lance"),
    (TRIPLE, "As brancas são obrigadas a tomar com 1. c3-b4.", "sem tomada"),
    # only: the other move of the piece, a wrong square, a piece that can move
    (BLOCKS, "Depois de 2. a3xc5, a pedra preta de b8 só pode ir para a7.", "a7, c7"),
    (ATTRACTS, "Depois de 2. h2xf4, a pedra preta de h4 só pode ir para g5.", "g3"),
    (ATTRACTS, "Depois de 2. h2xf4, a pedra preta de h4 não tem lance.", "g3"),
    # takes: the landing square named as the captured one
    (QUEEN, "A pedra de a1 toma em c3.", "a casa onde a tomada termina"),
    (QUEEN, "4. a1xc3 toma a pedra de b4.", "nenhuma tomada"),
    # material at the end: wrong lead, wrong count
    (TRIPLE, "As brancas terminam três pedras à frente.", "têm 2 peças"),
    (TRIPLE, "A linha termina dois contra um.", "têm 2 peças"),
    (SHORTENS, "As brancas ficam com uma peça a mais.", "peças"),
    # material when Black solves: wrong count, wrong colour, a lead read for the wrong side
    (BLACK_6V5, "As brancas retomam uma, com h4xf2, e as pretas terminam com sete peças contra cinco.",
     "as pretas têm 6"),
    (BLACK_6V5, "As pretas entregam uma pedra, e as brancas terminam com seis peças contra cinco.", "as brancas têm 5"),
    (BLACK_3V2, "A pedra de a7 retoma com a7xc5: as pretas terminam com três peças contra uma.", "as pretas têm 3"),
    (BLACK_6V5, "As brancas retomam uma, com h4xf2, e as pretas ficam com duas peças a mais.", "as pretas têm 6"),
    (BLACK_6V5, "As pretas entregam uma pedra, e as brancas ficam com uma peça a mais.", "as brancas têm 5"),
    (BLACK_6V5, "As brancas retomam uma, mas ficam com duas peças a menos.", "as brancas têm 5"),
    (BLACK_3V2, "Ficam com duas peças a mais.", "as pretas têm 3"),
    # an offer of a piece that did not move: a piece not taken, the opponent's piece, a wrong colour, a wrong move
    (OFFERS_F6, "A pedra de g5 vai a h4 e oferece a pedra de h6.", "não leva a peça de h6"),
    (OFFERS_F6, "Com g5-h4 as pretas oferecem a pedra de e5.", "não é das pretas"),
    (OFFERS_F6, "As pretas jogam g5-h4 e entregam a pedra branca de f6.", "não é das brancas"),
    (OFFERS_F6, "A pedra de g5 vai a f4 e oferece a pedra de f6.", "nenhum lance"),
    (TRIPLE, "As brancas entregam a pedra de c3 em d4.", "nenhum lance da linha entrega a peça de c3 em d4"),
    # the error: the key move, a capture that does not exist, no move named
    (TRIPLE, "O erro é 1. c3-b4.", "também resolve"),
    (TRIPLE, "O erro do iniciante é tomar com b2xd4.", "não é lance"),
    (SHORTENS, "O erro é querer coroar logo com a pedra de a7.", "sem nomear o lance"),
]


@pytest.mark.parametrize("puzzle, comment, word", FALSE)
def test_false_sentences_are_flagged(puzzle, comment, word):
    errors = _problems(puzzle, comment)
    assert errors, comment
    assert any(word in e for e in errors), errors


def test_an_unread_fact_is_a_failure_and_an_opinion_states_no_fact():
    assert _problems(TRIPLE, "As pretas têm duas pedras à frente por pouco tempo.")   # read: false
    errors = _problems(SHORTENS, "O erro comum é coroar cedo demais.")
    assert errors and "sem nomear" in errors[0]
    # what someone thinks is no claim; the same count stated is read (golpes-de-partidas 14 ends 6 v 5)
    thinks = Puzzle("B:W13,21-23,27-30,32:B1,5,6,8,12,14-16", max_plies=5, solution="c5-b4 a3xc5 c7-b6 a5xc7 b8xf4")
    assert _problems(thinks, "O iniciante acha que duas pedras a menos é perder.") == []
    assert _problems(thinks, "As pretas ficam com duas pedras a menos.")
    assert _problems(TRIPLE, "Na opinião do autor, é o golpe mais bonito do curso.") == []
    assert _problems(TRIPLE, "Na opinião do autor, c3-b4 é o melhor lance.")


def test_a_sacrifice_needs_a_new_capture_of_the_piece_given():
    # golpes-do-curso 8: before c5-b6 Black already had b8xd6xb4; c5-b6 shortens it to b8xd6,
    # which takes the man on c7, not the one on b6
    board = Board("W:W5,6,13,14:B1,15")
    move = board.parse_move("c5-b6")
    after = board.copy()
    after.push(move)
    reply = after.parse_move("b8xd6")
    assert "não leva" in gives_piece(board, move, reply)
    assert "já existia" in gives_piece(board, move, reply, board.variant.parse_square("c7"))
    # golpes-do-curso 4: c3-b4 gives the man on b4 to a new capture
    board = Board("W:W22,25,29:B8,13,15")
    move = board.parse_move("c3-b4")
    after = board.copy()
    after.push(move)
    assert gives_piece(board, move, after.parse_move("a5xc3")) == ""


# ---------------------------------------------------------------------------
# Games: notes on a move, the gain of a man, an evaluation
# ---------------------------------------------------------------------------
def _game(moves, focus, fen="brazilian"):
    board = Board(fen)
    b = board.copy()
    return Context(board, line_steps(board, [b.push_text(t) for t in moves.split()]), focus=focus)


OPENING = "c3-d4 d6-c5 b2-c3 f6-g5 c3-b4 b6-a5 b4xd6 c7xc3 d2xb4 a5xc3"   # armadilhas 1, played out


def test_game_notes():
    assert comment_problems(_game(OPENING, 7), "Tomada obrigatória e único lance.") == []
    assert comment_problems(_game(OPENING, 6), "Tomada obrigatória e único lance.")   # d4xb6 too
    assert comment_problems(_game(OPENING, 5), "Tomada obrigatória.")     # b6-a5 takes nothing
    assert comment_problems(_game(OPENING, 4), "Erro: as pretas ganham uma pedra à força.") == []
    assert comment_problems(_game(OPENING, 3), "Erro: as pretas ganham uma pedra à força.")  # f6-g5 is fine
    assert comment_problems(_game(OPENING, 5), "Entrega: a pedra de a5 fica onde as brancas a tomam.")
    assert comment_problems(_game(OPENING, 9), "As pretas ficam com uma pedra a mais.") == []
    assert comment_problems(_game(OPENING, 9), "As pretas ficam com duas pedras a mais.")


@pytest.mark.slow
def test_balance_needs_the_deeper_search_to_agree():
    # notebooks/data/partida_anotada.pdn before the kept fix: after 18. h2-g3 g7-h6 White loses a man
    old = ("a3-b4 b6-c5 b2-a3 f6-e5 e3-d4 c5xe3 f2xf6 g7xe5 d2-e3 e5-f4 g3xe5 d6xd2 c1xe3 c7-d6 e3-f4 e7-f6 "
           "e1-d2 d8-c7 h2-g3 d6-e5 f4xd6 c7xe5 d2-e3 f8-e7 g1-h2 e7-d6 b4-a5 h8-g7 e3-d4 b8-c7 a1-b2 a7-b6 "
           "g3-h4 h6-g5 h2-g3")
    assert comment_problems(_game(old, 34), "Mantinha o equilíbrio.")
    assert comment_problems(_game("c3-d4 f6-g5", 1), "Mantinha o equilíbrio.") == []


# ---------------------------------------------------------------------------
# Traps: what the victim wanted, what was safe
# ---------------------------------------------------------------------------
def _trap(number, comment):
    from damas.problems.puzzles import load_collection
    from repo_paths import REPO
    # the six traps as the course had them before issue 25 (the same positions: the claims
    # below are about them, not about the collection of today)
    p = load_collection(REPO / "tests" / "data" / "comentarios-antes-25" / "armadilhas.pdn")[number - 1]
    return comment_problems(puzzle_context(p), comment)


@pytest.mark.parametrize("number, comment, word", [
    (1, "Com 3. c3-b4 as brancas queriam atacar a pedra de d6.", "nenhuma tomada"),
    (4, "Com 3. d2-e3 as brancas queriam apoiar a pedra de c3.", "logo atrás"),
    (2, "Com 3. c3-b4 as brancas queriam encostar mais uma pedra na pedra de d6.", "não encosta"),
    (3, "Com 4. b2-a3 as brancas queriam ocupar a casa c3.", "não vai para c3"),
    (1, "Em vez de 3. c3-b4, o lance 3. d4-e5 era seguro.", "ganha material"),
    (1, "Em vez de 3. c3-d4, o lance 3. a1-b2 era seguro.", "último lance"),
    (1, "Em vez de 3. c3-b4, o lance 3. a1-b3 era seguro.", "não é lance possível"),
    (1, "Em vez de 3. c3-b4, outro lance era seguro.", "sem nomear os dois"),
])
def test_trap_claims_mutated_are_flagged(number, comment, word):
    errors = _trap(number, comment)
    assert any(word in e for e in errors), errors


def test_trap_claims_true_pass():
    assert _trap(1, "Com 3. c3-b4 as brancas queriam atacar a pedra de c5.") == []
    assert _trap(4, "Com 3. d2-e3 as brancas queriam apoiar a pedra de d4.") == []
    assert _trap(1, "Em vez de 3. c3-b4, o lance 3. g3-h4 era seguro.") == []


def test_game_notes_on_material_and_safety():
    # after 4... g7xe5 of the model game each side has lost two men
    game = "a3-b4 b6-c5 b2-a3 f6-e5 e3-d4 c5xe3 f2xf6 g7xe5"
    assert comment_problems(_game(game, 7), "Depois de 4... g7xe5 cada lado já perdeu duas pedras.") == []
    assert comment_problems(_game(game, 7), "Depois de 4... g7xe5 cada lado já perdeu três pedras.")
    assert comment_problems(_game(game, 5), "As brancas perderam uma pedra.") == []
    assert comment_problems(_game(game, 5), "As pretas perderam uma pedra.")
    # 3... c5xe3: the man that lands on e3 can be taken back (f2xd4 or d2xf4)
    assert comment_problems(_game(game, 5), "A pedra de e3 não pode ser tomada.")
    assert comment_problems(_game(game, 4), "A pedra de d4 não pode ser tomada.")      # c5xe3 takes it
    assert comment_problems(_game(OPENING, 9), "A pedra de c3 não pode ser tomada.") == []


def test_a_games_opening_note_is_read():
    # the note before the first move talks about the whole game: the error it names is a move of
    # the game after which the opponent wins a man by force
    from damas.problems.claims import game_problems
    from damas.rules.pdn import read_game

    def problems(note):
        return game_problems(read_game('[GameType "26"]\n{' + note + '} 1. c3-d4 d6-c5 2. b2-c3 f6-g5 '
                                       '3. c3-b4 b6-a5 4. b4xd6 c7xc3 5. d2xb4 a5xc3 *'))

    assert problems("Uma partida curta, decidida por um erro das brancas, 3. c3-b4.") == []
    assert problems("Uma partida curta, decidida por um erro das brancas, 2. b2-c3.")
    assert problems("Uma partida curta, decidida por um erro das brancas, 3. a3-b4.")   # not a move of the game


@pytest.mark.parametrize("comment, word", [
    # trap 6: 6. b4-c5 b6xd4 7. c3xg3, which takes d4 and f4
    ("Mas 6. b4-c5 entrega a pedra de c5, e 7. c3xg3 toma duas pedras, d4 e e5.", "leva as peças de d4, f4"),
    ("Mas 6. b4-c5 entrega a pedra de c5, e 7. c3xg3 toma três pedras.", "leva as peças de d4, f4"),
    ("Mas 6. b4-c5 entrega a pedra de c5: as brancas ganham duas pedras à força.", "ganho de 2 peças"),
])
def test_counts_of_a_capture_and_of_the_gain_are_read(comment, word):
    assert any(word in e for e in _trap(6, comment)), _trap(6, comment)
    true = comment.replace("d4 e e5", "d4 e f4").replace("três", "duas").replace("duas pedras à", "uma pedra à")
    assert _trap(6, true) == []


def _classic(title_start, comment):
    from damas.problems.puzzles import load_collection
    from repo_paths import REPO
    p, = [p for p in load_collection(REPO / "puzzles" / "classicos.pdn") if p.title.startswith(title_start)]
    return comment_problems(puzzle_context(p), comment)


@pytest.mark.parametrize("comment, flagged", [
    ("A pedra de g3 toma então f4, d6 e b6 num só lance e para em a5.", False),
    ("A pedra de g3 toma então f4, d6 e b8 num só lance e para em a5.", True),     # b8 is not taken
    ("A pedra de g3 toma então f4, d6 e b6 num só lance e para em c7.", True),     # it stops on a5
    ("A pedra de g3 toma então f4 e d6 num só lance e para em a5.", True),         # three, not two
])
def test_the_path_of_a_capture_is_read(comment, flagged):
    # Romanov x Mirotin, 1950: g3xa5 takes f4, d6 and b6
    assert bool(_classic("Romanov x Mirotin", comment)) is flagged


@pytest.mark.parametrize("comment, flagged", [
    ("Duas entregas seguidas: 1. a3-b4 obriga c5xa3 e 2. f4-g5 obriga h6xf4 (regra 4.1).", False),
    ("Duas entregas seguidas: 1. a3-b4 obriga c5-d4 e 2. f4-g5 obriga h6xf4 (regra 4.1).", True),
    ("Duas entregas seguidas: 1. a3-b4 obriga c5xa3 e 2. f4-g5 obriga h6-g5 (regra 4.1).", True),
])
def test_a_move_that_obliges_another_is_read(comment, flagged):
    from damas.problems.puzzles import load_collection
    from repo_paths import REPO
    p, = [p for p in load_collection(REPO / "puzzles" / "golpes-de-partidas.pdn")
          if p.title.startswith("Golpe de partida 3 ")]
    assert bool(comment_problems(puzzle_context(p), comment)) is flagged


@pytest.mark.parametrize("comment, flagged", [
    ("Na partida, Medkov jogou e3-d4 e ganhou.", False),
    ("Na partida, Medkov jogou e3-f5 e ganhou.", True),       # no such move
    ("Na partida, Medkov jogou h2-g1 e ganhou.", True),       # a man does not move back
])
def test_the_move_played_in_the_game_is_a_move_of_the_position(comment, flagged):
    assert bool(_classic("Medkov x Vorontsov, Moscou, 1924, lance 6", comment)) is flagged


@pytest.mark.parametrize("comment, flagged", [
    ("A pedra preta que chega a c3 abre a cadeia: 2. b2xd8 leva três peças e vira dama (regra 3.5).", False),
    ("A pedra preta que chega a c3 abre a cadeia: 2. b2xd8 leva duas peças e vira dama (regra 3.5).", True),
])
def test_the_count_of_a_named_capture_is_read(comment, flagged):
    from damas.problems.puzzles import load_collection
    from repo_paths import REPO
    p, = [p for p in load_collection(REPO / "puzzles" / "golpes-de-partidas.pdn")
          if p.title.startswith("Golpe de partida 1 ")]
    assert bool(comment_problems(puzzle_context(p), comment)) is flagged


def _named(path, title_start, comment):
    from damas.problems.puzzles import load_collection
    from repo_paths import REPO
    p, = [p for p in load_collection(REPO / "puzzles" / path) if p.title.startswith(title_start)]
    return comment_problems(puzzle_context(p), comment)


@pytest.mark.parametrize("path, title, comment, flagged", [
    # g5xg1 takes f4 and f2 backwards
    ("classicos.pdn", "Kovrizhkin x Tsitsenovetski", "Depois de d6xf4, a pedra de g5 toma para trás, f4 e f2, e para em g1.", False),
    ("classicos.pdn", "Kovrizhkin x Tsitsenovetski", "Depois de d6xf4, a pedra de g5 toma para trás, f4 e f2, e para em h2.", True),
    ("classicos.pdn", "Kovrizhkin x Tsitsenovetski", "Depois de d6xf4, a pedra de g5 toma para trás, f4 e e3, e para em g1.", True),
    # g7xc3 takes f6 and d4
    ("classicos.pdn", "Medkov x Kukuiev, Moscou, 1924, lance 19", "g7xc3 toma f6 e d4 num só lance.", False),
    ("classicos.pdn", "Medkov x Kukuiev, Moscou, 1924, lance 19", "g7xc3 toma f6 e e5 num só lance.", True),
    # e7 takes four men and stops on a3
    ("golpes-de-partidas.pdn", "Golpe de partida 6 ", "A pedra preta de e7 toma quatro peças em zigue-zague até a3.", False),
    ("golpes-de-partidas.pdn", "Golpe de partida 6 ", "A pedra preta de e7 toma quatro peças em zigue-zague até c1.", True),
    ("golpes-de-partidas.pdn", "Golpe de partida 6 ", "A pedra preta de e7 toma três peças em zigue-zague até a3.", True),
    # f8xd6 is the man of f8 taking back
    ("classicos.pdn", "Romanov x Kaplan", "A pedra de f8 retoma com f8xd6.", False),
    ("classicos.pdn", "Romanov x Kaplan", "A pedra de e7 retoma com f8xd6.", True),
])
def test_who_takes_what_and_where_it_stops_is_read(path, title, comment, flagged):
    assert bool(_named(path, title, comment)) is flagged


@pytest.mark.parametrize("comment, word", [
    ("A tomada f4xh2 leva uma peça só e a lei da maioria (regra 4.13) não a permite.", None),
    ("A tomada a7xe3 leva uma peça só e a lei da maioria (regra 4.13) não a permite.", "é um lance possível"),
    ("A tomada f4xd2 leva uma peça só e a lei da maioria (regra 4.13) não a permite.", "não existe na posição"),
])
def test_a_capture_the_majority_law_forbids_is_read(comment, word):
    errors = _named("tomadas.pdn", "Tomada 12:", comment)
    assert (errors == []) if word is None else any(word in e for e in errors), errors


@pytest.mark.parametrize("title, comment, flagged", [
    ("Problema do curso 3 ", "Parada em d6, a dama é tomada por 2. c5xe7: é o golpe turco.", False),
    ("Problema do curso 3 ", "Parada em c7, a dama é tomada por 2. c5xe7: é o golpe turco.", True),
    ("Problema do curso 23 ", "1. d4-e5 esvazia a casa d4.", False),
    ("Problema do curso 23 ", "1. d4-e5 esvazia a casa c3.", True),
])
def test_where_a_piece_stops_and_what_a_move_empties_are_read(title, comment, flagged):
    assert bool(_named("golpes-do-curso.pdn", title, comment)) is flagged


@pytest.mark.parametrize("path, title, comment, flagged", [
    ("classicos.pdn", "Romanov x B. Blinder, 1950, lance 21", "A pedra de a5 toma b4 e d2 e vira dama em e1.", False),
    ("classicos.pdn", "Romanov x B. Blinder, 1950, lance 21", "Depois a pedra vira dama em c1.", True),
    ("golpes-do-curso.pdn", "Problema do curso 12 ", "Depois de h8-g7, a pedra de c7 vai a d8 e vira dama.", False),
    ("golpes-do-curso.pdn", "Problema do curso 12 ", "Depois de h8-g7, a pedra de c7 vai a b8 e vira dama.", True),
])
def test_where_a_man_is_crowned_is_read(path, title, comment, flagged):
    assert bool(_named(path, title, comment)) is flagged


# ---------------------------------------------------------------------------
# A named move is compulsory, gives pieces, and the count of a combination
# (damas.problems.claim_lines); the variation a sentence spells out is replayed
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("path, title, comment, flagged", [
    # classicos 6: after e3-f2 the capture g3xe1 is Black's only move
    ("classicos.pdn", "Triângulo de Petrov: a dama preta em e1",
     "Depois de d6-b4, e1-g3 é respondido por e3-f2: as brancas entregam uma dama e a tomada g3xe1 é obrigatória.", False),
    ("classicos.pdn", "Triângulo de Petrov: a dama preta em e1", "O lance d6-b4 é obrigatório.", True),
    # classicos 8 as it was: the king may stop on c3 or on d2
    ("classicos.pdn", "Triângulo de Petrov: a dama preta em a5",
     "Então c3-e1 entrega a segunda dama: a5xc3 é obrigatório.", True),
    # tomadas 8: g7xc3 takes two, the only legal move
    ("tomadas.pdn", "Tomada 8:", "A pedra de g7 toma duas, g7xc3, e por isso é a obrigatória.", False),
    ("tomadas.pdn", "Tomada 8:", "A pedra de g7 toma duas, g7xc3, mas h4xf2 é a obrigatória.", True),
])
def test_a_compulsory_move_is_the_only_one(path, title, comment, flagged):
    assert bool(_named(path, title, comment)) is flagged


@pytest.mark.parametrize("path, title, comment, flagged", [
    # classicos 4: three gifts, each black capture the only move
    ("classicos.pdn", "A pedra que não chega a dama",
     "As brancas entregam três pedras, com d4-e5, d2-e3 e b2-c3, e cada tomada das pretas é obrigatória.", False),
    ("classicos.pdn", "A pedra que não chega a dama", "As brancas entregam três pedras, com d4-e5, d2-e3 e c1xg1.", True),
    ("classicos.pdn", "A pedra que não chega a dama", "As brancas entregam duas pedras, com d4-e5, d2-e3 e b2-c3.", True),
    # golpes-de-partidas 6: Black gives two men, each named after the words
    ("golpes-de-partidas.pdn", "Golpe de partida 6 ",
     "As pretas entregam duas pedras: 1... h4-g3 obriga f2xh4 e 2... f6-g5 obriga h4xf6.", False),
    ("golpes-de-partidas.pdn", "Golpe de partida 6 ",
     "As pretas entregam três pedras: 1... h4-g3 obriga f2xh4 e 2... f6-g5 obriga h4xf6.", True),
    # golpes-de-partidas 8: one move gives two men at once
    ("golpes-de-partidas.pdn", "Golpe de partida 8 ", "1. h4-g5 entrega duas pedras.", False),
    ("golpes-de-partidas.pdn", "Golpe de partida 8 ", "1. h4-g5 entrega três pedras.", True),
    # golpes-de-partidas 17: b2-c3 gives a man, not a king
    ("golpes-de-partidas.pdn", "Golpe de partida 17 ", "1. b2-c3 entrega uma pedra.", False),
    ("golpes-de-partidas.pdn", "Golpe de partida 17 ", "Com 1. b2-c3, as brancas entregam uma dama.", True),
    # golpes-do-curso 20: White loses two on the line
    ("golpes-do-curso.pdn", "Problema do curso 20 ", "As brancas entregam duas pedras e tomam três.", False),
    ("golpes-do-curso.pdn", "Problema do curso 20 ", "As brancas entregam três pedras e tomam três.", True),
])
def test_the_pieces_given_are_counted(path, title, comment, flagged):
    assert bool(_named(path, title, comment)) is flagged


@pytest.mark.parametrize("path, title, comment, flagged", [
    ("golpes-do-curso.pdn", "Problema do curso 7 ", "A pedra de a5 toma a última peça: dois por um.", False),
    ("golpes-do-curso.pdn", "Problema do curso 7 ", "A pedra de a5 toma a última peça: três por um.", True),
    ("golpes-do-curso.pdn", "Problema do curso 7 ", "A pedra de a5 toma a última peça: dois por dois.", True),
    # classicos 18: counted from the second gift, three for one; from the first, three for two
    ("classicos.pdn", "Sokolov x Vorontsov", "Três por um desde a segunda entrega.", False),
    ("classicos.pdn", "Sokolov x Vorontsov", "Três por um desde a primeira entrega.", True),
    ("classicos.pdn", "Sokolov x Vorontsov", "Três por um desde a terceira entrega.", True),
])
def test_the_count_of_a_combination_is_read(path, title, comment, flagged):
    assert bool(_named(path, title, comment)) is flagged


def test_a_move_of_a_variation_the_sentence_spells_out_is_replayed():
    # classicos 13: the line is g3-h4 e5xg3; the sentence plays the other capture, g5xe3, off the line
    title = "Mirotin x Kukuiev, Moscou, 1924, lance 4"
    assert _named("classicos.pdn", title, "1. g3-h4 entrega uma pedra.") == []
    # after g3-h4 Black has two captures: neither is compulsory
    assert _named("classicos.pdn", title, "Depois de g3-h4, g5xe3 é obrigatória.")
    # a move that no position of the line allows cannot be read: a failure
    errors = _named("classicos.pdn", title, "Depois de g3-h4, a1xh8 é obrigatória.")
    assert any("não é lance da linha" in e for e in errors), errors


def test_a_game_note_counts_the_gifts_in_a_row():
    # partidas.pdn, Weitsman x Tsjizjow: 34. 27-22 and 35. 37-31 give two men in a row
    from damas.rules.pdn import read_games
    from damas.problems.claims import game_contexts
    from repo_paths import NOTEBOOKS
    game, = [g for g in read_games(NOTEBOOKS / "data" / "partidas.pdn") if "Weitsman" in g.tags["White"]]
    ctx, = [c for c, note in game_contexts(game) if "oferecem duas pedras" in note]
    assert comment_problems(ctx, "Entrega: as brancas oferecem duas pedras seguidas.") == []
    assert comment_problems(ctx, "Entrega: as brancas oferecem três pedras seguidas.")
    assert comment_problems(ctx, "Entrega: as brancas oferecem uma pedra.") == []
