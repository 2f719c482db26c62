"""Chapter 10 — Anotação e relógio: what ``notebooks/10_Anotacao_e_relogio.ipynb`` uses.

The score sheet and the clock: its own exercises on numeric notation, the signs of a comment and a
game in PDN, and the two clocks of a game move by move (:func:`clocks`); the marked moves of an
annotated game come from the kit. The notebook imports it whole (``from
damas.course.chapters.ch10_anotacao_e_relogio import *``): ``__all__`` is what the notebook calls,
its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.annotation import board_after, marked_moves_text, picture_after
from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.exercises import check_items
from damas.course.kit.tables import Table
from damas.course.kit.figures import board_figure
from damas.course.kit.questions import choice_question, shuffled
from damas.display.sequence import sequence_svg
from damas.course.kit.sentences import Sentence
from damas.rules.args import LIST, checked, number_spec

__all__ = ["squares_figure", "short_game_table", "short_game_sheet", "exercise", "signs_table", "game_replay",
           "marked_moves_sentence", "golpe_frames", "final_position", "final_sentence", "replay_board",
           "clock_table", "chapter_quiz", "file_text", "tags_table", "position_after", "written_pdn",
           "teacher_check"]


def move_sign_question(key, meaning="péssimo"):
    options = ["!", "!!", "?", "??"]
    why = ["! é lance bom, forte (regra 9.1.3).", "!! é lance ótimo, muito forte (regra 9.1.4).",
           "? é lance fraco, mau (regra 9.1.5).", "?? é lance muito fraco, péssimo (regra 9.1.6)."]
    return choice_question(key, f"Um comentarista achou que um lance foi {meaning}. Que sinal ele escreve depois do lance?",
                           options, 3, why)


@checked()
def numeric_moves_question(key, game, n=4):
    """The first ``n`` moves of ``game`` in numeric notation, among near misses."""
    right = game.notation_list("numeric")[:n]
    dashes = [t.replace("x", "-") for t in right]
    algebraic = game.notation_list()[:n]
    options = [" ".join(right), " ".join(dashes), " ".join(algebraic)]
    why = ["Cada nome vira o número da casa, e as tomadas levam x (regras 8.2.2 e 8.2.3).",
           "Quase: as tomadas levam x, não hífen (regra 8.2.3).",
           "Essa é a notação algébrica, com letras e números; a numérica usa só os números das casas (regra 8.1)."]
    options, r, why = shuffled(key, options, 0, why)
    return choice_question(key, f"Como se escrevem em notação numérica os lances {' '.join(algebraic)}?", options, r, why)


@checked()
def pdn_question(key):
    from damas.rules.game import Game
    game = Game()
    for text in ["e3-f4", "b6-a5", "f4-g5", "h6xf4"]:
        game.push(text)
    moves = game.notation_list()
    head = '[White "Eva"]\n[Black "Fábio"]\n[GameType "{g}"]\n[Result "*"]\n\n'
    line = f"1. {moves[0]} {moves[1]} 2. {moves[2]} {moves[3]} *"
    options = [head.format(g=26) + line, head.format(g=26) + line.replace("x", "-"), head.format(g=20) + line]
    why = ["Etiquetas certas, GameType 26 (damas brasileiras), e a tomada escrita com x (regra 8.2.3).",
           "A tomada h6xf4 foi escrita com hífen: numa tomada o sinal é x (regra 8.2.3).",
           "GameType 20 são as damas internacionais; as brasileiras são 26."]
    options, r, why = shuffled(key, options, 0, why)
    return choice_question(key, "Qual é o PDN certo da partida Eva (brancas) x Fábio (pretas), 1. e3-f4 b6-a5 "
                           "2. f4-g5 h6xf4, interrompida aí?", options, r, why)


@checked(minutes=number_spec(0, 24 * 60), durations=LIST)
def clock_rows(minutes: int, durations) -> list:
    """``(move, side, white's time, black's time)`` after each move of a game at ``minutes`` each
    (``durations``: the seconds each move took, White and Black in turn); the last row of a clock
    that ran out says so in the side's place."""
    left = {"brancas": minutes * 60, "pretas": minutes * 60}
    rows = []
    for i, spent in enumerate(durations):
        side = "brancas" if i % 2 == 0 else "pretas"
        left[side] -= spent
        if left[side] <= 0:
            rows.append((i + 1, side, "o tempo acabou!" if side == "brancas" else _clock(left["brancas"]),
                         "o tempo acabou!" if side == "pretas" else _clock(left["pretas"])))
            break
        rows.append((i + 1, side, _clock(left["brancas"]), _clock(left["pretas"])))
    return rows


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


