"""The rules layer: the position, its moves, notation, games and PDN. Pure Python; imports nothing above it."""

# The explanation of refused moves registers itself (see damas.rules.refusals).
from damas.rules import explain as _explain  # noqa: E402,F401
