"""The endgame database: every position of a small material, solved.

The tables are built by *retrograde analysis*: every position of a material
(both sides to move) is generated, its legal moves come from the package's
one move generator (:meth:`damas.rules.board.Board.legal_moves`), and the results
are propagated backwards from the positions where the side to move has lost
(no piece or no move, regra 7.2), ply by ply.  A position never reached by
that propagation is a draw.

``probe(board)`` returns ``(value, plies)``:

* ``value`` is +1 when the side to move wins, -1 when it loses, 0 for a draw;
* ``plies`` is the number of single moves (lances of either side) until the
  game ends, the winner ending it as fast as it can and the loser delaying as
  long as it can; it is 0 when the side to move has already lost and ``None``
  for a draw.

The values are those of the game *without* the draw limits of art. 6 (the
20 moves of the Brazilian 3 kings v 1, the limits of 6.3 and 6.4): the
:class:`damas.rules.game.Game` and the course apply those on top.

Coverage (:func:`covered`): on 8x8 every ending with up to 3 pieces (men and
kings) and every kings-only ending with 4 pieces; on 10x10 every kings-only
ending with up to 4 pieces.  Any other position is refused with
:class:`EndgameError`, and so is :func:`table` of any other material, at
once (unless ``allow_large=True``: such a table may take hours and gigabytes).

Tables and the cache
--------------------
A table is built the first time it is needed (with a tqdm progress bar when
tqdm is installed; ``DAMAS_ENDGAME_PROGRESS=0`` hides it) and saved in the
user's cache folder: ``$DAMAS_ENDGAME_CACHE`` if set, else
``$XDG_CACHE_HOME/damas/endgames``, else ``~/.cache/damas/endgames``.
``DAMAS_ENDGAME_CACHE=0`` (or ``off``, ``no``, ``false``) keeps the tables in
memory only.  Each file carries a format version, the variant, the material,
a fingerprint of the rules code and a SHA-256 checksum of its data; a file that
fails any check is ignored and rebuilt, never trusted.

Storage: one unsigned 16-bit code per index, ``0`` for a draw (or an index that
is not a position) and ``plies + 1`` otherwise; a win has an odd number of
plies, a loss an even one, so the code alone gives the value.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from array import array
from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import Any

from damas.rules.board import Board
from damas.rules.colors import BLACK, COLORS, OPPONENT, WHITE, Color
from damas.rules.files import clean_leftovers, read_file, write_file
from damas.rules.move import _PROMOTES  # the flag the generator puts on a crowning move
from damas.errors import DamasError
from damas.rules.args import BOARD, checked, described, flag, refuse, text, whole, whole_spec
from damas.rules.move import Move
from damas.rules.variants import Variant, get_variant

__all__ = ["EndgameError", "probe", "lookup", "best_moves", "covered", "materials", "material_of", "material_name",
           "table", "build", "move_values", "best_line", "cache_dir", "Table"]

FORMAT_VERSION = 1
ENV_CACHE = "DAMAS_ENDGAME_CACHE"
ENV_PROGRESS = "DAMAS_ENDGAME_PROGRESS"
_MAGIC = b"DAMASEGTB\n"
_OFF = ("0", "off", "no", "false", "none", "")
# The 8x8 tables the JupyterLite site's wheel carries as package data (lite/build.py puts them
# there): the browser's Python reads them from the package itself, with no request to the site.
SHIPPED_FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")


#: A material: (white men, white kings, black men, black kings).
Material = tuple[int, int, int, int]
#: What the database says of a position for the side to move: (value, plies), value +1 a win,
#: 0 a draw (plies None), -1 a loss.
Answer = tuple[int, "int | None"]


class EndgameError(DamasError):
    """A position the endgame database does not hold."""


# ---------------------------------------------------------------------------
# Materials
# ---------------------------------------------------------------------------
def material_of(board: Board) -> Material:
    """(white men, white kings, black men, black kings) of ``board``."""
    if not isinstance(board, Board):
        raise refuse("board", "um tabuleiro (Board)", board)
    w, b, k = board.white_bits, board.black_bits, board.king_bits
    return (bin(w & ~k).count("1"), bin(w & k).count("1"),
            bin(b & ~k).count("1"), bin(b & k).count("1"))


def _flip_material(mat: Material) -> Material:
    return (mat[2], mat[3], mat[0], mat[1])


def _canonical(mat: Material) -> tuple[Material, bool]:
    """The stored orientation of a material and whether it is the flipped one."""
    flipped = _flip_material(mat)
    return (mat, False) if mat >= flipped else (flipped, True)


def _material(mat: object) -> Material:
    """``mat`` as a tuple of four counts of pieces, or EndgameError."""
    if isinstance(mat, (list, tuple)) and len(mat) == 4 and \
            all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 50 for x in mat):
        wm, wk, bm, bk = mat
        return (wm, wk, bm, bk)
    raise EndgameError(f"Material inválido: {described(mat)}; dê quatro números (pedras brancas, damas brancas, "
                       "pedras pretas, damas pretas), como (0, 2, 0, 1).")


def material_name(mat: Material | Sequence[int]) -> str:
    """'KKKvK' (3 kings v 1), 'KMvK' (king and man v king): white's pieces,
    'v', black's pieces; K a king, M a man."""
    wm, wk, bm, bk = _material(mat)
    return "K" * wk + "M" * wm + "v" + "K" * bk + "M" * bm


