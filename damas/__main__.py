"""Command line of the package: the arguments, and a call to the module that does the work.

``python -m damas perft --variant brazilian --depth 7 [--divide] [--fen FEN]``
    counts the move tree (perft).
``python -m damas fichas puzzles/classicos.pdn -o classicos.pdf [--por-pagina 6] [--titulo T]``
    prints a PDN collection as a student sheet (classicos.pdf) and its answer key
    (classicos-gabarito.pdf), one sheet per board size.
``python -m damas fichas --colecao classicos``
    the same for a collection of puzzles/ named NOME, into notebooks/fichas/ (the classics as a
    book: easiest first, each diagram with its source line).
``python -m damas fichas --todas notebooks/fichas``
    regenerates every sheet: each collection of puzzles/, the three blank forms
    (score sheet, irregularities, forçada) and the chapters' sheets.
``python -m damas fichas --capitulos notebooks/fichas``
    only the chapters' sheets: each «ficha-resumo» (resumo-NN.pdf) and «Jogue com um colega»
    sheet (colega-NN.pdf).
``python -m damas curso [--pasta ~/damas-curso] [--sem-abrir]``
    copies the course (notebooks/, puzzles/) once to the student's folder and opens JupyterLab there.
``python -m damas turma PASTA [--grafico turma.png] [--csv turma.csv] [--problemas puzzles] [--diplomas D.pdf]``
    shows the class to the teacher: the progress files of PASTA as a table and a plot, then
    «Treino do dia» (level, themes most missed, reviews; per problem, solved at the first try),
    optionally as CSV; ``--diplomas`` prints every diploma the class has won into one PDF.
``python -m damas torneio novo|emparelhar|resultado|classificacao|imprimir|... ARQUIVO.json``
    the class tournament (:mod:`damas.course.tournament.cli`): pairings, results, standings, PDFs.

A bad argument (argparse's or one the command finds, such as an unknown variant or a folder that is
not there) is one line in Portuguese on stderr and exit status 2 (:mod:`damas.rules.commandline`); a failure
while doing the work, status 1.  No traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from damas.rules.commandline import Parser, int_in


def _parser() -> Parser:
    parser = Parser(prog="python -m damas", description="Ferramentas do pacote damas.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{perft,fichas,curso,turma,torneio}",
                                title="comandos")
    p = sub.add_parser("perft", help="conta os lances até uma profundidade (perft)")
    p.add_argument("--variant", default="brazilian", help="brazilian (8x8) ou international (10x10)")
    p.add_argument("--depth", type=int_in(0), default=5, help="profundidade, em lances (padrão: 5)")
    p.add_argument("--fen", default=None, help="posição inicial em FEN (padrão: a posição de início)")
    p.add_argument("--divide", action="store_true", help="mostra a contagem abaixo de cada lance")
    f = sub.add_parser("fichas", help="as fichas para imprimir: a do aluno e o gabarito de cada coleção")
    f.add_argument("colecao", nargs="?", metavar="COLECAO.pdn", help="arquivo PDN de problemas, como puzzles/classicos.pdn")
    f.add_argument("--colecao", dest="nome", metavar="NOME", default=None,
                   help="uma coleção de puzzles/ pelo nome, como classicos (padrão da saída: notebooks/fichas/NOME.pdf)")
    f.add_argument("-o", "--saida", metavar="FICHA.pdf", help="ficha do aluno a escrever (o gabarito sai ao lado, -gabarito.pdf)")
    f.add_argument("--todas", metavar="PASTA", nargs="?", const="notebooks/fichas", default=None,
                   help="todas as coleções de puzzles/ e as três folhas do guia, na PASTA "
                        "(padrão: notebooks/fichas)")
    f.add_argument("--capitulos", metavar="PASTA", nargs="?", const="notebooks/fichas", default=None,
                   help="só as fichas dos capítulos: a ficha-resumo (resumo-NN.pdf) e a de jogar com um colega "
                        "(colega-NN.pdf) de cada capítulo, na PASTA (padrão: notebooks/fichas)")
    f.add_argument("--por-pagina", type=int_in(1, 12), default=None,
                   help="diagramas por página, de 1 a 12 (padrão: 6 no 64 casas, 4 no 100 casas)")
    f.add_argument("--titulo", default=None, metavar="TITULO", help="título da ficha (padrão: o da coleção)")
    c = sub.add_parser("curso", help="copia o curso para a sua pasta (só da primeira vez) e abre o JupyterLab nela")
    c.add_argument("--pasta", default=None, help="a pasta da sua cópia (padrão: ~/damas-curso)")
    c.add_argument("--sem-abrir", action="store_true", help="só faz a cópia, sem abrir o JupyterLab")
    t = sub.add_parser("turma", help="mostra o progresso da turma (uma tabela e um gráfico)")
    t.add_argument("pasta", metavar="PASTA", help="pasta com os arquivos de progresso dos alunos (<aluno>.json)")
    t.add_argument("--grafico", default=None,
                   help="arquivo PNG do gráfico (padrão: turma.png dentro da pasta)", metavar="ARQUIVO.png")
    t.add_argument("--csv", default=None, metavar="ARQUIVO.csv",
                   help="grava as tabelas do Treino do dia em CSV (ARQUIVO.csv e ARQUIVO-problemas.csv)")
    t.add_argument("--problemas", default=None, metavar="PASTA",
                   help="pasta das coleções de problemas (padrão: a pasta puzzles do curso)")
    t.add_argument("--diplomas", default=None, metavar="ARQUIVO.pdf",
                   help="grava num PDF os diplomas da turma: uma página para cada prova de etapa que cada "
                        "aluno passou")
    from damas.course.tournament.cli import add_parser as torneio
    torneio(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "curso":
            from damas.course.classroom.workcopy import run_curso
            return run_curso(args.pasta, open_lab=not args.sem_abrir)
        if args.command == "turma":
            from damas.course.classroom.turma import run_turma
            return run_turma(args.pasta, args.grafico, args.csv, args.problemas, args.diplomas)
        if args.command == "torneio":
            from damas.course.tournament.cli import run_torneio
            return run_torneio(args)
        if args.command == "fichas":
            from damas.course.classroom.fichas import run_fichas
            return run_fichas(args.colecao, args.saida, args.todas, args.por_pagina, args.titulo, args.nome,
                              args.capitulos)
        from damas.rules.perft import run_perft
        return run_perft(args.variant, args.depth, args.fen, args.divide)
    except KeyboardInterrupt:
        print("Interrompido.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
