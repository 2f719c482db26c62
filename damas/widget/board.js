// The page side of damas.widget.BoardWidget.
//
// It places the board picture Python sends (the `svg` trait, drawn by
// damas/display/svg.py: the same picture as the static one, with the marks
// of the clicks), makes its squares clickable and focusable, draws the panel
// (messages, buttons, score sheet) as HTML, and sends every click back to
// Python with model.send.  It knows no rule of the game and draws no piece:
// Python decides and draws everything.  Every text shown comes from Python
// (the `labels` and `message` traits).
//
// Keyboard: the squares form one tab stop (a roving tabindex: the cursor
// square has tabindex 0, the others -1); the arrow keys move the cursor,
// Enter or Space clicks the cursor square, Escape cancels the selection.

const TRAITS = ["variant", "title", "size", "layout_squares", "pieces", "fen", "turn", "status",
  "selected", "route", "targets", "choices", "highlights", "last_path", "last_captured",
  "last_move", "message", "message_kind", "article", "hint", "moves", "first_turn", "sheet", "result",
  "result_reason", "result_article", "can_undo", "can_redo", "flipped", "show_numbers", "mode",
  "setup_piece", "locked", "labels", "colors", "exercise", "actions", "arrows", "square_labels",
  "level", "levels", "svg", "piece_icons", "two_players", "banner", "notation"];
