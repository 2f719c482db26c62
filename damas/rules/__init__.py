"""The rules layer: the position, its moves, notation, games and PDN. Pure Python; imports nothing above it."""