@checked()
def side_words(men: int, kings: int, nothing: str = "nenhuma peça") -> str:
    """One side's material in Portuguese: '2 damas e 1 pedra' (``nothing``
    when the side has no piece)."""
    whole(men, "men", 0, 100)
    whole(kings, "kings", 0, 100)
    text(nothing, "nothing")
    parts = []
    if kings:
        parts.append(f"{kings} dama" + ("s" if kings > 1 else ""))
    if men:
        parts.append(f"{men} pedra" + ("s" if men > 1 else ""))
    return " e ".join(parts) if parts else nothing


def _describe(mat: Material) -> str:
    """Portuguese description of a material: '3 damas (brancas) contra 1 dama (pretas)'."""
    return f"{side_words(mat[0], mat[1])} (brancas) contra {side_words(mat[2], mat[3])} (pretas)"


def materials(variant: Variant | str = "brazilian") -> list[Material]:
    """The materials the database covers, canonical orientation, smallest first."""
    v = get_variant(variant)
    out: list[Material] = []
    for wm, wk, bm, bk in product(range(4), repeat=4):
        mat = (wm, wk, bm, bk)
        if _canonical(mat)[0] == mat and covered(v, mat):
            out.append(mat)
    out.sort(key=lambda m: (sum(m), m[0] + m[2], m))
    return out


def covered(variant: Variant | str, mat: Material | Sequence[int]) -> bool:
    """True when the database holds ``mat`` (either orientation) in ``variant``."""
    v = get_variant(variant)
    wm, wk, bm, bk = _material(mat)
    if wm + wk == 0 or bm + bk == 0:
        return False
    n = wm + wk + bm + bk
    kings_only = wm == 0 and bm == 0
    if v.size == 8:
        return n <= 3 or (n == 4 and kings_only)
    return n <= 4 and kings_only


# ---------------------------------------------------------------------------
# Indexing: each group of like pieces (white men, white kings, black men,
# black kings) is a combination of squares; a position's index mixes the
# groups' ranks and the side to move.  Indices whose groups overlap are not
# positions and stay 0.
# ---------------------------------------------------------------------------
class _Group:
    __slots__ = ("color", "king", "count", "masks", "rank", "mult")

    def __init__(self, variant: Variant, color: Color, king: bool, count: int) -> None:
        t = variant.tables
        promo = variant.promotion_row(color)
        squares = [s for s in variant.square_range if king or t.rc[s][0] != promo]
        self.color: Color = color
        self.king = king
        self.count = count
        self.masks: list[int] = [sum(t.mask[s] for s in c) for c in combinations(squares, count)]
        self.rank: dict[int, int] = {m: i for i, m in enumerate(self.masks)}
        self.mult = 0


