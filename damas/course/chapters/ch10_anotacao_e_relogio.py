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
from damas.course.kit.figures import board_figure
from damas.course.kit.questions import choice_question, shuffled
from damas.display.sequence import sequence_svg
from damas.rules.args import LIST, checked, number_spec

__all__ = ["sequence_svg", "board_figure", "numeric_moves_question", "move_sign_question", "pdn_question",
           "check_items", "marked_moves_text", "board_after", "picture_after", "clocks", "GameReplay",
           "BoardWidget", "chapter_quiz"]


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


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "GameReplay":
        from damas.widget.replay import GameReplay
        return GameReplay
    if name == "BoardWidget":
        from damas.widget.board import BoardWidget
        return BoardWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
