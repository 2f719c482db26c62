"""Command line of the package.

``python -m damas perft --variant brazilian --depth 7 [--divide] [--fen FEN]``
    counts the move tree (perft).
``python -m damas fichas puzzles/classicos.pdn -o classicos.pdf [--por-pagina 6] [--titulo T]``
    prints a PDN collection as a student sheet (classicos.pdf) and its answer key
    (classicos-gabarito.pdf), one sheet per board size.
``python -m damas fichas --todas notebooks/fichas``
    regenerates every sheet: each collection of puzzles/ and the three blank forms
    (score sheet, irregularities, forçada).
``python -m damas turma PASTA [--grafico turma.png]``
    shows the class to the teacher: the progress files of PASTA as a table and a plot.
"""

import argparse
import sys
import time

from damas import Board, perft, perft_divide
from damas.rules.notation import line_texts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m damas", description="Ferramentas do pacote damas.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="conta os lances até uma profundidade (perft)")
    p.add_argument("--variant", default="brazilian", help="brazilian (8x8) ou international (10x10)")
    p.add_argument("--depth", type=int, default=5)
    p.add_argument("--fen", default=None, help="posição inicial em FEN (padrão: a posição de início)")
    p.add_argument("--divide", action="store_true", help="mostra a contagem abaixo de cada lance")
    f = sub.add_parser("fichas", help="as fichas para imprimir: a do aluno e o gabarito de cada coleção")
    f.add_argument("colecao", nargs="?", help="arquivo PDN de problemas, como puzzles/classicos.pdn")
    f.add_argument("-o", "--saida", help="ficha do aluno a escrever (o gabarito sai ao lado, -gabarito.pdf)")
    f.add_argument("--todas", metavar="PASTA", nargs="?", const="notebooks/fichas", default=None,
                   help="todas as coleções de puzzles/ e as três folhas do guia, na PASTA "
                        "(padrão: notebooks/fichas)")
    f.add_argument("--por-pagina", type=int, default=None,
                   help="diagramas por página, de 1 a 12 (padrão: 6 no 64 casas, 4 no 100 casas)")
    f.add_argument("--titulo", default=None, help="título da ficha (padrão: o da coleção)")
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


# ---------------------------------------------------------------------------
# fichas: the printable sheets of notebooks/fichas/
# ---------------------------------------------------------------------------
#: Titles of the collections' sheets, by file name (puzzles/<name>.pdn).  Every
#: collection in puzzles/ gets its sheets; one not listed here is titled by its
#: file name.  This is the one place to change when a collection is renamed.
SHEET_TITLES = {
    "classicos": "Golpes clássicos documentados (64 casas)",
    "golpes-de-partidas": "Golpes de partidas (64 casas)",
    "golpes-do-curso": "Problemas do curso (64 casas)",
    "armadilhas": "Armadilhas de abertura (64 casas)",
    "tomadas": "Tomadas: qual é a tomada obrigatória?",
    "internacional": "Combinações (100 casas)",
}
#: The three blank forms of the teacher's guide, by file name.
FORMS = {
    "folha-de-anotacao": "score_sheet",
    "irregularidades": "irregularities_sheet",
    "forcada": "forcada_sheet",
}
_SIDE = {"W": "As brancas", "B": "As pretas"}
_OTHER = {"W": "as pretas", "B": "as brancas"}


def _plural(n, one, many):
    return f"{n} {one if n == 1 else many}"


