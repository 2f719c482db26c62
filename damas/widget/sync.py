"""State syncing of the board widget: copy the game and the clicks into the synced traits.

A mixin of :class:`damas.widget.board.BoardWidget`; the page draws exactly these traits.
"""

from damas.rules.args import COLOR as _SIDE, TEXTS as _TEXT_LIST, checked, flag_spec
from damas.rules.board import BLACK, WHITE
from damas.widget.clicks import _next_square
from damas.widget.setup import SETUP
from damas.widget.texts import COLOR, LABELS, PIECE_WORDS, TEXTS


@checked(texts=_TEXT_LIST, first_turn=_SIDE, one_side=flag_spec())
def sheet_rows(texts, first_turn, one_side=False) -> list:
    """The rows of the score sheet (regra 8): ``["1.", white, black]`` (``"…"`` in White's
    place when Black began), or, when one side plays alone (a lesson's task), one move a row:
    ``["1.", move]``.

    >>> sheet_rows(["c3-d4", "f6-g5", "g3-h4"], "W")
    [['1.', 'c3-d4', 'f6-g5'], ['2.', 'g3-h4', '']]
    >>> sheet_rows(["c5-d6", "d6-e7"], "W", one_side=True)
    [['1.', 'c5-d6'], ['2.', 'd6-e7']]
    """
    if one_side:
        return [[f"{i}.", text] for i, text in enumerate(texts, 1)]
    cells = (["…"] if first_turn == BLACK else []) + list(texts)
    return [[f"{i // 2 + 1}.", cells[i], cells[i + 1] if i + 1 < len(cells) else ""]
            for i in range(0, len(cells), 2)]


