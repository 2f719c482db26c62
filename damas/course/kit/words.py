"""Every word a student reads of the course's board tasks, quizzes and progress panel."""

from damas.rules.board import BLACK, WHITE

COLOR = {WHITE: "brancas", BLACK: "pretas"}

# Every word a student reads.
TEXTS = {
    "goal_capture_all": "Tome todas as {other}.",
    "goal_promote": "Faça uma dama.",
    "goal_capture": "Faça a tomada que as regras mandam.",
    "par": "Com {par} você ganha ★★★.",
    "only_side": "Só as {color} jogam nesta tarefa: as {other} ficam paradas.",
    "done": "Muito bem! Tarefa cumprida em {n}: {stars}.",
    "done_more": " Dá para fazer em {par}: tente de novo para ganhar ★★★.",
    "done_refused": " Sem nenhum lance recusado pelas regras, a tarefa vale ★★★: tente de novo.",
    "setup_stars": " Estrelas: {stars}.",
    "going": "Lance {n}: {text}. Continue.",
    "stuck": "As {color} não têm mais lance e a tarefa não foi cumprida. Clique em «Recomeçar».",
    "too_long": "Já foram {n} lances. Clique em «Recomeçar» e tente um caminho mais curto.",
    "not_saved": "(As estrelas não foram gravadas: {error})",
    "problem_not_saved": "(Os problemas resolvidos não estão sendo gravados: {error})",
    "best": "Seu recorde nesta tarefa: {stars}.",
    "best_none": "Tarefa ainda sem estrelas: cumpra-a para ganhar até ★★★.",
    "restart": "Recomeçar",
    "next": "Próxima tarefa ▶",
    "previous": "◀ Tarefa anterior",
    "stage_head": "Tarefa {i} de {n}: {title}",
    "locked_next": "Cumpra esta tarefa para abrir a próxima.",
    "stage_done": "Você cumpriu todas as tarefas desta etapa!",
    "practice_count": "Feitas: {done} de {n}.",
    "right": "Certo! ",
    "wrong": "Ainda não. ",
    "quiz_score": "Acertos na primeira tentativa: {right} de {n}.",
    "quiz_stars": " Estrelas: {stars}.",
    "quiz_earned": "Estrelas já ganhas aqui: {stars}. Responda de novo se quiser melhorar.",
    "quiz_record": " Seu recorde aqui: {stars}.",
    "quiz_static": "Perguntas (rode a célula para responder clicando):",
    "bad_goal": "Objetivo de tarefa desconhecido: {value!r}; use um destes: {goals}.",
    "bad_answer": "Resposta inexistente: pergunta {q}, opção {o}.",
    "bad_task": "Tarefa impossível: {why}",
    "panel_head": "Seu progresso",
    "panel_none": "Ainda sem estrelas. Cada tarefa cumprida no tabuleiro e cada questionário "
                  "respondido aparecem aqui.",
    "panel_chapter": "Capítulo",
    "panel_stars": "Estrelas",
    "panel_tasks": "Tarefas feitas",
    "panel_problems": "Problemas resolvidos no treino: {n}.",
    "summary": "{name}: {stars} em {tasks}; {solved}.",
    "summary_empty": "{name}: ainda sem estrelas. Resolva as tarefas dos capítulos e elas aparecem aqui.",
}