@checked(minutes=number_spec(0, 24 * 60), durations=LIST)
def clocks(minutes: int, durations) -> None:
    """The two clocks of a game at ``minutes`` each, after each move:
    ``durations`` are the seconds each move took, White and Black in turn.
    Prints a line a move and stops when a clock runs out."""
    left = {"brancas": minutes * 60, "pretas": minutes * 60}
    for i, spent in enumerate(durations):
        side = "brancas" if i % 2 == 0 else "pretas"
        left[side] -= spent
        if left[side] <= 0:
            print(f"lance {i + 1}: o tempo das {side} acabou!")
            return
        print(f'lance {i + 1:>2} ({side:<7}): brancas {left["brancas"] // 60:>2}:{left["brancas"] % 60:02d}'
              f'   pretas {left["pretas"] // 60:>2}:{left["pretas"] % 60:02d}')


# -- what the notebook shows (one call a cell) -------------------------------------------------------------
#: The chapter's annotated game (written for the course; the players are invented).
GAME_FILE = "data/partida_anotada.pdn"
#: The short game of sections 2 and 3.
SHORT_GAME = ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3", "e7-f6"]
#: The chapter's example clock: 5 minutes each, the seconds each move took.
CLOCK = (5, [20, 45, 30, 90, 60, 120, 15, 50])
#: The signs of a comment: the six of rule 9.1 and the two of common use.
SIGNS = [("-", "movimento simples (regra 9.1.1)"), ("x", "tomada (regra 9.1.2)"),
         ("!", "lance bom ou forte (regra 9.1.3)"), ("!!", "lance ótimo ou muito forte (regra 9.1.4)"),
         ("?", "lance fraco ou mau (regra 9.1.5)"), ("??", "lance muito fraco ou péssimo (regra 9.1.6)"),
         ("!?", "lance interessante, que merece atenção (uso comum, fora da regra 9.1)"),
         ("?!", "lance duvidoso, arriscado (uso comum, fora da regra 9.1)")]
#: The Portuguese names of a game file's labels.
TAG_NAMES = {"Event": "evento", "Site": "lugar", "Date": "data", "Round": "rodada", "White": "brancas",
             "Black": "pretas", "Result": "resultado", "GameType": "tipo de jogo"}


def squares_figure():
    """The 64-square board with each dark square's number (in its corner) and name (on the edges)."""
    from damas.rules.board import Board
    return board_figure(Board(), coordinates="both", title="Números e nomes das casas")


def short_game():
    """The short game of sections 2 and 3 (a :class:`damas.rules.game.Game`)."""
    from damas.rules.game import Game
    game = Game()
    for text in SHORT_GAME:
        game.push(text)
    return game


def short_game_table() -> Table:
    """Each move of the short game: whose it is, its algebraic and its numeric notation."""
    game = short_game()
    rows = [("brancas" if i % 2 == 0 else "pretas", a, n)
            for i, (a, n) in enumerate(zip(game.notation_list("algebraic"), game.notation_list("numeric")))]
    return Table(["vez", "com os nomes", "com os números"], rows)


def short_game_sheet() -> Sentence:
    """The short game as the score sheet writes it, in both notations."""
    game = short_game()
    return Sentence(f"Com os nomes: {game.score_sheet()}\nCom os números: {game.score_sheet('numeric')}")


def exercise(n: int):
    """Exercise ``n`` of the chapter: 1 numeric notation, 2 the sign of a comment, 3 a game file."""
    from damas.errors import DamasError
    if n == 1:
        return numeric_moves_question("anotacao/ex1", short_game())
    if n == 2:
        return move_sign_question("anotacao/ex2", "péssimo")
    if n == 3:
        return pdn_question("anotacao/ex3")
    raise DamasError(f"O capítulo tem os exercícios 1, 2 e 3; não há o exercício {n}.")


def signs_table() -> Table:
    """The signs a comment uses: the six of rule 9.1 and the two of common use."""
    return Table(["sinal", "o que quer dizer"], SIGNS)


def annotated_game(path=GAME_FILE):
    """The chapter's annotated game (a PDN game)."""
    from damas.rules.pdn import read_games
    return read_games(path)[0]


def game_replay(path=GAME_FILE):
    """The chapter's game, move by move (buttons «◀ Anterior», «Próximo ▶»)."""
    from damas.widget.replay import GameReplay
    return GameReplay(annotated_game(path))


