// The page side of damas.widget.coordinates.CoordinatesBoard («Treino de coordenadas»).
//
// It places the board picture Python sends (`svg`), makes its dark squares clickable and
// focusable, shows the square to find, the clock and the verdicts, and sends every click back
// with the milliseconds since the round began.  The round's clock runs here: when `round`
// changes while `running`, the countdown starts from `seconds`; at zero the page sends
// {type: "timeout", round} (again each second while Python still says `running`).  Python judges
// every click and checks the times against its own clock.  Every text shown comes from Python.
//
// Keyboard: the dark squares form one tab stop (a roving tabindex); the arrow keys move the
// cursor, Enter or Space clicks the cursor square.  The squares' labels name no square.

const TRAITS = ["svg", "size", "layout_squares", "flipped", "prompt", "message", "message_kind",
  "score", "seconds", "best", "round", "running", "labels"];
const KEYS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function html(tag, attrs, parent, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// Front ends without JupyterLab's output classes: hide the static picture stored just before
// this output (damas/display/output.py).  JupyterLab, Voilà and JupyterLite do it in CSS.
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
  const root = html("div", { class: "damas-widget damas-coordinates" }, el);
  const boardBox = html("div", { class: "damas-board-box", "data-lm-suppress-shortcuts": "true" }, root);
  const panel = html("div", { class: "damas-panel" }, root);
  const title = html("div", { class: "damas-title" }, panel);
  const prompt = html("div", { class: "damas-prompt", role: "status", "aria-live": "assertive" }, panel);
  const clock = html("div", { class: "damas-clock" }, panel);
  const time = html("span", { class: "damas-clock-time" }, clock);
  const score = html("span", { class: "damas-clock-score" }, clock);
  const message = html("div", { class: "damas-message", role: "status", "aria-live": "polite" }, panel);
  const best = html("div", { class: "damas-best" }, panel);
  const buttons = html("div", { class: "damas-buttons" }, panel);
  const help = html("div", { class: "damas-level-help" }, panel);
  let cursor = 0;
  let wantedCol = null;
  let screenSquares = {};
  let started = null;        // performance.now() when the round shown began
  let shownRound = -1;
  let ticker = null;
  let sentTimeout = 0;

  function elapsed() {
    return started === null ? null : Math.round(performance.now() - started);
  }

  function send(content) {
    model.send(content);
  }

  function click(square) {
    const ms = get("running") ? elapsed() : null;
    send(ms === null ? { type: "click", square } : { type: "click", square, elapsed: ms });
  }

  function startButton(side) {
    const labels = get("labels") || {};
    const b = html("button", { type: "button", class: "damas-button damas-primary",
      "data-action": `start_${side}` }, buttons, labels[`start_${side}`] || side);
    b.addEventListener("click", (event) => {
      event.preventDefault();
      send({ type: "start", side });
    });
  }

  // The cursor's first square: the dark square at the bottom left of the screen.
  function defaultCursor() {
    let best = null;
    for (const [square, [r, c]] of Object.entries(screenSquares)) {
      const key = [-r, c];
      if (best === null || key[0] < best[1][0] || (key[0] === best[1][0] && key[1] < best[1][1])) {
        best = [Number(square), key];
      }
    }
    return best ? best[0] : 1;
  }

  function step(square, key) {
    const [dr, dc] = KEYS[key];
    const [row, col] = screenSquares[square];
    if (dc !== 0 || wantedCol === null) wantedCol = col;
    let found = null;
    for (const [sq, [r, c]] of Object.entries(screenSquares)) {
      if (dc !== 0) {
        if (r !== row || Math.sign(c - col) !== dc) continue;
        const d = Math.abs(c - col);
        if (found === null || d < found[1]) found = [Number(sq), d];
      } else {
        if (r !== row + dr) continue;
        const d = Math.abs(c - wantedCol) + (c > wantedCol ? 0 : 0.5);
        if (found === null || d < found[1]) found = [Number(sq), d];
      }
    }
    return found ? found[0] : square;
  }

  function moveFocus() {
    for (const g of boardBox.querySelectorAll("g.damas-square")) {
      const here = Number(g.getAttribute("data-square")) === cursor;
      g.setAttribute("tabindex", here ? "0" : "-1");
      if (here) g.focus();
    }
  }

  function onKey(event, square) {
    if (KEYS[event.key] || ["Enter", " ", "Spacebar"].includes(event.key)) {
      event.stopPropagation();
      event.preventDefault();
    }
    if (KEYS[event.key]) {
      cursor = step(square, event.key);
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") wantedCol = screenSquares[cursor][1];
      moveFocus();
    } else if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
      cursor = square;
      click(square);
    }
  }

  function drawBoard() {
    const labels = get("labels") || {};
    const size = get("size");
    const flipped = get("flipped");
    const focused = boardBox.contains(document.activeElement);
    const holder = document.createElement("div");
    holder.innerHTML = get("svg") || "";
    const svg = holder.querySelector("svg");
    if (!svg) return;
    svg.setAttribute("class", "damas-board");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", `${labels.board || ""}. ${labels.help || ""}`);
    screenSquares = {};
    for (const [square, row, col] of get("layout_squares") || []) {
      screenSquares[square] = [flipped ? size - 1 - row : row, flipped ? size - 1 - col : col];
    }
    if (!(cursor in screenSquares)) cursor = defaultCursor();
    for (const g of svg.querySelectorAll("g.damas-square")) {
      const square = Number(g.getAttribute("data-square"));
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", square === cursor ? "0" : "-1");
      g.setAttribute("aria-label", labels.dark || "");
      g.addEventListener("keydown", (event) => onKey(event, square));
    }
    // One listener: a dark square's group, or the light board around them (square 0).
    svg.addEventListener("click", (event) => {
      event.preventDefault();
      const g = event.target.closest && event.target.closest("g.damas-square");
      if (g) {
        cursor = Number(g.getAttribute("data-square"));
        wantedCol = null;
        click(cursor);
      } else if (event.target.closest && event.target.closest("rect.board, rect.square")) {
        click(0);
      }
    });
    boardBox.replaceChildren(svg);
    if (focused) moveFocus();
  }

  function tick() {
    const seconds = get("seconds");
    const ms = elapsed();
    // before the first round the whole time; after a round, none left
    const left = ms === null ? (get("round") > 0 ? 0 : seconds) : Math.max(0, Math.ceil(seconds - ms / 1000));
    const labels = get("labels") || {};
    time.textContent = `${labels.time || ""}: ${left} s`;
    time.setAttribute("data-left", String(left));
    time.setAttribute("data-low", left <= 5 && get("running") ? "1" : "");
    if (get("running") && ms !== null && ms >= seconds * 1000) {
      const now = performance.now();
      if (now - sentTimeout >= 1000) {          // the end, said again while Python still runs the round
        sentTimeout = now;
        send({ type: "timeout", round: get("round") });
      }
    }
  }

  function drawPanel() {
    const labels = get("labels") || {};
    title.textContent = labels.title || "";
    prompt.textContent = get("prompt");
    score.textContent = `${labels.score || ""}: ${get("score")}`;
    message.textContent = get("message");
    message.setAttribute("data-kind", get("message_kind"));
    message.style.display = get("message") ? "" : "none";
    best.textContent = get("best");
    help.textContent = labels.help || "";
    if (!buttons.childElementCount) {
      startButton("W");
      startButton("B");
    }
    for (const b of buttons.querySelectorAll("button")) b.disabled = !!get("running");
    root.setAttribute("data-running", get("running") ? "1" : "");
    root.setAttribute("data-round", String(get("round")));
    root.setAttribute("data-score", String(get("score")));
    root.setAttribute("data-flipped", get("flipped") ? "1" : "");
  }

  function onRound() {
    if (get("running") && get("round") !== shownRound) {
      shownRound = get("round");
      started = performance.now();
      sentTimeout = 0;
      if (ticker === null) ticker = setInterval(tick, 200);
    }
    if (!get("running")) {
      started = null;
      if (ticker !== null) {
        clearInterval(ticker);
        ticker = null;
      }
    }
    tick();
  }

  function draw() {
    drawBoard();
    drawPanel();
    onRound();
  }

  let pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    Promise.resolve().then(() => {
      pending = false;
      drawPanel();
      onRound();
    });
  }
  const redrawBoard = () => drawBoard();
  for (const name of TRAITS) model.on(`change:${name}`, schedule);
  model.on("change:svg", redrawBoard);
  model.on("change:flipped", redrawBoard);
  draw();
  hideStaticTwin(el);
  return () => {
    for (const name of TRAITS) model.off(`change:${name}`, schedule);
    model.off("change:svg", redrawBoard);
    model.off("change:flipped", redrawBoard);
    if (ticker !== null) clearInterval(ticker);
  };
}

export default { render };
