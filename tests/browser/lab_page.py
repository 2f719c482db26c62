"""What the browser tests run in a JupyterLab page, JupyterLab's or
JupyterLite's: the scripts that ask the page and the notebook's kernel, and
the selector of the board widget.  test_browser.py and test_lite.py import
them from here, so both pages are asked the same way."""

#: The board widget's root element.
WIDGET = ".damas-widget"

# JavaScript run in the page: execute code in the current notebook's kernel
# and return what it printed (a query made on the kernel's side); an error
# is returned as "ERROR name: value".
KERNEL_EXEC = """
async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "";
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += "ERROR " + msg.content.ename + ": " + msg.content.evalue;
  };
  await future.done;
  return out;
}
"""

# JavaScript: true once the current notebook has a kernel and it is idle.
KERNEL_IDLE = """
() => {
  const app = window.jupyterapp;
  const panel = app && app.shell && app.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
                 && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === "idle";
}
"""

# Python run in the kernel (with KERNEL_EXEC): every BoardWidget alive, as
# JSON [fen, variant, locked, mode, result, moves].
KERNEL_BOARDS = """
import gc as _gc, json as _json
from damas.widget.board import BoardWidget as _BW
print(_json.dumps([[w.fen, w.variant, list(w.locked), w.mode, w.result, list(w.moves)]
                   for w in _gc.get_objects() if isinstance(w, _BW)]))
"""
