"""Command line: ``python -m damas perft --variant brazilian --depth 7 [--divide] [--fen FEN]``."""

import argparse
import sys
import time

from . import Board, perft, perft_divide


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m damas", description="Ferramentas do pacote damas.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="conta os lances até uma profundidade (perft)")
    p.add_argument("--variant", default="brazilian", help="brazilian (8x8) ou international (10x10)")
    p.add_argument("--depth", type=int, default=5)
    p.add_argument("--fen", default=None, help="posição inicial em FEN (padrão: a posição de início)")
    p.add_argument("--divide", action="store_true", help="mostra a contagem abaixo de cada lance")
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
