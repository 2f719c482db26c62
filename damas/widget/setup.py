"""The two modes of the board widget: play ("jogo") and setup ("montagem").

Setup mode's methods (place and remove pieces, choose the side to move) are methods of
:class:`damas.widget.board.BoardWidget`.
"""

PLAY = "jogo"
SETUP = "montagem"
MODES = (PLAY, SETUP)