class SyncMixin:
    """The trait-syncing methods of the board widget."""

    def _texts(self):
        """Texts of the moves of the game (cached: usually only the last is new)."""
        texts = getattr(self._game, "texts", None)   # a SoloGame writes its own
        if texts is not None:
            return texts
        moves = list(self._game.moves)
        notation = self.notation or None
        if notation == "algebraic" and self._start.variant.size != 8:
            notation = None                         # 100 squares: only the numbers
        cached_moves, cached_texts = self._text_cache
        same = 0
        while same < min(len(moves), len(cached_moves)) and moves[same] == cached_moves[same] \
                and moves[same].path == cached_moves[same].path:
            same += 1
        if same == len(moves) == len(cached_moves):
            return cached_texts
        board = self._start.copy(stack=False)
        for move in moves[:same]:
            board.push(move)
        texts = list(cached_texts[:same])
        for move in moves[same:]:
            texts.append(board.move_text(move, notation))
            board.push(move)
        self._text_cache = (moves, texts)
        return texts

    def _sync(self):
        """Copy the state of the game and the clicks into the synced traits."""
        board = self.board
        variant = board.variant
        with self.hold_sync():
            if self.variant != variant.name or not self.layout_squares:
                self.variant = variant.name
                self.title = variant.title
                self.size = variant.size
                self.layout_squares = [
                    [sq, *variant.square_to_rc(sq), variant.square_name(sq)] for sq in variant.square_range
                ]
            pieces = [""] * variant.squares
            for square, piece in board.pieces().items():
                pieces[square - 1] = piece.symbol()
            self.pieces = pieces
            self.fen = board.fen()
            self.turn = board.turn
            if self.mode == SETUP:
                self.selected = 0
                self.route = []
                self.targets = []
                self.choices = []
                self.moves = []
                self.sheet = []
                self.last_path = []
                self.last_captured = []
                self.last_move = ""
                self.result = self.result_reason = self.result_article = ""
                self.can_undo = self.can_redo = False
                self.highlights = []
                self.arrows = []
                self.actions = []
                self.status = TEXTS["to_move"].format(color=COLOR[board.turn])
                self.banner = ""
                self.square_labels = self._square_labels(board)
                self._draw()
                return
            self.selected = self._route[0] if self._route else 0
            self.route = list(self._route)
            if self._candidates:
                if len(self._route) > 1 or self._goal:   # ambiguous: show the routes
                    self.targets = sorted({s for m in self._candidates
                                           if (s := _next_square(m.path, self._route)) is not None})
                    names = self._namer()
                    self.choices = [
                        {"text": m.text(full=True, names=names), "path": list(m.path),
                         "captured": list(m.captured)}
                        for m in self._candidates
                    ]
                else:
                    self.targets = sorted({m.end for m in self._candidates})
                    self.choices = []
            else:
                self.targets = []
                self.choices = []
            self.highlights = list(self._highlight)
            texts = self._texts()
            self.moves = list(texts)
            self.first_turn = self._start.turn
            self.sheet = sheet_rows(texts, self._start.turn, one_side=self._solo is not None)
            moves = self._game.moves
            last = moves[-1] if moves else None
            self.last_path = list(last.path) if last else []
            self.last_captured = list(last.captured) if last else []
            self.last_move = texts[-1] if texts else ""
            result = self._game.result()
            score = getattr(result, "score", None) if result is not None else None
            self.result = score or ""
            self.result_reason = (getattr(result, "reason", "") or "") if score else ""
            self.result_article = (getattr(result, "article", "") or "") if score else ""
            # Against the computer that opens the game, its first move alone
            # is not taken back (it would only be played again).
            self.can_undo = bool(moves) and not (
                self._computer is not None and len(moves) == 1 and self._start.turn == self._computer[0])
            self.can_redo = self._can_redo()
            if score:
                self.status = TEXTS["over"]
            else:
                self.status = TEXTS["turn"].format(color=COLOR[board.turn])
            self.banner = self._banner(result if score else None, board)
            self.arrows = [dict(a) for a in self._arrows]
            self.actions = self._offered_actions(bool(score))
            self.square_labels = self._square_labels(board)
            self._draw()

    def _banner(self, result, board) -> str:
        """The big line of a two-player game: whose turn it is, or who won («Empate!»)."""
        if not self.two_players:
            return ""
        if result is None:
            return TEXTS["big_turn"].format(color=COLOR[board.turn])
        winner = getattr(result, "winner", None)
        return TEXTS["big_win"].format(color=COLOR[winner]) if winner else TEXTS["big_draw"]

    def _draw(self):
        """The ``svg`` trait: the picture of :func:`damas.display.svg.live_board_svg`
        with the marks of the synced traits (the page only places it)."""
        from damas.display.svg import LiveMarks, live_board_svg, piece_icon_svg
        marks = LiveMarks(selected=self.selected, route=tuple(self.route), targets=tuple(self.targets),
                          highlights=tuple(self.highlights), last_path=tuple(self.last_path),
                          last_captured=tuple(self.last_captured),
                          arrows=tuple(dict(a) for a in self.arrows))
        self.svg = live_board_svg(self.board, marks, flipped=self.flipped,
                                  coordinates=self._coordinates(), colors=self.colors)
        icons = {s: piece_icon_svg(s, self.colors) for s in ("w", "W", "b", "B")}
        if icons != self.piece_icons:
            self.piece_icons = icons

    def _coordinates(self):
        """The coordinates of the picture: letters around an 8x8 board, and
        the square numbers inside when ``show_numbers``."""
        letters = self.board.variant.size == 8
        if self.show_numbers:
            return "both" if letters else "numbers"
        return "algebraic" if letters else None

    def _on_look(self, change):
        if self.layout_squares:      # drawn once the game is there
            self._draw()

    def _offered_actions(self, over) -> list:
        """The end-of-exercise buttons: shown when an exercise is over (a
        result, or every colour locked: the task was solved or its solution
        shown)."""
        if not self.exercise:
            return []
        if not (over or set(self.locked) == {WHITE, BLACK}):
            return []
        return ["retry"] + (["next"] if "next" in self._action_callbacks else [])

    def _square_labels(self, board) -> list:
        """What a screen reader says of each square: its name, what stands
        on it, and its state ("c3, pedra branca, selecionada")."""
        variant = board.variant
        pieces = board.pieces()
        targets = set(self.targets)
        highlights = set(self.highlights)
        last = set(self.last_path) | set(self.last_captured)
        out = []
        for square in variant.square_range:
            name = variant.square_name(square) if variant.notation == "algebraic" else str(square)
            piece = pieces.get(square)
            words = [name, PIECE_WORDS[piece.symbol()] if piece is not None else LABELS["empty_square"]]
            if square == self.selected:
                words.append(LABELS["selected"])
            if square in targets:
                words.append(LABELS["target"])
            if square in highlights:
                words.append(LABELS["marked"])
            if square in last:
                words.append(LABELS["last_move"])
            out.append(", ".join(words))
        return out

    def _namer(self):
        variant = self.board.variant
        if variant.notation == "algebraic":
            return variant.square_name
        return str
