"""English a student would read in Jupyter's chrome: the vocabulary and the page script that reads
what the screen shows.

The vocabulary is JupyterLab's own English: every word of the English phrases the pt-BR language
pack translates (its keys), less every word its Portuguese uses (so «a», «no», «de», «Kernel»,
«Markdown» are never counted), plus the words the pack lacks that Jupyter and Voilà write
(:data:`EXTRA`).  A visible text or tooltip with one such word is English on a student's screen.

:data:`CHROME` (run in the page) lists what the screen shows outside the course's own content
(the text of the notebook's cells and outputs is the chapters' business): every visible text
node, and the tooltip (``title``) and placeholder of every visible element, with its element's
class.  Keyboard shortcuts (``Ctrl+S``, a menu's shortcut column) are not words.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import util
from pathlib import Path

WORD = re.compile(r"[A-Za-zÀ-ÿ]+")
#: English words of Jupyter's and Voilà's chrome that the pack's phrases do not contain.
EXTRA = frozenset("idle busy command download executing reading running starting connecting unknown untitled "
                  "loading widget trusted modified language reconnect select items open with server created "
                  "writable error displaying model found".split())
#: Words both languages use as they are, or names: never counted.  («Download» is also the pack's
#: Portuguese: «Fazer download».)
SAME = frozenset("kernel kernels python pyodide ipykernel jupyter jupyterlab jupyterlite markdown ok damas voilà "
                 "download zen ctrl shift alt cmd enter esc".split())
#: The English of a JupyterLab page that no setting and no translation reaches, with why; each is
#: allowed only where it is named (a test says which).
UNREACHABLE = {
    "None": "JupyterLab writes the word itself in a tab's tooltip when a notebook has no checkpoint "
            "(«Last Checkpoint: None»): not a phrase of the translation",
}


@functools.lru_cache(maxsize=1)
def vocabulary() -> frozenset:
    """JupyterLab's English words that its Portuguese never uses (see the module)."""
    spec = util.find_spec("jupyterlab_language_pack_pt_BR")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("jupyterlab-language-pack-pt-BR is missing: `pip install -r requirements.txt`")
    folder = Path(next(iter(spec.submodule_search_locations))) / "locale" / "pt_BR" / "LC_MESSAGES"
    english, portuguese = set(), set()
    for path in folder.glob("*.json"):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            if not key:
                continue
            english |= {w.lower() for w in WORD.findall(key.split("\x04")[-1])}
            for phrase in value if isinstance(value, list) else [value]:
                if isinstance(phrase, str):
                    portuguese |= {w.lower() for w in WORD.findall(phrase)}
    return frozenset((english - portuguese) | EXTRA) - SAME


def english_words(text: str) -> list[str]:
    """The English words of ``text`` (one letter alone, as in a shortcut's «S», is not a word)."""
    words = vocabulary()
    return sorted({w for w in WORD.findall(text) if len(w) > 1 and w.lower() in words})


def english_items(items, allowed=()) -> list[tuple[str, str, list[str]]]:
    """The items of :data:`CHROME` with English words: (kind, text, words); a word of ``allowed``
    (keys of :data:`UNREACHABLE`) is not counted."""
    found = []
    for kind, text, _cls in items:
        words = [w for w in english_words(text) if w not in allowed]
        if words:
            found.append((kind, text, words))
    return found


# What the screen shows outside the cells' own text: visible text nodes, tooltips, placeholders.
CHROME = r"""
() => {
  const out = [];
  const content = ".jp-Cell-inputWrapper, .jp-OutputArea, .jp-RenderedMarkdown, .cm-editor, .jp-InputArea, "
    + ".jp-MarkdownOutput, #rendered_cells";
  const shortcut = ".lm-Menu-itemShortcut, .lm-CommandPalette-itemShortcut";
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none"
      && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest(content) || el.closest(shortcut) || el.closest("script, style")
        || !visible(el)) continue;
    out.push(["text", text, String(el.className || el.tagName)]);
  }
  for (const el of document.querySelectorAll("[title], [placeholder]")) {
    if (el.closest(content) || !visible(el)) continue;
    if (el.title) out.push(["title", el.title, String(el.className || el.tagName)]);
    if (el.placeholder) out.push(["placeholder", el.placeholder, String(el.className || el.tagName)]);
  }
  return out;
}
"""

# The labels of the menu bar, to open each menu in turn.
MENU_TITLES = "#jp-MainMenu .lm-MenuBar-itemLabel, #jp-menu-panel .lm-MenuBar-itemLabel"


def menus_english(page, allowed=(), skip=()):
    """Open each menu of the menu bar in turn; the English items each shows, as
    [(menu, kind, text, words)] (a menu whose title is in ``skip`` is not opened)."""
    found = []
    titles = page.locator(MENU_TITLES)
    for i in range(titles.count()):
        title = titles.nth(i)
        name = title.inner_text()
        if name in skip or not title.is_visible():
            continue
        title.click()
        page.locator(".lm-Menu").first.wait_for()
        found += [(name, *item) for item in english_items(page.evaluate(CHROME), allowed)]
        page.keyboard.press("Escape")
        page.locator(".lm-Menu").first.wait_for(state="detached")
    return found