class _Layout:
    def __init__(self, variant: Variant, mat: Material) -> None:
        self.variant = variant
        self.material = mat
        wm, wk, bm, bk = mat
        kinds: tuple[tuple[Color, bool, int], ...] = (
            (WHITE, False, wm), (WHITE, True, wk), (BLACK, False, bm), (BLACK, True, bk))
        self.groups = [_Group(variant, c, king, n) for c, king, n in kinds if n]
        mult = 2
        for g in self.groups:
            g.mult = mult
            mult *= len(g.masks)
        self.size = mult

    def index(self, w: int, b: int, k: int, turn: Color) -> int:
        i = 0 if turn == WHITE else 1
        for g in self.groups:
            own = w if g.color == WHITE else b
            i += g.mult * g.rank[own & k if g.king else own & ~k]
        return i


# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------
class Table:
    """One solved material: ``codes[index]`` (0 draw, else plies + 1) and
    the figures of the build (``positions``, ``wins``, ``losses``,
    ``draws``, ``max_plies``, ``seconds``)."""

    def __init__(self, variant: Variant | str, mat: Material | Sequence[int], codes: Sequence[int],
                 info: dict[str, Any]) -> None:
        variant = get_variant(variant)
        mat = _material(mat)
        if isinstance(codes, (str, dict)) or not hasattr(codes, "__getitem__") or not hasattr(codes, "__len__"):
            raise refuse("codes", "a lista dos códigos das posições (um bytearray)", codes)
        if not isinstance(info, dict):
            raise refuse("info", "um dicionário com os números da construção", info)
        self.variant: Variant = variant
        self.material: Material = mat
        self.layout = _Layout(variant, mat)
        self.codes: Sequence[int] = codes
        self.info: dict[str, Any] = dict(info)

    @property
    def name(self) -> str:
        return material_name(self.material)

    def __getattr__(self, name: str) -> Any:
        info = self.__dict__.get("info", {})
        if name in info:
            return info[name]
        raise AttributeError(name)

    def items(self) -> Iterator[tuple[Board, int, int | None]]:
        """(board, value, plies) for every position of the table (a new
        Board each time), in index order."""
        v = self.variant
        groups = self.layout.groups
        total = sum(self.material)
        codes = self.codes
        for combo in product(*[g.masks for g in reversed(groups)]):
            occ = 0
            for m in combo:
                occ |= m
            if bin(occ).count("1") != total:
                continue
            gm = combo[::-1]
            w = b = k = 0
            base = 0
            for g, m in zip(groups, gm):
                if g.color == WHITE:
                    w |= m
                else:
                    b |= m
                if g.king:
                    k |= m
                base += g.mult * g.rank[m]
            for turn, i in zip(COLORS, (base, base + 1)):
                value, plies = _decode(codes[i])
                yield _board(v, w, b, k, turn), value, plies

    def __repr__(self) -> str:
        return (f"<Table {self.variant.name} {self.name}: {self.info.get('positions')} posições, "
                f"{self.info.get('wins')} vitórias, {self.info.get('losses')} derrotas, "
                f"{self.info.get('draws')} empates>")


_TABLES: dict[tuple[str, Material], Table] = {}
_FLIP: dict[str, dict[int, int]] = {}


def _flip_bits(variant: Variant, x: int) -> int:
    m = _FLIP.get(variant.name)
    if m is None:
        t = variant.tables
        n = variant.squares
        m = {t.bit[s]: t.mask[n + 1 - s] for s in variant.square_range}
        _FLIP[variant.name] = m
    out = 0
    while x:
        low = x & -x
        out |= m[low.bit_length() - 1]
        x ^= low
    return out


def _flip(variant: Variant, w: int, b: int, k: int, turn: Color) -> tuple[int, int, int, Color]:
    """The same position seen from the other side: board turned 180 degrees,
    colours swapped."""
    return (_flip_bits(variant, b), _flip_bits(variant, w), _flip_bits(variant, k),
            OPPONENT[turn])


