"""The board widget, driven from Python (no browser): every click and button
goes through the same methods the page's messages call, and the assertions
read the synced traitlets that the page draws."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

import damas  # noqa: E402
from damas import Board, Game, IllegalMoveError  # noqa: E402
from damas.widget.board import BoardWidget, MoveEvent  # noqa: E402

START = "W:W21-32:B1-12"


def state(w):
    """What must not change when a click is refused."""
    return (w.fen, w.turn, tuple(w.moves), w.result, w.board.fen(), len(w.game.moves))


def after(fen, *texts, variant="brazilian"):
    board = Board(fen, variant=variant)
    for text in texts:
        board.push_text(text)
    return board.fen()


# -- showing a position ----------------------------------------------------------------

def test_repr_is_stable_and_names_the_board():
    assert repr(BoardWidget()) == "BoardWidget(Board('W:W21-32:B1-12'))"
    assert repr(BoardWidget(Board("international"))) == \
        "BoardWidget(Board('W:W31-50:B1-20', variant='international'))"
    assert repr(BoardWidget("B:WK10:B20")) == "BoardWidget(Board('B:WK10:B20'))"
    assert "0x" not in repr(BoardWidget())


def test_initial_state_is_synced():
    w = BoardWidget()
    assert w.fen == START and w.turn == "W" and w.variant == "brazilian" and w.size == 8
    assert len(w.layout_squares) == 32 and w.layout_squares[21] == [22, 5, 2, "c3"]
    assert w.pieces[:12] == ["b"] * 12 and w.pieces[20:] == ["w"] * 12 and w.pieces[12:20] == [""] * 8
    assert w.status == "Jogam as brancas."
    assert w.moves == [] and not w.can_undo and not w.can_redo and w.result == ""
    assert w.selected == 0 and w.targets == [] and w.mode == "jogo"
    assert w.labels["undo"] == "Desfazer" and w.labels["new_game"] == "Nova partida"


def test_the_widget_plays_on_a_copy_of_the_board_it_is_given():
    board = Board()
    w = BoardWidget(board)
    w.click(22)
    w.click(18)
    assert board.fen() == START
    assert w.board.fen() == after(START, "22-18")


def test_a_board_with_moves_keeps_its_score_sheet():
    board = Board()
    board.push_text("c3-d4")
    board.push_text("f6-e5")
    w = BoardWidget(board)
    assert w.moves == ["c3-d4", "f6-e5"] and w.can_undo
    w.undo()
    w.undo()
    assert w.fen == START


def test_bad_construction_is_refused_in_portuguese():
    with pytest.raises(TypeError, match="Use um tabuleiro"):
        BoardWidget(42)
    with pytest.raises(ValueError, match="Modo inválido"):
        BoardWidget(mode="xadrez")
    with pytest.raises(ValueError, match="Cor inválida"):
        BoardWidget(locked=["X"])


# -- a legal move -----------------------------------------------------------------------

def test_click_a_piece_then_a_destination_plays_the_move():
    w = BoardWidget()
    w.click(22)
    assert w.selected == 22 and w.route == [22] and w.targets == [17, 18]
    assert "c3" in w.message
    w.click(18)
    assert w.fen == after(START, "22-18")
    assert w.turn == "B" and w.status == "Jogam as pretas."
    assert w.moves == ["c3-d4"] and w.last_move == "c3-d4" and w.last_path == [22, 18]
    assert w.selected == 0 and w.targets == [] and w.message_kind == "move"
    assert w.message == "As brancas jogaram c3-d4."
    assert w.pieces[17] == "w" and w.pieces[21] == ""
    assert w.can_undo and not w.can_redo


def test_international_board_uses_numbers():
    w = BoardWidget("international")
    assert w.size == 10 and len(w.layout_squares) == 50 and w.layout_squares[0] == [1, 0, 1, "1"]
    w.click(32)
    assert w.targets == [27, 28]
    w.click(28)
    assert w.moves == ["32-28"]
    assert w.fen == after("W:W31-50:B1-20", "32-28", variant="international")


def test_clicking_the_selected_piece_again_unselects_it():
    w = BoardWidget()
    w.click(22)
    w.click(22)
    assert w.selected == 0 and w.targets == [] and w.fen == START


def test_clicking_another_own_piece_selects_it():
    w = BoardWidget()
    w.click(22)
    w.click(21)
    assert w.selected == 21 and w.targets == [17]
    assert w.fen == START


# -- refused clicks: explained, nothing changed -------------------------------------------

def test_click_on_an_empty_square_is_explained():
    w = BoardWidget()
    before = state(w)
    w.click(15)
    assert state(w) == before and w.selected == 0
    assert w.message_kind == "error"
    assert "está vazia" in w.message and "brancas" in w.message
    assert w.highlights == sorted({m.start for m in Board().legal_moves()})


def test_click_on_an_opponent_piece_is_explained():
    w = BoardWidget()
    before = state(w)
    w.click(9)
    assert state(w) == before and w.selected == 0
    assert w.message_kind == "error"
    assert "pedra preta" in w.message and "jogam as brancas" in w.message


def test_click_on_a_blocked_piece_is_explained():
    w = BoardWidget()
    before = state(w)
    w.click(29)
    assert state(w) == before and w.selected == 0
    assert w.message_kind == "error" and "não tem lance" in w.message


def test_wrong_destination_shows_the_rules_explanation():
    explain = pytest.importorskip("damas.rules.explain").explain
    w = BoardWidget()
    w.click(22)
    before = state(w)
    w.click(13)
    why = explain(Board(), (22, 13), notation="algebraic")
    assert not why.legal
    assert state(w) == before
    assert w.message == why.message and w.message_kind == "error"
    assert w.article == (why.article or "")
    assert w.selected == 22, "the piece stays selected for another try"


def test_compulsory_capture_is_explained_with_its_article_and_highlight():
    explain = pytest.importorskip("damas.rules.explain").explain
    w = BoardWidget()
    for square in (22, 18, 11, 15):          # c3-d4 f6-e5: now d4xf6 is compulsory
        w.click(square)
    position = Board(w.fen)
    assert position.has_captures()
    before = state(w)
    w.click(18)
    assert w.targets == [11]
    w.click(14)                              # d4-c5 instead of the capture
    why = explain(position, (18, 14), notation="algebraic")
    assert state(w) == before
    assert w.message == why.message and why.article
    assert w.article == why.article
    assert w.highlights == sorted(set(why.highlight)) and 18 in w.highlights


def test_a_piece_that_cannot_capture_when_capture_is_compulsory():
    w = BoardWidget()
    for square in (22, 18, 11, 15):
        w.click(square)
    before = state(w)
    w.click(21)
    assert state(w) == before and w.selected == 0
    assert w.message_kind == "error"
    assert 18 in w.highlights
    assert "obrigat" in w.message


def test_bad_squares_raise_a_portuguese_error_and_change_nothing():
    w = BoardWidget()
    before = state(w)
    for bad in (0, 33, "22", None, 2.0, True):
        with pytest.raises(ValueError, match="Casa inválida"):
            w.click(bad)
    assert state(w) == before


# -- routes: never a silent guess ------------------------------------------------------------

AMBIGUOUS = "W:WK2:B10,11,14,19,24,26"   # the king on d8 reaches a7 (5) by two different routes


def test_two_routes_to_the_same_square_ask_which_one():
    w = BoardWidget(AMBIGUOUS)
    w.click(2)
    assert w.targets == [5, 9, 13, 17, 22, 30]
    before = state(w)
    w.click(5)
    assert state(w) == before, "an ambiguous click must not play anything"
    assert [c["path"] for c in w.choices] == [[2, 16, 23, 5], [2, 20, 27, 5]]
    assert [c["text"] for c in w.choices] == ["d8xg5xe3xa7", "d8xh4xf2xa7"]
    assert w.targets == [16, 20]              # the next square of each route
    assert "2 caminhos" in w.message
    w.click(20)                               # the route through h4
    assert w.moves == ["d8xh4xf2xa7"]
    assert set(w.game.moves[-1].captured) == {11, 24, 14}
    assert w.choices == [] and w.targets == []


def test_a_route_can_be_chosen_from_the_list():
    w = BoardWidget(AMBIGUOUS)
    w.click(2)
    w.click(9)
    assert len(w.choices) == 2
    w.choose(0)
    move = w.game.moves[-1]
    assert move.path == (2, 16, 23, 9) and set(move.captured) == {11, 19, 14}


def test_a_route_can_be_clicked_square_by_square():
    w = BoardWidget(AMBIGUOUS)
    w.click(2)
    w.click(16)                               # first landing square: three routes go on
    assert w.moves == [] and w.route == [2, 16]
    assert w.targets == [23]
    w.click(23)
    assert w.targets == [5, 9, 30] and w.moves == []
    w.click(9)
    assert w.game.moves[-1].path == (2, 16, 23, 9)


def test_a_square_off_every_route_is_refused():
    w = BoardWidget(AMBIGUOUS)
    w.click(2)
    w.click(5)
    before = state(w)
    w.click(31)
    assert state(w) == before and w.message_kind == "error"
    assert "nenhum dos caminhos" in w.message
    assert len(w.choices) == 2


def test_bad_choices_are_refused():
    w = BoardWidget(AMBIGUOUS)
    w.choose(0)
    assert w.message_kind == "error" and "Não há caminhos" in w.message
    w.click(2)
    w.click(5)
    before = state(w)
    for bad in (2, -1, "0", None):
        w.choose(bad)
        assert w.message_kind == "error" and "Escolha inválida" in w.message
    assert state(w) == before


def test_king_chooses_its_landing_square():
    w = BoardWidget("W:WK29:B18")             # a1 king takes d4 and may land on e5, f6, g7 or h8
    w.click(29)
    assert w.targets == [4, 8, 11, 15]
    w.click(8)
    move = w.game.moves[-1]
    assert (move.start, move.end, move.captured) == (29, 8, (18,))
    assert w.pieces[7] == "W" and w.pieces[17] == ""


def test_king_landing_in_the_middle_of_a_route_is_decided_by_the_rules():
    w = BoardWidget("W:WK29:B18,7")           # only f6 lets the king continue to take e7
    w.click(29)
    assert w.targets == [2]
    w.click(2)
    assert w.game.moves[-1].path == (29, 11, 2)


def test_a_capture_back_to_the_starting_square():
    w = BoardWidget("W:W22:B9,10,17,18")      # round the diamond and back to c3
    w.click(22)
    assert w.targets == [22]
    w.click(22)
    board = Board("W:W22:B9,10,17,18")
    board.push(board.legal_moves()[0])
    assert w.fen == board.fen() and w.pieces[21] == "w"
    assert set(w.game.moves[-1].captured) == {9, 10, 17, 18}


# -- undo, redo, flip, new game ----------------------------------------------------------------

def test_undo_past_the_start_changes_nothing():
    w = BoardWidget()
    before = state(w)
    w.undo()
    assert state(w) == before
    assert w.message_kind == "error" and "desfazer" in w.message


def test_undo_and_redo():
    w = BoardWidget()
    for square in (22, 18, 11, 15):
        w.click(square)
    two = w.fen
    w.undo()
    assert w.fen == after(START, "22-18") and w.moves == ["c3-d4"] and w.can_redo
    assert w.message == "Lance desfeito: f6-e5."
    w.undo()
    assert w.fen == START and w.moves == [] and not w.can_undo
    w.undo()
    assert w.fen == START
    w.redo()
    w.redo()
    assert w.fen == two and w.moves == ["c3-d4", "f6-e5"] and not w.can_redo
    before = state(w)
    w.redo()
    assert state(w) == before and "refazer" in w.message


def test_a_new_move_after_undo_drops_the_redo():
    w = BoardWidget()
    w.click(22)
    w.click(18)
    w.undo()
    w.click(21)
    w.click(17)
    assert w.moves == ["a3-b4"] and not w.can_redo
    w.redo()
    assert w.moves == ["a3-b4"] and w.message_kind == "error"


def test_undo_clears_a_selection():
    w = BoardWidget()
    w.click(22)
    w.click(18)
    w.click(11)
    w.undo()
    assert w.selected == 0 and w.targets == [] and w.turn == "W"


def test_flip_turns_the_board_and_nothing_else():
    w = BoardWidget()
    before = state(w)
    w.flip()
    assert w.flipped and state(w) == before
    w.flip()
    assert not w.flipped
    assert BoardWidget(flipped=True).flipped


def test_new_game():
    w = BoardWidget()
    w.click(22)
    w.click(18)
    w.new_game()
    assert w.fen == START and w.moves == [] and not w.can_undo
    assert "Nova partida" in w.message
    w.new_game("international")
    assert w.variant == "international" and w.size == 10 and w.fen == "W:W31-50:B1-20"
    assert len(w.layout_squares) == 50 and len(w.pieces) == 50


# -- end of the game -----------------------------------------------------------------------------

def test_result_and_clicks_after_the_end():
    w = BoardWidget("W:W22:B18")
    w.click(22)
    w.click(15)                               # c3xe5 takes the last black piece
    assert w.result == "2-0"
    final = w.game.result()
    assert (w.result_reason, w.result_article) == (final.reason, final.article) and final.article
    # Said once each: the status line that the game is over, the result box
    # the score and its reason, the message the move.
    assert w.status == "Fim da partida." and w.message_kind == "move"
    assert w.message == "As brancas jogaram c3xe5."
    panel = [w.status, w.message, w.result_reason]
    assert sum(final.reason in text for text in panel) == 1
    assert not any("2-0" in text for text in panel)
    before = state(w)
    for square in (15, 1, 22):
        w.click(square)
        assert state(w) == before
        assert w.message_kind == "error" and "já terminou" in w.message
    with pytest.raises(IllegalMoveError):
        w.play("e5-d6")
    w.undo()                                  # a finished game can still be taken back
    assert w.result == "" and w.fen == "W:W22:B18"


# -- hooks for programs: on_move, play, lock ---------------------------------------------------------

def test_on_move_reports_every_move():
    w = BoardWidget()
    events = []
    w.on_move(events.append)
    w.click(22)
    w.click(18)
    w.play("f6-e5")
    assert events == [
        MoveEvent(Board().parse_move("22-18"), "c3-d4", after(START, "22-18"), "click"),
        MoveEvent(Board(after(START, "22-18")).parse_move("11-15"), "f6-e5",
                  after(START, "22-18", "11-15"), "play"),
    ]
    w.on_move(events.append, remove=True)
    w.click(18)
    w.click(11)
    assert len(events) == 2


def test_a_program_answers_each_move():
    w = BoardWidget(locked=["B"])

    def reply(event):
        if event.by == "click":
            w.play(w.board.legal_moves()[0])

    w.on_move(reply)
    w.click(22)
    w.click(18)
    assert len(w.moves) == 2 and w.turn == "W"


def test_locked_colour_cannot_be_moved_by_clicks():
    w = BoardWidget()
    w.lock("B")
    assert w.locked == ["B"]
    w.click(22)
    w.click(18)
    before = state(w)
    w.click(11)
    assert state(w) == before and w.selected == 0
    assert w.message_kind == "error" and "pretas" in w.message
    w.play("f6-e5")                           # the program may move them
    assert w.moves == ["c3-d4", "f6-e5"]
    w.unlock()
    assert w.locked == []


def test_play_refuses_an_illegal_move_and_shows_why():
    w = BoardWidget()
    before = state(w)
    with pytest.raises(IllegalMoveError):
        w.play("c3-c5")
    with pytest.raises(IllegalMoveError):
        w.play(damas.Move(22, 13))
    assert state(w) == before and w.message_kind == "error"


def test_show_message_for_the_trainer():
    w = BoardWidget()
    w.show_message("Muito bem!", kind="success", highlight=[22, 18], article="4.1")
    assert (w.message, w.message_kind, w.highlights, w.article) == ("Muito bem!", "success", [18, 22], "4.1")


# -- setup mode ------------------------------------------------------------------------------------

def test_setup_mode_places_and_removes_pieces_and_gives_the_fen():
    w = BoardWidget()
    w.setup_mode()
    assert w.mode == "montagem" and "Montagem" in w.message
    w.clear_board()
    assert w.fen == "W:W:B"
    w.set_setup_piece("W")
    w.click(18)
    w.set_setup_piece("b")
    w.click(11)
    w.click(12)
    w.click(12)                               # the same piece again removes it
    w.set_turn("B")
    assert w.fen == "B:WK18:B11"
    assert repr(w) == "BoardWidget(Board('B:WK18:B11'))"
    w.set_setup_piece("")
    w.click(11)
    assert w.fen == "B:WK18:B"
    w.play_mode()
    assert w.mode == "jogo" and w.moves == [] and w.game.board.fen() == "B:WK18:B"


def test_setup_refuses_a_man_on_its_crowning_row():
    w = BoardWidget(mode="montagem")
    w.set_setup_piece("w")
    before = w.fen
    w.click(2)                                # a white man on the 8th row would be a king
    assert w.fen == before and w.message_kind == "error" and "dama" in w.message


def test_setup_then_play_from_the_position():
    w = BoardWidget()
    w.click(22)
    w.click(18)
    w.setup_mode()
    w.clear_board()
    w.set_setup_piece("w")
    w.click(22)
    w.set_setup_piece("b")
    w.click(18)
    w.set_turn("W")
    w.play_mode()
    assert w.fen == "W:W22:B18" and w.moves == []
    w.click(22)
    assert w.targets == [15]


def test_setup_fen_in_and_out():
    w = BoardWidget(mode="montagem")
    w.set_fen("B:W18,K10:B12,K22")
    assert w.fen == Board("B:W18,K10:B12,K22").fen() and w.mode == "montagem"
    w.set_fen("isto não é FEN")
    assert w.fen == Board("B:W18,K10:B12,K22").fen() and w.message_kind == "error"
    w.initial_position()
    assert w.fen == START


def test_setup_actions_outside_setup_mode_are_refused():
    w = BoardWidget()
    before = state(w)
    w.clear_board()
    assert state(w) == before and "montagem" in w.message
    w.set_turn("B")
    assert state(w) == before


def test_undo_is_refused_in_setup_mode():
    w = BoardWidget(mode="montagem")
    w.undo()
    assert w.message_kind == "error" and w.mode == "montagem"


# -- the message handler (what the page sends) --------------------------------------------------------

def test_messages_from_the_page_drive_the_widget():
    w = BoardWidget()
    w.handle_message({"type": "click", "square": 22})
    w.handle_message({"type": "click", "square": 18})
    assert w.moves == ["c3-d4"]
    w.handle_message({"type": "action", "name": "undo"})
    assert w.moves == []
    w.handle_message({"type": "action", "name": "redo"})
    assert w.moves == ["c3-d4"]
    w.handle_message({"type": "action", "name": "flip"})
    assert w.flipped
    w.handle_message({"type": "action", "name": "setup"})
    assert w.mode == "montagem"
    w.handle_message({"type": "setup_piece", "piece": "B"})
    assert w.setup_piece == "B"
    w.handle_message({"type": "set_turn", "color": "W"})
    w.handle_message({"type": "set_fen", "fen": "W:W22:B18"})
    w.handle_message({"type": "action", "name": "play"})
    assert w.mode == "jogo" and w.fen == "W:W22:B18"
    w.handle_message({"type": "action", "name": "new_game"})
    assert w.fen == START


def test_bad_messages_change_nothing():
    w = BoardWidget()
    before = state(w)
    for bad in ({"type": "click", "square": "x"}, {"type": "click"}, {"type": "voar"},
                {"type": "action", "name": "apagar_tudo"}, "click", None,
                {"type": "setup_piece", "piece": "K"}, {"type": "set_turn", "color": "verde"}):
        w.handle_message(bad)
        assert state(w) == before
        assert w.message_kind == "error" and w.message


def test_game_objects_are_played_on_directly():
    game_module = pytest.importorskip("damas.rules.game")
    game = game_module.Game("brazilian")
    w = BoardWidget(game)
    assert w.game is game
    w.click(22)
    w.click(18)
    assert game.board.fen() == after(START, "22-18")
    assert list(game.moves) == [Board().parse_move("22-18")]
    game.push("f6-e5")                        # a program plays on the game itself
    w.refresh()
    assert w.fen == after(START, "22-18", "11-15") and w.moves == ["c3-d4", "f6-e5"]


def test_a_draw_is_shown_with_its_reason():
    # Two kings shuffling: the same position comes back a third time (6.1).
    w = BoardWidget("W:WK32:BK1")
    for start, end in [(32, 28), (1, 5), (28, 32), (5, 1)] * 2:
        assert w.result == ""
        w.click(start)
        w.click(end)
    final = w.game.result()
    assert final.score == "1-1" and w.result == "1-1"
    assert w.result_reason == final.reason and w.message_kind == "move"
    assert final.reason not in w.message and final.reason not in w.status
    before = state(w)
    w.click(32)
    assert state(w) == before and "já terminou" in w.message


def test_traits_set_from_python_are_checked():
    w = BoardWidget()
    with pytest.raises(Exception, match="Cor inválida"):
        w.locked = ["verde"]
    with pytest.raises(Exception, match="Peça inválida"):
        w.setup_piece = "K"
    with pytest.raises(Exception, match="Modo inválido"):
        w.mode = "xadrez"
    assert w.locked == [] and w.setup_piece == "w" and w.mode == "jogo"


def test_setting_the_mode_trait_enters_and_leaves_setup():
    w = BoardWidget()
    w.mode = "montagem"
    assert "Montagem" in w.message
    w.clear_board()
    w.set_setup_piece("W")
    w.click(18)
    w.mode = "jogo"
    assert w.fen == "W:WK18:B" and w.board.fen() == "W:WK18:B" and w.game.board.fen() == "W:WK18:B"


def test_majority_law_is_explained_and_the_longest_capture_marked():
    explain = pytest.importorskip("damas.rules.explain").explain
    fen = "W:W22:B17,18,10"                  # c3xa5 takes 1; c3xe5xc7 takes 2 (4.13)
    w = BoardWidget(fen)
    w.click(22)
    assert w.targets == [6]
    before = state(w)
    w.click(13)
    why = explain(Board(fen), (22, 13), notation="algebraic")
    assert state(w) == before
    assert why.article == "4.13" and w.article == "4.13" and w.message == why.message
    assert w.highlights == sorted(set(why.highlight)) and 6 in w.highlights


def test_a_black_man_that_cannot_capture_is_told_of_the_compulsory_capture():
    # Black must take 14x23; the man on 5 (a7) has a free backward
    # neighbour, but the reason given must be the capture (4.1), not a backward step (3.4).
    from damas.widget.board import BoardWidget
    w = BoardWidget("B:W18:B5,14")
    w.click(5)
    assert "4.1" in (w.article or "") or "4.1" in w.message, (w.article, w.message)


@pytest.mark.slow
def test_a_piece_whose_capture_takes_too_few_is_told_of_the_majority_law():
    # Black to move: c7 (6) could take one piece, but h8 (4) takes two: regra 4.13,
    # with the squares named as the 8x8 board names them.
    from damas.widget.board import BoardWidget
    w = BoardWidget("B:W7-9,12,14:B4,6,16,23,26")
    fen = w.fen
    w.click(6)
    assert "4.13" in w.message and "h8" in w.message, w.message
    assert w.fen == fen


# -- issue 17: the panel says each thing once ---------------------------------------------------

def test_the_start_says_the_turn_once():
    w = BoardWidget()
    assert w.status == "Jogam as brancas."
    assert "Jogam as brancas" not in w.message and "brancas" in w.message   # what to do, not whose turn
    w.new_game("international")
    assert "Jogam" not in w.message and w.status == "Jogam as brancas."
    w.click(32)
    w.click(32)                               # deselect
    assert w.message == "Seleção desfeita."


def test_a_capture_refusal_names_every_permitted_capture_and_no_example_of_its_own():
    fen = "W:W22,24,30:B18,19"                # two men can capture; c1 cannot move
    board = Board(fen)
    legal = board.legal_moves()
    assert len(legal) >= 2
    w = BoardWidget(fen)
    w.click(30)
    assert w.article == "4.1"
    assert w.message.count("Por exemplo") == 0 and w.hint == ""
    for move in legal:                        # all of them, in the board's notation
        assert board.move_text(move) in w.message
    assert w.highlights == sorted({m.start for m in legal})


def test_many_permitted_captures_are_counted_not_picked():
    fen = "W:WK29,32:B25"                      # the king on a1 takes b2 and lands on c3 .. h8
    board = Board(fen)
    n = len(board.legal_moves())
    assert n > 4
    w = BoardWidget(fen)
    w.click(32)                                # g1 may not move: the king must take
    assert f"Há {n} tomadas permitidas." in w.message and "Por exemplo" not in w.message
    assert w.hint == "" and w.highlights == [29]


def test_a_blocked_piece_gets_no_example_move():
    # On the initial board b2 cannot move: no move is named (the first legal
    # one could be a bad move); the pieces that can move are marked.
    w = BoardWidget()
    w.click(25)
    assert w.message_kind == "error" and w.hint == ""
    assert not any(board_move in w.message for board_move in ("a3-b4", "c3-d4", "c3-b4"))
    assert w.highlights == sorted({m.start for m in Board().legal_moves()})


def test_moves_are_shown_in_the_neutral_style_whoever_plays_them():
    w = BoardWidget(computer="B", level=1)
    w.click(22)
    w.click(18)
    assert len(w.moves) == 2                  # the computer has replied
    assert w.message.startswith("As pretas jogaram") and w.message_kind == "move"


def test_the_result_box_carries_the_one_article_of_the_end():
    w = BoardWidget("W:W18:B15")
    w.click(18)
    w.click(11)
    final = w.game.result()
    assert w.result == "2-0" and w.result_article == final.article
    texts = [w.status, w.message, w.result_reason]
    assert sum(f"regra {final.article}" in t for t in texts) <= 1
    assert "regra" not in w.status and "regra" not in w.message


# -- issue 17 / chapter 12: "Desfazer" against the computer ------------------------------------

def _chapter_12_board():
    """The board of chapter 12 as its cell wires it: Black locked, a hook that replies."""
    from damas import Game
    from damas.engine.search import best_move
    board = BoardWidget(Game(), locked=("B",))

    def reply(event):
        if event.by == "click" and not board.game.is_over() and board.game.turn == "B":
            board.play(best_move(board.game, level=2))
    board.on_move(reply)
    return board


@pytest.mark.parametrize("make", [_chapter_12_board, lambda: BoardWidget(computer="B", level=2)],
                         ids=["hook", "computer"])
def test_undo_against_the_computer_takes_back_the_pair(make):
    w = make()
    w.click(22)
    w.click(18)                               # c3-d4, and the computer replies
    assert len(w.moves) == 2 and w.turn == "W"
    w.undo()                                  # one click takes back both
    assert w.moves == [] and w.turn == "W" and w.fen == START
    assert "c3-d4" in w.message and "Aguarde" not in w.message
    w.click(22)                               # the player can move at once
    assert w.selected == 22
    w.click(22)
    w.redo()                                  # and both come back
    assert len(w.moves) == 2 and w.turn == "W"
    w.click(23)
    w.click(19)                               # e3-f4: the game goes on, the computer replies
    assert len(w.moves) == 4 and w.turn == "W"
    w.undo()
    assert len(w.moves) == 2 and w.turn == "W"


def test_undo_when_the_computer_opens_the_game():
    w = BoardWidget(computer="W", level=1)
    assert len(w.moves) == 1 and w.turn == "B" and "W" in w.locked
    assert not w.can_undo                     # its first move alone would only be played again
    first = w.moves[0]
    w.undo()
    assert w.moves == [first] and w.turn == "B"
    move = w.board.legal_moves()[0]
    w.click(move.start)
    w.click(move.end)
    assert len(w.moves) == 3 and w.turn == "B"
    w.undo()
    assert len(w.moves) == 1 and w.turn == "B"


def test_the_computer_option_is_checked():
    with pytest.raises(ValueError, match="Nível inválido"):
        BoardWidget(computer="B", level=9)
    with pytest.raises(ValueError, match="Cor inválida"):
        BoardWidget(computer="X")
    w = BoardWidget(computer="B")
    w.set_computer(None)
    w.click(22)
    w.click(18)
    assert len(w.moves) == 1 and w.turn == "B" and w.locked == []


def test_two_locked_colours_undo_one_move():
    # A finished puzzle locks both colours: undo takes back one move, as before.
    w = BoardWidget(locked=("W", "B"))
    w.play("c3-d4")
    w.play("f6-e5")
    w.undo()
    assert w.moves == ["c3-d4"]


# -- issue 17 / issue 10: the end of an exercise -----------------------------------------------------

def test_an_exercise_offers_retry_and_next_never_a_new_game():
    calls = []
    w = BoardWidget("W:W18:B15", exercise=True)
    w.on_action("next", lambda: calls.append("next"))
    assert w.actions == []                    # not over yet
    w.click(18)
    w.click(11)
    assert w.result == "2-0" and w.actions == ["retry", "next"]
    w.click(11)                               # a click after the end
    assert "Tentar de novo" in w.message and "Nova partida" not in w.message
    w.handle_message({"type": "action", "name": "next"})
    assert calls == ["next"]
    w.handle_message({"type": "action", "name": "retry"})
    assert w.fen == Board("W:W18:B15").fen() and w.moves == [] and w.actions == []
    with pytest.raises(ValueError):
        w.on_action("new_game", print)


def test_a_game_is_not_an_exercise():
    w = BoardWidget("W:W18:B15")
    w.click(18)
    w.click(11)
    assert w.actions == [] and "Nova partida" in LABELS_NEW_GAME


LABELS_NEW_GAME = __import__("damas.widget.board", fromlist=["LABELS"]).LABELS["new_game"]


def test_the_trainer_is_an_exercise_with_retry_and_next():
    from damas.problems.puzzles import load_collection
    from damas.widget.trainer import PuzzleTrainer
    puzzles = load_collection(damas.__path__[0] + "/../puzzles/classicos.pdn")
    t = PuzzleTrainer(puzzles)
    w = t.widget
    assert w.exercise
    moves = puzzles[0].solution_moves()
    t.play(moves[0])
    t.play(moves[2])
    assert t.verdict.status == "correct" and w.actions == ["retry", "next"]
    w.handle_message({"type": "action", "name": "next"})
    assert t.index == 1 and w.actions == []
    t.show_solution()
    assert w.actions == ["retry", "next"]
    w.handle_message({"type": "action", "name": "retry"})
    assert t.index == 1 and w.fen == Board(puzzles[1].fen).fen()


def test_the_trainer_cites_the_article_of_the_result_box():
    from damas.problems.puzzles import load_collection
    from damas.widget.trainer import PuzzleTrainer
    import re
    puzzles = load_collection(damas.__path__[0] + "/../puzzles/classicos.pdn")
    t = PuzzleTrainer(puzzles)
    moves = puzzles[0].solution_moves()
    t.play(moves[0])
    t.play(moves[2])
    w = t.widget
    assert w.message.startswith("Correto!") and w.result
    cited = set(re.findall(r"regra (\d+(?:\.\d+)*)", w.message))
    assert cited <= {w.result_article}, (w.message, w.result_article)


def test_the_trainer_draws_the_refuting_reply():
    from damas.problems.checker import check
    from damas.problems.puzzles import load_collection
    from damas.widget.trainer import PuzzleTrainer
    puzzles = load_collection(damas.__path__[0] + "/../puzzles/classicos.pdn")
    first = puzzles[0]
    board = first.board()
    wrong = next(m for m in board.legal_moves()
                 if check(first, [m]).status == "wrong" and check(first, [m]).refutation is not None)
    refutation = check(first, [wrong]).refutation
    t = PuzzleTrainer(puzzles)
    w = t.widget
    w.click(wrong.start)
    w.click(wrong.end)                        # by clicks, as a student does
    assert w.fen == Board(first.fen).fen()    # taken back
    assert w.arrows == [{"path": list(wrong.path), "kind": "tried"},
                        {"path": list(refutation.path), "kind": "reply"}]
    assert w.highlights == sorted({refutation.start, refutation.end})
    w.click(wrong.start)                      # the next click starts afresh
    assert w.arrows == []


def test_arrows_are_checked():
    from damas.errors import DamasError
    w = BoardWidget()
    before = (w.message, w.arrows)
    with pytest.raises(ValueError, match="Casa inválida"):
        w.show_message("x", arrows=[(22, 99)])
    with pytest.raises(DamasError, match="Seta inválida"):
        w.show_message("x", arrows=[(22,)])
    with pytest.raises(DamasError, match="Tipo de seta"):
        w.show_message("x", arrows=[(22, 18)], arrow_kinds=["big"])
    assert (w.message, w.arrows) == before       # nothing changed
    w.show_message("x", arrows=["c3-d4"])
    assert w.arrows == [{"path": [22, 18], "kind": "reply"}]


# -- issue 17: a board for every hand ------------------------------------------------------------

def test_every_square_has_a_label_a_screen_reader_reads():
    w = BoardWidget()
    assert len(w.square_labels) == 32
    assert w.square_labels[22 - 1] == "c3, pedra branca"
    assert w.square_labels[1 - 1] == "b8, pedra preta"
    assert w.square_labels[18 - 1] == "d4, casa vazia"
    w.click(22)
    assert w.square_labels[22 - 1] == "c3, pedra branca, selecionada"
    assert w.square_labels[18 - 1] == "d4, casa vazia, destino possível"
    w.click(18)
    assert w.square_labels[18 - 1] == "d4, pedra branca, último lance"
    ten = BoardWidget("W:WK46:B5", variant="international")
    assert ten.square_labels[46 - 1] == "46, dama branca" and ten.square_labels[5 - 1] == "5, pedra preta"
    assert ten.square_labels[20 - 1] == "20, casa vazia"


def test_escape_cancels_the_selection():
    w = BoardWidget()
    w.handle_message({"type": "click", "square": 22})
    assert w.selected == 22
    w.handle_message({"type": "cancel"})
    assert w.selected == 0 and w.targets == [] and w.fen == START
    w.handle_message({"type": "cancel"})        # nothing selected: nothing happens
    assert w.selected == 0


def test_the_colour_blind_palette():
    from damas.widget.board import PALETTES
    w = BoardWidget(palette="daltonico")
    assert w.palette == "daltonico" and w.colors["target"] == PALETTES["daltonico"]["target"]
    assert w.colors["mark"] != BoardWidget().colors["mark"]
    w.set_palette("classico")
    assert w.colors["target"] == PALETTES["classico"]["target"]
    from damas.errors import DamasError
    with pytest.raises(DamasError, match="Paleta desconhecida"):
        BoardWidget(palette="rosa")


def _luminance(hex_colour):
    h = hex_colour.lstrip("#")
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a, b):
    """The WCAG 2 contrast ratio of two colours."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_helper_matches_known_ratios():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("name", ["classico", "daltonico"])
