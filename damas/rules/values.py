"""Checks of the arguments of the public functions, before they do anything.

A public function of any layer refuses a value of the wrong kind at once, with
:class:`~damas.errors.ArgumentError` (a ``DamasError`` that is also a
``TypeError``) and a Portuguese message that names the argument, says what was
expected and what came: nothing is changed, nothing half done.

Two ways to use it:

* the checks one by one, inside a function: ``depth = whole(depth, "depth", 1, 40)``;
* the decorator :func:`checked`, which checks the arguments named in it when the
  function is called: ``@checked(board=BOARD, size=whole_spec(40, 4000))``.

A kind of object defined in an upper layer (a problem, a widget) is checked with
:func:`instance_spec`, given the class's import path: this module imports nothing above
the rules, and the class is imported only when a bad value needs it.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import math
from collections.abc import Iterable

from damas.errors import ArgumentError

__all__ = ["described", "refuse", "whole", "number", "text", "flag", "choice", "board", "is_board", "board_of",
           "checked", "whole_spec", "number_spec", "text_spec", "flag_spec", "choice_spec", "squares_spec",
           "instance_spec", "items_spec", "BOARD", "optional", "CONVENTIONS", "LIST", "GAME", "PDN_GAME", "PATH", "NAME", "FIGURE", "VARIANT",
           "MOVE", "MOVES", "VARIANT_OBJECT", "RNG", "COLOR", "TEXTS"]

_LIMIT = 40


def described(value) -> str:
    """What ``value`` is, in words a teacher reads: «nada (None)», «o texto 'x'», «o número 5»,
    «uma lista», «um valor do tipo Foo»."""
    if value is None:
        return "nada (None)"
    if isinstance(value, bool):
        return "o valor lógico " + ("True" if value else "False")
    if isinstance(value, str):
        shown = value if len(value) <= _LIMIT else value[:_LIMIT - 1] + "…"
        return f"o texto {shown!r}"
    if isinstance(value, int):
        if value.bit_length() > 64:
            return "um número enorme"
        return f"o número {value}"
    if isinstance(value, float):
        return f"o número {value!r}"
    for kinds, words in ((list, "uma lista"), (tuple, "uma tupla"), (dict, "um dicionário"),
                         ((set, frozenset), "um conjunto")):
        if isinstance(value, kinds):
            return words if value else words + " vazia" if words.endswith("a") else words + " vazio"
    if type(value) is object:
        return "um valor sem tipo próprio"
    return f"um valor do tipo {type(value).__name__}"


def refuse(name: str, expected: str, value) -> ArgumentError:
    """The error for ``value`` given as ``name`` where ``expected`` was wanted (to raise)."""
    return ArgumentError(f"Valor inválido para {name}: esperava {expected}, não {described(value)}.")


# -- single checks ---------------------------------------------------------------------------

def whole(value, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is a whole number (not a truth value) between ``low`` and ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low) \
            or (high is not None and value > high):
        raise refuse(name, _range_words("um número inteiro", low, high), value)
    return value


def number(value, name: str, low: float | None = None, high: float | None = None) -> float:
    """``value`` if it is a finite number (int or float, not a truth value) between ``low`` and ``high``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            (isinstance(value, float) and not math.isfinite(value)) or \
            (low is not None and value < low) or (high is not None and value > high):
        raise refuse(name, _range_words("um número", low, high), value)
    return value


def _range_words(words, low, high):
    if low is not None and high is not None:
        return f"{words} de {low} a {high}"
    if low is not None:
        return f"{words} a partir de {low}"
    if high is not None:
        return f"{words} até {high}"
    return words


def text(value, name: str, empty: bool = True) -> str:
    """``value`` if it is a text (and, unless ``empty``, not a blank one)."""
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise refuse(name, "um texto" if empty else "um texto não vazio", value)
    return value


def flag(value, name: str) -> bool:
    """``value`` if it is True or False."""
    if not isinstance(value, bool):
        raise refuse(name, "True ou False", value)
    return value


