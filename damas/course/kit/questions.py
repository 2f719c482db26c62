"""Exercise builders: one question (or task) made from a position by the rules package."""

from __future__ import annotations

from damas.rules.board import BLACK, WHITE, Board
from damas.display.svg import board_svg
from damas.errors import DamasError
from damas.course.figures import FIGURE_SIZE, board_figure
from damas.course.oneliners import square_names
from damas.course.quiz import Question, Quiz
from damas.course.tasks import CAPTURE, BoardTask, Stage
from damas.course.words import TEXTS
from damas.rules.args import checked, refuse, text_spec, whole_spec


def _pdn_games(value, name):
    from damas.rules.pdn import PDNGame
    if not isinstance(value, (list, tuple)) or not all(isinstance(g, PDNGame) for g in value):
        raise refuse(name, "uma coleção de exercícios (uma lista de partidas lidas de um PDN)", value)
    return value

# -- exercises answered by clicking -------------------------------------------------------------
@checked(key=text_spec(False), text=text_spec(), title=text_spec())
def choice_question(key, text, options, answer, why, title="Exercício", figure=None) -> Quiz:
    """One question answered by a click (a one-question :class:`Quiz`,
    saved under ``key``); ``why``: one explanation per option."""
    return Quiz(key, [Question(text, options, answer, why, figure=figure)], title)


@checked(key=text_spec(False), text=text_spec(), right=whole_spec(0, 10_000), why_right=text_spec(), hint=text_spec(), title=text_spec())
def count_question(key, text, right: int, why_right: str, hint: str, title="Exercício", figure=None) -> Quiz:
    """A counting question: the options are the numbers around ``right``
    (computed by the caller from the rules package)."""
    # The right number is not always in the same place (fixed by the key).
    low = max(0, right - sum(map(ord, key)) % 5)
    options = list(range(low, low + 5))
    why = [why_right if n == right else
           f"{n} não é: {hint}" for n in options]
    return choice_question(key, text, [str(n) for n in options], options.index(right), why, title, figure)


def capture_task(key, fen, title, text="", variant=None) -> BoardTask:
    """An exercise on the board: make the capture the rules demand
    (every legal capture counts; a refused one is explained with its rule)."""
    task = BoardTask(key, fen, CAPTURE, 1, title, text, variant=variant)
    if not task.board().legal_moves() or not all(m.captured for m in task.board().legal_moves()):
        raise DamasError(TEXTS["bad_task"].format(why=f"{fen}: não há tomada obrigatória"))
    return task


@checked()
def fen_question(key, board, title="Exercício") -> Quiz:
    """Which FEN describes ``board``?  The wrong options swap the side to
    move, or the colours (W = white = brancas, B = black = pretas)."""
    right = board.fen()
    swapped_turn = board.copy(stack=False)
    swapped_turn.turn = BLACK if board.turn == WHITE else WHITE
    # The colours swapped: a text only (it may not even be a position).
    colors = f"{board.turn}:W{_squares(board, BLACK)}:B{_squares(board, WHITE)}"
    options = [right, swapped_turn.fen(), colors]
    why = ["A primeira letra diz quem joga; depois W (white, brancas) e B (black, pretas) com as casas de "
           "cada lado, e K antes de cada dama.",
           "Confira a primeira letra: ela diz de quem é a vez.",
           "As cores estão trocadas: W é white, as brancas; B é black, as pretas."]
    order = sorted(range(3), key=lambda i: options[i])
    return choice_question(key, "Qual FEN descreve esta posição?", [options[i] for i in order],
                           order.index(0), [why[i] for i in order], title,
                           figure=board_svg(board, size=FIGURE_SIZE))


def _squares(board, color):
    parts = [str(s) for s in board.men(color)] + [f"K{s}" for s in board.kings(color)]
    return ",".join(parts)


# -- more exercise builders (chapters 01, 02, 06-09, 11, 12) ----------------------------------------
def _order(key, options, right_index, why):
    """Shuffle options deterministically by ``key`` (the right one is not always first)."""
    n = len(options)
    shift = sum(map(ord, key)) % n
    idx = [(i + shift) % n for i in range(n)]
    return [options[i] for i in idx], idx.index(right_index), [why[i] for i in idx]