def test_the_board_colours_keep_wcag_contrast(name):
    """WCAG 2.1: 3:1 for the parts of the board a player must see (1.4.11),
    4.5:1 for text (1.4.3).  Each mark has a light halo under its colour, so
    the halo stands out from the dark square and the colour from the halo."""
    c = BoardWidget(palette=name).colors
    ui, text = 3.0, 4.5
    assert contrast(c["light"], c["dark"]) >= ui                  # the squares of the board
    assert contrast(c["white_fill"], c["dark"]) >= ui             # a white piece on its square
    assert contrast(c["black_line"], c["dark"]) >= ui             # a black piece's rim on its square
    assert contrast(c["black_fill"], c["black_ring"]) >= ui       # the ring tells black from white
    assert contrast(c["outline"], c["dark"]) >= ui                # the halo under every mark
    for mark in ("target", "mark", "route", "arrow", "tried"):
        assert contrast(c[mark], c["outline"]) >= ui, mark        # each mark on its halo
    assert contrast(c["selected"], c["dark"]) >= ui               # the selection frame (no halo)
    assert contrast(c["number"], c["frame"]) >= text              # square numbers on their outline
    assert contrast(c["coord"], c["frame"]) >= text               # a-h, 1-8 on the frame


def test_the_panel_colours_keep_wcag_contrast():
    import pathlib
    import re
    css = (pathlib.Path(damas.__file__).parent / "widget" / "board.css").read_text(encoding="utf-8")
    text_colour = "#1d1d1d"
    boxes = re.findall(r'data-kind="(\w+)"\]\s*\{\s*background:\s*(#[0-9a-fA-F]{6})', css)
    assert {kind for kind, _ in boxes} >= {"info", "move", "success", "error", "end"}
    for kind, background in boxes:
        assert contrast(text_colour, background) >= 4.5, kind
    badge = re.search(r"\.damas-article\s*\{[^}]*background:\s*(#[0-9a-fA-F]{6});\s*color:\s*(#[0-9a-fA-F]{3,6})",
                      css)
    assert badge and contrast(badge.group(1), "#ffffff") >= 4.5
    primary = re.search(r"\.damas-primary\s*\{\s*background:\s*(#[0-9a-fA-F]{6})", css)
    assert primary and contrast(primary.group(1), "#ffffff") >= 4.5


