"""Errors raised by the rules package.  Every message is in Portuguese,
since students and teachers read them."""

__all__ = ["DamasError", "FenError", "IllegalMoveError", "NotationError", "AmbiguousMoveError"]


class DamasError(ValueError):
    """Base class of every error of the package."""


class FenError(DamasError):
    """A position given as FEN text could not be read."""


class NotationError(DamasError):
    """A move written as text could not be read."""


class IllegalMoveError(DamasError):
    """A move that is not legal in the current position."""


class AmbiguousMoveError(NotationError):
    """A move text that fits several legal moves; ``candidates`` lists them."""

    def __init__(self, message, candidates=()):
        super().__init__(message)
        self.candidates = list(candidates)