const KEYS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function html(tag, attrs, parent, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// A small picture of a piece (drawn by Python), or the cross of "Apagar".
function pieceIcon(symbol, icons) {
  const holder = document.createElement("span");
  holder.innerHTML = symbol ? (icons[symbol] || "") :
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="22" height="22" aria-hidden="true">' +
    '<path d="M10 10 L30 30 M30 10 L10 30" stroke="#b00" stroke-width="4"/></svg>';
  return holder.firstElementChild || holder;
}

// Front ends without JupyterLab's output classes (VS Code, Colab): hide the
// static picture stored in the output just before this board's output
// (damas/display.py).  JupyterLab, Voilà and JupyterLite do it in CSS.
function hideStaticTwin(el, tries = 120) {
  if (!el.isConnected) {
    if (tries > 0) requestAnimationFrame(() => hideStaticTwin(el, tries - 1));
    return;
  }
  if (el.closest(".jp-OutputArea")) return;
  let node = el;
  for (let depth = 0; depth < 8 && node.parentElement; depth++) {
    for (let prev = node.previousElementSibling; prev; prev = prev.previousElementSibling) {
      if (prev.matches(".damas-widget") || prev.querySelector(".damas-widget")) return;
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
  const get = (name) => model.get(name);
  const send = (content) => model.send(content);
  const root = html("div", { class: "damas-widget" }, el);
  // JupyterLab's own keys (arrows, Enter, Escape move between cells) stay
  // out of the board: Lumino skips elements with data-lm-suppress-shortcuts.
  const boardBox = html("div", { class: "damas-board-box", "data-lm-suppress-shortcuts": "true" }, root);
  const panel = html("div", { class: "damas-panel" }, root);
  let fenDraft = null;   // text being typed in the FEN box (kept across redraws)
  let cursor = 0;        // the keyboard cursor (a square number)
  let wantedCol = null;  // the column the cursor keeps on up/down
  let screenSquares = {}; // square -> [row, col] on the screen

  // The board: the SVG Python sent, placed as it is; then each square
  // (g.damas-square[data-square]) becomes a button with its label, in a
  // roving tabindex, and its clicks and keys go back to Python.
  function drawBoard() {
    const size = get("size");
    const flipped = get("flipped");
    const labels = get("labels") || {};
    const ariaLabels = get("square_labels") || [];
    const holder = document.createElement("div");
    holder.innerHTML = get("svg") || "";
    const root = holder.querySelector("svg") ||
      document.createElementNS("http://www.w3.org/2000/svg", "svg");
    root.setAttribute("class", "damas-board");
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", `${labels.board || ""}. ${labels.cursor_help || ""}`);
    root.setAttribute("data-fen", get("fen"));
    screenSquares = {};
    const layout = get("layout_squares") || [];
    if (!layout.some(([sq]) => sq === cursor)) cursor = defaultCursor(layout);
    for (const [square, row, col] of layout) {
      screenSquares[square] = [flipped ? size - 1 - row : row, flipped ? size - 1 - col : col];
    }
    for (const g of root.querySelectorAll("g.damas-square")) {
      const square = Number(g.getAttribute("data-square"));
      const name = g.getAttribute("data-name");
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", square === cursor ? "0" : "-1");
      g.setAttribute("aria-label", ariaLabels[square - 1] || `${labels.square || ""} ${name}`);
      g.addEventListener("click", (event) => {
        event.preventDefault();
        cursor = square;
        wantedCol = null;
        send({ type: "click", square });
      });
      g.addEventListener("keydown", (event) => onKey(event, square));
    }
    return root;
  }

  // The cursor: the selected square, else the dark square at the bottom left.
  function defaultCursor(layout) {
    if (get("selected")) return get("selected");
    const size = get("size");
    const flipped = get("flipped");
    let best = null;
    for (const [square, row, col] of layout) {
      const r = flipped ? size - 1 - row : row;
      const c = flipped ? size - 1 - col : col;
      const key = [-r, c];
      if (best === null || key[0] < best[1][0] || (key[0] === best[1][0] && key[1] < best[1][1])) {
        best = [square, key];
      }
    }
    return best ? best[0] : 1;
  }

  // The next dark square from `square` in the direction of an arrow key, on
  // the screen (a flipped board too).  Left/right: the next dark square of
  // the row.  Up/down: the row above/below, in the column nearest to the one
  // the cursor keeps (so that up then down comes back to the same square).
  function step(square, key) {
    const [dr, dc] = KEYS[key];
    const [row, col] = screenSquares[square];
    if (dc !== 0) wantedCol = col;
    else if (wantedCol === null) wantedCol = col;
    let best = null;
    for (const [sq, [r, c]] of Object.entries(screenSquares)) {
      if (dc !== 0) {
        if (r !== row || Math.sign(c - col) !== dc) continue;
        const d = Math.abs(c - col);
        if (best === null || d < best[1]) best = [Number(sq), d];
      } else {
        if (r !== row + dr) continue;
        const d = Math.abs(c - wantedCol) + (c > wantedCol ? 0 : 0.5);
        if (best === null || d < best[1]) best = [Number(sq), d];
      }
    }
    return best ? best[0] : square;
  }

  function onKey(event, square) {
    if (KEYS[event.key] || ["Enter", " ", "Spacebar", "Escape"].includes(event.key)) {
      event.stopPropagation();
    }
    if (KEYS[event.key]) {
      event.preventDefault();
      cursor = step(square, event.key);
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") wantedCol = screenSquares[cursor][1];
      moveFocus();
    } else if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
      event.preventDefault();
      cursor = square;
      send({ type: "click", square });
    } else if (event.key === "Escape") {
      event.preventDefault();
      send({ type: "cancel" });
    }
  }

  // Roving tabindex: only the cursor square is a tab stop; it takes the focus
  // (each square carries its cursor mark, shown by the CSS while focused).
  function moveFocus() {
    root.setAttribute("data-cursor", String(cursor));
    for (const g of boardBox.querySelectorAll("g.damas-square")) {
      const here = Number(g.getAttribute("data-square")) === cursor;
      g.setAttribute("tabindex", here ? "0" : "-1");
      if (here) g.focus();
    }
  }

  function button(parent, key, action, enabled = true, extra = {}) {
    const labels = get("labels") || {};
    const b = html("button", Object.assign({ type: "button", class: "damas-button",
      "data-action": key }, extra), parent, labels[key] || key);
    if (!enabled) b.disabled = true;
    b.addEventListener("click", (event) => {
      event.preventDefault();
      action();
    });
    return b;
  }

  // The computer's level: a <select> (keyboard: Tab to it, arrows change
  // it), kept in focus across redraws; Python says what a change does.
  function drawLevel(labels, hadFocus) {
    const levels = get("levels") || [];
    if (!levels.length) return;
    const box = html("div", { class: "damas-level", "data-lm-suppress-shortcuts": "true" }, panel);
    const id = `damas-level-${model.cid || "x"}-${Math.random().toString(36).slice(2, 8)}`;
    html("label", { for: id, class: "damas-level-label" }, box, `${labels.level}:`);
    const select = html("select", { id, class: "damas-level-select", "aria-label": labels.level,
      "aria-describedby": `${id}-help` }, box);
    for (const n of levels) {
      const option = html("option", { value: n }, select, labels[`level_${n}`] || String(n));
      if (n === get("level")) option.selected = true;
    }
    select.addEventListener("change", () => send({ type: "set_level", level: Number(select.value) }));
    // Keys stay in the select (JupyterLab would move between cells).
    select.addEventListener("keydown", (event) => event.stopPropagation());
    html("div", { class: "damas-level-help", id: `${id}-help` }, box, labels.level_help);
    if (hadFocus) select.focus();
  }

  function drawPanel() {
    const labels = get("labels") || {};
    const pictures = get("piece_icons") || {};
    const mode = get("mode");
    const active = document.activeElement;
    const levelFocused = !!active && panel.contains(active) && active.classList.contains("damas-level-select");
    panel.replaceChildren();
    // Two classmates at one computer: whose turn it is, in big letters (Python's words).
    if (get("banner")) {
      html("div", { class: "damas-banner", "data-turn": get("result") ? "" : get("turn"),
        "data-result": get("result") || "", role: "status", "aria-live": "polite" }, panel, get("banner"));
    }
    html("div", { class: "damas-title" }, panel, get("title"));
    html("div", { class: "damas-mode" }, panel,
      mode === "montagem" ? labels.mode_setup : labels.mode_play);
    const status = html("div", { class: "damas-status", "data-turn": get("turn") }, panel);
    // The side to move; once the game is over, the winner (both for a draw).
    const result = get("result");
    const icons = result === "2-0" ? ["w"] : result === "0-2" ? ["b"] : result ? ["w", "b"]
      : [get("turn") === "W" ? "w" : "b"];
    for (const symbol of icons) {
      const icon = status.appendChild(pieceIcon(symbol, pictures));
      icon.setAttribute("class", "damas-status-icon");
    }
    html("span", {}, status, get("status"));
    if (mode !== "montagem") drawLevel(labels, levelFocused);
    if (get("result")) {
      const res = html("div", { class: "damas-result", "data-result": get("result") }, panel);
      html("strong", {}, res, `${labels.result}: ${get("result")}`);
      const reason = get("result_reason");
      const article = get("result_article");
      html("span", {}, res, ` ${reason}` +
        (article && !reason.includes(`${labels.rule} ${article}`) ? ` (${labels.rule} ${article})` : ""));
    }
    if (get("message")) {
      const box = html("div", { class: "damas-message", "data-kind": get("message_kind"),
        role: "status", "aria-live": "polite" }, panel);
      html("span", { class: "damas-message-text" }, box, get("message"));
      const article = get("article");
      if (article && !get("message").includes(`${labels.rule} ${article}`)) {
        html("span", { class: "damas-article", "data-article": article }, box,
          ` ${labels.rule} ${article}`);
      }
      if (get("hint")) html("div", { class: "damas-hint" }, box, `${labels.hint} ${get("hint")}`);
    }
    const choices = get("choices") || [];
    if (choices.length) {
      const list = html("div", { class: "damas-choices" }, panel);
      html("div", { class: "damas-choices-title" }, list, labels.routes);
      choices.forEach((choice, index) => {
        const b = html("button", { type: "button", class: "damas-button damas-choice",
          "data-index": index }, list, `${labels.route} ${index + 1}: ${choice.text}`);
        b.addEventListener("click", () => send({ type: "choose", index }));
      });
    }
    const offered = get("actions") || [];
    if (offered.length) {
      // The end of an exercise: try again or go on (never a button that
      // throws the exercise away).
      const end = html("div", { class: "damas-buttons damas-actions" }, panel);
      for (const name of offered) {
        button(end, name, () => send({ type: "action", name }), true,
          { class: "damas-button damas-primary" });
      }
    }
    const bar = html("div", { class: "damas-buttons" }, panel);
    if (mode === "montagem") {
      drawSetup(labels, pictures);
      return;
    }
    if (!get("exercise")) {
      button(bar, "undo", () => send({ type: "action", name: "undo" }), get("can_undo"));
      button(bar, "redo", () => send({ type: "action", name: "redo" }), get("can_redo"));
    }
    button(bar, "flip", () => send({ type: "action", name: "flip" }));
    if (!get("exercise")) {
      button(bar, "new_game", () => send({ type: "action", name: "new_game" }));
      button(bar, "setup", () => send({ type: "action", name: "setup" }));
    }
    drawSheet(labels);
  }

  function drawSheet(labels) {
    const sheet = html("div", { class: "damas-sheet" }, panel);
    html("div", { class: "damas-sheet-title" }, sheet, labels.sheet);
    // The rows come from Python (sync.sheet_rows): a number, then White's and Black's
    // moves, or one move a row when one side plays alone (a lesson's task).
    const rows = get("sheet") || [];
    if (!rows.length) {
      html("div", { class: "damas-sheet-empty" }, sheet, labels.no_moves);
      return;
    }
    const table = html("table", { class: "damas-sheet-table" }, sheet);
    for (const [number, ...cells] of rows) {
      const tr = html("tr", {}, table);
      html("td", { class: "damas-sheet-number" }, tr, number);
      for (const cell of cells) html("td", {}, tr, cell);
    }
    sheet.scrollTop = sheet.scrollHeight;
  }

  function drawSetup(labels, icons) {
    const box = html("div", { class: "damas-setup" }, panel);
    const palette = html("div", { class: "damas-palette" }, box);
    const choice = get("setup_piece");
    for (const [symbol, key] of [["w", "w_man"], ["W", "w_king"], ["b", "b_man"], ["B", "b_king"],
                                 ["", "erase"]]) {
      const b = html("button", { type: "button", class: "damas-button damas-palette-item" +
        (symbol === choice ? " damas-active" : ""), "data-piece": symbol }, palette);
      b.appendChild(pieceIcon(symbol, icons));
      html("span", {}, b, labels[key]);
      b.addEventListener("click", () => send({ type: "setup_piece", piece: symbol }));
    }
    const turn = html("div", { class: "damas-setup-turn" }, box);
    html("span", {}, turn, labels.to_move + " ");
    for (const color of ["W", "B"]) {
      const b = html("button", { type: "button", class: "damas-button" +
        (get("turn") === color ? " damas-active" : ""), "data-color": color }, turn, labels[color]);
      b.addEventListener("click", () => send({ type: "set_turn", color }));
    }
    const tools = html("div", { class: "damas-buttons" }, box);
    button(tools, "clear", () => send({ type: "action", name: "clear" }));
    button(tools, "initial", () => send({ type: "action", name: "initial" }));
    button(tools, "flip", () => send({ type: "action", name: "flip" }));
    const fenRow = html("div", { class: "damas-fen" }, box);
    const label = html("label", {}, fenRow, labels.fen + " ");
    const input = html("input", { type: "text", class: "damas-fen-input", spellcheck: "false" }, label);
    input.value = fenDraft !== null ? fenDraft : get("fen");
    input.addEventListener("input", () => { fenDraft = input.value; });
    button(fenRow, "apply_fen", () => {
      send({ type: "set_fen", fen: input.value });
      fenDraft = null;
    });
    const start = html("div", { class: "damas-buttons" }, box);
    button(start, "play", () => send({ type: "action", name: "play" }), true,
      { class: "damas-button damas-primary" });
  }

  function draw() {
    const t0 = performance.now();
    root.setAttribute("data-fen", get("fen"));
    root.setAttribute("data-turn", get("turn"));
    root.setAttribute("data-mode", get("mode"));
    root.setAttribute("data-selected", String(get("selected")));
    root.setAttribute("data-targets", (get("targets") || []).join(","));
    root.setAttribute("data-highlights", (get("highlights") || []).join(","));
    root.setAttribute("data-result", get("result") || "");
    root.setAttribute("data-moves", String((get("moves") || []).length));
    root.setAttribute("data-exercise", get("exercise") ? "1" : "");
    root.setAttribute("data-level", String(get("level") || 0));
    root.setAttribute("data-two-players", get("two_players") ? "1" : "");
    root.setAttribute("data-arrows", (get("arrows") || [])
      .map((a) => `${a.kind}:${(a.path || []).join("-")}`).join(","));
    if (get("mode") !== "montagem") fenDraft = null;
    // The board is drawn anew: the keyboard focus goes back to the cursor.
    const focused = boardBox.contains(document.activeElement);
    boardBox.replaceChildren(drawBoard());
    root.setAttribute("data-cursor", String(cursor));
    if (focused) {
      const g = boardBox.querySelector(`g.damas-square[data-square="${cursor}"]`);
      if (g) g.focus();
    }
    drawPanel();
    root.setAttribute("data-draw-ms", (performance.now() - t0).toFixed(2));
  }

  let pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    Promise.resolve().then(() => {
      pending = false;
      draw();
    });
  }
  for (const name of TRAITS) model.on(`change:${name}`, schedule);
  draw();
  hideStaticTwin(el);
  return () => {
    for (const name of TRAITS) model.off(`change:${name}`, schedule);
  };
}

export default { render };
