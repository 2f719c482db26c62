"""The single checks of a caller's values, and the words that say what a wrong value was.

A public function refuses a value of the wrong kind at once, with
:class:`~damas.errors.ArgumentError` (a ``DamasError`` that is also a ``TypeError``) and a
Portuguese message that names the argument, says what was expected and what came: nothing is
changed, nothing half done.  This module holds what every such check is made of, and imports
nothing of the rules, so that every module of the rules may use it:

* the words: :func:`described` («o texto 'x'», «nada (None)»), :func:`shown` (a value cut for a
  message), :func:`refuse` (the error to raise);
* the checks one by one, inside a function: ``depth = whole(depth, "depth", 1, 40)``;
* specs, ``spec(value, name)`` returning the value, for the decorator: ``whole_spec(1, 40)``,
  ``optional(text_spec())``, :func:`instance_of` (a class given as itself), :data:`PATH`...;
* :func:`checked_with`, the decorator that checks the arguments named in it *at the door*: when
  a student, a teacher or a notebook calls in.  A call from inside the package is typed
  (``mypy --strict`` on the rules and the engine) and goes through unchecked.

The checks of the package's own classes (a Board, a Game, a PDN game, a move, a variant) live
beside those classes; :mod:`damas.rules.args` gathers them into the conventions by parameter
name that the upper layers use (``@checked()``).
"""

from __future__ import annotations

import functools
import inspect
import math
import os
import random
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ParamSpec, TypeVar

from damas.errors import ArgumentError

__all__ = ["described", "shown", "read_number", "refuse", "whole", "number", "text", "flag", "choice",
           "Spec", "whole_spec", "number_spec", "text_spec", "flag_spec", "choice_spec", "optional",
           "instance_of", "items_spec", "squares_spec", "checked_with", "INSIDE",
           "PATH", "FILE_PATH", "NAME", "LIST", "FIGURE", "RNG", "TEXTS", "SEED", "GENERIC_CONVENTIONS"]

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")

#: A check of one argument: ``spec(value, name)`` gives the value back or raises ArgumentError.
Spec = Callable[[Any, str], Any]

_LIMIT = 40
_SHOWN = 40
_DIGITS = re.compile(r"[0-9]+")          # ASCII digits only


def shown(value: object, limit: int = _SHOWN) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters; a
    number too long to print (Python refuses more than 4,300 digits) or an
    object whose repr fails is named, never printed."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a message must never fail
        return "(um valor ilegível)" if not isinstance(value, int) else "(um número enorme)"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def read_number(text: object, largest: int = 10 ** 9) -> int | None:
    """The number written in ``text`` with ASCII digits (0-9), or None.

    Values above ``largest`` come back as ``largest + 1``, without
    converting thousands of digits (Python refuses more than 4,300): a caller
    can say "too large" without ever holding the number."""
    if not isinstance(text, str) or not _DIGITS.fullmatch(text):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(largest)):
        return largest + 1
    return min(int(digits), largest + 1)


def described(value: object) -> str:
    """What ``value`` is, in words a teacher reads: «nada (None)», «o texto 'x'», «o número 5»,
    «uma lista», «um valor do tipo Foo»."""
    if value is None:
        return "nada (None)"
    if isinstance(value, bool):
        return "o valor lógico " + ("True" if value else "False")
    if isinstance(value, str):
        cut = value if len(value) <= _LIMIT else value[:_LIMIT - 1] + "…"
        return f"o texto {cut!r}"
    if isinstance(value, int):
        if value.bit_length() > 64:
            return "um número enorme"
        return f"o número {value}"
    if isinstance(value, float):
        return f"o número {value!r}"
    kinds: tuple[tuple[type | tuple[type, ...], str], ...] = (
        (list, "uma lista"), (tuple, "uma tupla"), (dict, "um dicionário"), ((set, frozenset), "um conjunto"))
    for kind, words in kinds:
        if isinstance(value, kind):
            if value:
                return words
            return words + " vazia" if words.endswith("a") else words + " vazio"
    if type(value) is object:
        return "um valor sem tipo próprio"
    return f"um valor do tipo {type(value).__name__}"