# -- issue 10: the computer's level, chosen on the board -----------------------------------------

def _record_levels(monkeypatch):
    """The level of every search the computer makes (the widget asks damas.engine.search each time)."""
    import damas.engine.search
    used = []
    original = damas.engine.search.best_move

    def recorded(*args, **kwargs):
        used.append(kwargs.get("level"))
        return original(*args, **kwargs)
    monkeypatch.setattr(damas.engine.search, "best_move", recorded)
    return used


def test_a_computer_board_offers_the_five_levels_in_portuguese():
    from damas.engine.search import LEVELS
    w = BoardWidget(computer="B", level=2)
    assert w.level == 2 and w.levels == sorted(LEVELS) == [1, 2, 3, 4, 5]
    from damas.engine.players import LEVEL_RATINGS
    names = ["iniciante", "fácil", "médio", "difícil", "mais forte"]
    assert [w.labels[f"level_{n}"] for n in w.levels] == [
        f"Nível {n} ({name}, força ~{LEVEL_RATINGS['brazilian'][n]})" for n, name in zip(w.levels, names)]
    ratings = [LEVEL_RATINGS["brazilian"][n] for n in w.levels]
    assert ratings == sorted(set(ratings))               # each level stronger than the one below
    big = BoardWidget(Game("international"), computer="B", level=1)   # the ratings of its board
    assert big.labels["level_3"] == f"Nível 3 (médio, força ~{LEVEL_RATINGS['international'][3]})"
    assert w.labels["level"] == "Nível do computador"
    assert "próximo lance do computador" in w.labels["level_help"]


