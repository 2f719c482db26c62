"""Writing PDN: a `;` comment holding `}` is written back, deep variations are written in linear time
(issue 27, item 7)."""

from __future__ import annotations

import pytest

from damas.rules.pdn import read_games, write_games


def test_a_semicolon_comment_with_a_brace_is_written_back_as_one():
    text = "1. c3-d4 ; o lance } mais comum\nf6-e5 (1... f6-g5 ; outro } aqui\n) 2. d4xf6 {fim} *"
    game = read_games(text)[0]
    written = write_games(game)
    assert "; o lance } mais comum\n" in written and "; outro } aqui\n" in written
    again = read_games(written)[0]
    assert write_games(again) == written
    assert again.mainline == game.mainline


def _deep(levels):
    moves = ["c3-d4", "e3-f4"]
    return "1. c3-d4 " + "".join(f"(1. {moves[(i + 1) % 2]} " for i in range(levels)) + ")" * levels + " *"


@pytest.mark.slow
def test_deep_variations_are_written_back_whole():
    """40,000 nested variations are written (it took 6.9 s when writing was quadratic; the time
    is measured by ``python benchmarks/pdn_writing.py``, not here) and read back the same."""
    game = read_games(_deep(40000))[0]
    written = write_games(game)
    assert written.count("(") == written.count(")") == 40000
    assert write_games(read_games(written)[0]) == written