@checked(key=text_spec(False), name=text_spec(False))
def square_number_question(key, name, variant="brazilian"):
    """"What is the number of square ``name``?" on the empty board."""
    board = Board("W:W:B", variant=variant)
    v = board.variant
    n = v.parse_square(name)
    if n is None:
        from damas.errors import SquareError
        raise SquareError(f"Casa inexistente no tabuleiro de {v.size * v.size} casas: {name!r}; "
                          f"dê o nome de uma casa escura, como 'c3', ou o seu número.")
    row = v.square_to_rc(n)[0]
    same_row = [s for s in v.square_range if v.square_to_rc(s)[0] == row]
    why = (f"{name} é a casa {n}: a travessa dela tem as casas {same_row[0]} a {same_row[-1]} "
           f"({', '.join(v.square_name(s) for s in same_row)}), numeradas da esquerda para a direita, "
           f"de cima para baixo (regra 2.6).")
    return count_question(key, f"Qual é o número da casa {name} no tabuleiro de {v.size * v.size} casas?", n, why,
                          "conte as casas escuras de cima para baixo e, em cada travessa, da esquerda para a direita.",
                          figure=board_figure(board, coordinates="algebraic", title="Os nomes das casas"))


@checked()
def numeric_move_question(key, board, text):
    """"Write ``text`` in numeric notation": pick it among near misses."""
    move = board.parse_move(text)
    numeric = board.move_text(move, notation="numeric")
    sep = "x" if move.captured else "-"
    other = "-" if sep == "x" else "x"
    a, b = numeric.split(sep)[0], numeric.split(sep)[-1]
    options = [numeric, f"{b}{sep}{a}", f"{a}{other}{b}"]
    why = [f"{text} = {numeric}: cada nome vira o número da casa, e o sinal fica (regra 8.2).",
           "A ordem está trocada: primeiro a casa de partida, depois a de chegada (regra 8.2.1).",
           f"O sinal está errado: '-' é movimento simples, 'x' é tomada (regras 8.2.2 e 8.2.3)."]
    options, right, why = _order(key, options, 0, why)
    return choice_question(key, f"Como se escreve {text} em notação numérica?", options, right, why,
                           figure=board_figure(board, arrows=[move], coordinates="both", title=text))


@checked()
def side_squares_question(key, side="direita"):
    board = Board("W:W:B")
    v = board.variant
    col = v.size - 1 if side == "direita" else 0
    table = [s for s in v.square_range if v.square_to_rc(s)[1] == col]
    other = [s for s in v.square_range if v.square_to_rc(s)[1] == (v.size - 1 - col)]
    top = [s for s in v.square_range if v.square_to_rc(s)[0] == 0]
    fmt = lambda xs: ", ".join(map(str, xs))
    options = [fmt(table), fmt(other), fmt(top)]
    why = [f"A tabela {side} é a coluna {'h' if col else 'a'}: casas {fmt(table)} "
           f"({', '.join(v.square_name(s) for s in table)}) (regra 2.5.2).",
           f"Essa é a tabela do outro lado ({', '.join(v.square_name(s) for s in other)}).",
           "Essa é a base das pretas, a travessa de cima (regra 2.5.1), não uma tabela."]
    options, right, why = _order(key, options, 0, why)
    return choice_question(key, f"Quais são as casas da tabela {side} no tabuleiro de 64 casas?", options, right, why,
                           figure=board_figure(board, coordinates="numbers", title="Casas 1 a 32"))


def irregularity_quiz(key, fen, attempts):
    """For each attempt: which irregularity of rule 5.4 it is (the package's own citation)."""
    import re as _re
    from damas.rules.explain import explain
    board = Board(fen)
    found = []
    for attempt in attempts:
        verdict = explain(board, attempt)
        number = _re.search(r"5\.4\.\d\d", verdict.message)
        found.append((attempt, number.group() if number else None, verdict.message))
    choices = sorted({n for _a, n, _m in found if n})
    questions = []
    for attempt, number, message in found:
        why = [message if c == number else f"Não é {c}. Releia a lista da regra 5.4." for c in choices]
        questions.append(Question(f"As brancas tentam {attempt}. Qual é a irregularidade?", choices,
                                  choices.index(number), why))
    questions[0].figure = board_figure(board, title="As brancas jogam")
    return Quiz(key, questions, "Qual é a irregularidade?")