def test_a_new_level_applies_from_the_computers_next_move(monkeypatch):
    used = _record_levels(monkeypatch)
    w = BoardWidget(computer="B", level=1)
    w.click(22)
    w.click(18)                                   # c3-d4, the computer answers at level 1
    assert used == [1] and len(w.moves) == 2
    moves = list(w.moves)
    w.handle_message({"type": "set_level", "level": 4})   # what the page's <select> sends
    assert w.level == 4 and used == [1]           # nothing is searched at the change itself
    assert w.moves == moves and w.fen == w.board.fen()    # the game goes on, unchanged
    assert w.message.startswith(w.labels["level_4"] + " escolhido: ele ")
    assert "lances à frente" in w.message and "próximo lance do computador" in w.message
    assert w.message_kind == "info"
    move = next(m for m in w.board.legal_moves())
    w.click(move.start)
    w.click(move.end)
    assert used == [1, 4] and len(w.moves) == 4 and w.turn == "W"
    w.undo()                                      # the pair goes; the level stays
    assert w.level == 4 and len(w.moves) == 2


def test_a_bad_level_is_said_and_changes_nothing():
    w = BoardWidget(computer="B", level=3)
    w.click(22)
    before = state(w)
    for bad in (0, 6, "2", True, None, 2.0):
        w.handle_message({"type": "set_level", "level": bad})
        assert w.level == 3 and w.message_kind == "error" and "Nível inválido" in w.message, bad
        assert state(w) == before
    assert w._computer == ("B", 3)


