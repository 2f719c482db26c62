// The page side of damas.widget.BoardWidget.
//
// It draws the synced state (pieces, selection, targets, messages, score
// sheet) as SVG and HTML, and sends every click back to Python with
// model.send.  It knows no rule of the game: Python decides everything.
// Every text shown comes from Python (the `labels` and `message` traits).
//
// Keyboard: the squares form one tab stop (a roving tabindex: the cursor
// square has tabindex 0, the others -1); the arrow keys move the cursor,
// Enter or Space clicks the cursor square, Escape cancels the selection.

const SVG_NS = "http://www.w3.org/2000/svg";
const UNIT = 60;            // one square, in SVG units
const MARGIN = 0.42;        // border around the board, in squares
const PIECE_RADIUS = 0.40;
const RING_RADIUS = 0.27;
const KING_LIFT = 0.06;
const CROWN = [[-0.55, 0.33], [0.55, 0.33], [0.66, -0.36], [0.30, -0.04], [0.0, -0.50],
               [-0.30, -0.04], [-0.66, -0.36]];
const DEFAULT_COLORS = {
  light: "#f3e3c3", dark: "#8b5a2b", frame: "#4a2f17", coord: "#f3e3c3", number: "#f7ecd6",
  highlight: "#ffd43b", lastmove: "#9ccc3c", mark: "#c8102e", selected: "#ffd43b",
  target: "#0b7a2e", route: "#1f5fbf", arrow: "#1f5fbf", outline: "#ffffff", tried: "#555555",
  white_fill: "#fbf7ee", white_line: "#1a1a1a", black_fill: "#262626", black_line: "#000000",
  black_ring: "#cfcfcf", crown: "#f2b01e",
};
const TRAITS = ["variant", "title", "size", "layout_squares", "pieces", "fen", "turn", "status",
  "selected", "route", "targets", "choices", "highlights", "last_path", "last_captured",
  "last_move", "message", "message_kind", "article", "hint", "moves", "first_turn", "result",
  "result_reason", "result_article", "can_undo", "can_redo", "flipped", "show_numbers", "mode",
  "setup_piece", "locked", "labels", "colors", "exercise", "actions", "arrows", "square_labels",
  "level", "levels"];
const KEYS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function svg(tag, attrs, parent) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