def _code(variant: Variant, w: int, b: int, k: int, turn: Color, progress: bool | None = None) -> int:
    """The stored code (0 draw, else plies + 1) of any position whose table
    can be built; the side to move without pieces has lost (code 1)."""
    own, opp = (w, b) if turn == WHITE else (b, w)
    if not own:
        return 1
    if not opp:
        raise EndgameError("A partida já terminou: o lado que acabou de jogar não tem mais peças "
                           "adversárias para enfrentar (regra 7.2).")
    mat = (bin(w & ~k).count("1"), bin(w & k).count("1"), bin(b & ~k).count("1"), bin(b & k).count("1"))
    canon, flipped = _canonical(mat)
    # allow_large: a sub-ending of a table being built, or a position probe() already checked
    tb = _TABLES.get((variant.name, canon)) or table(variant, canon, progress=progress, allow_large=True)
    if flipped:
        w, b, k, turn = _flip(variant, w, b, k, turn)
    return tb.codes[tb.layout.index(w, b, k, turn)]


def _board(variant: Variant, w: int, b: int, k: int, turn: Color) -> Board:
    return Board.from_bitboards(w, b, k, turn, variant, check=False)


def _decode(code: int) -> Answer:
    if code == 0:
        return 0, None
    plies = code - 1
    return (1 if plies % 2 else -1), plies


def probe(board: Board, progress: bool | None = None) -> Answer:
    """(value, plies) of ``board`` for the side to move (see the module's
    docstring); refuses a position outside the database with EndgameError.
    A table not built yet is built now (``progress``: show a bar; by
    default when tqdm is installed and DAMAS_ENDGAME_PROGRESS is not 0)."""
    if not isinstance(board, Board):
        raise EndgameError(f"probe espera um tabuleiro (damas.Board), não {described(board)}.")
    if progress is not None:
        flag(progress, "progress")
    v = board.variant
    w, b, k, turn = board.bitboards
    own, opp = (w, b) if turn == WHITE else (b, w)
    if not own:
        return -1, 0
    mat = material_of(board)
    if not opp or not covered(v, mat):
        raise EndgameError(
            f"Posição fora da base de finais: {_describe(mat)} nas {v.title.lower()}. "
            f"A base cobre {_coverage_text(v)}.")
    return _decode(_code(v, w, b, k, turn, progress))


def lookup(board: Board, max_pieces: int | None = None, progress: bool = False) -> Answer | None:
    """(value, plies) like :func:`probe`, or None when the position is not
    in the database or has more than ``max_pieces`` pieces (no error): the
    engine's question."""
    if not isinstance(board, Board):
        raise refuse("board", "um tabuleiro (Board)", board)
    if max_pieces is not None:
        whole(max_pieces, "max_pieces", 0, 50)
    v = board.variant
    w, b, k, turn = board.bitboards
    n = (w | b).bit_count()
    if n > 4 or (max_pieces is not None and n > max_pieces):
        return None
    own, opp = (w, b) if turn == WHITE else (b, w)
    if not own:
        return -1, 0
    if not opp or not covered(v, material_of(board)):
        return None
    return _decode(_code(v, w, b, k, turn, progress))


def _coverage_text(v: Variant) -> str:
    if v.size == 8:
        return "todos os finais de até 3 peças (pedras e damas) e os finais só de damas com 4 peças"
    return "os finais só de damas com até 4 peças (uma de cada lado, no mínimo)"


@checked(board=BOARD)
def move_values(board: Board, progress: bool | None = None) -> list[tuple[Move, int, int | None]]:
    """[(move, value, plies)] for every legal move of ``board``, seen from
    the side that moves: value +1 the move keeps (or reaches) a win, 0 a
    draw, -1 a loss; plies counted from ``board`` (the move included)."""
    probe(board, progress)  # refuses a position outside the database
    v = board.variant
    out: list[tuple[Move, int, int | None]] = []
    for m in board.legal_moves():
        board.push(m)
        try:
            code = _code(v, *board.bitboards, progress)
        finally:
            board.pop()
        value, plies = _decode(code)
        out.append((m, -value, None if plies is None else plies + 1))
    return out


@checked(board=BOARD)
def best_moves(board: Board) -> list[Move]:
    """The moves that keep the value of ``board`` and end the game as fast
    (when winning) or as late (when losing) as possible, in the generator's
    order; every move keeping the draw when it is a draw."""
    value, plies = probe(board)
    vals = move_values(board)
    if value == 0:
        return [m for m, val, _ in vals if val == 0]
    return [m for m, val, p in vals if val == value and p == plies]


