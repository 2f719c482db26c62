"""The command line's parser: argparse with every message in Portuguese, one line, exit status 2.

``python -m damas`` (:mod:`damas.__main__`) builds its parser with :class:`Parser`.  A bad argument,
whether argparse finds it (an unknown option, a number that is not a number) or the command does (a
variant that does not exist, a folder that is not there), is reported as one line on stderr
(:func:`usage_error`) and the exit status is 2; a failure while doing the work is reported the same
way with status 1.  No traceback reaches the teacher.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

__all__ = ["Parser", "UsageError", "usage_error", "int_in", "EXIT_USAGE"]

EXIT_USAGE = 2

# argparse's own messages (Python 3.10 to 3.13), in Portuguese.
_MESSAGES = [
    (r"the following arguments are required: \{(.*)\}", "falta dizer o comando: {0}"),
    (r"argument \{.*\}: invalid choice: (.*?) \(choose from (.*)\)", "comando desconhecido: {0} (escolha entre {1})"),
    (r"the following arguments are required: (.*)", "falta dizer {0}"),
    (r"unrecognized arguments?: (.*)", "não conheço {0}"),
    (r"ambiguous option: (\S+) could match (.*)", "a opção {0} pode ser {1}: escreva-a inteira"),
    (r"one of the arguments (.*) is required", "diga um destes: {0}"),
    (r"argument (\S+): invalid choice: (.*?) \(choose from (.*)\)", "{0}: não conheço {1} (escolha entre {2})"),
    (r"argument (\S+): invalid int value: (.*)", "{0} precisa de um número inteiro, não {1}"),
    (r"argument (\S+): invalid \S+ value: (.*)", "{0}: valor inválido: {1}"),
    (r"argument (\S+): expected one argument", "{0} precisa de um valor"),
    (r"argument (\S+): expected at most one argument", "{0} aceita um valor só"),
    (r"argument (\S+): expected at least one argument", "{0} precisa de um valor ou mais"),
    (r"argument (\S+): expected (\d+) arguments?", "{0} precisa de {1} valores"),
    (r"argument (\S+): ignored explicit argument (.*)", "{0} não aceita o valor {1}"),
    (r"argument (\S+): not allowed with argument (.*)", "{0} não pode vir junto com {1}"),
    (r"argument (\S+): (.*)", "{0}: {1}"),          # the message of one of our own types, already Portuguese
]


class UsageError(Exception):
    """An argument the command cannot use; its message is one line in Portuguese."""


def _translated(message: str) -> str:
    message = " ".join(message.split())
    for pattern, text in _MESSAGES:
        match = re.fullmatch(pattern, message)
        if match:
            return text.format(*match.groups())
    return f"argumentos que não entendo ({message})"


def usage_error(prog: str, message: object) -> int:
    """Print ``message`` as the one line of a bad argument of ``prog``; return the exit status 2."""
    line = " ".join(str(message).split())
    print(f"{prog}: {line} (veja: {prog} --help)", file=sys.stderr)
    return EXIT_USAGE


class _Formatter(argparse.HelpFormatter):
    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, prefix="uso: " if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that reports a bad argument in one Portuguese line and exits with status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("add_help", False)
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = "argumentos"
        self._optionals.title = "opções"
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help="mostra esta ajuda e sai")

    def error(self, message: str) -> NoReturn:
        sys.exit(usage_error(self.prog, _translated(message)))


def int_in(low: int, high: int | None = None, what: str = "um número inteiro") -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high``, else a Portuguese message."""
    def parse(text: str) -> int:
        value: int | None
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            span = f"de {low} a {high}" if high is not None else f"{low} ou mais"
            raise argparse.ArgumentTypeError(f"precisa de {what} {span}, não {text!r}")
        return value
    parse.__name__ = "inteiro"
    return parse
