"""Numbers in Brazilian form (damas.display.numbers)."""

import pytest

from damas.display.numbers import MINUS, decimal_text, integer_text, signed_text
from damas.errors import ArgumentError


@pytest.mark.parametrize("value,text", [(0, "0"), (7, "7"), (999, "999"), (1000, "1.000"), (1984, "1.984"),
                                        (107880, "107.880"), (1234567, "1.234.567"), (-1984, MINUS + "1.984")])
def test_integers_have_a_point_between_thousands(value, text):
    assert integer_text(value) == text


@pytest.mark.parametrize("value,places,trim,text", [
    (1.19, 2, False, "1,19"), (1.0, 2, False, "1,00"), (1.0, 2, True, "1"), (2.5, 2, True, "2,5"),
    (-0.06, 2, False, MINUS + "0,06"), (1234.5, 1, False, "1.234,5"), (0.004, 2, False, "0,00"),
    (-0.004, 2, False, "0,00"), (3, 0, False, "3"), (0.125, 3, False, "0,125")])
def test_decimals_have_a_comma(value, places, trim, text):
    assert decimal_text(value, places, trim=trim) == text


def test_signed_numbers_always_show_their_sign_but_zero():
    assert signed_text(0.5, 1) == "+0,5"
    assert signed_text(-0.06) == MINUS + "0,06"
    assert signed_text(0.0) == "0,00"
    assert signed_text(-0.001) == "0,00"


@pytest.mark.parametrize("bad", [None, "1,5", float("nan"), float("inf"), True, [1]])
def test_bad_values_are_refused_in_portuguese(bad):
    with pytest.raises(ArgumentError, match="Valor inválido"):
        decimal_text(bad)


def test_bad_places_and_integers_are_refused():
    with pytest.raises(ArgumentError):
        decimal_text(1.0, -1)
    with pytest.raises(ArgumentError):
        integer_text(1.5)
