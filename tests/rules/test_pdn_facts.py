"""damas.rules.pdn_facts: the fact tags of PDN comments, read, written, stripped.

A well-formed tag is read into a Fact and written back the same; a malformed or unknown tag
is a PDNError that names it, in Portuguese, when the PDN is read; every display's text comes
through strip_facts, which leaves no «[%» behind."""

import pytest

from damas.rules.pdn import read_game, read_games, write_game
from damas.rules.pdn_facts import FACT_KINDS, Fact, add_facts, facts_in, read_facts, sentences, strip_facts
from damas.rules.pdn_tree import PDNError

GAME = ('[GameType "26"]\n{Abertura [%move c3-d4].} 1. c3-d4 {Único lance? Não [%only c3-d4]; '
        'as pretas têm vários [%opinion].} f6-g5 *')


@pytest.mark.parametrize("text", [
    "[%gives d4-c5]", "[%gives g5-h4 f6]", "[%only d6xb4 after c3-b4 a5xc3]", "[%material W6 B5]",
    "[%material B+1]", "[%takes b2xh8 c3 e5 g7]", "[%theme turco lei-da-maioria]", "[%opinion]",
    "[%quote]", "[%rule]", "[%level]", "[%gain W1]", "[%piece Wa5 BKb2 c3]", "[%moves b8 a7 c7]",
    "[%material W3 B1 before d6-b4]", "[%move 16.a1-b2 19...e5-f4]", "[%exchange 3 1 after f2-g3]",
    "[%forbidden h2xf4 g3]", "[%threat b8xb4 c7 c5]", "[%best c5-d4]", "[%winning B]",
])
def test_a_tag_reads_and_writes_back_the_same(text):
    fact = Fact.read(text)
    assert str(fact) == text
    assert Fact.read(str(fact)) == fact


def test_the_squares_of_a_hundred_square_board():
    fact = Fact.read("[%takes 47x38 41 34 27 43 44]", size=10)
    assert fact.typed(10, "square") == ["41", "34", "27", "43", "44"]
    with pytest.raises(PDNError, match="51"):
        Fact.read("[%takes 47x38 51]", size=10)
    with pytest.raises(PDNError, match="c5"):
        Fact.read("[%gives c5]", size=10)


@pytest.mark.parametrize("text, words", [
    ("[%gvies c5]", "tipo desconhecido %gvies"),
    ("[%only c5]", "'c5' não serve"),
    ("[%takes c3 e5]", "começa pelo lance"),
    ("[%material 6 5]", "'6' não serve"),
    ("[%exchange 3]", "leva 2 argumentos, não 1"),
    ("[%only d6xb4 after]", "'after' sem lances"),
    ("[%theme turco after c3-b4]", "não aceita 'after'"),
    ("[% only d6xb4]", "mal formada"),
    ("um [%only d6xb4 sem fim", "nunca fechada"),
    ("[%opinion c3]", "não leva argumentos"),
])
def test_a_malformed_or_unknown_tag_is_a_portuguese_pdn_error_naming_it(text, words):
    with pytest.raises(PDNError) as err:
        read_facts(text)
    assert words in str(err.value)
    assert "etiqueta de fato" in str(err.value)


def test_reading_a_pdn_refuses_a_bad_tag_and_says_where():
    with pytest.raises(PDNError) as err:
        read_game('[GameType "26"]\n1. c3-d4 {Entrega [%gvies c3-d4].} f6-g5 *')
    assert "Partida 1, linha 2" in str(err.value) and "%gvies" in str(err.value)
    with pytest.raises(PDNError):        # in a variation too
        read_game('[GameType "26"]\n1. c3-d4 (1. c3-b4 {[%onyl c3-b4]}) f6-g5 *')
    assert read_games(GAME)


def test_the_commands_of_other_programs_are_kept_and_stripped_but_are_no_facts():
    text = "Bom lance [%clk 0:01:30] [%eval 0.17] [%gives c3-d4]."
    assert [f.kind for f in read_facts(text)] == ["clk", "eval", "gives"]
    assert [f.kind for f in facts_in(text)] == ["gives"]
    assert strip_facts(text) == "Bom lance."


def test_a_node_reads_its_tags_like_python_chess():
    game = read_game(GAME)
    node = game.line.nodes[0]
    assert node.facts() == [Fact("only", ("c3-d4",)), Fact("opinion")]
    assert node.prose() == "Único lance? Não; as pretas têm vários."
    assert game.line.facts() == [Fact("move", ("c3-d4",))]
    assert game.line.prose() == "Abertura."
    # written back with the tags, read back the same
    assert read_game(write_game(game)).line.nodes[0].facts() == node.facts()


def test_strip_facts_leaves_no_tag_and_tidies_the_spaces():
    assert strip_facts("Em c5 [%gives d4-c5] [%only d6xb4].") == "Em c5."
    assert strip_facts("Frase. <!-- [%gives d4-c5] --> Outra.") == "Frase. Outra."
    assert strip_facts("Sem etiqueta.") == "Sem etiqueta."
    assert "[%" not in strip_facts("[%opinion] só isso [%quote]")


def test_sentences_keep_their_tags_and_do_not_cut_moves_or_initials():
    text = ("A pedra vai a b4 [%move c3-b4]. 2. a3xc5 é a única [%only a3xc5]. V. B. Gorodétski, 2.ª ed., "
            "cap. 7, o diz. O golpe: 16-21! 22x11 ganha.")
    assert sentences(text) == ["A pedra vai a b4 [%move c3-b4].", "2. a3xc5 é a única [%only a3xc5].",
                               "V. B. Gorodétski, 2.ª ed., cap. 7, o diz.", "O golpe: 16-21! 22x11 ganha."]


def test_add_facts_writes_the_tags_before_the_closing_stop():
    assert add_facts("A pedra se entrega em c5 (regra 4.1).", ["[%gives d4-c5]"]) == \
        "A pedra se entrega em c5 (regra 4.1) [%gives d4-c5]."
    assert add_facts("Sem ponto", [Fact("opinion")]) == "Sem ponto [%opinion]"
    assert add_facts("Nada.", []) == "Nada."


def test_every_kind_has_a_gloss_in_portuguese():
    assert len(FACT_KINDS) >= 20
    for kind, (args, gloss) in FACT_KINDS.items():
        assert gloss and gloss == gloss.lower(), kind
