"""Command line of the package.

``python -m damas perft --variant brazilian --depth 7 [--divide] [--fen FEN]``
    counts the move tree (perft).
``python -m damas fichas puzzles/golpes-classicos.pdn -o golpes.pdf [--por-pagina 6] [--titulo T]``
    prints a PDN collection of puzzles as an A4 worksheet (diagrams, then the answer key).
"""

import argparse
import sys
import time

from . import Board, perft, perft_divide
from .notation import line_texts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m damas", description="Ferramentas do pacote damas.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="conta os lances até uma profundidade (perft)")
    p.add_argument("--variant", default="brazilian", help="brazilian (8x8) ou international (10x10)")
    p.add_argument("--depth", type=int, default=5)
    p.add_argument("--fen", default=None, help="posição inicial em FEN (padrão: a posição de início)")
    p.add_argument("--divide", action="store_true", help="mostra a contagem abaixo de cada lance")
    f = sub.add_parser("fichas", help="imprime uma coleção de problemas (PDN) como ficha em PDF")
    f.add_argument("colecao", help="arquivo PDN de problemas, como puzzles/golpes-classicos.pdn")
    f.add_argument("-o", "--saida", required=True, help="arquivo PDF a escrever")
    f.add_argument("--por-pagina", type=int, default=6, help="diagramas por página (1 a 12)")
    f.add_argument("--titulo", default=None, help="título da ficha (padrão: o nome do arquivo)")
    args = parser.parse_args(argv)
    if args.command == "fichas":
        return _worksheet(args)
    if args.command == "perft":
        board = Board(args.fen, variant=args.variant) if args.fen else Board(args.variant)
        start = time.perf_counter()
        if args.divide:
            parts = perft_divide(board, args.depth)
            for text, n in parts.items():
                print(f"{text}: {n}")
            total = sum(parts.values())
        else:
            total = perft(board, args.depth)
        seconds = time.perf_counter() - start
        print(f"perft({args.depth}) = {total}")
        print(f"{seconds:.2f} s, {total / seconds if seconds else 0:,.0f} nós/s", file=sys.stderr)
    return 0


class _Sheet:
    """A puzzle seen by damas.plot.worksheet: board, title, goal, solution."""

    def __init__(self, puzzle):
        self.board = puzzle.board()
        self.title = puzzle.title
        if puzzle.goal == "capture":
            # every capture the majority law allows is an answer (4.13, 4.14)
            self.goal = "e fazem a tomada obrigatória"
            self.solution = " ou ".join(self.board.move_text(m) for m in self.board.legal_moves())
        else:
            self.goal = puzzle.task()
            self.solution = " ".join(line_texts(self.board, puzzle.solution_moves()))


def _worksheet(args) -> int:
    from pathlib import Path

    from .errors import DamasError
    from .plot import worksheet
    from .puzzles import load_collection

    if not Path(args.colecao).is_file():
        print(f"Não foi possível fazer a ficha: o arquivo {args.colecao!r} não existe.", file=sys.stderr)
        return 1
    try:
        puzzles = load_collection(args.colecao)
        title = args.titulo or Path(args.colecao).stem.replace("-", " ").capitalize()
        pages = worksheet([_Sheet(p) for p in puzzles], args.saida, per_page=args.por_pagina, title=title)
    except (OSError, DamasError, ValueError) as err:
        print(f"Não foi possível fazer a ficha: {err}", file=sys.stderr)
        return 1
    print(f"{args.saida}: {len(puzzles)} problemas em {pages} páginas")
    return 0


if __name__ == "__main__":
    sys.exit(main())