def marked_moves_sentence(path=GAME_FILE) -> Sentence:
    """The moves the annotator marked, with their comments, one a line."""
    return Sentence(marked_moves_text(annotated_game(path)))


def golpe_frames(part: int, path=GAME_FILE):
    """The blacks' golpe in frames: part 1 from move 19 (plies 37 to 41), part 2 from move 21 (41 to 44)."""
    from damas.errors import DamasError
    game = annotated_game(path)
    spans = {1: (37, 41, 3), 2: (41, 44, 4)}
    if part not in spans:
        raise DamasError(f"O golpe tem as partes 1 e 2; não há a parte {part}.")
    start, end, per_row = spans[part]
    return sequence_svg(board_after(game, start), game.mainline[start:end], per_row=per_row)


def position_after(n: int, path=GAME_FILE):
    """The chapter's game after its first ``n`` lances (both sides counted), titled with the last one."""
    return picture_after(annotated_game(path), n)


def final_position(path=GAME_FILE):
    """The last position of the chapter's game, with its last move."""
    game = annotated_game(path)
    return board_figure(game.board_at_end(), lastmove=game.mainline[-1], title="Posição final: as brancas abandonam")


def final_sentence(path=GAME_FILE) -> Sentence:
    """How many pieces each side has at the end, and the result (read from the game)."""
    game = annotated_game(path)
    board = game.board_at_end()
    count = {c: len(board.men(c)) + len(board.kings(c)) for c in "WB"}
    return Sentence(f"No fim, as brancas têm {count['W']} peças e as pretas, {count['B']}. "
                    f"As brancas abandonam: o resultado é {game.result}.")


def replay_board(path=GAME_FILE):
    """The chapter's game on the board, at its end: undo and redo walk through it."""
    from damas.rules.game import Game
    from damas.widget.board import BoardWidget
    game = annotated_game(path)
    played = Game()
    for move in game.mainline:
        played.push(move)
    return BoardWidget(played)


def clock_table(minutes: int = CLOCK[0], durations=CLOCK[1]) -> Table:
    """The two clocks after each move of the chapter's example (5 minutes each)."""
    return Table(["lance", "quem jogou", "relógio das brancas", "relógio das pretas"], clock_rows(minutes, durations))


@checked()
def file_text(path=GAME_FILE) -> Sentence:
    """The game file's text as it is on the disk (the course's fact markers left out)."""
    from damas.errors import PDNError
    from damas.rules.textfiles import read_text_file
    text = read_text_file(path, PDNError)
    try:
        from damas.rules.pdn_facts import strip_facts
    except ImportError:  # pragma: no cover - before the fact markers existed
        stripped = text
    else:
        stripped = strip_facts(text)
    return Sentence("```\n" + stripped.strip() + "\n```")


def tags_table(path=GAME_FILE) -> Table:
    """The labels of the game file, each with its Portuguese name, and how many lances it has."""
    game = annotated_game(path)
    rows = [(tag, TAG_NAMES.get(tag, ""), value) for tag, value in game.tags.items()]
    rows.append(("", "lances (das brancas e das pretas)", len(game.mainline)))
    return Table(["etiqueta", "o que é", "valor"], rows)


def written_pdn() -> Sentence:
    """The short game written as a game file with three labels, and read back with the same moves."""
    from damas.rules.pdn import PDNGame, read_games, write_games
    game = short_game()
    text = write_games([PDNGame.from_game(game, tags={"Event": "Treino na aula", "White": "Carla", "Black": "Davi"})])
    again = read_games(text)[0]
    assert again.mainline == game.moves and again.tags["GameType"] == "26"
    return Sentence("```\n" + text.strip() + "\n```\n" + f"Lido de volta: os mesmos {len(again.mainline)} lances.")


def teacher_check() -> Sentence:
    """The answers of the exercises and the quiz checked by the rules (the right game file of exercise 3
    is read back: GameType 26, last move h6xf4)."""
    from damas.rules.pdn import read_games
    ex3 = exercise(3)
    right = read_games(ex3.questions[0].options[ex3.questions[0].answer])[0]
    assert right.tags["GameType"] == "26" and [n.text for n in right.line.nodes][-1] == "h6xf4"
    return check_items(exercise(1), exercise(2), ex3, chapter_quiz("10"))


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "GameReplay":
        from damas.widget.replay import GameReplay
        return GameReplay
    if name == "BoardWidget":
        from damas.widget.board import BoardWidget
        return BoardWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
