"""The words of the board widget: every text a reader sees, the button labels and the colours.

Kept apart from :mod:`damas.widget.board` so that the panel's texts are read
(and translated, and proof-read) in one place.
"""

from damas.errors import DamasError
from damas.rules.args import checked, whole_spec
from damas.rules.colors import BLACK, NAMES, SINGULAR, WHITE, side_name

__all__ = ["COLOR", "TEXTS", "LABELS", "LEVEL_NAMES", "level_label", "level_about", "PIECE_WORDS", "PALETTES", "PALETTE_NAMES"]

#: The sides' names («brancas», «pretas»): :data:`damas.rules.colors.NAMES`.
COLOR = NAMES

# Every word a reader sees lives here (the page gets LABELS as a trait).
TEXTS = {
    "turn": "Jogam as {color}.",
    "over": "Fim da partida.",
    "start": "Clique numa peça das {color} e depois na casa de destino (ou use as setas do "
             "teclado e Enter).",
    "select": "{piece} em {square}: clique numa casa de destino (marcada com um ponto).",
    "empty": "A casa {square} está vazia. Clique numa pedra das {color}: as que podem jogar "
             "estão marcadas.",
    "opponent": "Essa é uma {piece}, mas agora jogam as {color}.",
    "blocked": "A {piece} em {square} não tem lance nesta posição. As pedras que podem jogar "
               "estão marcadas.",
    "must_capture": "A {piece} em {square} não pode jogar: a tomada é obrigatória e outra "
                    "peça deve tomar. As peças que podem tomar estão marcadas.",
    "illegal": "Lance ilegal: a peça em {start} não pode ir para {end}.",
    "deselect": "Seleção desfeita.",
    "ambiguous": "Há {n} caminhos possíveis. Clique na próxima casa do caminho que você quer "
                 "(marcada com um ponto) ou escolha um caminho abaixo.",
    "off_route": "A casa {square} não está em nenhum dos caminhos possíveis. Clique numa casa "
                 "marcada com um ponto ou escolha um caminho abaixo.",
    "played": "As {color} jogaram {text}.",
    "locked": "Aguarde o lance das {color}: neste tabuleiro elas não se movem por clique.",
    "game_over": "A partida já terminou ({score}). Clique em «Nova partida» para jogar outra.",
    "exercise_over": "O exercício terminou. Clique em «Tentar de novo» ou em «Próximo».",
    "closed": "Este tabuleiro já terminou.",
    "undone_two": "Lances desfeitos: {text}.",
    "redone_two": "Lances refeitos: {text}.",
    "computer_thinking": "O computador joga com as {color}.",
    "nothing_to_undo": "Não há lance para desfazer: a partida está no começo.",
    "nothing_to_redo": "Não há lance para refazer.",
    "undone": "Lance desfeito: {text}.",
    "redone": "Lance refeito: {text}.",
    "flipped": "Tabuleiro girado.",
    "new_game": "Nova partida ({title}).",
    "no_choice": "Não há caminhos para escolher agora.",
    "bad_choice": "Escolha inválida: {value}. Os caminhos vão de 1 a {n}.",
    "setup": "Montagem: escolha uma peça abaixo e clique nas casas para colocá-la; clique de novo "
             "para retirá-la. A FEN da posição aparece abaixo.",
    "setup_only": "Isso só pode ser feito no modo de montagem.",
    "play_only": "Isso só pode ser feito no modo de jogo.",
    "placed": "{piece} colocada na casa {square}.",
    "removed": "Casa {square} esvaziada.",
    "cleared": "Tabuleiro vazio. Coloque as peças.",
    "initial": "Posição inicial colocada.",
    "to_move": "Agora jogam as {color}.",
    "fen_set": "Posição lida da FEN.",
    "from_setup": "Partida a partir da posição montada.",
    "bad_square": "Casa inválida: {value}. As casas vão de 1 a {n}.",
    "bad_color": "Cor inválida: {value}. Use 'W' (brancas) ou 'B' (pretas).",
    "bad_piece": "Peça inválida: {value}. Use 'w' (pedra branca), 'W' (dama branca), "
                 "'b' (pedra preta), 'B' (dama preta) ou '' (apagar).",
    "bad_mode": "Modo inválido: {value}. Use 'jogo' ou 'montagem'.",
    "bad_palette": "Paleta desconhecida: {value}. Use {known}.",
    "bad_level": "Nível inválido: {value}. Use um número de 1 a {n}.",
    "level_set": "{label} escolhido: ele {about} Vale a partir do próximo lance do computador; "
                 "a partida continua.",
    "no_computer": "Este tabuleiro não joga contra o computador: não há nível para escolher.",
    "bad_action": "Ação desconhecida: {value}.",
    "bad_arrow": "Seta inválida: {value}. Use um lance ou ao menos duas casas do tabuleiro.",
    "bad_arrow_kind": "Tipo de seta inválido: {value}. Use 'tried' (o lance tentado) ou 'reply' "
                      "(a resposta).",
    "bad_message": "Mensagem desconhecida do tabuleiro: {value}.",
    "two_players_alone": "Dois jogadores no mesmo computador jogam as duas cores por clique: sem computador, "
                         "sem lado sozinho e sem exercício.",
    "bad_notation": "Notação desconhecida: {value}. Use 'algebraic' (c3-d4) ou 'numeric' (22-18).",
    "big_turn": "Vez das {color}",
    "big_win": "Vitória das {color}!",
    "big_draw": "Empate!",
    "bad_position": "Use um tabuleiro (Board), uma partida (Game), uma FEN ou o nome da "
                    "variante, não {value}.",
}

