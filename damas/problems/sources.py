"""A problem's source as a student reads it: the provenance without the project's machinery.

A PDN ``Source`` tag records how a problem was made, for whoever checks it again: the
command or function that composed it (``python -m damas.compose --theme ... --seed 1``,
``damas.compose.compose_drills(...)``), the seed, a reference file.  A student reads the
same source without those: :func:`readable_source` drops the asides (a parenthesis) that name
them and says «pelo compositor do projeto» for a function named in the sentence.
"""

from __future__ import annotations

import re

from damas.rules.args import checked, text_spec

#: what only the project's developers read: a command line, a module, a seed, a notes file
TECHNICAL = re.compile(r"python -m|damas\.|semente|--\w|\.md\b")


def _drop_technical_asides(text: str) -> str:
    """``text`` without the parentheses (nested ones included) that hold a technical word."""
    stack, current = [], ""
    for ch in text:
        if ch == "(":
            stack.append(current)
            current = "("
        elif ch == ")" and stack:
            aside, current = current + ")", stack.pop()
            current = current.rstrip() if TECHNICAL.search(aside) else current + aside
        else:
            current += ch
    while stack:
        current = stack.pop() + current
    return current


@checked(source=text_spec())
def readable_source(source: str) -> str:
    """The source of a problem as a student reads it (see the module's docstring)."""
    text = _drop_technical_asides(source)
    text = re.sub(r":\s*damas\.[\w.]+(\([^)]*\))?", "", text)
    text = re.sub(r"\s+(?:por|de)\s+damas\.[\w.]+", " pelo compositor do projeto", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([.,;:])", r"\1", text)
    if text and text[-1] not in ".!?)»":
        text += "."
    return text