def removed_pieces_question(key, fen, text):
    board = Board(fen)
    move = board.parse_move(text)
    taken = square_names(board, move.captured)
    others = [board.variant.square_name(s) for s in board.men(BLACK) + board.kings(BLACK)
              if s not in move.captured]
    options = [", ".join(taken), ", ".join(taken[:-1] + others[:1]), ", ".join(taken[:-1])]
    why = [f"Saem exatamente as peças saltadas: {', '.join(taken)} (regra 4.11).",
           f"{others[0]} não foi saltada: tirá-la é a irregularidade 5.4.12.",
           "Faltou uma peça tomada: tirar menos peças do que as tomadas é a irregularidade 5.4.11."]
    options, right, why = _order(key, options, 0, why)
    return choice_question(key, f"As brancas jogam {text}. Quais pedras pretas saem do tabuleiro?", options, right, why,
                           figure=board_figure(board, title=f"As brancas jogam {text}"))


def end_rule_question(key, fen):
    from damas.rules.game import Game
    result = Game(Board(fen)).result()
    options = ["7.2.2", "7.2.3", "6.1", "A partida não terminou"]
    right = options.index(result.article) if result.article in options else 3
    why = {"7.2.2": "7.2.2: quem tem o lance e não pode jogar perde.",
           "7.2.3": "7.2.3: perde quem já perdeu todas as peças.",
           "6.1": "6.1 é o empate pela repetição da mesma posição.",
           "A partida não terminou": "Há lance possível para quem joga: a partida continua."}
    texts = [why[o] + (f" Aqui: {result.reason}" if i == right and result.reason else "") for i, o in enumerate(options)]
    return choice_question(key, "A partida já terminou? Por qual regra?", options, right, texts,
                           figure=board_figure(Board(fen), title="As pretas jogam"))


@checked()
def count_reset_question(key, game):
    """Which move of White puts the king-move count (rule 6.2) back to zero?"""
    from damas.rules.game import Game
    board = game.board
    options, answers, why = [], [], []
    for i, move in enumerate(board.legal_moves()):
        text = board.move_text(move)
        copy = Game(board)
        copy.push(move)
        options.append(text)
        if copy.king_moves_count() == 0:
            answers.append(i)
            why.append(f"Depois de {text} a contagem volta a zero: a regra 6.2 conta só lances de dama sem tomada.")
        else:
            why.append(f"{text} é um lance de dama sem tomada: a contagem continua subindo (regra 6.2).")
    return choice_question(key, f"As damas já andaram {game.king_moves_count()} lances seguidos. Que lance das brancas "
                           "faz a contagem voltar a zero?", options, tuple(answers), why,
                           figure=board_figure(board, title="Brancas jogam"))


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
    options, r, why = _order(key, options, 0, why)
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
    options, r, why = _order(key, options, 0, why)
    return choice_question(key, "Qual é o PDN certo da partida Eva (brancas) x Fábio (pretas), 1. e3-f4 b6-a5 "
                           "2. f4-g5 h6xf4, interrompida aí?", options, r, why)


def computer_move_question(key, board, depth=4):
    from damas.engine.search import best_move
    best = best_move(board, depth=depth)
    moves = board.legal_moves()
    options = [board.move_text(m) for m in moves]
    why = [f"Com profundidade {depth}, o computador escolhe {board.move_text(best)}." if m == best else
           f"O computador, com profundidade {depth}, prefere outro lance." for m in moves]
    return choice_question(key, f"Na posição inicial, que lance o computador escolhe com profundidade {depth}?",
                           options, moves.index(best), why)


@checked()
def exercise_capture_task(key, pdn_game, title):
    """A capture exercise of a PDN collection, on the board (any allowed capture is right)."""
    board = pdn_game.initial_board()
    return capture_task(key, board.fen(), title, variant=board.variant.name)


@checked(pdn_games=_pdn_games, key=text_spec(False))
def capture_practice(pdn_games, key: str) -> Stage:
    """Every capture exercise of a PDN collection on one board, in order,
    free to go forward and back (``key``/1, ``key``/2, ... keep the stars)."""
    games = list(pdn_games)
    if not games:
        raise DamasError("A coleção de exercícios está vazia: não há tomada para treinar.")
    return Stage([exercise_capture_task(f"{key}/{i}", game, game.tags.get("Event") or f"Exercício {i}")
                  for i, game in enumerate(games, 1)], free=True)