def choice(value, name: str, options) -> object:
    """``value`` if it is one of ``options`` (a dict: its keys, with their meaning in Portuguese)."""
    if not isinstance(options, (dict, list, tuple, set, frozenset)):
        raise refuse("options", "uma lista ou um dicionário de opções", options)
    try:
        known = value in options
    except TypeError:               # an unhashable value in a dict's keys
        known = False
    if not known:
        listed = ", ".join(f"{o!r} ({w})" for o, w in options.items()) if isinstance(options, dict) \
            else ", ".join(repr(o) for o in options)
        raise refuse(name, "um destes: " + listed, value)
    return value


def is_board(value) -> bool:
    from damas.rules.board import Board
    return isinstance(value, Board)


def board(value, name: str = "board"):
    """``value`` if it is a :class:`~damas.rules.board.Board`."""
    if not is_board(value):
        raise refuse(name, "um tabuleiro (Board)", value)
    return value


def board_of(position, who: str):
    """The Board of ``position``: a Board, or a :class:`damas.Game` (its board, with the moves
    played, which the draw rules of a search take into account)."""
    if is_board(position):
        return position
    inner = getattr(position, "board", None)
    if is_board(inner) and hasattr(position, "moves"):
        return inner
    raise ArgumentError(f"{who} espera um Board (damas.Board) ou uma partida (damas.Game), "
                        f"não {described(position)}.")


# -- specs for the decorator: each is ``spec(value, name)`` and returns the value ------------------

def whole_spec(low=None, high=None):
    return lambda value, name: whole(value, name, low, high)


def number_spec(low=None, high=None):
    return lambda value, name: number(value, name, low, high)


def text_spec(empty=True):
    return lambda value, name: text(value, name, empty)


def flag_spec():
    return flag


def choice_spec(options):
    return lambda value, name: choice(value, name, options)


def optional(spec):
    """``spec`` or None."""
    return lambda value, name: None if value is None else spec(value, name)


def BOARD(value, name):  # noqa: N802 - a constant-like spec
    return board(value, name)


def instance_spec(path: str, words: str):
    """An instance of the class at ``path`` ("damas.problems.puzzles.Puzzle"), described to the
    reader as ``words`` ("um problema (Puzzle)")."""
    if not isinstance(path, str) or "." not in path.strip("."):
        raise refuse("path", "o caminho de uma classe, como 'damas.problems.puzzles.Puzzle'", path)
    text(words, "words", empty=False)

    def spec(value, name):
        module, _, cls = path.rpartition(".")
        if not isinstance(value, getattr(importlib.import_module(module), cls)):
            raise refuse(name, words, value)
        return value
    spec.__name__ = spec.__qualname__ = f"instance_spec[{path.rpartition('.')[2]}]"
    return spec


def items_spec(spec=None, words: str = "uma lista", strings: bool = False):
    """A list, tuple or other finite iterable (a text only if ``strings``), each item checked by ``spec``."""
    def check(value, name):
        if isinstance(value, (str, bytes)) and not strings or not isinstance(value, Iterable) \
                or isinstance(value, dict) or inspect.isgenerator(value):
            if not (strings and isinstance(value, str)):
                raise refuse(name, words, value)
        if spec is not None and not isinstance(value, str):
            for item in value:
                spec(item, f"{name} (um dos itens)")
        return value
    return check


def squares_spec(largest: int = 50):
    """Squares: an iterable of whole numbers from 1 to ``largest``."""
    return items_spec(whole_spec(1, largest), f"uma lista de casas (números de 1 a {largest})")


# -- the decorator --------------------------------------------------------------------------------

def _variant(value, name):
    from damas.rules.variants import Variant, get_variant
    if not isinstance(value, (str, Variant)):
        raise refuse(name, "o nome de uma variante, como 'brazilian'", value)
    get_variant(value)          # VariantError, with the list of variants, for an unknown name
    return value


