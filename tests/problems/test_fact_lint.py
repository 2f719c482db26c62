"""damas.problems.fact_lint: which sentence must carry a tag, and what its tags must name.

The lint's mutations are mutations of the prose beside the tags: a sentence that names a square
or a move its tags do not, a count of pieces its tags do not state, a theme no %theme checks."""

import pytest

from damas.problems.fact_lint import lint_comment, lint_markdown, lint_sentence, markdown_sentences, named_in


@pytest.mark.parametrize("sentence", [
    "A pedra de d4 se entrega em c5 [%gives d4-c5].",
    "As pretas só têm d6xb4 (regra 4.1) [%only d6xb4].",
    "A pedra de g1 toma f2, f4 e f6 num só lance e para em e7 [%takes g1xe7 f2 f4 f6].",
    "Três por um [%exchange 3 1].",
    "Três por um [%theme tres-por-um].",
    "As pretas terminam com seis peças contra cinco [%material B6 W5].",
    "É o golpe turco [%theme turco].",
    "Quem só procura tomadas para a frente não vê o golpe.",          # no square, no count: no tag needed
    "O iniciante vê a pedra de h2 e se perde [%opinion].",
    "A nota diz que 17... e7-d6 perde [%quote].",
    "A pedra toma nas quatro direções [%rule].",
    "Primeiro campeonato da URSS, 1924 (regra 4.13; V. B. Gorodétski, 2.ª ed., cap. 7).",
    "Depois de 2. a3xc5 a pedra de b8 só pode ir a a7 ou c7 [%moves b8 a7 c7 after a3xc5].",
    "A tomada e3xh6xf8xb4 e a de g5 valem [%takes e3xh6xf8xb4 f4 g7 c5] [%piece g5].",
])
def test_sentences_that_pass(sentence):
    assert lint_sentence(sentence) == []


@pytest.mark.parametrize("sentence, words", [
    ("A pedra de d4 se entrega em c5.", "cita uma casa e não tem etiqueta"),
    ("1. c3-b4 entrega uma pedra.", "cita um lance e não tem etiqueta"),
    ("As pretas terminam com uma pedra a mais.", "cita uma contagem"),
    ("É o golpe turco.", "cita um tema"),
    # the prose mutated beside a true tag: a square, a move, a count, a theme the tags do not name
    ("A pedra de d4 se entrega em c6 [%gives d4-c5].", "cita a casa c6"),
    ("A pedra de e4 se entrega em c5 [%gives d4-c5].", "cita a casa e4"),
    ("As pretas só têm d6xb6 [%only d6xb4].", "cita o lance d6xb6"),
    ("A pedra de g1 toma f2, f4 e f8 e para em e7 [%takes g1xe7 f2 f4 f6].", "cita a casa f8"),
    ("Dois por um [%exchange 3 1].", "cita o tema dois-por-um"),
    ("As pretas terminam com sete peças contra cinco [%material B6 W5].", "cita a contagem 7"),
    ("É o golpe da bomba [%theme turco].", "cita o tema bomba"),
    ("Uma tomada pela lei da maioria [%only d6xb4].", "cita o tema lei-da-maioria"),
    ("A pedra de c5 toma em quatro direções [%rule].", "[%rule] é para uma regra"),
    ("A pedra de d4 se entrega [%gvies d4-c5].", "tipo desconhecido"),
])
def test_sentences_that_are_flagged(sentence, words):
    errors = lint_sentence(sentence)
    assert errors, sentence
    assert any(words in e for e in errors), errors


def test_what_a_sentence_names():
    n = named_in("Depois de 16. a1-b2? (regras 4.5 e 4.13), em 1924, o 2.º lance e3xg5 toma duas pedras em g5")
    assert n.moves == ["a1-b2", "e3xg5"] and n.squares == ["g5"] and n.pieces == [2]
    n = named_in("A dama de 36 toma quatro peças, 36x16, e para em 14; no tabuleiro de 100 casas, 3 contra 1",
                 size=10)
    assert n.moves == ["36x16"] and n.squares == ["36", "14"] and n.pieces == [3, 4]
    assert named_in("Lissenko publicou em 1926 e tinha 65 anos.").counts == []


def test_a_comment_is_cut_into_sentences_each_linted():
    comment = ("A pedra de d4 se entrega em c5 [%gives d4-c5]. As pretas só têm d6xb4. O iniciante não vê o "
               "golpe.")
    errors = lint_comment(comment)
    assert len(errors) == 1 and "d6xb4" in errors[0]


def test_a_chapters_tags_sit_in_an_html_comment_after_the_sentence():
    md = ("Aqui a pedra de e5 se entrega em f6. <!-- [%gives e5-f6] --> A pedra preta de g7 é obrigada a "
          "tomá-la. <!-- [%only g7xe5] -->\n\nO mesmo padrão está nos livros de iniciação.")
    assert markdown_sentences(md)[0] == "Aqui a pedra de e5 se entrega em f6 [%gives e5-f6]."
    assert lint_markdown(md) == []
    # without its marker the sentence is flagged; a chapter's count alone needs no tag
    assert lint_markdown("Aqui a pedra de e5 se entrega em f6. Em 2 lances as brancas ganham.")
    assert lint_markdown("Em 2 lances as brancas ganham, como diz a regra 6.3.") == []
