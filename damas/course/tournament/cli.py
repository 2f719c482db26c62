"""``python -m damas torneio``: the class tournament from the command line.

::

    python -m damas torneio novo torneio.json --nome "Torneio da 7ª B" [--escola E] [--data D]
            [--sistema suico|todos] [--rodadas N] [--pontuacao 2-1-0|1-meio-0]
            [--desempates confronto,sonneborn,buchholz,vitorias] [--lista nomes.txt] [--turma PASTA]
            [--jogadores NOME [NOME ...]]
    python -m damas torneio jogadores torneio.json
    python -m damas torneio inscrever torneio.json NOME [NOME ...]
    python -m damas torneio desistir torneio.json NUMERO
    python -m damas torneio emparelhar torneio.json
    python -m damas torneio rodada torneio.json [RODADA]
    python -m damas torneio resultado torneio.json RODADA MESA 2-0
    python -m damas torneio desfazer torneio.json RODADA MESA
    python -m damas torneio classificacao torneio.json
    python -m damas torneio tabela torneio.json
    python -m damas torneio imprimir torneio.json PASTA [--rodada N] [--escola E]
    python -m damas torneio csv torneio.json SAIDA.csv

A bad argument (an option argparse refuses, a file or folder that is not there, a result that is
not one of the scoring's, a round or board that does not exist) is one Portuguese line on stderr
and exit status 2; a change the tournament refuses (the next round before the results are in),
one line and status 1.  Names are printed literally (an escape code in a name is shown, not obeyed).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeVar

from damas.rules.args import refuse
from damas.rules.commandline import int_in, usage_error

if TYPE_CHECKING:
    from damas.course.tournament.model import Tournament

__all__ = ["add_parser", "run_torneio"]

PROG = "python -m damas torneio"
ACTIONS = ("novo", "jogadores", "inscrever", "desistir", "emparelhar", "rodada", "resultado", "desfazer",
           "classificacao", "tabela", "imprimir", "csv")
ParserT = TypeVar("ParserT", bound=argparse.ArgumentParser)


def add_parser(sub: argparse._SubParsersAction[ParserT]) -> None:
    """The ``torneio`` command and its actions, under ``sub`` (the subparsers of python -m damas)."""
    if not callable(getattr(sub, "add_parser", None)):
        raise refuse("sub", "os subcomandos de um argparse (parser.add_subparsers())", sub)
    t = sub.add_parser("torneio", help="o torneio da turma: emparelhamentos, resultados, classificação, PDFs")
    acts = t.add_subparsers(dest="acao", required=True, metavar="{" + ",".join(ACTIONS) + "}", title="ações")
    n = acts.add_parser("novo", help="cria um torneio (um arquivo .json)")
    n.add_argument("arquivo", metavar="ARQUIVO.json")
    n.add_argument("--jogadores", dest="nomes", nargs="+", default=[], metavar="NOME",
                   help="os jogadores, na ordem do sorteio (ou --lista, --turma)")
    n.add_argument("--nome", required=True, metavar="NOME", help="o nome do torneio")
    n.add_argument("--escola", default="", help="o nome da escola (vai nos certificados)")
    n.add_argument("--data", default="", help="a data, como deve sair nos certificados (12/05/2026)")
    n.add_argument("--sistema", choices=["suico", "todos"], default="suico",
                   help="suico (sistema suíço, padrão) ou todos (todos contra todos, tabelas de Berger)")
    n.add_argument("--rodadas", type=int_in(1, 30), default=None, help="rodadas do suíço (padrão: log2 + 1)")
    n.add_argument("--pontuacao", choices=["2-1-0", "1-meio-0"], default="2-1-0",
                   help="2-1-0 (padrão das damas) ou 1-meio-0")
    n.add_argument("--desempates", default=None, metavar="LISTA",
                   help="desempates na ordem, separados por vírgula (padrão: confronto,sonneborn,buchholz,vitorias)")
    n.add_argument("--lista", default=None, metavar="NOMES.txt", help="um arquivo com um nome por linha")
    n.add_argument("--turma", default=None, metavar="PASTA", help="os alunos dos arquivos de progresso da PASTA")
    for name, text in (("jogadores", "mostra os jogadores"), ("emparelhar", "emparelha a próxima rodada"),
                       ("classificacao", "mostra a classificação, com os desempates"),
                       ("tabela", "mostra a tabela de resultados")):
        a = acts.add_parser(name, help=text)
        a.add_argument("arquivo", metavar="ARQUIVO.json")
    a = acts.add_parser("inscrever", help="inscreve jogadores atrasados (jogam a partir da próxima rodada)")
    a.add_argument("arquivo", metavar="ARQUIVO.json")
    a.add_argument("nomes", nargs="+", metavar="NOME")
    a = acts.add_parser("desistir", help="um jogador deixa o torneio (não é mais emparelhado)")
    a.add_argument("arquivo", metavar="ARQUIVO.json")
    a.add_argument("numero", type=int_in(1), metavar="NUMERO")
    a = acts.add_parser("rodada", help="mostra as mesas de uma rodada (padrão: a última)")
    a.add_argument("arquivo", metavar="ARQUIVO.json")
    a.add_argument("rodada", nargs="?", type=int_in(1), default=None, metavar="RODADA")
    for name, text in (("resultado", "anota o resultado de uma mesa"), ("desfazer", "desfaz o último resultado de uma mesa")):
        a = acts.add_parser(name, help=text)
        a.add_argument("arquivo", metavar="ARQUIVO.json")
        a.add_argument("rodada", type=int_in(1), metavar="RODADA")
        a.add_argument("mesa", type=int_in(1), metavar="MESA")
        if name == "resultado":
            a.add_argument("resultado", metavar="RESULTADO", help="2-0, 1-1, 0-2 (ou 1-0, ½-½, 0-1); W.O.: 2-0wo")
    a = acts.add_parser("imprimir", help="grava os PDFs: emparelhamento, folhas de anotação, classificação, certificados")
    a.add_argument("arquivo", metavar="ARQUIVO.json")
    a.add_argument("pasta", metavar="PASTA")
    a.add_argument("--rodada", type=int_in(1), default=None, help="a rodada das folhas (padrão: a última)")
    a.add_argument("--escola", default=None, help="o nome da escola nos certificados (padrão: o do torneio)")
    a = acts.add_parser("csv", help="grava as tabelas em CSV (para abrir numa planilha)")
    a.add_argument("arquivo", metavar="ARQUIVO.json")
    a.add_argument("saida", metavar="SAIDA.csv")


def _names(args: argparse.Namespace) -> list[str]:
    from damas.course.tournament._deps import ProgressError, read_class
    from damas.course.tournament.model import TournamentError
    names = list(args.nomes)
    if args.lista:
        path = Path(args.lista)
        if not path.is_file():
            raise _Usage(f"arquivo não encontrado: {args.lista}")
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            raise _Usage(f"{args.lista} não é um arquivo de texto UTF-8 com um nome por linha") from None
        names += [line for line in text.splitlines() if line.strip()]
    if args.turma:
        if not Path(args.turma).is_dir():
            raise _Usage(f"a pasta {args.turma} não existe")
        try:
            students, _refused = read_class(args.turma)
        except ProgressError as error:
            raise TournamentError(str(error)) from None
        names += [s["aluno"] for s in students]
    return names


class _Usage(Exception):
    """A bad argument found by the command (exit status 2)."""


def _print_table(header: Sequence[str], rows: Iterable[Sequence[str]], out: TextIO) -> None:
    from damas.course.tournament.names import shown
    cells = [header] + [[shown(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    for k, row in enumerate(cells):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip(), file=out)
        if k == 0:
            print("  ".join("-" * w for w in widths), file=out)


def _show_round(t: Tournament, number: int, out: TextIO) -> None:
    from damas.course.tournament.texts import TEXTS
    rnd = t.rounds[number - 1]
    print(TEXTS["round"].format(n=number), file=out)
    rows = [[str(g.board), t.player(g.white).name, t.player(g.black).name, t.result_text(g.result)]
            for g in rnd.games]
    _print_table(["Mesa", "Brancas", "Pretas", "Resultado"], rows, out)
    if rnd.bye:
        key = "bye" if t.system == "suico" else "rest"
        from damas.course.tournament.names import shown
        print(TEXTS[key].format(name=shown(t.player(rnd.bye).name)), file=out)


def run_torneio(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Do the action of ``args`` (parsed by :func:`add_parser`); the exit status."""
    from damas.course.tournament import TournamentError, TournamentFile
    if not isinstance(args, argparse.Namespace) or getattr(args, "acao", None) not in ACTIONS:
        raise refuse("args", "o que python -m damas torneio leu da linha de comando", args)
    for stream, name in ((out, "out"), (err, "err")):
        if stream is not None and not callable(getattr(stream, "write", None)):
            raise refuse(name, "um arquivo aberto para escrita (como sys.stdout)", stream)
    out = out or sys.stdout
    err = err or sys.stderr
    prog = f"{PROG} {args.acao}"
    try:
        path = Path(args.arquivo)
        if args.acao == "novo":
            if not path.parent.is_dir():
                return usage_error(prog, f"a pasta {path.parent} não existe: crie-a antes ou escolha outra")
            ties = None if args.desempates is None else [x.strip() for x in args.desempates.split(",") if x.strip()]
            file = TournamentFile.create(path, args.nome, _names(args), system=args.sistema, rounds=args.rodadas,
                                         scoring=args.pontuacao, tiebreaks=ties, school=args.escola, date=args.data)
            t = file.read()
            print(f"{path}: torneio criado com {len(t.players)} jogadores e {t.planned_rounds} rodadas.", file=out)
            return 0
        if not path.is_file():
            return usage_error(prog, f"arquivo não encontrado: {args.arquivo}")
        file = TournamentFile(path)
        t = file.read()
        if args.acao in ("resultado", "desfazer", "rodada") and args.rodada is not None:
            try:
                t.game(args.rodada, getattr(args, "mesa", 1))
            except TournamentError as error:
                return usage_error(prog, str(error))
        if args.acao == "jogadores":
            rows = [[str(p.number), p.name, str(p.entered), "" if p.left is None else str(p.left)] for p in t.players]
            _print_table(["Nº", "Nome", "Entrou na rodada", "Saiu antes da rodada"], rows, out)
        elif args.acao == "inscrever":
            numbers = file.add_players(args.nomes)
            print(f"Inscritos com os números {', '.join(map(str, numbers))}.", file=out)
        elif args.acao == "desistir":
            file.withdraw(args.numero)
            print(f"O jogador {args.numero} não será mais emparelhado.", file=out)
        elif args.acao == "emparelhar":
            number = file.pair_next()
            _show_round(file.read(), number, out)
        elif args.acao == "rodada":
            if not t.rounds:
                print("Nenhuma rodada emparelhada ainda.", file=out)
            else:
                _show_round(t, args.rodada or len(t.rounds), out)
        elif args.acao == "resultado":
            from damas.course.tournament.model import result_code
            try:
                code = result_code(t.scoring, args.resultado)
            except TournamentError as error:
                return usage_error(prog, str(error))
            file.record(args.rodada, args.mesa, code)
            print(f"Rodada {args.rodada}, mesa {args.mesa}: {file.read().result_text(code)}.", file=out)
        elif args.acao == "desfazer":
            file.undo(args.rodada, args.mesa)
            now = file.read().game(args.rodada, args.mesa).result
            print(f"Rodada {args.rodada}, mesa {args.mesa}: " + (t.result_text(now) if now else "sem resultado") + ".",
                  file=out)
        elif args.acao == "classificacao":
            from damas.course.tournament.standings import standings_table, tiebreak_legend
            _print_table(*standings_table(t), out)
            print("", file=out)
            for line in tiebreak_legend(t):
                print(line, file=out)
        elif args.acao == "tabela":
            from damas.course.tournament.standings import crosstable
            _print_table(*crosstable(t), out)
        elif args.acao == "imprimir":
            folder = Path(args.pasta)
            if folder.exists() and not folder.is_dir():
                return usage_error(prog, f"{args.pasta} não é uma pasta")
            if args.rodada is not None and not 1 <= args.rodada <= len(t.rounds):
                return usage_error(prog, f"a rodada {args.rodada} ainda não foi emparelhada")
            from damas.course.tournament.printing import write_all
            for path_, pages in write_all(t, folder, args.rodada, args.escola).values():
                print(f"{path_}: {pages} {'página' if pages == 1 else 'páginas'}", file=out)
        elif args.acao == "csv":
            from damas.rules.files import FileError, output_path
            try:
                saida = output_path(args.saida, ".csv")      # never a progress file or a collection
            except FileError:
                return usage_error(prog, f"o CSV é gravado em .csv: dê um nome terminado em .csv, não {args.saida}")
            if not saida.parent.is_dir():
                return usage_error(prog, f"a pasta {saida.parent} não existe")
            from damas.course.tournament.export import write_csv
            print(f"{write_csv(t, saida)}: classificação, tabela e partidas.", file=out)
        return 0
    except _Usage as error:
        return usage_error(prog, str(error))
    except TournamentError as error:
        print(" ".join(str(error).split()), file=err)
        return 1
    except OSError as error:
        from damas.rules.files import os_error_text
        print(f"Não foi possível gravar: {os_error_text(error)}.", file=err)
        return 1

