"""The course's words for the JupyterLab interface that the pt-BR language pack leaves in English.

``jupyterlab-language-pack-pt-BR`` translates about a thousand of JupyterLab's phrases; a student
still met English in the menus («Download», «Language», «Reconnect to Kernel») and the tooltips.
``pt_BR.json`` (beside this file) holds those phrases in Portuguese; the pack's own words always
win.  Two places read it:

* the course's JupyterLite site: ``lite/build.py`` adds the phrases to the site's
  ``api/translations/pt_BR.json`` when it builds it;
* a JupyterLab server (a school's JupyterHub, a teacher's computer): this package is a Jupyter
  server extension (enabled by ``etc/jupyter/jupyter_server_config.d/damas_jupyter_settings.json``,
  installed with it), which adds the phrases to the pt-BR pack the server sends to the page
  (:func:`add_words`, around ``jupyterlab_server``'s ``get_language_pack``).

The file's sections: ``menu`` (asked with the context "menu"), ``plural`` (asked with a count:
the singular and the plural), ``plain`` (asked without context, and with the context "menu" as a
menu built from the settings asks).  Each phrase goes to every domain in :data:`DOMAINS`.
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["WORDS", "DOMAINS", "LOCALE", "add_words", "words"]

LOCALE = "pt_BR"
WORDS = Path(__file__).with_name(f"{LOCALE}.json")
#: The translation domains that get the phrases the pack lacks: JupyterLab's own, the
#: single-document view's (Jupyter Notebook 7; JupyterLite's notebooks/ page), JupyterLite's
#: and the widgets' (ipywidgets' menu item).
DOMAINS = ("jupyterlab", "notebook", "jupyterlite", "@jupyterlite", "jupyterlab_widgets")


def words() -> dict:
    """The phrases, as ``pt_BR.json`` holds them."""
    return json.loads(WORDS.read_text(encoding="utf-8"))


def add_words(data: dict) -> int:
    """Add the phrases to ``data`` (a language pack's domains: {domain: {key: [translations]}})
    where it has none (the pack's own words win); how many were added."""
    extra = words()
    base = data.get("jupyterlab", {}).get("", {"language": "pt-BR", "plural_forms": "nplurals=2; plural=(n != 1);"})
    added = 0
    for domain in DOMAINS:
        strings = data.setdefault(domain, {"": dict(base, domain=domain)})
        for context, phrases in extra.items():
            if context == "comment":
                continue
            for english, portuguese in phrases.items():
                if context == "plural":             # trans._n(singular, plural, n): no context, both forms
                    entries = {english: list(portuguese)}
                elif context == "plain":            # trans.__(text), or _p("menu", text) of a settings' menu
                    entries = {english: [portuguese], f"menu\x04{english}": [portuguese]}
                else:                               # trans._p(context, text): gettext's context separator
                    entries = {f"{context}\x04{english}": [portuguese]}
                for key, value in entries.items():
                    if key not in strings:
                        strings[key] = value
                        added += 1
    return added


def _jupyter_server_extension_points():
    return [{"module": "damas_jupyter_settings"}]


def _load_jupyter_server_extension(server_app):
    """Add the phrases to every pt-BR pack the server sends (jupyterlab_server's translations
    handler asks ``get_language_pack`` at each request)."""
    try:
        from jupyterlab_server import translations_handler
    except ImportError:        # no JupyterLab on this server (Voilà alone): nothing to add to
        return
    original = translations_handler.get_language_pack
    if getattr(original, "_damas", False):
        return

    def get_language_pack(locale_):
        data, message = original(locale_)
        if locale_ == LOCALE and data:
            add_words(data)
        return data, message

    get_language_pack._damas = True
    translations_handler.get_language_pack = get_language_pack
    server_app.log.info("damas_jupyter_settings: the course's Portuguese words added to the pt-BR pack")
