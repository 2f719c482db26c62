"""Two sections of the progress file: the mini-games won and the stage tests passed.

``"minijogos"``: ``{"estrelas": {"so-pedras/1": 3, ...}}``, the best stars won against the
computer in each mini-game at each level (``<key>/<level>``), and ``"vitorias"``, the number
of wins there; both only grow (two notebooks saving at once keep the higher of each).

``"provas"``: ``{"regras": {"estrelas": 2, "acertos": 9, "itens": 10, "data": "2026-05-04"}}``,
the best result of each stage test (:mod:`damas.course.kit.stage_tests`): the stars by the
course's one rule, the items right at the first try, the items of the test, and the day it was
passed (the diploma prints it).  The better of two results is the one with more stars, then
more right at the first try, then the earlier day.

Both are checked the way :mod:`damas.course.kit.progress` checks its other sections (a
malformed one makes the file refused, never overwritten), merged at every save, and keep
what a newer course adds inside them (keys they do not know are kept as they are).

Pure Python; :mod:`damas.course.kit.progress` asks it (:func:`check_minigames`,
:func:`merge_minigames`, :func:`check_stages`, :func:`merge_stages`).
"""

from __future__ import annotations

import datetime as _dt
import re

from damas.errors import DamasError
from damas.rules.args import checked, refuse

__all__ = ["MINIGAMES", "STAGES", "STARS", "WINS", "check_minigames", "merge_minigames", "check_stages",
           "merge_stages", "stage_record", "better_stage", "minigame_key", "valid_name", "StageRecordError"]

MINIGAMES = "minijogos"
STAGES = "provas"
STARS = "estrelas"
WINS = "vitorias"
_MAX_STARS = 3
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_KEY = re.compile(r"^[a-z0-9-]{1,40}/[1-9][0-9]{0,2}$")
_STAGE = re.compile(r"^[a-z0-9-]{1,40}$")


class StageRecordError(DamasError, ValueError):
    """A stage test's result that the file cannot keep (stars, items or date out of range)."""


def _function(value, name):
    if not callable(value) or isinstance(value, type):
        raise refuse(name, "uma função que faz o erro (refuse)", value)
    return value


def _data(value, name):
    if not isinstance(value, dict):
        raise refuse(name, "o conteúdo de um arquivo de progresso (um dicionário)", value)
    return value


def _record(value, name):
    if not _valid_record(value):
        raise refuse(name, "o resultado de uma prova (estrelas, acertos, itens, data)", value)
    return value


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def valid_name(name) -> bool:
    """True for the name of a mini-game or a stage test (lower-case letters, digits, hyphens)."""
    return isinstance(name, str) and bool(_STAGE.match(name))


def minigame_key(key: str, level: int) -> str:
    """The key of mini-game ``key`` at ``level`` in the section: ``"so-pedras/1"``."""
    return f"{key}/{level}"


@checked(refuse=_function)
def check_minigames(value, refuse) -> dict:
    """The mini-games' section, checked; ``refuse(detail)`` makes the error of a malformed one."""
    if not isinstance(value, dict):
        raise refuse("os minijogos estão fora do formato")
    out = dict(value)
    for name, top in ((STARS, _MAX_STARS), (WINS, None)):
        part = value.get(name, {})
        if not isinstance(part, dict) or not all(
                isinstance(k, str) and _KEY.match(k) and _whole(v) and v >= 0 and (top is None or v <= top)
                for k, v in part.items()):
            raise refuse("os minijogos estão fora do formato (estrelas de 0 a 3, vitórias de 0 em diante)")
        out[name] = dict(part)
    return out


@checked(data=_data, mine=_data)
def merge_minigames(data: dict, mine: dict) -> None:
    """Put into ``data`` (the file on disk now) the mini-games of ``mine``: the most stars and
    wins of each; keys a newer course wrote are kept (``data``'s first)."""
    if MINIGAMES not in data and MINIGAMES not in mine:
        return
    theirs, ours = data.get(MINIGAMES, {}), mine.get(MINIGAMES, {})
    merged = {**ours, **theirs}
    for name in (STARS, WINS):
        part = dict(theirs.get(name, {}))
        for key, n in ours.get(name, {}).items():
            part[key] = max(n, part.get(key, 0))
        merged[name] = part
    data[MINIGAMES] = merged


def _valid_date(text) -> bool:
    if not isinstance(text, str) or not _DATE.match(text):
        return False
    try:
        _dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def stage_record(stars: int, right: int, items: int, date: str) -> dict:
    """One stage test's result as the file keeps it (checked: StageRecordError, a ValueError,
    when malformed)."""
    record = {STARS: stars, "acertos": right, "itens": items, "data": date}
    if not _valid_record(record):
        raise StageRecordError(f"Resultado de prova inválido: {record!r} (estrelas de 0 a 3, acertos de 0 ao "
                               f"número de itens, data AAAA-MM-DD).")
    return record


def _valid_record(record) -> bool:
    return (isinstance(record, dict)
            and _whole(record.get(STARS)) and 0 <= record[STARS] <= _MAX_STARS
            and _whole(record.get("itens")) and record["itens"] >= 1
            and _whole(record.get("acertos")) and 0 <= record["acertos"] <= record["itens"]
            and _valid_date(record.get("data")))


@checked(refuse=_function)
def check_stages(value, refuse) -> dict:
    """The stage tests' section, checked; ``refuse(detail)`` makes the error of a malformed one."""
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and _STAGE.match(k) and _valid_record(v) for k, v in value.items()):
        raise refuse("as provas estão fora do formato (estrelas, acertos, itens e a data AAAA-MM-DD)")
    return {k: dict(v) for k, v in value.items()}


@checked(a=_record, b=_record)
def better_stage(a: dict, b: dict) -> dict:
    """The better of two results of one stage test: more stars, then more right at the first
    try, then the earlier day (the first time it was passed that well)."""
    def rank(r):
        return (r[STARS], r["acertos"], [-int(x) for x in r["data"].split("-")])
    return a if rank(a) >= rank(b) else b


@checked(data=_data, mine=_data)
def merge_stages(data: dict, mine: dict) -> None:
    """Put into ``data`` (the file on disk now) the stage tests of ``mine``: the better result
    of each (:func:`better_stage`)."""
    if STAGES not in data and STAGES not in mine:
        return
    merged = dict(data.get(STAGES, {}))
    for stage, record in mine.get(STAGES, {}).items():
        merged[stage] = better_stage(merged[stage], record) if stage in merged else record
    data[STAGES] = merged
