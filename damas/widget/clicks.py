"""The clicks of play mode: select a piece, follow a route, refuse a click with the rule's reason.

A mixin of :class:`damas.widget.board.BoardWidget`; every rule is asked of the board.
"""

from collections import namedtuple

from damas.rules.board import BLACK, WHITE
from damas.widget.texts import COLOR, TEXTS

#: What a program receives from :meth:`BoardWidget.on_move`: the move, its
#: text in the variant's notation, the FEN after it, and who played it
#: ("click" for a person on the board, "play" for a program, "computer" for
#: the widget's own computer opponent).
MoveEvent = namedtuple("MoveEvent", "move text fen by")


def _explain(board, attempt):
    """damas.rules.explain, with squares named in the variant's usual notation."""
    from damas.rules.explain import explain
    return explain(board, attempt, notation=board.variant.notation)


def _follows(path, route) -> bool:
    """True when the clicked ``route`` (start first) is the start of ``path``
    followed by some of its later squares, in order."""
    if not route or path[0] != route[0]:
        return False
    i = 1
    for square in route[1:]:
        while i < len(path) and path[i] != square:
            i += 1
        if i == len(path):
            return False
        i += 1
    return True


def _next_square(path, route):
    """The square of ``path`` after the last square matched by ``route``."""
    i = 0
    for square in route[1:]:
        i += 1
        while path[i] != square:
            i += 1
    return path[i + 1] if i + 1 < len(path) else None




class ClickMixin:
    """Play-mode click handling of the board widget (the state of the clicks)."""

    # -- play mode: the clicks ------------------------------------------------------------
    def _clear_selection(self):
        self._candidates = []   # legal moves still fitting the clicks
        self._route = []        # squares clicked, start first
        self._goal = 0          # a destination clicked that several routes reach
        self._highlight = []

    #: What a click on a finished board adds to the verdict shown (the board's owner may set its
    #: own: a lesson's task says how to start again).
    closed_note = ""

    def _closed_click(self):
        """A click on a board whose colours are all locked (a task done, a puzzle solved): the
        verdict stays in sight, as it was, with a note on how to go on (added once)."""
        note = self.closed_note or TEXTS["closed"]
        if not self.message.endswith(note):
            self.message = f"{self.message} {note}".strip()

    def _play_click(self, square):
        board = self.board
        self._highlight = []
        if set(self.locked) == {WHITE, BLACK}:
            self._closed_click()
            return
        if self._over():
            if self.exercise:
                self._say("exercise_over", kind="error")
            else:
                self._say("game_over", kind="error", score=self.result)
            return
        if board.turn in self.locked:
            self._say("locked", kind="error", color=COLOR[board.turn])
            return
        if not self._route:
            self._select(square)
            return
        start = self._route[0]
        piece = board.piece_at(square)
        on_a_path = any(square in m.path[1:] for m in self._candidates)
        if square == start and not on_a_path and len(self._route) == 1 and not self._goal:
            self._clear_selection()
            self._say("deselect", color=COLOR[board.turn])
            return
        if piece is not None and piece.color == board.turn and square != start and not on_a_path:
            self._clear_selection()
            self._select(square)
            return
        self._extend(square)

    def _movable(self, board):
        return sorted({m.start for m in board.legal_moves()})

    def _select(self, square):
        board = self.board
        piece = board.piece_at(square)
        color = COLOR[board.turn]
        if piece is None:
            self._highlight = self._movable(board)
            self._say("empty", kind="error", square=self._name(square), color=color)
            return
        if piece.color != board.turn:
            # the rules say why (3.3; moving an opponent's piece is 5.4.05)
            from damas.rules.explain import explain_piece
            why = explain_piece(board, square, notation=board.variant.notation)
            if why.article:
                self._show_explanation(why)
                if not self._highlight:
                    self._highlight = self._movable(board)
            else:
                self._highlight = self._movable(board)
                self._say("opponent", kind="error", piece=piece.name, color=color)
            return
        moves = [m for m in board.legal_moves() if m.start == square]
        if not moves:
            self._refuse_piece(square, piece)
            return
        self._route = [square]
        self._candidates = moves
        self._say("select", piece=piece.name.capitalize(), square=self._name(square))

    def _refuse_piece(self, square, piece):
        """A piece of the side to move that has no legal move: the rules say
        why (a capture elsewhere, a capture of too few pieces, blocked)."""
        from damas.rules.explain import explain_piece
        board = self.board
        self._highlight = self._movable(board)
        why = explain_piece(board, square, notation=board.variant.notation)
        if not why.legal and why.article:
            self._show_explanation(why)
            if set(self._highlight) <= {square}:
                self._highlight = self._movable(board)   # the pieces that can move instead
        elif board.has_captures():
            self._say("must_capture", kind="error", piece=piece.name, square=self._name(square))
        else:
            self._say("blocked", kind="error", piece=piece.name, square=self._name(square))
        self._refused()

    def _extend(self, square):
        board = self.board
        route = self._route + [square]
        fitting = [m for m in self._candidates if _follows(m.path, route)]
        if not fitting:
            if len(self._route) == 1 and not self._goal:
                why = _explain(board, (self._route[0], square))
                if why is not None:
                    self._show_explanation(why)
                else:
                    self._say("illegal", kind="error", start=self._name(self._route[0]),
                              end=self._name(square))
            else:
                self._say("off_route", kind="error", square=self._name(square))
            self._refused()
            return
        exact = [m for m in fitting if list(m.path) == route]
        if len(fitting) == 1 or len(exact) == 1:
            self._play((fitting if len(fitting) == 1 else exact)[0], by="click")
            return
        self._candidates = fitting
        if all(m.end == square for m in fitting) and not self._goal:
            self._goal = square          # the destination is known, not the route
        else:
            self._route = route
        self._say("ambiguous", n=len(fitting))

    def _show_explanation(self, why):
        """A refusal of damas.rules.explain: its message and article, and the
        squares the rule points to.  The widget adds no move of its own to
        it: a move chosen only to illustrate a rule (the first legal one)
        can be a bad move, so when the rule marks nothing, the pieces that
        may move are marked instead (neutral: no move is recommended).  ``refusal_words``, when
        the board has one, may say the refusal in other words: ``(why, board) -> text or None``."""
        words = self.refusal_words(why, self.board) if self.refusal_words is not None else None
        self._say_text(words or why.message, "error")
        self.article = why.article or ""
        self._highlight = sorted(set(why.highlight or ())) or self._movable(self.board)

    def _play(self, move, by):
        board = self.board
        text = board.move_text(move)
        color = COLOR[board.turn]
        self._game.push(move)
        self._clear_selection()
        event = MoveEvent(move, text, self._game.board.fen(), by)
        # A move is news, neither praise nor blame: the neutral "move" style.
        # The result, if any, is shown once, in the result box.
        self._say("played", kind="move", color=color, text=text)
        self._sync()
        for callback in list(self._callbacks):
            callback(event)
        if by != "computer":
            self._computer_turn()
        return move