@checked(board=BOARD, max_plies=whole_spec(0, 10 ** 5))
def best_line(board: Board, max_plies: int = 400) -> list[Move]:
    """The line of best play from ``board`` (the first of the best moves at
    each step): to the end of the game for a won or lost position; for a
    draw, ``max_plies`` moves that keep the draw."""
    b = board.copy(stack=False)
    line: list[Move] = []
    while len(line) < max_plies and b.legal_moves():
        moves = best_moves(b)
        if not moves:
            break
        b.push(moves[0])
        line.append(moves[0])
    return line


# ---------------------------------------------------------------------------
# The cache
# ---------------------------------------------------------------------------
def cache_dir() -> str | None:
    """The folder where tables are saved, or None when the cache is off."""
    env = os.environ.get(ENV_CACHE)
    if env is not None:
        if env.strip().lower() in _OFF:
            return None
        return os.path.expanduser(env)
    if sys.platform == "emscripten":
        # JupyterLite: the tables inside the site's wheel (SHIPPED_FOLDER), so that no file of the
        # site is needed (a school server on plain HTTP gives the page no service worker, hence no
        # drive); a table built in the browser is kept there until the page is reloaded.
        return SHIPPED_FOLDER
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
            base = os.environ["LOCALAPPDATA"]
        else:
            base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "damas", "endgames")


_RULES: str | None = None


def _rules_fingerprint() -> str:
    """SHA-256 of the rules code (board.py, variants.py) and of the format
    version: a table built by other rules is never trusted.  FORMAT_VERSION
    goes up whenever the way tables are built or stored changes."""
    global _RULES
    if _RULES is None:
        h = hashlib.sha256(f"format {FORMAT_VERSION}".encode())
        from damas.rules import board, variants
        for module in (board, variants):
            with open(str(module.__file__), "rb") as f:
                h.update(f.read())
        _RULES = h.hexdigest()
    return _RULES


def _path(variant: Variant, mat: Material) -> str | None:
    folder = cache_dir()
    if folder is None:
        return None
    return os.path.join(folder, f"{variant.name}-{material_name(mat)}.egtb")


def _load(variant: Variant, mat: Material, size: int) -> tuple[array[int], dict[str, Any]] | None:
    path = _path(variant, mat)
    if path is None or not os.path.lexists(path):
        return None
    try:
        # Only a regular file is opened, without waiting: a FIFO named like a table would block.
        data = read_file(path, len(_MAGIC) + 1_000_000 + 2 * size)
        if not data.startswith(_MAGIC):
            return None
        rest = data[len(_MAGIC):]
        line, _, payload = rest.partition(b"\n")
        header = json.loads(line.decode("utf-8"))
        if (header.get("format") != FORMAT_VERSION or header.get("variant") != variant.name
                or tuple(header.get("material", ())) != tuple(mat) or header.get("size") != size
                or header.get("rules") != _rules_fingerprint()
                or len(payload) != 2 * size
                or hashlib.sha256(payload).hexdigest() != header.get("sha256")):
            return None
        codes = array("H")
        codes.frombytes(payload)
        if sys.byteorder != "little":
            codes.byteswap()
        return codes, header.get("info", {})
    except (OSError, ValueError, UnicodeDecodeError, AttributeError, TypeError, RecursionError):
        return None  # any damage (even a header nested too deep to parse): rebuilt, never trusted


def _save(variant: Variant, mat: Material, codes: Sequence[int], info: dict[str, Any]) -> None:
    path = _path(variant, mat)
    if path is None:
        return
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        out = array("H", codes)
        if sys.byteorder != "little":
            out.byteswap()
        payload = out.tobytes()
        header = {"format": FORMAT_VERSION, "variant": variant.name, "material": list(mat),
                  "size": len(codes), "rules": _rules_fingerprint(),
                  "sha256": hashlib.sha256(payload).hexdigest(), "info": info}
        clean_leftovers(path)            # what a build killed while saving left beside it
        write_file(path, _MAGIC + json.dumps(header, sort_keys=True).encode("utf-8") + b"\n" + payload)
    except OSError:
        pass  # a cache that cannot be written is only slower (a full disk, a pipe in its place)