def test_no_level_chooser_without_a_computer_or_on_a_board_task():
    plain = BoardWidget()
    assert plain.level == 0 and plain.levels == []
    plain.set_level(2)
    assert plain.message_kind == "error" and "não joga contra o computador" in plain.message
    assert plain._computer is None and plain.locked == []
    task = BoardWidget(computer="B", level=2, exercise=True)
    assert task.levels == [] and task.level == 2       # a board task keeps its level
    w = BoardWidget(computer="B", level=2)
    w.set_computer(None)
    assert w.level == 0 and w.levels == []


def test_the_game_against_the_computer_takes_its_level_from_the_chooser(monkeypatch):
    from damas.course.kit import games as lessons
    used = _record_levels(monkeypatch)
    game = lessons.computer_game(nivel=2)
    assert game.level == 2 and repr(game) == "ComputerGame(nível 2)"
    assert game.widget.levels == [1, 2, 3, 4, 5] and game.widget.locked == ["B"]
    game.widget.handle_message({"type": "set_level", "level": 5})
    assert game.level == 5 and repr(game) == "ComputerGame(nível 5)"
    game.widget.click(22)
    game.widget.click(18)
    assert used == [5] and len(game.widget.moves) == 2
    with pytest.raises(damas.DamasError):
        lessons.computer_game(True)