def _seed(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise refuse(name, "um número inteiro ou um texto", value)
    return value


def _path(value, name):
    import os
    if hasattr(value, "write") or hasattr(value, "read"):     # an open file or a buffer
        return value
    if not isinstance(value, (str, os.PathLike)) or (isinstance(value, str) and not value.strip()):
        raise refuse(name, "o caminho de um arquivo ou de uma pasta (um texto ou um Path)", value)
    return value


def _game(value, name):
    from damas.rules.game import Game
    from damas.rules.pdn import PDNGame
    if not isinstance(value, (Game, PDNGame)):
        raise refuse(name, "uma partida (damas.Game, ou uma partida lida de um PDN)", value)
    return value


def _pdn_game(value, name):
    from damas.rules.pdn import PDNGame
    if not isinstance(value, PDNGame):
        raise refuse(name, "uma partida lida de um PDN (read_games)", value)
    return value


def _name(value, name):
    return text(value, name, empty=False)


def _list(value, name):
    """A list, a tuple or another collection to go through (not a text, nor a dictionary)."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise refuse(name, "uma lista", value)
    return value


#: What a parameter of these names is, wherever it appears in the public API.
CONVENTIONS = {
    "game": _game, "pdn_game": _pdn_game,
    "path": _path, "folder": _path, "directory": _path,
    "key": _name, "slug": _name, "chapter": _name, "name": _name,
    "text": lambda value, name: text(value, name), "label": lambda value, name: text(value, name),
    "caption": lambda value, name: text(value, name),
    "puzzles": _list, "games": _list, "items": _list, "rows": _list, "events": _list,
    "board": BOARD,
    "variant": _variant,
    "fen": lambda value, name: text(value, name),
    "title": lambda value, name: text(value, name),
    "seed": _seed,
    "puzzle": instance_spec("damas.problems.puzzles.Puzzle", "um problema (Puzzle)"),
}


def _figure(value, name):
    if not callable(getattr(value, "savefig", None)):
        raise refuse(name, "uma figura do matplotlib", value)
    return value


LIST, GAME, PDN_GAME, PATH, NAME, FIGURE, VARIANT = _list, _game, _pdn_game, _path, _name, _figure, _variant

#: A move (:class:`damas.rules.move.Move`), as ``Board.legal_moves`` gives it.
MOVE = instance_spec("damas.rules.move.Move", "um lance (Move), como Board.legal_moves() os dá")
#: A variant object (``damas.BRAZILIAN``...), where a name is not enough.
VARIANT_OBJECT = instance_spec("damas.rules.variants.Variant", "uma variante (Variant), como damas.BRAZILIAN")
#: A random generator (``random.Random(semente)``).
RNG = instance_spec("random.Random", "um gerador de sorteios (random.Random(semente))")
#: A side: 'W' (White) or 'B' (Black).
COLOR = choice_spec({"W": "brancas", "B": "pretas"})


def MOVES(value, name):  # noqa: N802 - a constant-like spec
    """A list (or tuple) of moves."""
    if not isinstance(value, (list, tuple)):
        raise refuse(name, "uma lista de lances (Move)", value)
    for item in value:
        MOVE(item, f"{name} (um dos itens)")
    return value


def TEXTS(value, name):  # noqa: N802 - a constant-like spec
    """A list (or tuple) of texts."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(item, str) for item in value):
        raise refuse(name, "uma lista de textos", value)
    return value


def checked(conventions: bool = True, **specs):
    """Check the arguments named in ``specs`` (``name=spec``), and those named as in
    :data:`CONVENTIONS` (unless ``conventions`` is False), before the function runs.

    A parameter left at its default is not checked (defaults are right by construction), nor
    None given where None is the default; a spec sees only what the caller gave."""
    def decorate(func):
        signature = inspect.signature(func)
        unknown = set(specs) - set(signature.parameters)
        if unknown:
            raise NameError(f"{func.__qualname__} has no parameter {sorted(unknown)}")
        chosen = {name: CONVENTIONS[name] for name in signature.parameters
                  if conventions and name in CONVENTIONS}
        chosen.update(specs)
        none_default = {name for name, p in signature.parameters.items() if p.default is None}

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            try:
                bound = signature.bind(*args, **kwargs)
            except TypeError:
                return func(*args, **kwargs)      # Python's own message for a wrong call
            for name, value in bound.arguments.items():
                spec = chosen.get(name)
                if spec is not None and not (value is None and name in none_default):
                    spec(value, name)
            return func(*args, **kwargs)

        wrapper.__signature__ = signature
        return wrapper
    return decorate
