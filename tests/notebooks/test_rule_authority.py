"""Issue 25, item 6: where the Brazilian text and the FMJD differ, the chapter says which the course
follows, and its number is the one the rules apply."""

import json
import re

from damas import Board
from repo_paths import NOTEBOOKS


def _markdown(name):
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def test_chapter_14_gives_the_rules_number_for_regra_6_3_and_the_fmjds():
    limit = Board("international").variant.draw_rules["endgames"][0]
    assert limit["article"] == "6.3"
    cell, = [c for c in _markdown("14_Damas_internacionais.ipynb") if "Por isso existe a **regra 6.3**" in c]
    taught = re.search(r"tem \*\*(\d+) lances\*\* para vencer", cell)
    assert taught and int(taught.group(1)) == limit["moves"]
    follows = re.search(r"O curso segue o texto\s+brasileiro da regra 6\.3, com (\d+) lances", cell)
    assert follows and int(follows.group(1)) == limit["moves"]
    assert re.search(r"as regras da FMJD\s+dão 16 lances", cell)


def test_chapter_08_does_not_say_rule_9_defines_the_common_signs():
    for cell in _markdown("08_Como_jogar.ipynb"):
        if "`!?`" in cell or "`?!`" in cell:
            assert "uso\ncomum" in cell or "uso comum" in cell
            assert not re.search(r"seguem a regra 9 \(", cell)
