/*
 * The course's own plugins for its JupyterLite site (lite/build.py puts this folder in the site's
 * extensions/).  Written by hand as the container that `jupyter labextension build` would make
 * (window._JUPYTERLAB["damas-curso"] with init and get): the plugins ask for no JupyterLab token,
 * so nothing needs the shared modules, a bundler or npm.
 *
 * damas-curso:clean   (every app) Opening is not editing: a notebook whose cells' sources are
 *                     those it was opened (or last saved) with is not "modified", whatever its
 *                     outputs became, so running it neither autosaves it nor makes a reload ask
 *                     «Sair do site?».  A change to a cell's text is an edit, as before.
 * damas-curso:course  (the single-document view, notebooks/index.html: the course's address)
 *                     The chapter runs as it opens (no menu needed on a tablet), a link to
 *                     another notebook opens it in the same tab (the old page, and its Python,
 *                     go; so does a widget's link, as the course map's), and the phone and
 *                     tablet layout: pictures and boards fit the width.
 *
 * State for the tests: the notebook panel's node gets data-damas-run="running" then "done"
 * (or "error") for the run on opening.
 */
(function () {
  "use strict";

  var NAME = "damas-curso";

  /* The cells' types and sources: what editing changes and running does not. */
  function signature(model) {
    var parts = [];
    var cells = model.cells;
    for (var i = 0; i < cells.length; i++) {
      var cell = cells.get(i);
      parts.push(cell.type + "\u0000" + cell.sharedModel.getSource());
    }
    return parts.join("\u0001");
  }

  function keepClean(panel, context) {
    var clean = null;
    function remember() {
      clean = signature(context.model);
    }
    context.ready.then(function () {
      remember();
      context.model.stateChanged.connect(function (model, change) {
        if (change.name === "dirty" && change.newValue && clean !== null && signature(model) === clean) {
          model.dirty = false;
        }
      });
      context.fileChanged.connect(remember);     // after a save, the saved text is the clean one
    });
  }

  function kernelIdle(sessionContext) {
    return new Promise(function (resolve) {
      function check() {
        var kernel = sessionContext.session && sessionContext.session.kernel;
        if (kernel && kernel.status === "idle") {
          sessionContext.statusChanged.disconnect(check);
          resolve();
          return true;
        }
        return false;
      }
      if (!check()) {
        sessionContext.statusChanged.connect(check);
      }
    });
  }

  function runOnOpen(app, panel, context) {
    panel.node.setAttribute("data-damas-run", "waiting");
    context.ready
      .then(function () { return panel.sessionContext.ready; })
      .then(function () { return kernelIdle(panel.sessionContext); })
      .then(function () {
        if (panel.isDisposed) {
          return false;
        }
        panel.node.setAttribute("data-damas-run", "running");
        // «Executar todas» makes the last cell the active one, and the page scrolls to it: the
        // student would start at the end of the chapter.  The first cell stays the active one.
        var notebook = panel.content;
        function stayOnTop(sender, cell) {
          notebook.activeCellChanged.disconnect(stayOnTop);
          if (notebook.activeCellIndex !== 0) {
            notebook.activeCellIndex = 0;
            notebook.deselectAll();
            if (notebook.scrollToItem) {
              notebook.scrollToItem(0, "start");
            }
          }
        }
        notebook.activeCellChanged.connect(stayOnTop);
        return app.commands.execute("notebook:run-all-cells");
      })
      .then(function () {
        panel.node.setAttribute("data-damas-run", "done");
      })
      .catch(function (error) {
        console.error("damas-curso: the run on opening failed", error);
        panel.node.setAttribute("data-damas-run", "error");
      });
  }

  /* The site's root path ("/" or "/damas/"), from the configuration every page carries. */
  function sitePath() {
    var node = document.getElementById("jupyter-config-data");
    var base = "./";
    try {
      base = JSON.parse(node.textContent).baseUrl || base;
    } catch (error) {
      /* keep "./" */
    }
    return new URL(base, window.location.href).pathname.replace(/\/?$/, "/");
  }

  /* The notebook a rendered link points to, as a path of the site's files, or null.  JupyterLab
     writes a link to a file of the site as that file's address (<site>/files/<path>); a link it
     left relative is taken from the current notebook's folder. */
  function linkedNotebook(anchor, currentPath) {
    var href = anchor.getAttribute("href") || "";
    if (!href || href.charAt(0) === "#") {
      return null;                          // a place in this page
    }
    var folder = currentPath.indexOf("/") >= 0 ? currentPath.slice(0, currentPath.lastIndexOf("/") + 1) : "";
    var url = new URL(href, window.location.origin + sitePath() + "files/" + folder);
    var files = sitePath() + "files/";
    if (url.origin !== window.location.origin || url.pathname.indexOf(files) !== 0) {
      return null;                          // another site, or not one of the course's files
    }
    var path = decodeURIComponent(url.pathname.slice(files.length));
    if (!/\.ipynb$/i.test(path)) {
      return null;
    }
    return { path: path, hash: url.hash };
  }

  function sameTabLinks(app) {
    document.addEventListener("click", function (event) {
      var target = event.target;
      var anchor = target && target.closest ? target.closest("a[href]") : null;
      if (!anchor || !anchor.closest(".jp-RenderedHTMLCommon")) {
        return;
      }
      var panel = app.shell.currentWidget;
      var current = panel && panel.context ? panel.context.path : "";
      var linked = linkedNotebook(anchor, current);
      if (!linked) {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      var page = window.location.pathname;
      window.location.assign(page + "?path=" + encodeURI(linked.path) + linked.hash);
    }, true);
  }

  /* A widget that opens a notebook through JupyterLab (the course map's links ask
     «docmanager:open»), which the single-document view would open in a new tab: the same tab
     instead, once a notebook is shown (the view's own first opening goes through untouched). */
  function sameTabOpen(app) {
    var commands = app.commands;
    var execute = commands.execute.bind(commands);
    commands.execute = function (id, args) {
      var panel = app.shell.currentWidget;
      var path = args && typeof args.path === "string" ? args.path : "";
      if (id === "docmanager:open" && /\.ipynb$/i.test(path) && panel && panel.context
          && panel.context.path !== path) {
        window.location.assign(window.location.pathname + "?path=" + encodeURI(path));
        return Promise.resolve(undefined);
      }
      return execute(id, args);
    };
  }

  var LAYOUT = [
    /* Pictures and boards never wider than the screen. */
    ".jp-OutputArea-output img.damas-picture { max-width: 100%; height: auto; }",
    ".damas-widget { max-width: 100%; }",
    ".damas-widget .damas-board-box { max-width: 100%; }",
    /* Phones and tablets: no prompt column, so the cells get the width. */
    "@media (max-width: 820px) {",
    "  .jp-InputPrompt, .jp-OutputPrompt { display: none !important; }",
    "  .jp-Notebook .jp-Cell { padding-left: 2px; padding-right: 2px; }",
    "  .jp-Cell-inputWrapper, .jp-Cell-outputWrapper { margin-left: 0; }",
    "  .jp-OutputArea-output { overflow-x: hidden; }",
    "}",
  ].join("\n");

  function addLayout() {
    var style = document.createElement("style");
    style.setAttribute("data-damas", "layout");
    style.textContent = LAYOUT;
    document.head.appendChild(style);
  }

  function singleDocument() {
    return /\/notebooks\/(index\.html)?$/.test(window.location.pathname);
  }

  var clean = {
    id: NAME + ":clean",
    description: "Abrir e rodar um caderno não é editá-lo.",
    autoStart: true,
    activate: function (app) {
      app.docRegistry.addWidgetExtension("Notebook", {
        createNew: function (panel, context) {
          keepClean(panel, context);
        },
      });
    },
  };

  var course = {
    id: NAME + ":course",
    description: "O curso num endereço e numa aba: o capítulo roda ao abrir, os links abrem na mesma aba.",
    autoStart: true,
    activate: function (app) {
      if (!singleDocument()) {
        return;
      }
      addLayout();
      sameTabLinks(app);
      sameTabOpen(app);
      app.docRegistry.addWidgetExtension("Notebook", {
        createNew: function (panel, context) {
          runOnOpen(app, panel, context);
        },
      });
    },
  };

  var plugins = [clean, course];

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB[NAME] = {
    init: function () {
      return Promise.resolve();
    },
    get: function (module) {
      if (module !== "./extension") {
        return Promise.reject(new Error("Module " + module + " does not exist in container " + NAME));
      }
      return Promise.resolve(function () {
        return { __esModule: true, default: plugins };
      });
    },
  };
})();
