// The page side of damas.widget.BoardWidget.
//
// It draws the synced state (pieces, selection, targets, messages, score
// sheet) as SVG and HTML, and sends every click back to Python with
// model.send.  It knows no rule of the game: Python decides everything.
// Every text shown comes from Python (the `labels` and `message` traits).

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
  highlight: "#ffd43b", lastmove: "#9ccc3c", mark: "#d1262b",
  white_fill: "#fbf7ee", white_line: "#1a1a1a", black_fill: "#262626", black_line: "#000000",
  black_ring: "#cfcfcf", crown: "#f2b01e",
};
const TRAITS = ["variant", "title", "size", "layout_squares", "pieces", "fen", "turn", "status",
  "selected", "route", "targets", "choices", "highlights", "last_path", "last_captured",
  "last_move", "message", "message_kind", "article", "hint", "moves", "first_turn", "result",
  "result_reason", "result_article", "can_undo", "can_redo", "flipped", "show_numbers", "mode",
  "setup_piece", "locked", "labels", "colors"];

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

function render({ model, el }) {
  const get = (name) => model.get(name);
  const send = (content) => model.send(content);
  const root = html("div", { class: "damas-widget" }, el);
  const boardBox = html("div", { class: "damas-board-box" }, root);
  const panel = html("div", { class: "damas-panel" }, root);
  let fenDraft = null;   // text being typed in the FEN box (kept across redraws)

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
    const total = (size + 2 * MARGIN) * UNIT;
    const m = MARGIN * UNIT;
    const root = svg("svg", {
      class: "damas-board", viewBox: `0 0 ${fmt(total)} ${fmt(total)}`, role: "img",
      "aria-label": `${labels.board || ""}: ${get("fen")}`, "data-fen": get("fen"),
    });
    svg("rect", { x: 0, y: 0, width: fmt(total), height: fmt(total), fill: colors.frame }, root);
    svg("rect", { x: fmt(m), y: fmt(m), width: size * UNIT, height: size * UNIT, fill: colors.light }, root);
    const place = (row, col) => {
      const r = flipped ? size - 1 - row : row;
      const c = flipped ? size - 1 - col : col;
      return [m + c * UNIT, m + r * UNIT];
    };
    for (const [square, row, col, name] of get("layout_squares") || []) {
      const [x, y] = place(row, col);
      const cx = x + UNIT / 2;
      const cy = y + UNIT / 2;
      const symbol = pieces[square - 1] || "";
      const classes = ["damas-square"];
      if (square === selected) classes.push("damas-selected");
      if (targets.has(square)) classes.push("damas-target");
      if (highlights.has(square)) classes.push("damas-highlight");
      if (lastPath.has(square)) classes.push("damas-last");
      const g = svg("g", { class: classes.join(" "), "data-square": square, "data-name": name,
        "data-piece": symbol }, root);
      const title = svg("title", {}, g);
      title.textContent = `${labels.square || ""} ${square}${name !== String(square) ? " (" + name + ")" : ""}`;
      svg("rect", { x: fmt(x), y: fmt(y), width: UNIT, height: UNIT, fill: colors.dark }, g);
      if (lastPath.has(square) || lastCaptured.has(square)) {
        svg("rect", { x: fmt(x), y: fmt(y), width: UNIT, height: UNIT, fill: colors.lastmove,
          opacity: 0.45 }, g);
      }
      if (route.includes(square) && square !== selected) {
        svg("rect", { x: fmt(x + 3), y: fmt(y + 3), width: UNIT - 6, height: UNIT - 6, fill: "none",
          stroke: "#1f6fd1", "stroke-width": 4 }, g);
      }
      if (symbol) drawPiece(g, cx, cy, symbol, colors, UNIT);
      if (get("show_numbers")) {
        // Drawn over the piece, with a dark outline, so it stays readable.
        const t = svg("text", { x: fmt(x + 2.5), y: fmt(y + 11.5), "font-size": 11,
          "font-family": "sans-serif", fill: colors.number, stroke: colors.frame, "stroke-width": 2.5,
          "paint-order": "stroke", class: "damas-number" }, g);
        t.textContent = String(square);
      }
      if (square === selected) {
        svg("rect", { x: fmt(x + 2), y: fmt(y + 2), width: UNIT - 4, height: UNIT - 4, fill: "none",
          stroke: colors.highlight, "stroke-width": 5, class: "damas-selected-mark" }, g);
      }
      if (highlights.has(square)) {
        svg("rect", { x: fmt(x + 2.5), y: fmt(y + 2.5), width: UNIT - 5, height: UNIT - 5, fill: "none",
          stroke: colors.mark, "stroke-width": 5, "stroke-dasharray": "9 5",
          class: "damas-highlight-mark" }, g);
      }
      if (targets.has(square)) {
        svg("circle", { cx: fmt(cx), cy: fmt(cy), r: fmt(UNIT * (symbol ? 0.44 : 0.17)),
          fill: symbol ? "none" : "#2fbf4a", stroke: "#2fbf4a", "stroke-width": symbol ? 5 : 2,
          opacity: 0.9, class: "damas-target-mark" }, g);
      }
      g.addEventListener("click", (event) => {
        event.preventDefault();
        send({ type: "click", square });
      });
    }
    if (size === 8) {
      const letters = "abcdefgh";
      for (let i = 0; i < size; i++) {
        const col = flipped ? size - 1 - i : i;
        const row = flipped ? size - 1 - i : i;
        const a = svg("text", { x: fmt(m + i * UNIT + UNIT / 2), y: fmt(total - m / 2 + 5),
          "text-anchor": "middle", "font-size": 15, "font-family": "sans-serif", fill: colors.coord,
          class: "damas-coord" }, root);
        a.textContent = letters[col];
        const n = svg("text", { x: fmt(m / 2), y: fmt(m + i * UNIT + UNIT / 2 + 5),
          "text-anchor": "middle", "font-size": 15, "font-family": "sans-serif", fill: colors.coord,
          class: "damas-coord" }, root);
        n.textContent = String(size - row);
      }
    }
    return root;
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

  function drawPanel() {
    const labels = get("labels") || {};
    const colors = Object.assign({}, DEFAULT_COLORS, get("colors") || {});
    const mode = get("mode");
    panel.replaceChildren();
    html("div", { class: "damas-title" }, panel, get("title"));
    html("div", { class: "damas-mode" }, panel,
      mode === "montagem" ? labels.mode_setup : labels.mode_play);
    const status = html("div", { class: "damas-status", "data-turn": get("turn") }, panel);
    status.appendChild(pieceIcon(get("turn") === "W" ? "w" : "b", colors));
    html("span", {}, status, get("status"));
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
    const bar = html("div", { class: "damas-buttons" }, panel);
    if (mode === "montagem") {
      drawSetup(labels, colors);
      return;
    }
    button(bar, "undo", () => send({ type: "action", name: "undo" }), get("can_undo"));
    button(bar, "redo", () => send({ type: "action", name: "redo" }), get("can_redo"));
    button(bar, "flip", () => send({ type: "action", name: "flip" }));
    button(bar, "new_game", () => send({ type: "action", name: "new_game" }));
    button(bar, "setup", () => send({ type: "action", name: "setup" }));
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
    if (get("mode") !== "montagem") fenDraft = null;
    boardBox.replaceChildren(drawBoard());
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
  return () => {
    for (const name of TRAITS) model.off(`change:${name}`, schedule);
  };
}

export default { render };
