"""Writing PDN: a `;` comment holding `}` is written back, deep variations are written in linear time
(issue 27, item 7)."""

from __future__ import annotations

import time

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


def _cpu_seconds(game):
    """The least CPU time (not wall-clock) of three writings of ``game``."""
    best = None
    for _ in range(3):
        start = time.process_time()
        write_games(game)
        spent = time.process_time() - start
        best = spent if best is None else min(best, spent)
    return best


@pytest.mark.slow
def test_deep_variations_are_written_in_linear_time():
    """Four times the depth: four times the work when linear, sixteen when quadratic (it was ~12)."""
    small, large = read_games(_deep(5000))[0], read_games(_deep(20000))[0]
    assert len(write_games(large)) < 4.1 * len(write_games(small))      # the output itself is linear
    ratio = _cpu_seconds(large) / _cpu_seconds(small)
    assert ratio < 8, f"writing 4x deeper variations took {ratio:.1f}x the CPU time"
