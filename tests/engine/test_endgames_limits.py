"""endgames.table refuses, at once, a material outside the database's coverage unless allow_large=True
(issue 27, item 6)."""

from __future__ import annotations

import pytest

from damas.engine import endgames
from damas.engine.endgames import EndgameError


class _WouldBuild(Exception):
    pass


@pytest.fixture
def no_building(monkeypatch, tmp_path):
    """Building or loading a table raises: a refusal must come before any work."""
    monkeypatch.setenv(endgames.ENV_CACHE, str(tmp_path))
    monkeypatch.setattr(endgames, "_TABLES", {})

    def build(*args, **kwargs):
        raise _WouldBuild()

    monkeypatch.setattr(endgames, "_build", build)
    monkeypatch.setattr(endgames, "_Layout", build)      # enumerating the squares is work already
    monkeypatch.setattr(endgames, "_load", lambda *args, **kwargs: None)


@pytest.mark.parametrize("variant, mat", [
    ("brazilian", (4, 0, 4, 0)), ("brazilian", (12, 0, 12, 0)), ("brazilian", (2, 0, 2, 0)),
    ("brazilian", (0, 3, 0, 2)), ("international", (1, 0, 0, 1)), ("international", (0, 3, 0, 2)),
    ("international", (20, 0, 20, 0)),
])
def test_a_material_outside_the_coverage_is_refused_at_once(no_building, variant, mat):
    with pytest.raises(EndgameError) as caught:
        endgames.table(variant, mat)
    message = str(caught.value)
    assert endgames._coverage_text(endgames.get_variant(variant)) in message
    assert "allow_large=True" in message


def test_allow_large_builds_it_anyway(no_building):
    with pytest.raises(_WouldBuild):
        endgames.table("brazilian", (2, 0, 2, 0), allow_large=True)


@pytest.mark.parametrize("variant, mat", [("brazilian", (0, 3, 0, 1)), ("brazilian", (1, 1, 1, 0)),
                                          ("international", (0, 2, 0, 2))])
def test_a_covered_material_is_built_without_asking(no_building, variant, mat):
    with pytest.raises(_WouldBuild):
        endgames.table(variant, mat)