def test_the_board_shows_as_its_picture_then_itself(monkeypatch):
    # In Jupyter a board is two outputs: its static picture, then the widget (damas/display/output.py).
    import IPython.display
    shown = []
    monkeypatch.setattr(IPython.display, "display",
                        lambda data, metadata=None, raw=False: shown.append((data, metadata, raw)))
    w = BoardWidget(Board("W:Wc3:Bd4"))
    w._ipython_display_()
    (picture, _m1, raw1), (live, _m2, raw2) = shown
    assert raw1 and raw2
    assert 'class="damas-static"' in picture["text/html"] and "<style>" in picture["text/html"]
    assert picture["text/plain"] == repr(w)
    assert "application/vnd.jupyter.widget-view+json" in live and "text/html" not in live
    assert live["text/plain"] == ""
    assert live["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id


# -- a lesson's board task: the widget plays one side ("solo") -------------------------------

def _sent_messages(widget):
    """Every message the widget sends to the page from now on (the sync
    'update' messages and custom ones), kept in the returned list."""
    sent = []
    original = widget._send

    def spy(msg, buffers=None):
        sent.append(msg)
        return original(msg, buffers=buffers)

    widget._send = spy
    return sent


def test_a_task_board_sends_one_sync_message_per_click_and_keeps_its_game(monkeypatch, tmp_path):
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path))
    from damas.course.kit.tasks import PROMOTE, BoardTask, TaskBoard
    task = BoardTask("teste/dama", "W:Wc5:Bh2", PROMOTE, 3, "Até a última fileira")
    board = TaskBoard(task)
    widget = board.widget
    game = widget.game
    sent = _sent_messages(widget)
    texts = []
    for step in range(2):
        move = widget.board.legal_moves()[0]
        texts.append(widget.board.move_text(move))
        for square in (move.start, move.end):
            sent.clear()
            widget.handle_message({"type": "click", "square": square})
            assert len(sent) == 1, (step, square, [m.get("state", m).keys() for m in sent])
        # The turn came back to the student without a new game being made.
        assert widget.game is game
        assert widget.board.turn == task.side == widget.turn
        assert board.moves == step + 1
        assert widget.moves == texts
    # Black's man never moved: the pieces are those of the two White moves.
    assert widget.board.piece_at(widget.board.variant.parse_square("h2")) is not None


