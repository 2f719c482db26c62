"""The class tournament: pairings, results, standings, score sheets and certificates.

Brazilian school draughts lives in tournaments; the course teaches how to record a game (chapter
10), results (11), irregularities (12) and refereeing (13).  This package runs the tournament those
chapters prepare for, offline, from the teacher's computer:

* :mod:`~damas.course.tournament.berger` — round robin by the Berger tables (FIDE C.05, Annex 1);
* :mod:`~damas.course.tournament.swiss` — Swiss pairings (no pair twice, colours within ±2, byes),
  with :mod:`~damas.course.tournament._matching` (Edmonds' perfect matchings) behind it;
* :mod:`~damas.course.tournament.model` — the tournament as data: players, late entries,
  withdrawals, rounds, results entered and undone;
* :mod:`~damas.course.tournament.storage` — the tournament file, kept by the progress file's rules
  (lock, atomic replace, a damaged file refused and left as it was);
* :mod:`~damas.course.tournament.standings` — standings with tie-breaks named with their source,
  and the crosstable, numbers in Brazilian form;
* :mod:`~damas.course.tournament.export` — the CSV a spreadsheet opens safely;
* :mod:`~damas.course.tournament.printing` — the PDFs: pairings, score sheets already filled,
  standings and crosstable, certificates;
* :mod:`~damas.course.tournament.games` — a game played at the wooden board typed or clicked in,
  saved as PDN with its round and board, reviewed by the coach;
* :mod:`~damas.course.tournament.app` — the teacher's Voilà app (``notebooks/app_torneio.ipynb``);
* :mod:`~damas.course.tournament.cli` — ``python -m damas torneio``.

``import damas`` does not import this package; it is pure Python (the app imports ipywidgets, the
PDFs matplotlib, when they are used).
"""

from damas.course.tournament.model import Tournament, TournamentError
from damas.course.tournament.storage import TournamentFile, tournaments_dir

__all__ = ["Tournament", "TournamentError", "TournamentFile", "tournaments_dir"]