LABELS = {
    "undo": "Desfazer",
    "redo": "Refazer",
    "flip": "Girar tabuleiro",
    "new_game": "Nova partida",
    "setup": "Montar posição",
    "play": "Jogar desta posição",
    "clear": "Esvaziar",
    "initial": "Posição inicial",
    "to_move": "Quem joga:",
    "W": side_name(WHITE, capital=True),
    "B": side_name(BLACK, capital=True),
    "w_man": f"Pedra {SINGULAR[WHITE]}",
    "w_king": f"Dama {SINGULAR[WHITE]}",
    "b_man": f"Pedra {SINGULAR[BLACK]}",
    "b_king": f"Dama {SINGULAR[BLACK]}",
    "erase": "Apagar",
    "fen": "FEN",
    "apply_fen": "Usar esta FEN",
    "sheet": "Anotação da partida (regra 8)",
    "no_moves": "Nenhum lance ainda.",
    "routes": "Caminhos possíveis:",
    "route": "Caminho",
    "rule": "regra",
    "hint": "Por exemplo:",
    "result": "Resultado",
    "board": "Tabuleiro de damas",
    "mode_play": "Modo: jogo",
    "mode_setup": "Modo: montagem",
    "square": "casa",
    "retry": "Tentar de novo",
    "next": "Próximo",
    "empty_square": "casa vazia",
    "selected": "selecionada",
    "target": "destino possível",
    "marked": "marcada",
    "last_move": "último lance",
    "cursor_help": "Tabuleiro: setas movem o cursor, Enter ou Espaço seleciona e joga, Esc cancela.",
    "level": "Nível do computador",
    "level_help": "Mudar o nível vale a partir do próximo lance do computador; para recomeçar, "
                  "clique em «Nova partida». A força vem de partidas entre os níveis: 200 a mais "
                  "vencem cerca de três partidas em quatro. Venceu duas seguidas? Suba um nível.",
}

#: The computer's levels as a reader calls them (damas.engine.search.LEVELS: the
#: depth of the search grows from 1 to 5).
LEVEL_NAMES = {1: "iniciante", 2: "fácil", 3: "médio", 4: "difícil", 5: "mais forte"}

_TIMES = {1: "um", 2: "dois", 3: "três", 4: "quatro", 5: "cinco", 6: "seis", 7: "sete", 8: "oito", 10: "dez",
          20: "vinte"}