def refuse(name: str, expected: str, value: object) -> ArgumentError:
    """The error for ``value`` given as ``name`` where ``expected`` was wanted (to raise)."""
    return ArgumentError(f"Valor inválido para {name}: esperava {expected}, não {described(value)}.")


# -- single checks ---------------------------------------------------------------------------

def whole(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is a whole number (not a truth value) between ``low`` and ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low) \
            or (high is not None and value > high):
        raise refuse(name, _range_words("um número inteiro", low, high), value)
    return value


def number(value: Any, name: str, low: float | None = None, high: float | None = None) -> float:
    """``value`` if it is a finite number (int or float, not a truth value) between ``low`` and ``high``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            (isinstance(value, float) and not math.isfinite(value)) or \
            (low is not None and value < low) or (high is not None and value > high):
        raise refuse(name, _range_words("um número", low, high), value)
    return value


def _range_words(words: str, low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"{words} de {low} a {high}"
    if low is not None:
        return f"{words} a partir de {low}"
    if high is not None:
        return f"{words} até {high}"
    return words


def text(value: Any, name: str, empty: bool = True) -> str:
    """``value`` if it is a text (and, unless ``empty``, not a blank one)."""
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise refuse(name, "um texto" if empty else "um texto não vazio", value)
    return value


def flag(value: Any, name: str) -> bool:
    """``value`` if it is True or False."""
    if not isinstance(value, bool):
        raise refuse(name, "True ou False", value)
    return value


def choice(value: T, name: str, options: Iterable[Any]) -> T:
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


# -- specs for the decorator: each is ``spec(value, name)`` and returns the value ------------------

def whole_spec(low: int | None = None, high: int | None = None) -> Spec:
    return lambda value, name: whole(value, name, low, high)


def number_spec(low: float | None = None, high: float | None = None) -> Spec:
    return lambda value, name: number(value, name, low, high)


def text_spec(empty: bool = True) -> Spec:
    return lambda value, name: text(value, name, empty)


def flag_spec() -> Spec:
    return flag


def choice_spec(options: Iterable[Any]) -> Spec:
    return lambda value, name: choice(value, name, options)


def optional(spec: Spec) -> Spec:
    """``spec`` or None."""
    return lambda value, name: None if value is None else spec(value, name)


def instance_of(kind: type | tuple[type, ...], words: str) -> Spec:
    """An instance of ``kind`` (a class, or a tuple of classes), described to the reader as
    ``words`` ("um lance (Move)")."""
    if not (isinstance(kind, type) or isinstance(kind, tuple) and kind and all(isinstance(k, type) for k in kind)):
        raise refuse("kind", "uma classe", kind)
    text(words, "words", empty=False)

    def spec(value: Any, name: str) -> Any:
        if not isinstance(value, kind):
            raise refuse(name, words, value)
        return value
    shown_kind = kind.__name__ if isinstance(kind, type) else "|".join(k.__name__ for k in kind)
    spec.__name__ = spec.__qualname__ = f"instance_of[{shown_kind}]"
    return spec


def items_spec(spec: Spec | None = None, words: str = "uma lista", strings: bool = False) -> Spec:
    """A list, tuple or other finite iterable (a text only if ``strings``), each item checked by ``spec``."""
    def check(value: Any, name: str) -> Any:
        if isinstance(value, (str, bytes)) and not strings or not isinstance(value, Iterable) \
                or isinstance(value, dict) or inspect.isgenerator(value):
            if not (strings and isinstance(value, str)):
                raise refuse(name, words, value)
        if spec is not None and not isinstance(value, str):
            for item in value:
                spec(item, f"{name} (um dos itens)")
        return value
    return check


def squares_spec(largest: int = 50) -> Spec:
    """Squares: an iterable of whole numbers from 1 to ``largest``."""
    return items_spec(whole_spec(1, largest), f"uma lista de casas (números de 1 a {largest})")


# -- the usual specs ----------------------------------------------------------------------------

def SEED(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """A seed of a random draw: a whole number or a text."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise refuse(name, "um número inteiro ou um texto", value)
    return value


