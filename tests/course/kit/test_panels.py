"""damas.course.kit.panels: a board and its sentence as one output (HTML for every front end, the text as
its repr); bad input refused in Portuguese."""

from __future__ import annotations

import pytest

from damas import Board
from damas.course.kit.figures import board_figure
from damas.course.kit.panels import Panel
from damas.errors import DamasError


def test_a_panel_shows_its_pictures_then_its_paragraphs_escaped():
    panel = Panel(board_figure(Board(), title="Início"), text="**c3-d4** <b>e</b> 2 < 3\n\nSegundo parágrafo.")
    html = panel._repr_html_()
    assert html.count("<img") == 1 and html.index("<img") < html.index("<p>")
    assert "<p><b>c3-d4</b> &lt;b&gt;e&lt;/b&gt; 2 &lt; 3</p><p>Segundo parágrafo.</p>" in html
    assert repr(panel) == "c3-d4 <b>e</b> 2 < 3\n\nSegundo parágrafo."


def test_a_panel_of_text_only_has_no_row_and_one_of_pictures_only_reads_as_a_figure():
    assert "damas-row" not in Panel(text="Só texto.")._repr_html_()
    assert repr(Panel(board_figure(Board()))) == "<figura>"


@pytest.mark.parametrize("args, kwargs", [((), {}), ((), {"text": "  "}), ((), {"text": 3})])
def test_an_empty_panel_or_a_text_that_is_not_text_is_refused(args, kwargs):
    with pytest.raises(DamasError):
        Panel(*args, **kwargs)


def test_a_picture_that_is_not_a_drawing_is_refused():
    with pytest.raises(DamasError, match="desenho SVG"):
        Panel("só um texto solto", text="legenda")