@checked(level=whole_spec(1, 5))
def level_label(level: int, variant: str = "brazilian") -> str:
    """The chooser's name of ``level``, with its approximate rating on the board of ``variant``
    (:data:`damas.engine.players.LEVEL_RATINGS`): «Nível 1 (iniciante, força ~850)»; without a
    measured rating, «Nível 1 (iniciante)»."""
    from damas.engine.players import LEVEL_RATINGS
    rating = LEVEL_RATINGS.get(variant, {}).get(level)
    if rating is None:      # a board the ladder was not measured on
        return f"Nível {level} ({LEVEL_NAMES[level]})"
    return f"Nível {level} ({LEVEL_NAMES[level]}, força ~{rating})"


@checked(level=whole_spec(1, 5))
def level_about(level: int, variant: str = "brazilian") -> str:
    """What ``level`` does on the board of ``variant``, for a child, derived from its settings
    (:func:`damas.engine.players.level_settings`)."""
    from damas.engine.players import level_settings
    depth, margin, careless = level_settings(level, variant)
    if depth == 1:
        sees = "pensa só no próprio lance e confere se você pode tomar alguma peça logo depois"
    elif depth == 2:
        sees = "pensa no próprio lance e na sua resposta"
    else:
        sees = f"vê {_TIMES.get(depth, depth)} lances à frente, contando os dele e os seus"
    if careless:
        every = round(100 / careless)
        sees += (f", mas em cerca de um lance a cada {_TIMES.get(every, every)} esquece de olhar a sua "
                 "resposta e pode deixar peças para você tomar")
    if margin:
        choice = "Entre os lances quase tão bons quanto o melhor, escolhe um ao acaso."
    else:
        choice = "Joga sempre o lance que acha melhor."
    return f"{sees}. {choice}"


for _n, _name in LEVEL_NAMES.items():
    LABELS[f"level_{_n}"] = level_label(_n)

#: What a screen reader says of a piece on a square ("c3, pedra branca").
PIECE_WORDS = {"w": "pedra branca", "W": "dama branca", "b": "pedra preta", "B": "dama preta"}

_OUTLINE = "#ffffff"   # light halo under the coloured marks: they stand out on the dark squares

#: The highlight colours of the board, by the name a teacher passes as
#: ``palette=``: "classico" (the pictures' colours) and "daltonico", the
#: Okabe-Ito colours (Okabe & Ito, "Color Universal Design", 2008), which
#: readers with any of the common colour-vision deficiencies tell apart.
#: Every mark is also a different shape (ring, dot, dashed frame, arrow).
PALETTES = {
    "classico": {
        "selected": "#ffd43b", "target": "#0b7a2e", "mark": "#c8102e", "route": "#1f5fbf",
        "arrow": "#1f5fbf", "tried": "#555555", "outline": _OUTLINE,
        "black_line": "#d9d9d9",
    },
    "daltonico": {
        "selected": "#f0e442", "target": "#0072b2", "mark": "#d55e00", "route": "#000000",
        "arrow": "#0072b2", "tried": "#555555", "outline": _OUTLINE,
        "black_line": "#d9d9d9", "lastmove": "#56b4e9",
    },
}
PALETTE_NAMES = {"classico": "classico", "clássico": "classico", "padrao": "classico",
                 "padrão": "classico", "daltonico": "daltonico", "daltônico": "daltonico"}


def _palette(name: object = "classico") -> dict[str, str]:
    """The colours of the static pictures (damas.display.svg), so both look alike,
    with the highlight set ``name`` of :data:`PALETTES` on top."""
    key = PALETTE_NAMES.get(name) if isinstance(name, str) else None
    if key is None:
        raise DamasError(TEXTS["bad_palette"].format(
            value=name, known=" ou ".join(repr(n) for n in PALETTES)))
    from damas.display.svg import COLORS
    colors = dict(COLORS)
    colors["highlight"] = PALETTES[key]["selected"]
    colors.update(PALETTES[key])
    return colors