def PATH(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """The path of a file or a folder (a text or a Path), or an open file or buffer."""
    if hasattr(value, "write") or hasattr(value, "read"):     # an open file or a buffer
        return value
    if not isinstance(value, (str, os.PathLike)) or (isinstance(value, str) and not value.strip()):
        raise refuse(name, "o caminho de um arquivo ou de uma pasta (um texto ou um Path)", value)
    return value


def FILE_PATH(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """The path of a file on disk: a text that is not blank, or a Path (not bytes, not an open
    file)."""
    if isinstance(value, bytes) or not isinstance(value, (str, os.PathLike)) or \
            (isinstance(value, str) and not value.strip()):
        raise refuse(name, "o caminho de um arquivo (um texto ou um Path)", value)
    return value


def NAME(value: Any, name: str) -> str:  # noqa: N802 - a constant-like spec
    """A name: a text that is not blank."""
    return text(value, name, empty=False)


def LIST(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """A list, a tuple or another collection to go through (not a text, nor a dictionary)."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise refuse(name, "uma lista", value)
    return value


def FIGURE(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """A matplotlib figure (anything that can ``savefig``)."""
    if not callable(getattr(value, "savefig", None)):
        raise refuse(name, "uma figura do matplotlib", value)
    return value


def TEXTS(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """A list (or tuple) of texts."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(item, str) for item in value):
        raise refuse(name, "uma lista de textos", value)
    return value


#: A random generator (``random.Random(semente)``).
RNG = instance_of(random.Random, "um gerador de sorteios (random.Random(semente))")


def _any_text(value: Any, name: str) -> str:
    return text(value, name)


#: What a parameter of these names is, wherever it appears in the public API (the kinds that
#: need no class of the package; :data:`damas.rules.args.CONVENTIONS` adds the others).
GENERIC_CONVENTIONS: dict[str, Spec] = {
    "path": PATH, "folder": PATH, "directory": PATH,
    "key": NAME, "slug": NAME, "chapter": NAME, "name": NAME,
    "text": _any_text, "label": _any_text, "caption": _any_text, "fen": _any_text, "title": _any_text,
    "puzzles": LIST, "games": LIST, "items": LIST, "rows": LIST, "events": LIST,
    "seed": SEED,
}


# -- the decorator --------------------------------------------------------------------------------

#: The layers whose calls to a checked function go through unchecked: their calls are typed (the
#: course, not typed yet, is checked like a caller from outside, a notebook or a user's program).
INSIDE = ("damas.rules.", "damas.engine.", "damas.display.", "damas.problems.", "damas.widget.")


def checked_with(conventions: Mapping[str, Spec], **specs: Spec) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Check the arguments named in ``specs`` (``name=spec``) and those named in
    ``conventions``, when the function is called from outside the typed layers (:data:`INSIDE`).

    A parameter left at its default is not checked (defaults are right by construction), nor
    None given where None is the default; a spec sees only what the caller gave.  A call from a
    module of the typed layers goes straight to the function: there the calls are typed
    (``mypy --strict``), and the values a student or a user gave were checked at the door."""
    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        signature = inspect.signature(func)
        parameters = signature.parameters
        unknown = set(specs) - set(parameters)
        if unknown:
            raise NameError(f"{getattr(func, '__qualname__', func)} has no parameter {sorted(unknown)}")
        chosen = {name: conventions[name] for name in parameters if name in conventions}
        chosen.update(specs)
        plan: list[tuple[int, str, Spec, bool]] = []     # (position or -1, name, spec, None allowed)
        positional = True
        for index, (name, parameter) in enumerate(parameters.items()):
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.KEYWORD_ONLY):
                positional = False
            if name in chosen and parameter.kind is not parameter.VAR_KEYWORD:
                position = index if positional and parameter.kind is not parameter.VAR_POSITIONAL else -1
                plan.append((position, name, chosen[name], parameter.default is None))
        steps = tuple(plan)
        getframe = sys._getframe

        @functools.wraps(func)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            if getframe(1).f_globals.get("__name__", "").startswith(INSIDE):
                return func(*args, **kwargs)
            count = len(args)
            for position, name, spec, none_ok in steps:
                if 0 <= position < count:
                    value = args[position]
                elif name in kwargs:
                    value = kwargs[name]
                else:
                    continue
                if value is None and none_ok:
                    continue
                spec(value, name)
            return func(*args, **kwargs)

        wrapper.__signature__ = signature  # type: ignore[attr-defined]
        return wrapper
    return decorate