def task_text(puzzle) -> str:
    """What the student must do, as the sheet says it ("As brancas jogam e
    ganham em 2 lances.")."""
    side = _SIDE[puzzle.solver_color]
    if puzzle.goal == "capture":
        return f"{side} jogam: qual é a tomada obrigatória?"
    moves = _plural((puzzle.max_plies + 1) // 2, "lance", "lances")
    if puzzle.goal == "win":
        what = "ganham"
    elif puzzle.goal == "material":
        what = f"ganham {_plural(puzzle.n, 'peça', 'peças')}"
    elif puzzle.goal == "promote":
        what = "fazem dama"
    else:
        what = f"deixam {_OTHER[puzzle.solver_color]} com no máximo {_plural(puzzle.n, 'peça', 'peças')}"
    return f"{side} jogam e {what} em {moves}."


class _Sheet:
    """A puzzle as the sheets see it: board and task for the student; the
    numbered answer, the other accepted first moves and the theme for the key."""

    def __init__(self, puzzle):
        from damas.display.plot import numbered_moves

        self.board = puzzle.board()
        self.title = puzzle.title
        self.task = task_text(puzzle)
        self.theme = "; ".join(puzzle.themes)
        if puzzle.goal == "capture":
            # every capture the majority law allows is an answer (4.13, 4.14)
            self.answers = [numbered_moves(self.board, [m]) for m in self.board.legal_moves()]
            self.answer = " ou ".join(self.answers)
            self.also = ""
        else:
            self.answers = [numbered_moves(self.board, puzzle.solution_moves())]
            self.answer = self.answers[0]
            self.also = ", ".join(numbered_moves(self.board, [m]) for m in puzzle.accepted_moves())


def sheet_groups(puzzles, name):
    """The puzzles of one collection split by board size, one sheet each:
    [(file name, suffix for the title, sheets)].  The 64-square part keeps the
    collection's name; a 100-square part of a mixed collection gets "-100casas"."""
    groups = {}
    for puzzle in puzzles:
        groups.setdefault(puzzle.variant, []).append(_Sheet(puzzle))
    out = []
    for variant, sheets in sorted(groups.items(), key=lambda kv: kv[0] != "brazilian"):
        if len(groups) > 1 and variant != "brazilian":
            out.append((f"{name}-100casas", " — 100 casas", sheets))
        elif len(groups) > 1:
            out.append((name, " — 64 casas", sheets))
        else:
            out.append((name, "", sheets))
    return out


def write_collection_sheets(pdn, directory, title=None, per_page=None, stem=None):
    """Student sheet and answer key of one collection into ``directory``;
    returns [(path, pages, problems)]."""
    from pathlib import Path

    from damas.display.plot import answer_key, student_sheet
    from damas.problems.puzzles import load_collection

    pdn = Path(pdn)
    directory = Path(directory)
    stem = stem or pdn.stem
    puzzles = load_collection(pdn)
    base_title = title or SHEET_TITLES.get(pdn.stem) or pdn.stem.replace("-", " ").capitalize()
    written = []
    for name, suffix, sheets in sheet_groups(puzzles, stem):
        student = directory / f"{name}.pdf"
        key = directory / f"{name}-gabarito.pdf"
        written.append((student, student_sheet(sheets, student, title=base_title + suffix, per_page=per_page),
                        len(sheets)))
        written.append((key, answer_key(sheets, key, title=base_title + suffix), len(sheets)))
    return written


def write_forms(directory):
    """The three blank forms into ``directory``; returns [(path, pages, 0)]."""
    from pathlib import Path

    from damas.display import plot

    out = []
    for name, function in FORMS.items():
        path = Path(directory) / f"{name}.pdf"
        out.append((path, getattr(plot, function)(path), 0))
    return out


def collections_dir():
    from pathlib import Path
    return Path(__file__).resolve().parent.parent / "puzzles"


def _worksheet(args) -> int:
    from pathlib import Path

    from damas.errors import DamasError

    try:
        if args.todas is not None:
            directory = Path(args.todas)
            directory.mkdir(parents=True, exist_ok=True)
            sources = sorted(collections_dir().glob("*.pdn"))
            if not sources:
                print(f"Não foi possível fazer as fichas: não há coleções em {collections_dir()}.",
                      file=sys.stderr)
                return 1
            written = []
            for pdn in sources:
                written += write_collection_sheets(pdn, directory, per_page=args.por_pagina)
            written += write_forms(directory)
        else:
            if not args.colecao or not args.saida:
                print("Não foi possível fazer a ficha: diga a coleção e o arquivo de saída "
                      "(python -m damas fichas COLECAO.pdn -o FICHA.pdf) ou use --todas PASTA.", file=sys.stderr)
                return 1
            if not Path(args.colecao).is_file():
                print(f"Não foi possível fazer a ficha: o arquivo {args.colecao!r} não existe.", file=sys.stderr)
                return 1
            out = Path(args.saida)
            stem = out.stem if out.suffix.lower() == ".pdf" else out.name
            written = write_collection_sheets(args.colecao, out.parent, title=args.titulo,
                                              per_page=args.por_pagina, stem=stem)
    except (OSError, DamasError, ValueError) as err:
        print(f"Não foi possível fazer a ficha: {err}", file=sys.stderr)
        return 1
    for path, pages, problems in written:
        what = f"{problems} problemas em " if problems else ""
        print(f"{path}: {what}{pages} {'página' if pages == 1 else 'páginas'}")
    return 0


# -- turma: the class's progress, for the teacher --------------------------------------------
def _class_parser(sub):
    t = sub.add_parser("turma", help="mostra o progresso da turma (uma tabela e um gráfico)")
    t.add_argument("pasta", help="pasta com os arquivos de progresso dos alunos (<aluno>.json)")
    t.add_argument("--grafico", default=None,
                   help="arquivo PNG do gráfico (padrão: turma.png dentro da pasta)")


def _class(args) -> int:
    from pathlib import Path

    from damas.course.progress import ProgressError, class_plot, class_table, format_table, read_class

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
