"""Command line of the package.

``python -m damas perft --variant brazilian --depth 7 [--divide] [--fen FEN]``
    counts the move tree (perft).
``python -m damas fichas puzzles/golpes-classicos.pdn -o golpes.pdf [--por-pagina 6] [--titulo T]``
    prints a PDN collection of puzzles as an A4 worksheet (diagrams, then the answer key).
``python -m damas turma PASTA [--grafico turma.png]``
    shows the class to the teacher: the progress files of PASTA as a table and a plot.
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
    _class_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "turma":
        return _class(args)
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


# -- turma: the class's progress, for the teacher --------------------------------------------
def _class_parser(sub):
    t = sub.add_parser("turma", help="mostra o progresso da turma (uma tabela e um gráfico)")
    t.add_argument("pasta", help="pasta com os arquivos de progresso dos alunos (<aluno>.json)")
    t.add_argument("--grafico", default=None,
                   help="arquivo PNG do gráfico (padrão: turma.png dentro da pasta)")


def _class(args) -> int:
    from pathlib import Path

    from .progress import ProgressError, class_plot, class_table, format_table, read_class

    try:
        students, problems = read_class(args.pasta)
    except ProgressError as err:
        print(f"Não foi possível ler a turma: {err}", file=sys.stderr)
        return 1
    for message in problems:
        print(f"Arquivo ignorado: {message}", file=sys.stderr)
    if not students:
        print(f"Nenhum arquivo de progresso em {args.pasta}.")
        return 1 if problems else 0
    header, rows = class_table(students)
    print(format_table(header, rows))
    plot = Path(args.grafico) if args.grafico else Path(args.pasta) / "turma.png"
    try:
        class_plot(header, rows, plot)
    except (OSError, ImportError) as err:
        print(f"Não foi possível gravar o gráfico {plot}: {err}", file=sys.stderr)
        return 1
    print(f"Gráfico: {plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
