"""The JupyterLite site as a student opens it: the course's address, the single-document view
(``notebooks/index.html?path=...``), the chapter running as it opens (``lite/extension``).

What the browser tests of the course view ask the page, shared by ``test_lite_plain_http.py``,
``test_lite_course_view.py`` and ``test_lite_stars.py``.
"""

from __future__ import annotations

from lab_page import KERNEL_EXEC

#: How long a chapter may take from opening to the end of its run on opening (Pyodide's start
#: included) on a loaded 2-core machine; chapter 09 is the slowest.
RUN_TIMEOUT = 600_000      # ms
STEP_TIMEOUT = 30_000      # ms

# JavaScript: the run on opening is over ("done" or "error"), as lite/extension marks it.
RUN_OVER = """
() => {
  const node = document.querySelector("[data-damas-run]");
  const state = node && node.getAttribute("data-damas-run");
  return state === "done" || state === "error" ? state : false;
}
"""

# JavaScript: the error outputs and stderr tracebacks of the notebook shown.
PROBLEMS = """
() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter((c) => c.model.type === "code")
  .flatMap((c) => c.model.outputs.toJSON())
  .filter((o) => o.output_type === "error"
    || (o.output_type === "stream" && o.name === "stderr" && String(o.text).includes("Traceback")))
  .map((o) => o.output_type === "error" ? o.ename + ": " + o.evalue : String(o.text).slice(-400))
"""

# JavaScript: every code cell has run (an execution count).
ALL_COUNTED = """
() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter((c) => c.model.type === "code").every((c) => c.model.executionCount !== null)
"""

# JavaScript: the kernels and sessions the page runs (JupyterLite's, in the page).
KERNELS = """
() => {
  const services = window.jupyterapp.serviceManager;
  return [Array.from(services.kernels.running()).length, Array.from(services.sessions.running()).map((s) => s.path)];
}
"""

# JavaScript: is the notebook shown modified, for the page and for JupyterLab?
DIRTY = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const status = window.jupyterapp.status;
  return [panel.context.model.dirty, status ? status.isDirty : null];
}
"""


def course_url(base: str, notebook: str) -> str:
    """The course view of ``notebook`` (a path of the site's files: ``notebooks/02_Movimento.ipynb``)."""
    return f"{base}/notebooks/index.html?path={notebook}"


def wait_run(page, timeout=RUN_TIMEOUT) -> None:
    """Wait for the chapter's run on opening; it must end with every cell run and no error."""
    state = page.wait_for_function(RUN_OVER, timeout=timeout, polling=500).json_value()
    problems = page.evaluate(PROBLEMS)
    assert state == "done" and not problems, f"{page.url}: {state}; {problems}"
    assert page.evaluate(ALL_COUNTED), f"{page.url}: a cell did not run"


def kernel(page, code: str) -> str:
    """What ``code`` prints in the notebook's kernel."""
    return page.evaluate(KERNEL_EXEC, code)
