// The web lab's page: plain JavaScript, no build step, no framework, no remote code.
"use strict";

const $ = (id) => document.getElementById(id);
const EXAMPLE = `players Alice, Bob (life 5)
active Alice

Alice:
  knight: White Knight 2/2 "First strike"
  wurm: Craw Wurm 6/4 "Trample"

Bob:
  bears: Grizzly Bears 2/2
  rat: Typhoid Rats 1/1 "Deathtouch"

attack knight -> Bob
attack wurm -> Bob
`;

function lang() { return $("lang").value; }

function boardText() { return $("board").value; }

function body(extra) {
  return JSON.stringify({ board: boardText(), args: ["--lang", lang()].concat(extra || []) });
}

async function post(path, extra) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                                body: body(extra) });
  let data = {};
  try { data = await r.json(); } catch (e) { data = { error: `HTTP ${r.status}` }; }
  return { ok: r.ok, data };
}

function showError(data) {
  const box = $("error");
  if (!data) { box.hidden = true; box.textContent = ""; return; }
  let text = data.error;
  if (data.line) {
    text = `line ${data.line}, column ${data.column}: ${data.error}`;
    const lines = boardText().split("\n");
    let offset = 0;
    for (let i = 0; i < data.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    const ta = $("board");
    ta.focus();
    ta.setSelectionRange(offset + data.column - 1, offset + data.column);
  }
  box.textContent = text;
  box.hidden = false;
}

async function draw() {
  const { ok, data } = await post("/api/draw");
  if (ok) {
    $("svg").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(data.svg);
  }
}

function splitArgs(text) {
  // --blocks 'a -> b' style options: words, or quoted phrases.
  const out = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  let m;
  while ((m = re.exec(text)) !== null) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

async function ask(command) {
  const extra = command === "check" ? splitArgs($("decl").value) : [];
  $("answer-title").textContent = command;
  $("answer").textContent = "…";
  const human = await post(`/api/text/${command}`, extra);
  if (!human.ok) {
    showError(human.data);
    $("answer").textContent = "";
    $("json").textContent = "";
    return;
  }
  showError(null);
  $("answer").textContent = human.data.text;
  const machine = await post(`/api/${command}`, extra);
  $("json").textContent = JSON.stringify(machine.data, null, 2);
  draw();
}

function encodeBoard(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeBoard(code) {
  const b64 = code.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

function share() {
  const url = `${location.origin}${location.pathname}#board=${encodeBoard(boardText())}` +
              `&lang=${lang()}`;
  history.replaceState(null, "", url);
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
  $("share").textContent = "Link copied";
  setTimeout(() => { $("share").textContent = "Share link"; }, 1500);
}

async function init() {
  const params = new URLSearchParams(location.hash.slice(1));
  $("board").value = params.has("board") ? decodeBoard(params.get("board")) : EXAMPLE;
  if (params.get("lang") === "de") $("lang").value = "de";
  const r = await fetch("/api/commands");
  const { commands } = await r.json();
  for (const c of commands) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = c;
    b.id = `ask-${c}`;
    b.addEventListener("click", () => ask(c));
    $("buttons").appendChild(b);
  }
  $("share").addEventListener("click", share);
  $("lang").addEventListener("change", () => {
    const title = $("answer-title").textContent;
    if (title !== "Answer") ask(title);
  });
  $("board").addEventListener("change", draw);
  draw();
}

document.addEventListener("DOMContentLoaded", init);
