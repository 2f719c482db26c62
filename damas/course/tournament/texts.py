"""Every word of the class tournament that a teacher or a student reads, in one place."""

from __future__ import annotations

from typing import TypedDict


class Scoring(TypedDict):
    """A scoring system: its label, how each result is written, and how many half points make one
    of its points (1 for 2-1-0, 2 for 1-½-0)."""
    label: str
    results: dict[str, str]
    half: int


SYSTEMS = {"suico": "Sistema suíço", "todos": "Todos contra todos"}

#: The scoring systems: how a result is written and what a win, a draw and a loss are worth.
SCORINGS: dict[str, Scoring] = {
    "2-1-0": {"label": "2-1-0 (vitória 2, empate 1, derrota 0; resultados 2-0, 1-1, 0-2)",
              "results": {"brancas": "2-0", "empate": "1-1", "pretas": "0-2"},
              "half": 1},
    "1-meio-0": {"label": "1-½-0 (vitória 1, empate ½, derrota 0; resultados 1-0, ½-½, 0-1)",
                 "results": {"brancas": "1-0", "empate": "½-½", "pretas": "0-1"},
                 "half": 2},
}

#: The tie-breaks a teacher may choose, each with its abbreviation, its name and its source.
TIEBREAKS = {
    "confronto": ("CD", "Confronto direto",
                  "entre os empatados que jogaram todos entre si, quem fez mais pontos nesses jogos "
                  "(FIDE, Regulamento de desempates C.07, art. 6)"),
    "sonneborn": ("SB", "Sonneborn-Berger",
                  "a soma dos pontos dos adversários vencidos mais a metade dos pontos dos adversários "
                  "com quem empatou (FIDE C.07, art. 9.1)"),
    "buchholz": ("BH", "Buchholz",
                 "a soma dos pontos de todos os adversários (FIDE C.07, art. 8.1); a folga não soma nada"),
    "vitorias": ("V", "Número de vitórias",
                 "quantas rodadas o jogador ganhou, contando a folga e o W.O. (FIDE C.07, art. 7.1)"),
}
DEFAULT_TIEBREAKS = ["confronto", "sonneborn", "buchholz", "vitorias"]

#: the half points of White and Black for each result (2 a win, 1 a draw)
POINTS = {"brancas": (2, 0), "empate": (1, 1), "pretas": (0, 2), "brancas-wo": (2, 0), "pretas-wo": (0, 2)}
RESULTS = ("brancas", "empate", "pretas", "brancas-wo", "pretas-wo")

TEXTS = {
    # the file
    "corrupt": "O arquivo do torneio {path} não pôde ser lido ({detail}). Ele não foi alterado e nada "
               "será gravado por cima dele. {advice}",
    "restore": "A cópia da gravação anterior está em {backup}: para voltar a ela, renomeie {name} para "
               "{name}.danificado (guarde-o) e depois {backup_name} para {name}.",
    "backup_bad": "Há uma cópia anterior em {backup}, mas ela também não pode ser lida: guarde os dois "
                  "arquivos e peça ajuda.",
    "no_backup": "Não há cópia anterior ({backup_name} não existe): guarde este arquivo e peça ajuda.",
    "foreign": "O arquivo {path} não é um arquivo de torneio do curso de damas ({detail}). Ele não foi "
               "alterado e nada será gravado por cima dele.",
    "newer": "O arquivo do torneio {path} foi gravado por uma versão mais nova do curso (versão "
             "{version}). Ele não foi alterado; atualize o pacote damas para usá-lo.",
    "other": "O arquivo {path} agora guarda outro torneio ({name!r}). Nada foi gravado nele; abra-o de novo.",
    "missing": "O arquivo do torneio {path} não existe.",
    "exists": "Já existe um arquivo em {path}: escolha outro nome (nada foi apagado).",
    "unwritable": "Não foi possível gravar o torneio em {path} ({detail}).",
    "busy": "O torneio não foi gravado: outra janela está gravando em {path} há muito tempo. Tente de novo.",
    # the settings
    "bad_name": "Nome inválido: {value}. Um nome tem de 1 a 80 letras.",
    "duplicate": "O nome {name} já está na lista: escreva-o de outro jeito (por exemplo, com o sobrenome).",
    "bad_title": "Nome do torneio inválido: dê ao torneio um nome de 1 a 120 letras.",
    "bad_school": "Nome da escola (ou data) inválido: no máximo 120 letras.",
    "bad_system": "Sistema desconhecido: {value}. Escolha suico ou todos.",
    "bad_scoring": "Pontuação desconhecida: {value}. Escolha 2-1-0 ou 1-meio-0.",
    "bad_tiebreak": "Desempate desconhecido: {value}. Escolha entre confronto, sonneborn, buchholz e vitorias.",
    "repeated_tiebreak": "O desempate {value} aparece duas vezes na lista.",
    "bad_rounds": "Número de rodadas inválido: {value} (de 1 a {most}).",
    "few_players": "Lista de jogadores inválida: um torneio precisa de pelo menos dois jogadores.",
    "too_many": "Um torneio tem no máximo {most} jogadores.",
    # players
    "late_round_robin": "No sistema todos contra todos não se inscreve ninguém depois da primeira rodada "
                        "(a tabela de Berger já foi feita).",
    "no_player": "Não há jogador número {value} neste torneio.",
    "already_out": "{name} já saiu do torneio.",
    "finished": "O torneio terminou: as {rounds} rodadas foram jogadas.",
    # rounds and results
    "missing_results": "Faltam resultados da rodada {round}: mesa {boards}.",
    "missing_results_many": "Faltam resultados da rodada {round}: mesas {boards}.",
    "no_round": "A rodada {value} ainda não foi emparelhada.",
    "no_board": "A rodada {round} não tem mesa {value}.",
    "bad_result": "Resultado inválido: {value}. Use {choices}.",
    "nothing_to_undo": "A mesa {board} da rodada {round} não tem resultado para desfazer.",
    "old_round": "A rodada {round} já terminou e a seguinte foi emparelhada: o resultado não pode mais mudar.",
    "wo_fixed": "A mesa {board} da rodada {round} é um W.O.: o resultado não muda.",
    # what is shown
    "bye": "Folga: {name} (vale uma vitória)",
    "rest": "Folga: {name}",
    "absent": "Fora desta rodada: {names}",
    "withdrawn": "desistiu",
    "wo": "W.O.",
    "place": "{n}º",
    "round": "Rodada {n}",
    "board": "Mesa {n}",
    "white": "Brancas",
    "black": "Pretas",
}
