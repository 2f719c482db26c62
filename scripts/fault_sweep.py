"""The fault harness of issue 44 (``tests/reliability/``), run and counted.

    python scripts/fault_sweep.py            # the CI sizes, with the counts of what was tried
    python scripts/fault_sweep.py --long     # the long sweep: every step of every save killed,
                                             # 5,000 offsets of the tables and collections (the
                                             # progress file and the tournament: every offset,
                                             # always), 40 random kills, 150 messages a widget
    python scripts/fault_sweep.py --seed 7   # another seed (the default is 44)

It runs ``pytest tests/reliability`` with the sizes in environment variables (``DAMAS_FAULT_*``,
read by ``tests/reliability/faults.py`` and the tests), collects what each test tried
(``DAMAS_FAULT_REPORT``) and prints a table: kills (at seeded calls of a save, and at random
moments of concurrent savers), files cut (offsets), full disks and read-only folders (and which
kind ran: a mounted tmpfs or a simulated one), pipes in place of files, hostile names, the huge
log's figures (seconds of CPU to read, save and start «Treino do dia»), and page messages.  The
exit status is pytest's.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CI = {"DAMAS_FAULT_KILLS": "10", "DAMAS_FAULT_RANDOM_KILLS": "12", "DAMAS_FAULT_OFFSETS": "300",
      "DAMAS_FAULT_MESSAGES": "12", "DAMAS_FAULT_RECORDS": "20000"}
LONG = {"DAMAS_FAULT_KILLS": "0", "DAMAS_FAULT_RANDOM_KILLS": "40", "DAMAS_FAULT_OFFSETS": "5000",
        "DAMAS_FAULT_MESSAGES": "150", "DAMAS_FAULT_RECORDS": "20000"}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", action="store_true", help="the long sweep (every step, every offset)")
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("pytest_args", nargs="*", help="more arguments for pytest (-k ...)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.jsonl"
        env = {**os.environ, **(LONG if args.long else CI), "DAMAS_FAULT_SEED": str(args.seed),
               "DAMAS_FAULT_REPORT": str(report), "PYTHONPATH": str(REPO)}
        start = time.monotonic()
        status = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                  str(REPO / "tests" / "reliability"), *args.pytest_args], cwd=REPO, env=env)
        seconds = time.monotonic() - start
        lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()] \
            if report.exists() else []
    print()
    print(table(lines, seconds, args))
    return status


def table(lines, seconds, args) -> str:
    by = collections.defaultdict(list)
    for line in lines:
        by[line.pop("what")].append(line)
    out = [f"Varredura de falhas ({'longa' if args.long else 'a do CI'}, semente {args.seed}): "
           f"{seconds:.0f} s"]
    kills = by["kills"]
    if kills:
        out.append(f"- mortes (SIGKILL) em chamadas sorteadas: {sum(k['kills'] for k in kills)}, em "
                   f"{len(kills)} operações:")
        for k in kills:
            out.append(f"    {k['operation']}: {k['kills']} de {k['calls']} chamadas")
    for k in by["random_kills"]:
        out.append(f"- processos gravando ao mesmo tempo, mortos em momentos sorteados: {k['kills']} mortes, "
                   f"{k['processes']} processos, {k['saves']} gravações confirmadas, nenhuma perdida")
    if by["truncation"]:
        out.append("- arquivos cortados: " + ", ".join(f"{t['file']} em {t['offsets']} pontos"
                                                      for t in by["truncation"]))
    if by["disk"] or by["read_only"]:
        kinds = collections.Counter(d["kind"] for d in by["disk"])
        ro = collections.Counter(d["kind"] for d in by["read_only"])
        out.append(f"- disco cheio: {sum(kinds.values())} casos ({dict(kinds)}); só leitura: "
                   f"{sum(ro.values())} casos ({dict(ro)})")
    if by["fifo"]:
        out.append(f"- pipes (FIFO) no lugar de arquivos: {sum(f['runs'] for f in by['fifo'])} processos")
    for n in by["names"]:
        out.append(f"- nomes hostis ({n['kind']}): {n['names']} ({n.get('refused', 0)} recusados)")
    for h in by["huge_log"]:
        out.append(f"- registro enorme: {h['records']} tentativas ({h['bytes']} bytes): ler {h['read_s']} s, "
                   f"gravar {h['save_s']} s, começar o Treino do dia {h['daily_s']} s (CPU)")
    for m in by["messages"]:
        out.append(f"- mensagens malformadas: {m['messages']} a {m['widgets']} widgets; achados no pacote: "
                   f"{m['findings']}; erros do próprio ipywidgets: {m['ipywidgets']}")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