def test_a_solo_board_gives_the_turn_back_and_undoes_and_redoes():
    widget = BoardWidget("W:Wc5:Bh2", solo="W")
    first = widget.board.fen()
    widget.play("c5-d6")
    assert widget.turn == "W" and widget.moves == ["c5-d6"]
    widget.play("d6-e7")                       # White again: the turn came back
    assert widget.moves == ["c5-d6", "d6-e7"] and widget.turn == "W"
    assert widget.last_path == [widget.board.variant.parse_square(s) for s in ("d6", "e7")]
    widget.undo()
    assert widget.moves == ["c5-d6"] and widget.can_redo
    widget.undo()
    assert widget.board.fen() == first and not widget.can_undo
    widget.redo()
    assert widget.moves == ["c5-d6"] and widget.turn == "W"
    with pytest.raises(IllegalMoveError):
        widget.play("h2-g1")                   # Black never moves on a solo board
    with pytest.raises(damas.DamasError):
        BoardWidget(solo="X")


# -- one renderer: the page gets damas.display.svg's picture ----------------------------------

def _live(board, flipped=False, coordinates="both", palette="classico", **marks):
    from damas.display.svg import LiveMarks, live_board_svg
    from damas.widget.texts import _palette
    return live_board_svg(board, LiveMarks(**marks), flipped=flipped, coordinates=coordinates,
                          colors=_palette(palette))


