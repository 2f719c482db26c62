"""The teacher's app driven through its widgets (no browser): create, pair, enter and undo results,
late entry and withdrawal, print; every message in Portuguese; what is shown comes from the file."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytestmark = pytest.mark.slow

from damas.course.tournament import TournamentFile  # noqa: E402
from damas.course.tournament.app import TournamentApp  # noqa: E402


def _buttons(line):
    return {b.description: b for b in line.children if hasattr(b, "on_click") and hasattr(b, "description")}


def test_a_round_by_the_apps_buttons(tmp_path, close_figures):
    app = TournamentApp(tmp_path)
    assert app.accordion.selected_index == 0                  # no tournament yet: the form is open
    app.open_button.click()
    assert "Ainda não há torneio" in app.message.value
    app.f_name.value = "Torneio <b>da</b> 7ª B"
    app.f_players.value = "Ana\nBia\nCaio\nDuda\nEva"
    assert app.f_rounds.value == 4                              # the suggestion for five
    app.f_scoring.value = "1-meio-0"
    app._guard(app.create)
    assert "Torneio criado" in app.message.value
    file = TournamentFile(next(tmp_path.glob("*.json")))
    assert file.read().scoring == "1-meio-0"
    pair = app.round_box.children[-1]
    pair.click()
    assert "Rodada 1 emparelhada" in app.message.value
    lines = [c for c in app.round_box.children if any("damas-mesa-" in k for k in c._dom_classes)]
    assert len(lines) == 2
    _buttons(lines[0])["0-1"].click()
    lines = [c for c in app.round_box.children if any("damas-mesa-" in k for k in c._dom_classes)]
    _buttons(lines[0])["Desfazer"].click()
    assert "desfeito" in app.message.value and file.read().game(1, 1).result is None
    for k in (0, 1):
        line = [c for c in app.round_box.children if any(f"damas-mesa-{k + 1}" in x for x in c._dom_classes)][0]
        _buttons(line)["½-½"].click()
    assert file.read().rounds[0].complete
    assert "&lt;b&gt;da&lt;/b&gt;" in app.standings_box.value          # the name escaped, not bold
    app._guard(app.add_player, "Fábio")
    assert "Fábio inscrito(a) com o número 6" in app.message.value
    app._guard(app.withdraw, 2)
    assert "não será mais emparelhado" in app.message.value
    path = app.print_pdf(2, "E. E. X")
    assert path.exists() and "classificacao.pdf" in app.print_links.value
    app._guard(app.add_player, "Ana")
    assert "já está na lista" in app.message.value and "error" in app.message.value


@pytest.mark.parametrize("action, args", [("record", (1, 1, "2-0")), ("undo", (1, 1)), ("pair", (1,)),
                                          ("add_player", ("Ana",)), ("withdraw", (1,)), ("print_pdf", (2, "E. E. X"))])
def test_an_action_before_any_tournament_is_open_is_refused_in_portuguese(tmp_path, action, args):
    """The app's actions are public methods: called before a tournament is opened or created (no
    button shows them then, but a notebook may call them), each refuses in Portuguese and writes
    nothing, instead of an AttributeError on None (found by mypy --strict, issue 48)."""
    from damas.course.tournament import TournamentError
    app = TournamentApp(tmp_path)
    with pytest.raises(TournamentError, match="Nenhum torneio aberto"):
        getattr(app, action)(*args)
    assert list(tmp_path.iterdir()) == []
    app._guard(getattr(app, action), *args)          # as a button would: the message, in Portuguese
    assert "Nenhum torneio aberto" in app.message.value and "error" in app.message.value