# ---------------------------------------------------------------------------
# Building
# ---------------------------------------------------------------------------
def _progress_wanted(progress: bool | None) -> bool:
    if progress is not None:
        return progress
    return os.environ.get(ENV_PROGRESS, "1").strip().lower() not in _OFF


class _Bar:
    """A tqdm bar when tqdm is installed and wanted; otherwise nothing."""

    def __init__(self, total: int, desc: str, enabled: bool) -> None:
        self.bar: Any = None
        if enabled:
            try:
                from tqdm.auto import tqdm
            except ImportError:
                pass
            else:
                self.bar = tqdm(total=total, desc=desc, unit="pos", leave=False)

    def update(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def table(variant: Variant | str, mat: Material | Sequence[int], progress: bool | None = None,
          rebuild: bool = False, allow_large: bool = False) -> Table:
    """The solved table of material ``mat`` (white men, white kings, black
    men, black kings) in ``variant``: from memory, from the cache, or built
    now (with its sub-endings).

    A material outside the coverage (:func:`covered`) is refused at once with
    :class:`EndgameError`: its table could take hours and gigabytes (4 men
    against 4 on 8x8 asks for about 1.6 GB).  ``allow_large=True`` builds it
    anyway."""
    v = get_variant(variant)
    mat = _material(mat)
    if progress is not None:
        flag(progress, "progress")
    flag(rebuild, "rebuild")
    if mat[0] + mat[1] == 0 or mat[2] + mat[3] == 0:
        raise EndgameError(f"Material inválido: {mat!r}; dê (pedras brancas, damas brancas, pedras pretas, "
                           "damas pretas), com ao menos uma peça de cada lado.")
    if not allow_large and not covered(v, mat):
        raise EndgameError(
            f"{_describe(mat).capitalize()} fica fora da base de finais das {v.title.lower()}, que cobre "
            f"{_coverage_text(v)}. Construir essa tabela pode levar horas e gigabytes de memória; "
            "para construí-la assim mesmo, use allow_large=True.")
    key = (v.name, mat)
    if not rebuild and key in _TABLES:
        return _TABLES[key]
    layout = _Layout(v, mat)
    loaded = None if rebuild else _load(v, mat, layout.size)
    codes: Sequence[int]
    if loaded is not None:
        codes, info = loaded
    else:
        codes, info = _build(v, mat, layout, _progress_wanted(progress))
        _save(v, mat, codes, info)
    tb = Table(v, mat, codes, info)
    _TABLES[key] = tb
    return tb


def build(variant: Variant | str = "brazilian", progress: bool | None = None) -> list[Table]:
    """Build (or load) every table the database covers in ``variant``;
    returns the tables, smallest first."""
    v = get_variant(variant)
    return [table(v, mat, progress=progress) for mat in materials(v)]


def _build(v: Variant, mat: Material, layout: _Layout, progress: bool) -> tuple[array[int], dict[str, Any]]:
    t0 = time.perf_counter()
    t = v.tables
    mask = t.mask
    size = layout.size
    groups = layout.groups
    total_count = sum(mat)
    codes = array("H", bytes(2 * size))
    counter = [0] * size
    exit_max: dict[int, int] = {}
    buckets: dict[int, list[int]] = {}
    valid = 0

    def schedule(level: int, p: int) -> None:
        lst = buckets.get(level)
        if lst is None:
            buckets[level] = [p]
        else:
            lst.append(p)

    # Sub-endings first, so that exits can be read while generating.
    board = Board.from_bitboards(0, 0, 0, WHITE, v, check=False)
    legal = board.legal_moves
    ngroups = len(groups)
    # the mover's groups: (index of its men group, of its kings group) per side
    side_groups: dict[Color, tuple[int | None, int | None]] = {}
    for color in COLORS:
        side_groups[color] = (
            next((i for i, g in enumerate(groups) if g.color == color and not g.king), None),
            next((i for i, g in enumerate(groups) if g.color == color and g.king), None))
    ranks = [g.rank for g in groups]
    mults = [g.mult for g in groups]
    preds: list[list[int]] = [[] for _ in range(size)]
    bar = _Bar(size // 2, f"Final {material_name(mat)} ({v.name})", progress)
    seen = 0
    big = 1 << 30
    for combo in product(*[g.masks for g in reversed(groups)]):
        seen += 1
        if seen & 4095 == 0:
            bar.update(4096)
        occ = 0
        for m in combo:
            occ |= m
        if bin(occ).count("1") != total_count:
            continue
        gm = combo[::-1]  # masks in group order
        w = b = k = 0
        base = 0
        for i in range(ngroups):
            g = groups[i]
            m = gm[i]
            if g.color == WHITE:
                w |= m
            else:
                b |= m
            if g.king:
                k |= m
            base += mults[i] * ranks[i][m]
        for turn in COLORS:
            p = base + (0 if turn == WHITE else 1)
            valid += 1
            board.set_bitboards(w, b, k, turn, check=False)
            moves = legal()
            if not moves:
                schedule(0, p)
                continue
            nxt = OPPONENT[turn]
            sturn = 1 if turn == WHITE else 0  # the turn part of a successor's index
            mi, ki = side_groups[turn]
            if ki is not None:
                krank, kmult, kold = ranks[ki], mults[ki], gm[ki]
                kbase = base - kmult * krank[kold] + sturn
            if mi is not None:
                mrank, mmult, mold = ranks[mi], mults[mi], gm[mi]
                mbase = base - mmult * mrank[mold] + sturn
            n_in = 0
            best_win = None
            emax = -1
            draw_exit = False
            for mv in moves:
                f = mask[mv.start]
                to = mask[mv.end]
                c = mv._cmask
                flags = mv._flags
                if not c and not flags & _PROMOTES:
                    if k & f:
                        preds[kbase + kmult * krank[kold ^ f | to]].append(p)
                    else:
                        preds[mbase + mmult * mrank[mold ^ f | to]].append(p)
                    n_in += 1
                    continue
                # a capture or a crowning: another material (or the end)
                k2 = k & ~c
                if turn == WHITE:
                    w2, b2 = (w ^ f) | to, b & ~c
                else:
                    w2, b2 = w & ~c, (b ^ f) | to
                if k2 & f:
                    k2 = (k2 ^ f) | to
                elif flags & _PROMOTES:
                    k2 |= to
                code = _code(v, w2, b2, k2, nxt, progress)
                if code == 0:
                    draw_exit = True
                elif code % 2:  # the opponent loses in code - 1 plies
                    if best_win is None or code < best_win:
                        best_win = code
                else:
                    if code - 1 > emax:
                        emax = code - 1
            if best_win is not None:
                schedule(best_win, p)  # plies = (code - 1) + 1
            if n_in:
                # a draw or a win among the exits: this position can never be lost
                counter[p] = n_in + (big if draw_exit or best_win is not None else 0)
                if emax >= 0:
                    exit_max[p] = emax
            elif best_win is None and not draw_exit:
                schedule(emax + 1, p)
    bar.update(seen % 4096)
    bar.close()
    t1 = time.perf_counter()

    level = 0
    while buckets:
        items = buckets.pop(level, None)
        if items:
            newly = []
            code = level + 1
            for p in items:
                if not codes[p]:
                    codes[p] = code
                    newly.append(p)
            if level % 2 == 0:  # losses: every predecessor wins one ply later
                nl = level + 1
                for p in newly:
                    lst = preds[p]
                    if lst:
                        for q in lst:
                            if not codes[q]:
                                schedule(nl, q)
            else:  # wins: a predecessor whose moves all lead to wins loses
                for p in newly:
                    lst = preds[p]
                    if lst:
                        for q in lst:
                            if not codes[q]:
                                n = counter[q] - 1
                                counter[q] = n
                                if n == 0:
                                    e = exit_max.get(q, -1)
                                    schedule((e if e > level else level) + 1, q)
        level += 1
    wins = losses = 0
    max_plies = 0
    for c in codes:
        if c:
            if c % 2:
                losses += 1
            else:
                wins += 1
            if c - 1 > max_plies:
                max_plies = c - 1
    t2 = time.perf_counter()
    info = {"positions": valid, "wins": wins, "losses": losses, "draws": valid - wins - losses,
            "max_plies": max_plies, "seconds": round(t2 - t0, 3),
            "generate_seconds": round(t1 - t0, 3)}
    return codes, info
