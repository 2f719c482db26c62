"""Checks of the arguments of the public functions, by parameter name: the door of every layer.

A public function of any layer refuses a value of the wrong kind at once, with
:class:`~damas.errors.ArgumentError` (a ``DamasError`` that is also a ``TypeError``) and a
Portuguese message that names the argument, says what was expected and what came: nothing is
changed, nothing half done.

Two ways to use it:

* the checks one by one, inside a function: ``depth = whole(depth, "depth", 1, 40)``;
* the decorator :func:`checked`, which checks the arguments named in it, and those named as in
  :data:`CONVENTIONS` (a ``board`` is a Board, a ``game`` a Game...), when the function is
  called from outside the package: ``@checked(size=whole_spec(40, 4000))``.  Inside the
  package the calls are typed and go through unchecked (:func:`damas.rules.values.checked_with`).

This module sits at the top of the rules: the single checks come from
:mod:`damas.rules.values`, and the check of each class of the rules from beside the class
(:func:`damas.rules.board.check_board`, :data:`damas.rules.move.MOVE`,
:data:`damas.rules.variants.VARIANT`...).  A class of an upper layer is checked by the upper
layer itself (:func:`damas.rules.values.instance_of`, given the class); a *puzzle* argument, which
the course passes around, is recognised by what a problem has (:data:`PUZZLE`), never by naming
the upper layer's class.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from damas.rules.board import board_of, check_board, is_board
from damas.rules.game import Game
from damas.rules.move import COLOR, MOVE, MOVES
from damas.rules.pdn import PDNGame
from damas.rules.values import (FIGURE, GENERIC_CONVENTIONS, LIST, NAME, PATH, RNG, SEED, TEXTS, Spec, checked_with,
                                choice, choice_spec, described, flag, flag_spec, instance_of, items_spec, number,
                                number_spec, optional, refuse, squares_spec, text, text_spec, whole, whole_spec)
from damas.rules.variants import VARIANT, VARIANT_OBJECT

__all__ = ["described", "refuse", "whole", "number", "text", "flag", "choice", "board", "is_board", "board_of",
           "checked", "whole_spec", "number_spec", "text_spec", "flag_spec", "choice_spec", "squares_spec",
           "instance_spec", "instance_of", "items_spec", "BOARD", "optional", "CONVENTIONS", "LIST", "GAME",
           "PDN_GAME", "PATH", "NAME", "FIGURE", "VARIANT", "MOVE", "MOVES", "VARIANT_OBJECT", "RNG", "COLOR",
           "TEXTS", "PUZZLE", "SEED", "Spec"]

P = ParamSpec("P")
R = TypeVar("R")

#: A Board (:class:`damas.rules.board.Board`).
board = check_board


def BOARD(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    return check_board(value, name)


def GAME(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """A game: a :class:`damas.Game` or a game read from a PDN."""
    if not isinstance(value, (Game, PDNGame)):
        raise refuse(name, "uma partida (damas.Game, ou uma partida lida de um PDN)", value)
    return value


def PDN_GAME(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """A game read from a PDN (:func:`damas.rules.pdn.read_games`)."""
    if not isinstance(value, PDNGame):
        raise refuse(name, "uma partida lida de um PDN (read_games)", value)
    return value


#: What a problem has, whatever layer defines it: a position, a goal and a solution.
_PUZZLE_FIELDS = ("fen", "variant", "goal", "max_plies", "solution")


def PUZZLE(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """A problem (:class:`damas.problems.puzzles.Puzzle`), recognised by what it has: its FEN,
    variant, goal, number of plies and solution (the rules do not import the problems)."""
    if isinstance(value, (str, bytes, int, float, list, tuple, dict, type)) \
            or not all(hasattr(value, field) for field in _PUZZLE_FIELDS) or not isinstance(value.fen, str):
        raise refuse(name, "um problema (Puzzle)", value)
    return value


#: What a parameter of these names is, wherever it appears in the public API.
CONVENTIONS: dict[str, Spec] = {
    **GENERIC_CONVENTIONS,
    "game": GAME, "pdn_game": PDN_GAME,
    "board": BOARD,
    "variant": VARIANT,
    "puzzle": PUZZLE,
}


def checked(conventions: bool = True, **specs: Spec) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Check the arguments named in ``specs`` (``name=spec``), and those named as in
    :data:`CONVENTIONS` (unless ``conventions`` is False), when a caller outside the package
    calls the function.

    A parameter left at its default is not checked (defaults are right by construction), nor
    None given where None is the default; a spec sees only what the caller gave."""
    return checked_with(CONVENTIONS if conventions else {}, **specs)


def instance_spec(kind: type | str, words: str) -> Spec:
    """An instance of ``kind``, described to the reader as ``words`` ("um problema (Puzzle)").

    ``kind`` is the class itself (:func:`damas.rules.values.instance_of`), or, for a class
    defined further down its own module, its import path ("damas.course.forcada.Stage"),
    imported when a value is first checked."""
    if isinstance(kind, type):
        return instance_of(kind, words)
    if not isinstance(kind, str) or "." not in kind.strip("."):
        raise refuse("path", "uma classe, ou o caminho de uma classe como 'damas.course.forcada.Stage'", kind)
    text(words, "words", empty=False)
    module, _, name = kind.rpartition(".")

    def spec(value: Any, argument: str) -> Any:
        if not isinstance(value, getattr(importlib.import_module(module), name)):
            raise refuse(argument, words, value)
        return value
    spec.__name__ = spec.__qualname__ = f"instance_spec[{name}]"
    return spec
