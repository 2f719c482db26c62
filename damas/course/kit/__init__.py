"""The course's kit: the pieces two chapters or more use, or the apps and the teacher's tools.

- the chapters and their texts: :mod:`.chapter_list` (order, numbers, titles, stable names),
  :mod:`.chapter_texts` (the tasks, quizzes and exercises of ``damas/course/texts/``);
- what a student answers: :mod:`.tasks` (board tasks; :mod:`.task_search` proves their par and
  plays the other side's defence), :mod:`.quiz`, :mod:`.exercises` and :mod:`.questions` (their
  builders), :mod:`.stars` (the one star rule), :mod:`.coordinates` («Treino de coordenadas»);
- where the student is: :mod:`.course_map` («Mapa do curso»);
- what a chapter shows: :mod:`.sentences` and :mod:`.words`, :mod:`.figures`,
  :mod:`.oneliners`, :mod:`.annotation`, :mod:`.demos`, :mod:`.forcada` (the small endings),
  :mod:`.games` (whole games against the computer), :mod:`.coach` (the review of a game);
- what is kept: :mod:`.progress` (the student's file), :mod:`.store` (one per kernel),
  :mod:`.keys`, :mod:`.training`, :mod:`.coordinate_scores`, :mod:`.ratings`, :mod:`.review`, :mod:`.catalogue` (what the
  course offers), :mod:`.panel`, :mod:`.practice` (the trainer that keeps what is solved);
- :mod:`.sheets`: how a printable sheet looks.

A piece one chapter only uses lives in that chapter's module (:mod:`damas.course.chapters`);
the kit never imports a chapter.
"""
