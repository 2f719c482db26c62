"""The names of release 0.1's ``damas.lessons``, kept for one release.

Notebooks saved on school servers still say ``from damas.lessons import desenho``.
:mod:`damas._moved` answers ``damas.lessons`` and ``damas.course.lessons`` with this
module (and warns, in Portuguese); every name here is the object of its new module.
"""

from damas.course.figures import (  # noqa: F401
    FIGURE_SIZE, desenho, lado_a_lado,
)
from damas.course.words import (  # noqa: F401
    COLOR, TEXTS,
)
from damas.course.store import (  # noqa: F401
    _reset_progress_cache,
)
from damas.course.tasks import (  # noqa: F401
    CAPTURE_ALL, PROMOTE, CAPTURE, GOALS, stars_text, TaskVerdict, BoardTask, TaskBoard, Stage, SetupTask,
)
from damas.course.quiz import (  # noqa: F401
    Question, Quiz,
)
from damas.course.practice import (  # noqa: F401
    trainer,
)
from damas.course.panel import (  # noqa: F401
    ProgressPanel, progress_panel,
)
from damas.course.chapter_texts import (  # noqa: F401
    TASKS, QUIZZES, chapter_stage as etapa, chapter_quiz as questionario,
)
from damas.course.questions import (  # noqa: F401
    escolha, quantos, tome, qual_fen, numero_da_casa, lance_em_numeros, casas_da_tabela, qual_irregularidade, pecas_que_saem, qual_regra_do_fim, zera_contagem, sinal_do_lance, lances_em_numeros, qual_pdn, melhor_lance_do_computador, tomada_do_exercicio, treino_de_tomadas,
)
from damas.course.exercises import (  # noqa: F401
    black_can_promote, EXERCISES, exercicios, exercicio, SETUP_EXAMPLES, conferir, conferir_itens,
)
from damas.course.oneliners import (  # noqa: F401
    lances, nomes, tamanhos, desenho_dos_lances, juiz, por_que, diagonal, figura_do_glossario, solucao_recolhida,
)
from damas.course.games import (  # noqa: F401
    ComputerGame, contra_o_computador, AnnotatedGame, partida_comentada,
)
