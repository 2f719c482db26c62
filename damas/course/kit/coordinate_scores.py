"""The best scores of «Treino de coordenadas»: the progress file's section, checked and merged.

``"coordenadas": {"brazilian/brancas": 17, "brazilian/pretas": 12, "international/brancas": 9}``:
for each board (the variant's name) and each side it is seen from (White's or Black's at the
bottom), the most squares found in one round of :mod:`damas.course.kit.coordinates`.  A value that
is not a whole number from 0 to :data:`MAX_SCORE`, or a key not of that form, makes the file
refused (:mod:`damas.course.kit.progress`: nothing is overwritten); two files meet by keeping the
higher score of each key.

Pure Python (the progress module imports it; it imports nothing of the course).
"""

from __future__ import annotations

from damas.rules.args import checked, choice_spec, refuse as _refuse

__all__ = ["SECTION", "SIDES", "VARIANTS", "MAX_SCORE", "score_key", "checked_section", "merge_section"]

SECTION = "coordenadas"
#: the side seen at the bottom of the board: White's or Black's
SIDES = {"W": "brancas", "B": "pretas"}
VARIANTS = ("brazilian", "international")
#: more squares than anyone finds in one round of 30 seconds (one click every tenth of a second)
MAX_SCORE = 300


@checked(variant=choice_spec(("brazilian", "international")), side=choice_spec(SIDES))
def score_key(variant: str, side: str) -> str:
    """The key of a board seen from a side: ``score_key("brazilian", "B") == "brazilian/pretas"``."""
    return f"{variant}/{SIDES[side]}"


_KEYS = {score_key(v, s) for v in VARIANTS for s in SIDES}


def _valid(key, value) -> bool:
    return (key in _KEYS and isinstance(value, int) and not isinstance(value, bool)
            and 0 <= value <= MAX_SCORE)


def checked_section(value, refuse) -> dict:
    """The section, checked (``refuse(detail)`` makes the error to raise)."""
    if not callable(refuse):
        raise _refuse("refuse", "uma função que faz o erro a levantar", refuse)
    if not isinstance(value, dict) or not all(_valid(k, v) for k, v in value.items()):
        raise refuse("os recordes do treino de coordenadas estão fora do formato")
    return dict(value)


def merge_section(data: dict, mine: dict) -> None:
    """Keep in ``data`` the higher score of each board and side of either."""
    for name, value in (("data", data), ("mine", mine)):
        if not isinstance(value, dict):
            raise _refuse(name, "o conteúdo de um arquivo de progresso (um dicionário)", value)
    if SECTION in data or SECTION in mine:
        merged = dict(data.get(SECTION, {}))
        for key, score in mine.get(SECTION, {}).items():
            merged[key] = max(score, merged.get(key, 0))
        data[SECTION] = merged