def test_the_synced_svg_is_the_svg_modules_picture_with_the_same_marks():
    w = BoardWidget()
    assert w.svg == _live(Board())
    w.click(22)
    assert w.svg == _live(Board(), selected=22, route=(22,), targets=(17, 18))
    w.click(18)
    played = Board()
    played.push_text("22-18")
    assert w.svg == _live(played, last_path=(22, 18))
    w.show_message("Veja", highlight=[11, 12], arrows=[(11, 15)], arrow_kinds=["reply"])
    assert w.svg == _live(played, last_path=(22, 18), highlights=(11, 12),
                          arrows=({"path": [11, 15], "kind": "reply"},))
    assert 'class="arrow damas-arrow" data-path="11,15" data-kind="reply"' in w.svg
    w.flip()                                   # the look changes the picture too
    assert w.svg == _live(played, flipped=True, last_path=(22, 18), highlights=(11, 12),
                          arrows=({"path": [11, 15], "kind": "reply"},))
    w.show_numbers = False
    assert w.svg == _live(played, flipped=True, coordinates="algebraic", last_path=(22, 18),
                          highlights=(11, 12), arrows=({"path": [11, 15], "kind": "reply"},))
    w.set_palette("daltonico")
    assert 'stroke="#d55e00" stroke-width="8.5" stroke-dasharray' in w.svg   # the Okabe-Ito mark
    assert w.svg == _live(played, flipped=True, coordinates="algebraic", palette="daltonico",
                          last_path=(22, 18), highlights=(11, 12),
                          arrows=({"path": [11, 15], "kind": "reply"},))


def test_the_live_squares_carry_their_piece_and_the_international_board_its_numbers():
    import re
    w = BoardWidget("international")
    squares = re.findall(r'<g class="damas-square[^"]*" data-square="(\d+)" data-name="(\d+)" '
                         r'data-piece="([wbWB]?)">', w.svg)
    assert [int(s) for s, _, _ in squares] == list(range(1, 51))
    assert [p for _, _, p in squares] == ["b"] * 20 + [""] * 10 + ["w"] * 20
    assert w.svg.count('class="number damas-number"') == 50 and 'class="coord' not in w.svg
    setup = BoardWidget("W:WK30:B5", mode="montagem")
    assert 'data-square="30" data-name="c1" data-piece="W"' in setup.svg
    assert setup.svg.count('class="crown damas-crown"') == 1
    assert set(setup.piece_icons) == {"w", "W", "b", "B"}
    assert 'class="crown' in setup.piece_icons["W"] and 'class="crown' not in setup.piece_icons["w"]


def test_the_stored_twin_is_the_live_picture_at_rest():
    w = BoardWidget()
    w.click(22)
    w.click(17)
    assert w._picture() == w.svg              # no click in progress: one picture
    w.click(11)                               # Black selects: the twin has no selection
    assert w.selected == 11 and w._picture() != w.svg
    assert 'damas-selected' not in w._picture() and 'damas-selected' in w.svg
    assert 'class="lastmove" data-square="17"' in w._picture()
    w.flip()
    assert 'class="damas-board"' in w._picture() and w._picture() != BoardWidget()._picture()


# -- the score sheet (regra 8): rows made in Python, placed by the page -------------------------
def test_the_score_sheet_of_a_game_pairs_white_and_black():
    widget = BoardWidget()
    assert widget.sheet == []
    for text in ("c3-d4", "f6-g5", "g3-h4"):
        widget.play(text)
    assert widget.sheet == [["1.", "c3-d4", "f6-g5"], ["2.", "g3-h4", ""]]
    black_first = BoardWidget("B:W21,22:B9,10")
    black_first.play("b6-a5")
    black_first.play("a3-b4")
    assert black_first.sheet == [["1.", "…", "b6-a5"], ["2.", "a3-b4", ""]]


def test_the_score_sheet_of_a_task_board_fills_with_one_move_a_row(monkeypatch, tmp_path):
    # A lesson's task board: only the student's side moves, so no move is put in the
    # other side's column (issue 32, item 7: the sheet used to stay «Nenhum lance ainda.»).
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path))
    from damas.course.kit.chapter_texts import TASKS
    for task in (TASKS["movimento"][0], TASKS["tomada"][1]):
        board = task.play()
        line = task.shortest()
        for move in line[:2]:
            board.widget.click(move.start)
            board.widget.click(move.end)
        texts = board.widget.moves
        assert len(texts) == 2, task.key
        assert board.widget.sheet == [["1.", texts[0]], ["2.", texts[1]]], task.key
    black = BoardWidget("B:W:B9", solo="B")
    black.play("b6-a5")
    black.play("a5-b4")
    assert black.sheet == [["1.", "b6-a5"], ["2.", "a5-b4"]]