function html(tag, attrs, parent, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function fmt(value) {
  return Number(value.toFixed(2)).toString();
}

// Draw one piece (two stacked discs and a crown for a king) centred at (cx, cy).
function drawPiece(parent, cx, cy, symbol, colors, unit) {
  const white = symbol === "w" || symbol === "W";
  const king = symbol === "W" || symbol === "B";
  const fill = white ? colors.white_fill : colors.black_fill;
  const line = white ? colors.white_line : colors.black_line;
  const ring = white ? colors.white_line : colors.black_ring;
  const g = svg("g", { class: "damas-piece", "data-piece": symbol }, parent);
  const r = PIECE_RADIUS * unit;
  if (king) {
    svg("circle", { cx: fmt(cx), cy: fmt(cy + KING_LIFT * unit), r: fmt(r), fill, stroke: line,
      "stroke-width": fmt(0.045 * unit) }, g);
    cy -= (KING_LIFT / 2) * unit;
  }
  svg("circle", { cx: fmt(cx), cy: fmt(cy), r: fmt(r), fill, stroke: line,
    "stroke-width": fmt(0.045 * unit) }, g);
  svg("circle", { cx: fmt(cx), cy: fmt(cy), r: fmt(RING_RADIUS * unit), fill: "none", stroke: ring,
    "stroke-width": fmt(0.025 * unit) }, g);
  if (king) {
    const points = CROWN.map(([u, v]) => `${fmt(cx + u * r)},${fmt(cy + v * r)}`).join(" ");
    svg("polygon", { class: "damas-crown", points, fill: colors.crown,
      stroke: white ? colors.white_line : colors.white_fill, "stroke-width": fmt(0.035 * unit) }, g);
  }
  return g;
}

function pieceIcon(symbol, colors, label) {
  const icon = svg("svg", { viewBox: "0 0 40 40", width: 22, height: 22, "aria-hidden": "true" });
  if (symbol) drawPiece(icon, 20, 20, symbol, colors, 40);
  else svg("path", { d: "M10 10 L30 30 M30 10 L10 30", stroke: "#b00", "stroke-width": 4 }, icon);
  return icon;
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

  function drawBoard() {
    const size = get("size");
    const colors = Object.assign({}, DEFAULT_COLORS, get("colors") || {});
    const flipped = get("flipped");
    const pieces = get("pieces") || [];
    const targets = new Set(get("targets") || []);
    const highlights = new Set(get("highlights") || []);
    const lastPath = new Set(get("last_path") || []);
    const lastCaptured = new Set(get("last_captured") || []);
    const route = get("route") || [];
    const selected = get("selected");
    const labels = get("labels") || {};
    const ariaLabels = get("square_labels") || [];
    const total = (size + 2 * MARGIN) * UNIT;
    const m = MARGIN * UNIT;
    // Square numbers: about 11 px or more on the screen in both boards.
    const numberSize = size === 8 ? 13 : 16;
    const root = svg("svg", {
      class: "damas-board", viewBox: `0 0 ${fmt(total)} ${fmt(total)}`, role: "group",
      "aria-label": `${labels.board || ""}. ${labels.cursor_help || ""}`, "data-fen": get("fen"),
    });
    svg("rect", { x: 0, y: 0, width: fmt(total), height: fmt(total), fill: colors.frame }, root);
    svg("rect", { x: fmt(m), y: fmt(m), width: size * UNIT, height: size * UNIT, fill: colors.light }, root);
    const place = (row, col) => {
      const r = flipped ? size - 1 - row : row;
      const c = flipped ? size - 1 - col : col;
      return [m + c * UNIT, m + r * UNIT];
    };
    const centre = {};
    screenSquares = {};
    const layout = get("layout_squares") || [];
    if (!layout.some(([sq]) => sq === cursor)) cursor = defaultCursor(layout);
    for (const [square, row, col, name] of layout) {
      const [x, y] = place(row, col);
      const cx = x + UNIT / 2;
      const cy = y + UNIT / 2;
      centre[square] = [cx, cy];
      screenSquares[square] = [flipped ? size - 1 - row : row, flipped ? size - 1 - col : col];
      const symbol = pieces[square - 1] || "";
      const classes = ["damas-square"];
      if (square === selected) classes.push("damas-selected");
      if (targets.has(square)) classes.push("damas-target");
      if (highlights.has(square)) classes.push("damas-highlight");
      if (lastPath.has(square)) classes.push("damas-last");
      const g = svg("g", { class: classes.join(" "), "data-square": square, "data-name": name,
        "data-piece": symbol, role: "button", tabindex: square === cursor ? 0 : -1,
        "aria-label": ariaLabels[square - 1] || `${labels.square || ""} ${name}` }, root);
      svg("rect", { x: fmt(x), y: fmt(y), width: UNIT, height: UNIT, fill: colors.dark }, g);
      if (lastPath.has(square) || lastCaptured.has(square)) {
        svg("rect", { x: fmt(x), y: fmt(y), width: UNIT, height: UNIT, fill: colors.lastmove,
          opacity: 0.45 }, g);
      }
      if (route.includes(square) && square !== selected) {
        svg("rect", { x: fmt(x + 3), y: fmt(y + 3), width: UNIT - 6, height: UNIT - 6, fill: "none",
          stroke: colors.outline, "stroke-width": 7 }, g);
        svg("rect", { x: fmt(x + 3), y: fmt(y + 3), width: UNIT - 6, height: UNIT - 6, fill: "none",
          stroke: colors.route, "stroke-width": 4 }, g);
      }
      if (symbol) drawPiece(g, cx, cy, symbol, colors, UNIT);
      if (get("show_numbers")) {
        // Drawn over the piece, with a dark outline, so it stays readable.
        const t = svg("text", { x: fmt(x + 2.5), y: fmt(y + numberSize + 0.5), "font-size": numberSize,
          "font-family": "sans-serif", "font-weight": 600, fill: colors.number, stroke: colors.frame,
          "stroke-width": 3, "paint-order": "stroke", class: "damas-number", "aria-hidden": "true" }, g);
        t.textContent = String(square);
      }
      if (square === selected) {
        svg("rect", { x: fmt(x + 2), y: fmt(y + 2), width: UNIT - 4, height: UNIT - 4, fill: "none",
          stroke: colors.selected, "stroke-width": 5, class: "damas-selected-mark" }, g);
      }
      if (highlights.has(square)) {
        svg("rect", { x: fmt(x + 2.5), y: fmt(y + 2.5), width: UNIT - 5, height: UNIT - 5, fill: "none",
          stroke: colors.outline, "stroke-width": 7 }, g);
        svg("rect", { x: fmt(x + 2.5), y: fmt(y + 2.5), width: UNIT - 5, height: UNIT - 5, fill: "none",
          stroke: colors.mark, "stroke-width": 5, "stroke-dasharray": "9 5",
          class: "damas-highlight-mark" }, g);
      }
      if (targets.has(square)) {
        const r = fmt(UNIT * (symbol ? 0.44 : 0.17));
        svg("circle", { cx: fmt(cx), cy: fmt(cy), r, fill: symbol ? "none" : colors.outline,
          stroke: colors.outline, "stroke-width": symbol ? 8 : 7 }, g);
        svg("circle", { cx: fmt(cx), cy: fmt(cy), r, fill: symbol ? "none" : colors.target,
          stroke: colors.target, "stroke-width": symbol ? 5 : 2, class: "damas-target-mark" }, g);
      }
      if (square === cursor) {
        svg("rect", { x: fmt(x + 7), y: fmt(y + 7), width: UNIT - 14, height: UNIT - 14, fill: "none",
          stroke: colors.outline, "stroke-width": 2.5, "stroke-dasharray": "4 3", rx: 4,
          class: "damas-cursor" }, g);
      }
      g.addEventListener("click", (event) => {
        event.preventDefault();
        cursor = square;
        wantedCol = null;
        send({ type: "click", square });
      });
      g.addEventListener("keydown", (event) => onKey(event, square));
    }
    drawArrows(root, centre, colors);
    if (size === 8) {
      const letters = "abcdefgh";
      for (let i = 0; i < size; i++) {
        const col = flipped ? size - 1 - i : i;
        const row = flipped ? size - 1 - i : i;
        const a = svg("text", { x: fmt(m + i * UNIT + UNIT / 2), y: fmt(total - m / 2 + 5),
          "text-anchor": "middle", "font-size": 15, "font-family": "sans-serif", fill: colors.coord,
          class: "damas-coord", "aria-hidden": "true" }, root);
        a.textContent = letters[col];
        const n = svg("text", { x: fmt(m / 2), y: fmt(m + i * UNIT + UNIT / 2 + 5),
          "text-anchor": "middle", "font-size": 15, "font-family": "sans-serif", fill: colors.coord,
          class: "damas-coord", "aria-hidden": "true" }, root);
        n.textContent = String(size - row);
      }
    }
    return root;
  }

  // Arrows along the paths of the `arrows` trait (a refuting reply): a light
  // halo under a coloured line, an arrowhead at the end.
  function drawArrows(root, centre, colors) {
    const arrows = get("arrows") || [];
    arrows.forEach((arrow) => {
      const path = arrow.path || [];
      const tried = arrow.kind === "tried";
      const points = path.map((sq) => centre[sq]).filter(Boolean);
      if (points.length < 2) return;
      const g = svg("g", { class: "damas-arrow", "data-path": path.join(","), "data-kind": arrow.kind,
        "aria-hidden": "true", "pointer-events": "none" }, root);
      const color = tried ? colors.tried : colors.arrow;
      const [ex, ey] = points[points.length - 1];
      const [px, py] = points[points.length - 2];
      const len = Math.hypot(ex - px, ey - py) || 1;
      const ux = (ex - px) / len;
      const uy = (ey - py) / len;
      const head = 0.36 * UNIT;
      const tip = [ex - ux * 0.12 * UNIT, ey - uy * 0.12 * UNIT];
      const base = [tip[0] - ux * head, tip[1] - uy * head];
      const line = points.slice(0, -1).concat([base]).map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
      for (const [stroke, width] of [[colors.outline, 13], [color, 7]]) {
        svg("polyline", { points: line, fill: "none", stroke, "stroke-width": width,
          "stroke-linecap": "round", "stroke-linejoin": "round",
          "stroke-dasharray": tried && stroke === color ? "12 8" : "none" }, g);
      }
      const wing = [-uy * head * 0.6, ux * head * 0.6];
      const tri = [tip, [base[0] + wing[0], base[1] + wing[1]], [base[0] - wing[0], base[1] - wing[1]]]
        .map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
      svg("polygon", { points: tri, fill: color, stroke: colors.outline, "stroke-width": 3,
        "stroke-linejoin": "round" }, g);
    });
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

  // Roving tabindex: only the cursor square is a tab stop; it takes the focus.
  function moveFocus() {
    root.setAttribute("data-cursor", String(cursor));
    for (const g of boardBox.querySelectorAll("g.damas-square")) {
      const here = Number(g.getAttribute("data-square")) === cursor;
      g.setAttribute("tabindex", here ? "0" : "-1");
      const mark = g.querySelector(".damas-cursor");
      if (mark && !here) mark.remove();
      if (here) {
        if (!mark) {
          const rect = g.querySelector("rect");
          const x = Number(rect.getAttribute("x"));
          const y = Number(rect.getAttribute("y"));
          const colors = Object.assign({}, DEFAULT_COLORS, get("colors") || {});
          svg("rect", { x: fmt(x + 7), y: fmt(y + 7), width: UNIT - 14, height: UNIT - 14, fill: "none",
            stroke: colors.outline, "stroke-width": 2.5, "stroke-dasharray": "4 3", rx: 4,
            class: "damas-cursor" }, g);
        }
        g.focus();
      }
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
    const colors = Object.assign({}, DEFAULT_COLORS, get("colors") || {});
    const mode = get("mode");
    const active = document.activeElement;
    const levelFocused = !!active && panel.contains(active) && active.classList.contains("damas-level-select");
    panel.replaceChildren();
    html("div", { class: "damas-title" }, panel, get("title"));
    html("div", { class: "damas-mode" }, panel,
      mode === "montagem" ? labels.mode_setup : labels.mode_play);
    const status = html("div", { class: "damas-status", "data-turn": get("turn") }, panel);
    // The side to move; once the game is over, the winner (both for a draw).
    const result = get("result");
    const icons = result === "2-0" ? ["w"] : result === "0-2" ? ["b"] : result ? ["w", "b"]
      : [get("turn") === "W" ? "w" : "b"];
    for (const symbol of icons) {
      const icon = status.appendChild(pieceIcon(symbol, colors));
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
      drawSetup(labels, colors);
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
    const moves = get("moves") || [];
    if (!moves.length) {
      html("div", { class: "damas-sheet-empty" }, sheet, labels.no_moves);
      return;
    }
    const table = html("table", { class: "damas-sheet-table" }, sheet);
    const cells = get("first_turn") === "B" ? ["…"].concat(moves) : moves.slice();
    for (let i = 0; i < cells.length; i += 2) {
      const tr = html("tr", {}, table);
      html("td", { class: "damas-sheet-number" }, tr, `${i / 2 + 1}.`);
      html("td", {}, tr, cells[i]);
      html("td", {}, tr, cells[i + 1] || "");
    }
    sheet.scrollTop = sheet.scrollHeight;
  }

  function drawSetup(labels, colors) {
    const box = html("div", { class: "damas-setup" }, panel);
    const palette = html("div", { class: "damas-palette" }, box);
    const choice = get("setup_piece");
    for (const [symbol, key] of [["w", "w_man"], ["W", "w_king"], ["b", "b_man"], ["B", "b_king"],
                                 ["", "erase"]]) {
      const b = html("button", { type: "button", class: "damas-button damas-palette-item" +
        (symbol === choice ? " damas-active" : ""), "data-piece": symbol }, palette);
      b.appendChild(pieceIcon(symbol, colors));
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
