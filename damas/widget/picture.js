// The page side of damas.widget.picture.ClickablePicture.
//
// It places the SVG Python sends; a part with data-click becomes a button (click, Enter or Space
// send {type: "click", key} to Python), a part with data-href a link to a notebook beside the
// one shown (JupyterLab and JupyterLite open it in the app; any other page, Voilà included,
// follows the link relative to the page).  Every such part is a tab stop, labelled by data-label.

function openNotebook(href) {
  const app = window.jupyterapp;
  const shell = app && app.shell;
  const current = shell && shell.currentWidget;
  const path = current && current.context && current.context.path;
  if (app && app.commands && typeof path === "string") {
    const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
    app.commands.execute("docmanager:open", { path: folder + href });
    return;
  }
  window.location.href = new URL(href, window.location.href).href;
}

// Front ends without JupyterLab's output classes: hide the static twin stored before this output.
function hideStaticTwin(el, tries = 120) {
  if (!el.isConnected) {
    if (tries > 0) requestAnimationFrame(() => hideStaticTwin(el, tries - 1));
    return;
  }
  if (el.closest(".jp-OutputArea")) return;
  let node = el;
  for (let depth = 0; depth < 8 && node.parentElement; depth++) {
    for (let prev = node.previousElementSibling; prev; prev = prev.previousElementSibling) {
      const twins = prev.matches(".damas-static") ? [prev] : prev.querySelectorAll(".damas-static");
      if (twins.length) {
        twins[twins.length - 1].style.display = "none";
        return;
      }
    }
    node = node.parentElement;
    if (node.matches("body, .cell, .jp-Cell, .code_cell")) return;
  }
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "damas-picture-live";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  el.appendChild(root);

  function act(part) {
    const key = part.getAttribute("data-click");
    if (key !== null) model.send({ type: "click", key });
    else openNotebook(part.getAttribute("data-href"));
  }

  function draw() {
    const focusedKey = document.activeElement && root.contains(document.activeElement)
      ? document.activeElement.getAttribute("data-click") || document.activeElement.getAttribute("data-href") : null;
    root.innerHTML = model.get("svg") || "";
    const svg = root.querySelector("svg");
    if (svg) {
      svg.setAttribute("role", "group");
      svg.setAttribute("aria-label", model.get("label") || "");
    }
    for (const part of root.querySelectorAll("[data-click], [data-href]")) {
      const isButton = part.hasAttribute("data-click");
      part.setAttribute("role", isButton ? "button" : "link");
      part.setAttribute("tabindex", "0");
      part.setAttribute("aria-label", part.getAttribute("data-label") || "");
      part.addEventListener("click", (event) => {
        event.preventDefault();
        act(part);
      });
      part.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
          event.preventDefault();
          event.stopPropagation();
          act(part);
        }
      });
      const key = part.getAttribute("data-click") || part.getAttribute("data-href");
      if (focusedKey !== null && key === focusedKey) part.focus();
    }
  }

  model.on("change:svg", draw);
  model.on("change:label", draw);
  draw();
  hideStaticTwin(el);
  return () => {
    model.off("change:svg", draw);
    model.off("change:label", draw);
  };
}

export default { render };
