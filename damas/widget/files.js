// The page side of damas.widget.files.FileButtons: a name field, «download» (Python sends the
// file back, the page saves it) and «upload» (the chosen file's bytes go to Python), and the
// message Python writes.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "damas-files";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const labels = () => model.get("labels") || {};

  const nameRow = document.createElement("label");
  nameRow.className = "damas-files-name";
  const nameText = document.createElement("span");
  const name = document.createElement("input");
  name.type = "text";
  name.autocomplete = "off";
  name.className = "damas-files-name-input";
  nameRow.append(nameText, name);

  const buttons = document.createElement("div");
  buttons.className = "damas-files-buttons";
  const download = document.createElement("button");
  download.className = "damas-files-download";
  const upload = document.createElement("button");
  upload.className = "damas-files-upload";
  const chooser = document.createElement("input");
  chooser.type = "file";
  chooser.accept = ".json,application/json";
  chooser.style.display = "none";
  buttons.append(download, upload, chooser);

  const message = document.createElement("div");
  message.className = "damas-files-message";
  message.setAttribute("role", "status");
  root.append(nameRow, buttons, message);
  el.appendChild(root);

  function draw() {
    const words = labels();
    nameText.textContent = words.name || "";
    nameRow.style.display = words.name ? "" : "none";
    download.textContent = words.download || "";
    upload.textContent = words.upload || "";
    if (document.activeElement !== name) name.value = model.get("name");
    message.textContent = model.get("message");
    message.setAttribute("data-kind", model.get("kind") || "");
  }

  name.addEventListener("input", () => {
    model.set("name", name.value);
    model.save_changes();
  });
  download.addEventListener("click", () => model.send({ type: "download", name: name.value }));
  upload.addEventListener("click", () => chooser.click());
  chooser.addEventListener("change", async () => {
    const file = chooser.files && chooser.files[0];
    chooser.value = "";
    if (!file) return;
    if (file.size > model.get("max_bytes")) {
      // Python says it (the same words): send the name with no bytes worth reading.
      model.send({ type: "upload", file_name: file.name }, [new Uint8Array(model.get("max_bytes") + 1).buffer]);
      return;
    }
    const buffer = await file.arrayBuffer();
    model.send({ type: "upload", file_name: file.name }, [buffer]);
  });
  model.on("msg:custom", (msg) => {
    if (!msg || msg.type !== "file") return;
    const blob = new Blob([msg.text], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = msg.file_name;
    link.style.display = "none";
    document.body.appendChild(link);
    link.click();
    setTimeout(() => {
      URL.revokeObjectURL(link.href);
      link.remove();
    }, 1000);
  });
  model.on("change:name", draw);
  model.on("change:labels", draw);
  model.on("change:message", draw);
  model.on("change:kind", draw);
  draw();
}

export default { render };
