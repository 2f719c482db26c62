"""The sections of a progress file besides its stars and problems: each one's check and merge.

A section is checked when the file is read (a malformed one makes the file damaged: ``refuse(detail)``
makes the error) and merged when two copies meet at a save (the file on disk now, ``data``, and what
this notebook read, ``mine``: the best of each kept).  Keys a newer course added inside a known
section are kept as they are; the sections this code does not know at all are kept by
:mod:`damas.course.kit.progress` itself.
"""

from __future__ import annotations

from damas.course.kit import coordinate_scores as _coordinates
from damas.course.kit import play_progress as _play
from damas.course.kit import training as _training

__all__ = ["COMPUTER", "BEATEN", "TRIES", "SECTIONS", "merge_sections", "valid_level", "whole"]

COMPUTER = "computador"           # the games against the computer: {"nivel_vencido": {variant: level}}
BEATEN = "nivel_vencido"
TRIES = "tentativas_por_problema"  # {problem key: attempts at it on a trainer's board}; only grows


def whole(value) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def valid_level(value) -> bool:
    """A level of the computer (1 or more)."""
    return whole(value) and value >= 1


def _checked_computer(value, refuse) -> dict:
    """The section of the games against the computer, checked (``refuse(detail)`` makes the error);
    keys a newer course added are kept."""
    beaten = value.get(BEATEN, {}) if isinstance(value, dict) else None
    if (not isinstance(value, dict) or not isinstance(beaten, dict)
            or not all(isinstance(k, str) and k and valid_level(v) for k, v in beaten.items())):
        raise refuse("os níveis vencidos contra o computador estão fora do formato")
    return {**value, BEATEN: dict(beaten)}


def _merge_computer(data: dict, mine: dict) -> None:
    """Keep in ``data`` the highest level beaten on each board of either (and the keys of a
    newer course, ``data``'s first)."""
    if COMPUTER in data or COMPUTER in mine:
        section = {**mine.get(COMPUTER, {}), **data.get(COMPUTER, {})}
        merged = dict(data.get(COMPUTER, {}).get(BEATEN, {}))
        for variant, level in mine.get(COMPUTER, {}).get(BEATEN, {}).items():
            merged[variant] = max(level, merged.get(variant, 0))
        data[COMPUTER] = {**section, BEATEN: merged}


def _checked_tries(value, refuse) -> dict:
    """The section of the attempts at each problem, checked (``refuse(detail)`` makes the error)."""
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and k and whole(v) and v >= 0 for k, v in value.items()):
        raise refuse("as tentativas nos problemas estão fora do formato")
    return dict(value)


def _merge_tries(data: dict, mine: dict) -> None:
    """Keep in ``data`` the higher count of attempts at each problem of either."""
    if TRIES in data or TRIES in mine:
        merged = dict(data.get(TRIES, {}))
        for key, count in mine.get(TRIES, {}).items():
            merged[key] = max(count, merged.get(key, 0))
        data[TRIES] = merged


def _checked_coordinates(value, refuse) -> dict:
    """«Treino de coordenadas»'s section (:mod:`damas.course.kit.coordinate_scores`), checked; keys
    a newer course added (another board, another way to play) are kept as they are."""
    if not isinstance(value, dict):
        raise refuse("os recordes do treino de coordenadas estão fora do formato")
    known = {k: v for k, v in value.items() if k in _COORDINATE_KEYS}
    return {**value, **_coordinates.checked_section(known, refuse)}


def _merge_coordinates(data: dict, mine: dict) -> None:
    """The higher score of each board and side of either; keys of a newer course: ``data``'s first."""
    if _coordinates.SECTION in data or _coordinates.SECTION in mine:
        section = {**mine.get(_coordinates.SECTION, {}), **data.get(_coordinates.SECTION, {})}
        known = [{_coordinates.SECTION: {k: v for k, v in d.get(_coordinates.SECTION, {}).items()
                                         if k in _COORDINATE_KEYS}} for d in (data, mine)]
        _coordinates.merge_section(known[0], known[1])
        data[_coordinates.SECTION] = {**section, **known[0].get(_coordinates.SECTION, {})}


_COORDINATE_KEYS = {_coordinates.score_key(v, s) for v in _coordinates.VARIANTS for s in _coordinates.SIDES}

SECTIONS = {_training.SECTION: lambda value, refuse: _training.checked_section(value, refuse),
            COMPUTER: _checked_computer, TRIES: _checked_tries, _coordinates.SECTION: _checked_coordinates,
            _play.MINIGAMES: _play.check_minigames, _play.STAGES: _play.check_stages}


def merge_sections(data: dict, mine: dict) -> None:
    """Put into ``data`` the best of ``mine``'s known sections: every attempt, the highest levels
    and counts, the best scores, the mini-games' stars and the stage tests' results."""
    _training.merge_section(data, mine)
    _merge_computer(data, mine)
    _merge_tries(data, mine)
    _merge_coordinates(data, mine)
    _play.merge_minigames(data, mine)
    _play.merge_stages(data, mine)
