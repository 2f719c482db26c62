"""Chapter 10's own demonstration (damas/course/chapters/ch10_anotacao_e_relogio.py): the two clocks
of a game, move by move."""

from __future__ import annotations

from damas.course.chapters.ch10_anotacao_e_relogio import clocks


def test_clock_counts_down_and_stops_when_time_runs_out(capsys):
    clocks(1, [20, 45, 30, 15])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "lance  1 (brancas): brancas  0:40   pretas  1:00"
    assert lines[1] == "lance  2 (pretas ): brancas  0:40   pretas  0:15"
    assert lines[2] == "lance  3 (brancas): brancas  0:10   pretas  0:15"
    assert lines[3] == "lance 4: o tempo das pretas acabou!" and len(lines) == 4
