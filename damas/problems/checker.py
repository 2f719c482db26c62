"""The checker of a student's answer to a puzzle, and the hints.

>>> from damas.problems.puzzles import Puzzle
>>> from damas.problems.checker import check
>>> turco = Puzzle("W:W6,14,15,17,27:BK2", goal="win", max_plies=3, title="Golpe turco")
>>> check(turco, ["f2-e3"])
Verdict(status='partial', message='Correto até aqui. As pretas respondem d8xd6. Continue: as brancas jogam.')
>>> check(turco, ["f2-e3", "c5xe7"]).status
'correct'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ParamSpec, TypeVar, Union

from damas.errors import ArgumentError, DamasError
from damas.rules.args import described
from damas.problems.puzzles import Puzzle, _plural, _tokens
from damas.rules.colors import NAMES, opponent
from damas.problems.solver import Proof, _proof, _Solver, _solver
from damas.rules.board import Board, Move

if TYPE_CHECKING:
    from damas.rules.explain import Explanation

__all__ = ["check", "hint", "Verdict", "Hint"]

_P = ParamSpec("_P")
_R = TypeVar("_R")

#: One move of an answer: a Move, a text ('c3-d4', '22-17') or a (from, to) pair of squares.
MoveInput = Union[Move, str, Sequence[Union[int, str]]]
#: An answer: one text with the moves ('22-17 15x22'), one move, or a list of moves.
Answer = Union[str, Move, Sequence[MoveInput]]

# ---------------------------------------------------------------------------
# The checker
# ---------------------------------------------------------------------------
_STATUS_LABEL = {"correct": "correto", "partial": "correto até aqui", "wrong": "errado"}


@dataclass(frozen=True, repr=False)
class Verdict:
    """The judgement of a student's answer.

    ``status``: 'correct' (goal reached), 'partial' (correct so far: the
    defender's ``reply`` has been played) or 'wrong'; ``message``: what to tell
    the student (Portuguese); ``moves``: the line played (the student's moves
    and the replies); ``alternative``: the first move is not the key move but
    also solves; ``illegal``/``explanation``: an illegal move and why;
    ``refutation``: the reply that refutes a legal but losing move;
    ``fen``: the position reached."""

    status: str
    message: str
    moves: tuple[Move, ...] = ()
    reply: Move | None = None
    alternative: bool = False
    illegal: bool = False
    explanation: object = None
    refutation: Move | None = None
    fen: str = ""

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    @property
    def label(self) -> str:
        """'correto', 'correto até aqui' or 'errado'."""
        return _STATUS_LABEL[self.status]

    def __repr__(self) -> str:
        return f"Verdict(status={self.status!r}, message={self.message!r})"

    def __str__(self) -> str:
        return self.message


def _as_move(board: Board, item: object) -> Move:
    """A legal move of ``board`` from a Move, a (from, to) pair or text;
    raises DamasError (Portuguese) otherwise."""
    from damas.errors import AmbiguousMoveError, IllegalMoveError, NotationError
    if isinstance(item, Move):
        legal = board.legal_moves()
        if item in legal:
            return legal[legal.index(item)]
        same = [m for m in legal if m.start == item.start and m.end == item.end]
        if not item.captured and len(same) == 1:
            return same[0]
        raise IllegalMoveError(f"Lance ilegal nesta posição: {item}.")
    if isinstance(item, (tuple, list)) and len(item) == 2:
        v = board.variant
        try:
            a, b = (v.parse_square(str(x)) if isinstance(x, str) else int(x) for x in item)
        except (TypeError, ValueError):
            raise NotationError(f"Não entendi o lance {item!r}: use (casa de saída, casa de chegada).") from None
        if a is None or b is None:
            raise NotationError(f"Não entendi o lance {item!r}: use (casa de saída, casa de chegada).")
        same = [m for m in board.legal_moves() if m.start == a and m.end == b]
        if len(same) == 1:
            return same[0]
        if len(same) > 1:
            raise AmbiguousMoveError(
                f"Há {len(same)} tomadas de {v.square_name(a)} a {v.square_name(b)}: escreva o caminho completo.",
                same)
        raise IllegalMoveError(f"Lance ilegal nesta posição: {v.square_name(a)}-{v.square_name(b)}.")
    if isinstance(item, str):
        return board.parse_move(item)
    raise NotationError(f"Não entendi o lance {item!r}: use um texto como 'c3-d4', um par (22, 17) ou um Move.")


def _explain(board: Board, item: object) -> Explanation | None:
    try:
        from damas.rules.explain import explain
    except ImportError:  # pragma: no cover - explain.py is written by another module's author
        return None
    try:
        attempted = item
        if isinstance(item, list):
            attempted = tuple(item)
        return explain(board, attempted)
    except Exception:  # an explanation must never break the verdict
        return None


def _split_answer(moves: object) -> Sequence[object]:
    if isinstance(moves, str):
        return _tokens(moves)
    if isinstance(moves, Move) or (isinstance(moves, tuple) and len(moves) == 2
                                   and all(isinstance(x, int) for x in moves)):
        return [moves]
    if not isinstance(moves, (list, tuple)):
        raise ArgumentError(f"Os lances da resposta vão num texto ('22-17 15x22') ou numa lista de lances, "
                            f"não {described(moves)}.")
    return list(moves)


def check(puzzle: Puzzle, moves: Answer) -> Verdict:
    """Judge a student's answer to ``puzzle``.

    ``moves``: the solving side's moves (Move objects, (from, to) pairs or
    text, or one text with several moves).  After each move the defender
    replies with the defence that resists longest (ties: move order).  The
    student may also write the defender's replies: a reply written and legal
    is played instead of the checker's own choice.
    """
    if not isinstance(puzzle, Puzzle):
        raise ArgumentError(f"check espera um problema (Puzzle), não {described(puzzle)}.")
    items = _split_answer(moves)
    s = _solver(puzzle)
    b = puzzle.board()
    defender = opponent(s.solver)
    left = puzzle.max_plies
    played: list[Move] = []
    key_moves: Proof | None = None
    alternative = False
    i = 0
    last_reply: Move | None = None

    def done(status: str, message: str, reply: Move | None = None, illegal: bool = False,
             explanation: object = None, refutation: Move | None = None) -> Verdict:
        return Verdict(status, message, tuple(played), fen=b.fen(), alternative=alternative, reply=reply,
                       illegal=illegal, explanation=explanation, refutation=refutation)

    def on_solver_board(fn: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
        # run the solver's search (and its table) from the current position
        saved = s.board
        s.board = b.copy(stack=False)
        try:
            return fn(*args, **kwargs)
        finally:
            s.board = saved

    if not items:
        return done("partial", f"{puzzle.task()} Faça o primeiro lance.")
    while i < len(items):
        item = items[i]
        i += 1
        # the solving side's move
        try:
            move = _as_move(b, item)
        except DamasError as err:
            why = _explain(b, item)
            text = why.message if why is not None and getattr(why, "message", None) else str(err)
            return done("wrong", f"Lance não aceito: {text}", illegal=True, explanation=why)
        text = b.move_text(move)
        if left <= 0:
            return done("wrong", f"{text}: o limite de {puzzle.max_plies} lances (contando os dois lados) já acabou.")
        if not played:
            key_moves = _proof(puzzle)
            if (key_moves.proven and move in key_moves.winning_moves and move != key_moves.main_line[0]
                    and puzzle.goal != "capture"):  # in a capture drill every allowed capture is an answer
                alternative = True
        b.push(move)
        played.append(move)
        left -= 1
        if on_solver_board(s.goal_met):
            msg = "Correto! " + _goal_reached(puzzle, b)
            if alternative and key_moves is not None:  # alternative is set with key_moves
                msg += _alternative_note(puzzle, key_moves, move)
            return done("correct", msg)
        if not on_solver_board(s.reach, left):
            refute = on_solver_board(s.refutation, left) if left > 0 else None
            if refute is not None:
                failure = (f"{text} não resolve: as {NAMES[defender]} respondem {b.move_text(refute)} e o objetivo "
                       f"não pode mais ser forçado em {_plural(left, 'lance', 'lances')} (contando os dois lados).")
            else:
                failure = f"{text} não resolve: o objetivo não é atingido dentro do limite de lances."
            return done("wrong", failure, refutation=refute)
        # the defender's reply: written by the student, or the longest resistance
        reply: Move | None = None
        if i < len(items):
            try:
                reply = _as_move(b, items[i])
                i += 1
            except DamasError:
                reply = None
        if reply is None:
            reply, _ = on_solver_board(s.best_defence, left)
            assert reply is not None  # the defender can move: the goal is not met
        rtext = b.move_text(reply)
        b.push(reply)
        played.append(reply)
        last_reply = reply
        left -= 1
        if on_solver_board(s.goal_met):
            msg = f"Correto! As {NAMES[defender]} respondem {rtext}. " + _goal_reached(puzzle, b)
            if alternative and key_moves is not None:
                msg += _alternative_note(puzzle, key_moves, played[0])
            return done("correct", msg, reply=reply)
    note = _alternative_note(puzzle, key_moves, played[0]) if alternative and key_moves is not None else ""
    return done("partial", f"Correto até aqui. As {NAMES[defender]} respondem {rtext}. "
                f"Continue: as {NAMES[s.solver]} jogam.{note}", reply=last_reply)


def _alternative_note(puzzle: Puzzle, proof: Proof, move: Move) -> str:
    b = puzzle.board()
    text = b.move_text(move)
    key = b.move_text(proof.main_line[0])
    accepted = [m for m in puzzle.accepted_moves()] if puzzle.alternatives else []
    if move in accepted:
        return f" ({text} é uma alternativa aceita; o lance-chave do problema é {key}.)"
    return f" ({text} também resolve; o lance-chave do problema é {key}.)"


def _goal_reached(puzzle: Puzzle, board: Board) -> str:
    if not board.legal_moves():
        loser = NAMES[board.turn]
        return f"As {loser} não têm mais lance: as {NAMES[opponent(board.turn)]} vencem (regra 7.2)."
    if puzzle.goal == "material":
        return f"As {NAMES[puzzle.solver_color]} ganharam {_plural(puzzle.n, 'peça', 'peças')} ou mais."
    if puzzle.goal == "promote":
        return f"As {NAMES[puzzle.solver_color]} fizeram dama."
    if puzzle.goal == "reduce":
        return (f"As {NAMES[opponent(puzzle.solver_color)]} ficaram com no máximo "
                f"{_plural(puzzle.n, 'peça', 'peças')}.")
    if puzzle.goal == "capture":
        text = f"As {NAMES[puzzle.solver_color]} fizeram a tomada obrigatória (regras 4.1 e 4.13)."
        allowed = len(puzzle.board().legal_moves())
        if allowed > 1:
            text += (f" Havia {allowed} tomadas permitidas, todas com o mesmo número de peças: qualquer "
                     "uma serve (regra 4.14).")
        return text
    return "Objetivo atingido."


# ---------------------------------------------------------------------------
# Hints
# ---------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class Hint:
    """A hint: the ``text`` (Portuguese) and the ``squares`` to highlight."""

    text: str
    squares: tuple[int, ...] = ()

    def __repr__(self) -> str:
        return f"Hint({self.text!r})"

    def __str__(self) -> str:
        return self.text


def hint(puzzle: Puzzle, step: int = 1, moves: Answer = ()) -> Hint:
    """A hint for the next move of the solving side after ``moves`` (the
    student's moves so far, as for :func:`check`): ``step`` 1 names the piece
    to move, ``step`` 2 (or more) the square it goes to."""
    if not isinstance(puzzle, Puzzle):
        raise ArgumentError(f"hint espera um problema (Puzzle), não {described(puzzle)}.")
    if isinstance(step, bool) or not isinstance(step, int) or step < 1:
        raise ArgumentError(f"A dica vai do passo 1 (a peça) ao passo 2 (a casa), não {described(step)}.")
    _split_answer(moves)
    b = puzzle.board()
    left = puzzle.max_plies
    if moves:
        verdict = check(puzzle, moves)
        if verdict.status != "partial":
            return Hint(verdict.message)
        for m in verdict.moves:
            b.push(m)
        left -= len(verdict.moves)
    s = _Solver(puzzle)
    s.board = b
    move, _ = s.best_attack(left)
    if move is None:
        return Hint("Não há mais como forçar o objetivo a partir daqui.")
    v = b.variant
    piece = b.piece_at(move.start)
    assert piece is not None  # the solver's move starts on one of its pieces
    start = v.square_name(move.start) if v.size == 8 else str(move.start)
    end = v.square_name(move.end) if v.size == 8 else str(move.end)
    if step == 1:
        return Hint(f"Jogue com a {piece.name.split()[0]} de {start}.", (move.start,))
    kind = piece.name.split()[0]
    if move.is_capture:
        return Hint(f"Tome com a {kind} de {start}, chegando a {end}.", (move.start, move.end))
    return Hint(f"Leve a {kind} de {start} para {end}.", (move.start, move.end))
