"""The teacher's and the apps' tools: the class's progress (:mod:`.turma`,
``python -m damas turma``; :mod:`.stars_table`, :mod:`.class_training`), «Treino do dia»
(:mod:`.daily`), the printable sheets (:mod:`.fichas`, ``python -m damas fichas``) and the
student's copy of the course (:mod:`.workcopy`, ``python -m damas curso``).  They use the kit,
never a chapter's module.
"""
