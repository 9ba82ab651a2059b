// The web lab's page: plain JavaScript, no build step, no framework, no remote code.
// Views: the lab (#board=...) and the lessons (#lessons, #case=ID); the language is
// part of every link (&lang=de).
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

// The page's own words. Answers come in the chosen language from the server.
const WORDS = {
  en: {
    title: "web lab", tab_lab: "Lab", tab_lessons: "Lessons", language: "Language",
    share: "Share link", copied: "Link copied", question: "Question",
    board: "Board (scenario language or JSON)", picture_alt: "the board, drawn",
    answer: "Answer", not_understood: "Not understood", explanation: "Explanation",
    ask: "Ask", asking: "…", ask_again: "Ask again", reset_board: "Original board",
    all_lessons: "all lessons", turns_on: "It turns on", source: "Source",
    lessons_head: "Lessons: the rules cases of the corpus",
    lessons_intro: "Each case is a board, a question and its exact answer, with the rules it " +
      "turns on. Open one to see it drawn, asked and explained; then change the board and " +
      "ask again.",
    by_topic: "By topic", by_rule: "By rule", search: "Search", all: "all",
    cases: (n) => `${n} case${n === 1 ? "" : "s"}`,
    in_english: "(The explanation written for this case is in English.)",
    drawn: "The picture above shows the board and the declarations given.",
    line_col: (l, c) => `line ${l}, column ${c}`,
    options_none: "No options.",
    opt: {
      "--attacks": "Attacks", "--blocks": "Blocks", "--damage": "Damage assignment",
      "--objective": "Objective", "--about": "The story of", "--rules": "Rules",
      "--limit": "At most", "--count": "Only count", "--time-limit": "Time limit (s)",
      "--strict": "Strict reading",
    },
    choice: { "": "—", current: "current", "2024": "2024", standard: "standard",
              survive: "survive", race: "race", combat: "combat", upkeep: "upkeep",
              "best-blocks": "best blocks", "best-attacks": "best attacks" },
    placeholder: { "--attacks": "bears -> Bob", "--blocks": "wall -> raider",
                   "--damage": "raider -> wall 2, Bob 1" },
    repeat_hint: "one assignment a line, one line per combat damage step",
  },
  de: {
    title: "Web-Labor", tab_lab: "Labor", tab_lessons: "Lektionen", language: "Sprache",
    share: "Link teilen", copied: "Link kopiert", question: "Frage",
    board: "Spielfeld (Szenariosprache oder JSON)", picture_alt: "das Spielfeld, gezeichnet",
    answer: "Antwort", not_understood: "Nicht verstanden", explanation: "Erklärung",
    ask: "Fragen", asking: "…", ask_again: "Noch einmal fragen", reset_board: "Ursprüngliches Spielfeld",
    all_lessons: "alle Lektionen", turns_on: "Es kommt an auf", source: "Quelle",
    lessons_head: "Lektionen: die Regelfälle des Korpus",
    lessons_intro: "Jeder Fall ist ein Spielfeld, eine Frage und ihre genaue Antwort, mit den " +
      "Regeln, auf die es ankommt. Öffne einen, um ihn gezeichnet, gefragt und erklärt zu " +
      "sehen; dann ändere das Spielfeld und frage noch einmal.",
    by_topic: "Nach Thema", by_rule: "Nach Regel", search: "Suche", all: "alle",
    cases: (n) => `${n} ${n === 1 ? "Fall" : "Fälle"}`,
    in_english: "(Die für diesen Fall geschriebene Erklärung ist englisch.)",
    drawn: "Das Bild oben zeigt das Spielfeld mit den angegebenen Deklarationen.",
    line_col: (l, c) => `Zeile ${l}, Spalte ${c}`,
    options_none: "Keine Optionen.",
    opt: {
      "--attacks": "Angriffe", "--blocks": "Blocks", "--damage": "Schadenszuweisung",
      "--objective": "Ziel", "--about": "Die Geschichte von", "--rules": "Regeln",
      "--limit": "Höchstens", "--count": "Nur zählen", "--time-limit": "Zeitlimit (s)",
      "--strict": "Strenges Lesen",
    },
    choice: { "": "—", current: "aktuell", "2024": "2024", standard: "Standard",
              survive: "überleben", race: "Wettlauf", combat: "Kampf", upkeep: "Versorgung",
              "best-blocks": "beste Blocks", "best-attacks": "beste Angriffe" },
    placeholder: { "--attacks": "bears -> Bob", "--blocks": "wall -> raider",
                   "--damage": "raider -> wall 2, Bob 1" },
    repeat_hint: "eine Zuweisung pro Zeile, eine Zeile pro Kampfschadensegment",
    summary: {
      attacks: "die erlaubten Angriffsdeklarationen (508.1)",
      blocks: "die erlaubten Blockdeklarationen (509.1)",
      check: "ist eine Deklaration oder Schadenszuweisung erlaubt, und warum nicht",
      damage: "erlaubte und beste Kampfschadenszuweisungen (510.1)",
      combat: "was im Kampf geschieht: Schaden, Folgen, wer stirbt, wer verliert (506-511)",
      turn: "die Phasen und Segmente des Zuges, ob sie stattfinden und was geschieht (500-514)",
      upkeep: "kumulative Versorgung: jede ganze Zahlung und welche bezahlt werden kann (702.24)",
      "best-blocks": "die beste erlaubte Blockdeklaration, durch Minimax über den Kampf bewiesen",
      "best-attacks": "die beste erlaubte Angriffsdeklaration, durch Minimax über den Kampf bewiesen",
      explain: "eine Erklärung, die die Regeln zitiert",
      show: "das Spielfeld, wie es verstanden wurde",
      draw: "das Spielfeld und sein Kampf als Bild",
    },
  },
};

// The options the page offers (the allow-list of each question, less those the page
// sets itself: --json, --lang, --quiet; and --size: the page sizes the picture).
const HIDDEN = new Set(["--json", "--lang", "--quiet", "--size"]);
// What the picture takes of the options.
const DRAWN = ["--attacks", "--blocks", "--damage"];

const state = {
  catalogue: null,      // GET /api/commands
  question: null,       // the question selected
  values: {},           // option flag -> value (shared by every question)
  lesson: null,         // the lesson open (GET /api/cases/ID)
  index: null,          // GET /api/cases
  asked: null,          // the question last asked (asked again in another language)
};

function lang() { return $("lang").value; }
function words() { return WORDS[lang()] || WORDS.en; }
function boardText() { return $("board").value; }

// -- calls ---------------------------------------------------------------------------
async function post(path, args) {
  const body = JSON.stringify({ board: boardText(), args: ["--lang", lang()].concat(args) });
  let r;
  try {
    r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                            body });
  } catch (e) {
    return { ok: false, data: { error: `${path}: ${e.message || e}` } };
  }
  let data = {};
  try { data = await r.json(); } catch (e) { data = { error: `HTTP ${r.status}` }; }
  return { ok: r.ok, data };
}

async function getJson(path) {
  let r;
  try { r = await fetch(path); } catch (e) {
    return { ok: false, data: { error: `${path}: ${e.message || e}` } };
  }
  let data = {};
  try { data = await r.json(); } catch (e) { data = { error: `HTTP ${r.status}` }; }
  return { ok: r.ok, data };
}

// -- the page's words ----------------------------------------------------------------
function translate() {
  const w = words();
  document.documentElement.lang = lang();
  document.querySelectorAll("[data-t]").forEach((el) => {
    const v = w[el.dataset.t];
    if (typeof v === "string") el.textContent = v;
  });
  document.querySelectorAll("[data-t-alt]").forEach((el) => {
    el.alt = w[el.dataset.tAlt] || el.alt;
  });
  document.title = `mtgcombat — ${w.title}`;
  if (state.catalogue) renderOptions();
}

// -- errors, answers -----------------------------------------------------------------
function showError(data) {
  const box = $("error");
  if (!data) { box.hidden = true; box.textContent = ""; return; }
  let text = data.error;
  if (data.line) {
    text = `${words().line_col(data.line, data.column)}: ${data.error}`;
    const lines = boardText().split("\n");
    let offset = 0;
    for (let i = 0; i < data.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    const ta = $("board");
    ta.focus();
    ta.setSelectionRange(offset + data.column - 1, offset + data.column);
  }
  box.textContent = text;
  box.hidden = false;
  if (!$("editor").contains(document.activeElement)) box.scrollIntoView({ block: "nearest" });
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// A report: prose lines wrap, tables scroll sideways instead of wrapping.
function renderReport(target, report, fallback) {
  target.replaceChildren();
  if (!report || !report.length) {
    target.appendChild(el("p", "", fallback || ""));
    return;
  }
  for (const item of report) {
    if (item.table) {
      const wrap = el("div", "table-wrap");
      const table = el("table");
      if (item.table.title) table.appendChild(el("caption", "", item.table.title));
      const head = el("tr");
      for (const h of item.table.headers) head.appendChild(el("th", "", h));
      table.appendChild(el("thead")).appendChild(head);
      const body = el("tbody");
      for (const row of item.table.rows) {
        const tr = el("tr");
        for (const c of row) tr.appendChild(el("td", "", c));
        body.appendChild(tr);
      }
      table.appendChild(body);
      wrap.appendChild(table);
      target.appendChild(wrap);
    } else {
      target.appendChild(el("p", item.style || "", item.line));
    }
  }
}

function showNotes(json, warnings) {
  const list = $("not-understood");
  list.replaceChildren();
  for (const n of (json && json.not_understood_sources) || []) {
    const li = el("li");
    li.appendChild(el("code", "", n.source));
    li.appendChild(document.createTextNode(": " + n.sentence));
    list.appendChild(li);
  }
  const warn = $("warnings");
  warn.replaceChildren();
  const seen = new Set(((json && json.not_understood) || []));
  for (const line of warnings || []) {
    if ([...seen].some((s) => line.includes(s))) continue;  // said above
    warn.appendChild(el("li", "", line));
  }
  $("notes").hidden = !list.children.length && !warn.children.length;
  $("notes").querySelector("h3").hidden = !list.children.length;
}

// -- options ---------------------------------------------------------------------------
function questionInfo(name) {
  return state.catalogue.questions.find((q) => q.name === name);
}

function optionArgs(name) {
  const q = questionInfo(name);
  const out = [];
  for (const o of q.options) {
    if (HIDDEN.has(o.flag)) continue;
    const v = state.values[o.flag];
    if (o.value === "flag") { if (v) out.push(o.flag); continue; }
    if (v === undefined || v === null || String(v).trim() === "") continue;
    if (o.repeat) {
      for (const line of String(v).split("\n")) if (line.trim()) out.push(o.flag, line.trim());
    } else {
      out.push(o.flag, String(v).trim());
    }
  }
  return out;
}

function drawArgs() {
  const out = [];
  for (const flag of DRAWN) {
    const v = (state.values[flag] || "").trim();
    if (v) out.push(flag, v.split("\n")[0]);
  }
  return out;
}

function renderOptions() {
  const form = $("options");
  form.replaceChildren();
  if (!state.question) return;
  const q = questionInfo(state.question);
  const w = words();
  $("summary").textContent = (w.summary && w.summary[q.name]) || q.summary;
  let shown = 0;
  for (const o of q.options) {
    if (HIDDEN.has(o.flag)) continue;
    shown++;
    const id = `opt${o.flag.replace(/^--/, "-")}`;
    const row = el("div", `option option-${o.value}`);
    const label = el("label", "", w.opt[o.flag] || o.flag);
    label.htmlFor = id;
    label.title = o.help;
    const flag = el("code", "flag", o.flag);
    let input;
    if (o.value === "flag") {
      input = el("input");
      input.type = "checkbox";
      input.checked = !!state.values[o.flag];
      input.addEventListener("change", () => { state.values[o.flag] = input.checked; });
    } else if (o.choices && o.choices.length) {
      input = el("select");
      for (const c of [""].concat(o.choices)) {
        const opt = el("option", "", w.choice[c] || c);
        opt.value = c;
        input.appendChild(opt);
      }
      input.value = state.values[o.flag] || "";
      input.addEventListener("change", () => { state.values[o.flag] = input.value; });
    } else if (o.repeat) {
      input = el("textarea");
      input.rows = 2;
      input.placeholder = w.placeholder[o.flag] || "";
      input.title = w.repeat_hint;
      input.value = state.values[o.flag] || "";
      input.addEventListener("input", () => { state.values[o.flag] = input.value; });
    } else {
      input = el("input");
      input.type = (o.value === "count" || o.value === "seconds") ? "number" : "text";
      if (input.type === "number") { input.min = "0"; input.step = o.value === "seconds" ? "any" : "1"; }
      input.placeholder = w.placeholder[o.flag] || "";
      input.value = state.values[o.flag] || "";
      input.addEventListener("input", () => { state.values[o.flag] = input.value; });
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") { e.preventDefault(); ask(state.question); }
      });
    }
    input.id = id;
    input.dataset.flag = o.flag;
    row.append(label, input, flag);
    form.appendChild(row);
  }
  if (!shown) form.appendChild(el("p", "note", w.options_none));
  const go = el("button", "go", w.ask);
  go.type = "submit";
  go.id = "ask-go";
  form.appendChild(go);
}

function selectQuestion(name) {
  state.question = name;
  document.querySelectorAll("#buttons button").forEach((b) => {
    b.setAttribute("aria-pressed", b.id === `ask-${name}` ? "true" : "false");
  });
  renderOptions();
}

// -- asking ------------------------------------------------------------------------------
function showSvg(svg) {
  // The new picture replaces the old one once it has loaded: the page never shows an empty
  // frame while a picture is on its way. body[data-drawing] is set until it is shown.
  const next = new Image();
  const src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  document.body.dataset.drawing = "1";
  const done = () => { delete document.body.dataset.drawing; };
  next.onload = () => {
    const img = $("svg");
    img.onload = done;
    img.onerror = done;
    img.src = src;
    if (img.complete) done();
  };
  next.onerror = done;
  next.src = src;
}

async function draw(result) {
  // After a combat the picture is its result (who died, life and poison before -> after);
  // draw is also an event handler, whose argument is the event, not a combat's options.
  const combat = Array.isArray(result) ? result : null;
  document.body.dataset.drawing = "1";
  const { ok, data } = await post("/api/draw", combat ? [...combat, "--result"] : drawArgs());
  if (ok) {
    showSvg(data.svg);
    return;
  }
  // The declarations may not fit the board: draw the board as it is.
  const plain = await post("/api/draw", []);
  if (plain.ok) {
    showSvg(plain.data.svg);
  } else {
    delete document.body.dataset.drawing;
  }
}

let asking = 0;

async function ask(name, extraArgs) {
  selectQuestion(name);
  state.asked = name;
  const mine = ++asking;
  const args = extraArgs || optionArgs(name);
  $("answer-title").textContent = name;
  showError(null);
  $("answer").replaceChildren(el("p", "pending", words().asking));
  if (name === "draw") {
    const r = await post("/api/draw", args);
    if (mine !== asking) return;
    if (!r.ok) { showError(r.data); $("answer").replaceChildren(); return; }
    showError(null);
    showSvg(r.data.svg);
    $("answer").replaceChildren(el("p", "", words().drawn));
    $("json").textContent = JSON.stringify(r.data, null, 2);
    showNotes({ not_understood_sources: r.data.not_understood_sources || [],
                not_understood: r.data.not_understood || [] }, []);
    return;
  }
  const [human, machine] = await Promise.all([post(`/api/text/${name}`, args),
                                               post(`/api/${name}`, args)]);
  if (mine !== asking) return;
  if (!human.ok) {
    showError(human.data);
    $("answer").replaceChildren();
    $("json").textContent = JSON.stringify(human.data, null, 2);
    draw();
    return;
  }
  showError(null);
  renderReport($("answer"), human.data.report, human.data.text);
  $("json").textContent = JSON.stringify(machine.data, null, 2);
  showNotes(machine.ok ? machine.data : null, human.data.warnings);
  draw(name === "combat" && machine.ok && machine.data.status === "complete" ? args : null);
}

// -- lessons -------------------------------------------------------------------------------
async function loadIndex() {
  const { ok, data } = await getJson(`/api/cases?lang=${lang()}`);
  if (!ok) { $("case-count").textContent = data.error; return; }
  state.index = data;
  const topic = $("by-topic");
  const rule = $("by-rule");
  const keepTopic = topic.value, keepRule = rule.value;
  topic.replaceChildren(new Option(words().all, ""));
  for (const t of data.topics) topic.appendChild(new Option(`${t.name} (${t.cases.length})`, t.topic));
  rule.replaceChildren(new Option(words().all, ""));
  for (const s of data.sections) {
    const group = document.createElement("optgroup");
    group.label = `${s.section} ${s.name}`;
    for (const r of s.rules) group.appendChild(new Option(`${r.rule} (${r.cases.length})`, r.rule));
    rule.appendChild(group);
  }
  topic.value = keepTopic;
  rule.value = keepRule;
  listCases();
}

function listCases() {
  if (!state.index) return;
  const topic = $("by-topic").value, rule = $("by-rule").value;
  const query = $("search").value.trim().toLowerCase();
  const inTopic = topic ? new Set(state.index.topics.find((t) => t.topic === topic).cases) : null;
  const list = $("case-list");
  list.replaceChildren();
  let n = 0;
  for (const c of state.index.cases) {
    if (inTopic && !inTopic.has(c.id)) continue;
    if (rule && !c.rules.includes(rule)) continue;
    if (query && !`${c.id} ${c.title} ${c.rules.join(" ")}`.toLowerCase().includes(query)) continue;
    const li = el("li");
    const a = el("a", "case-link", c.title);
    a.href = `#case=${encodeURIComponent(c.id)}&lang=${lang()}`;
    a.id = `case-${c.id}`;
    li.append(el("code", "case-id", c.id), a);
    const chips = el("span", "chips");
    for (const r of c.rules) chips.appendChild(ruleChip(r));
    li.appendChild(chips);
    list.appendChild(li);
    n++;
  }
  $("case-count").textContent = words().cases(n);
}

function ruleChip(rule) {
  const a = el("a", "chip", rule);
  a.href = `#lessons&rule=${encodeURIComponent(rule)}&lang=${lang()}`;
  return a;
}

async function openLesson(id) {
  const { ok, data } = await getJson(`/api/cases/${encodeURIComponent(id)}?lang=${lang()}`);
  showView("lab");
  if (!ok) { showError(data); return; }
  const sameCase = state.lesson && state.lesson.id === data.id;
  state.lesson = data;
  $("lesson").hidden = false;
  $("lesson-id").textContent = data.id;
  $("lesson-back").href = `#lessons&lang=${lang()}`;
  $("lesson-title").textContent = data.title;
  $("lesson-asks").textContent = data.asks;
  const chips = $("lesson-rules");
  chips.replaceChildren();
  for (const r of data.rules) chips.appendChild(ruleChip(r));
  $("lesson-source").textContent = data.source;
  $("lesson-explanation").textContent = data.explanation;
  $("lesson-explanation-note").hidden = !data.explanation || data.explanation_lang === lang();
  $("lesson-explanation-note").textContent = words().in_english;
  if (!sameCase) $("board").value = data.board;
  // The options the case asks with, shown in the form (and kept for the picture).
  state.values = valuesOf(data.ask.args);
  await askLesson();
}

function valuesOf(args) {
  const out = {};
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const next = args[i + 1];
    if (next === undefined || next.startsWith("--")) { out[flag] = true; continue; }
    out[flag] = out[flag] && flag === "--damage" ? `${out[flag]}\n${next}` : next;
    i++;
  }
  return out;
}

async function askLesson() {
  const data = state.lesson;
  if (!data) return;
  await ask(data.ask.question);
  const box = $("explanation");
  box.hidden = false;
  const text = $("explanation-text");
  text.replaceChildren(el("p", "pending", words().asking));
  const r = await post(`/api/text/${data.explain.question}`, data.explain.args);
  if (r.ok) renderReport(text, r.data.report, r.data.text);
  else text.replaceChildren(el("p", "bad", r.data.error));
}

function closeLesson() {
  state.lesson = null;
  $("lesson").hidden = true;
  $("explanation").hidden = true;
}

// -- views, links -----------------------------------------------------------------------
function showView(view) {
  $("lab").hidden = view !== "lab";
  $("lessons").hidden = view !== "lessons";
  $("tab-lab").setAttribute("aria-current", view === "lab" ? "page" : "false");
  $("tab-lessons").setAttribute("aria-current", view === "lessons" ? "page" : "false");
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
  const link = state.lesson && boardText() === state.lesson.board
    ? `#case=${encodeURIComponent(state.lesson.id)}&lang=${lang()}`
    : `#board=${encodeBoard(boardText())}&lang=${lang()}`;
  const url = `${location.origin}${location.pathname}${link}`;
  history.replaceState(null, "", url);
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
  $("share").textContent = words().copied;
  setTimeout(() => { $("share").textContent = words().share; }, 1500);
}

async function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const want = params.get("lang");
  if ((want === "de" || want === "en") && want !== lang()) {
    $("lang").value = want;
    translate();
    state.index = null;
  }
  if (params.has("case")) {
    await openLesson(params.get("case"));
  } else if (params.has("lessons")) {
    showView("lessons");
    if (!state.index) await loadIndex();
    if (params.has("rule")) { $("by-rule").value = params.get("rule"); $("by-topic").value = ""; }
    if (params.has("topic")) { $("by-topic").value = params.get("topic"); $("by-rule").value = ""; }
    listCases();
  } else {
    showView("lab");
    if (params.has("board")) {
      closeLesson();
      $("board").value = decodeBoard(params.get("board"));
      draw();
    }
  }
}

async function changeLanguage() {
  translate();
  const params = new URLSearchParams(location.hash.slice(1));
  params.set("lang", lang());
  history.replaceState(null, "", `#${params.toString().replace(/=(&|$)/g, "$1")}`);
  state.index = null;
  if (!$("lessons").hidden) { await loadIndex(); return; }
  if (state.lesson) { await openLesson(state.lesson.id); return; }
  if (state.asked) ask(state.asked);
  else draw();
}

async function init() {
  const params = new URLSearchParams(location.hash.slice(1));
  $("board").value = params.has("board") ? decodeBoard(params.get("board")) : EXAMPLE;
  if (params.get("lang") === "de") $("lang").value = "de";
  const r = await fetch("/api/commands");
  state.catalogue = await r.json();
  for (const c of state.catalogue.commands) {
    const b = el("button", "", c);
    b.type = "button";
    b.id = `ask-${c}`;
    b.title = questionInfo(c).summary;
    b.addEventListener("click", () => ask(c));
    $("buttons").appendChild(b);
  }
  translate();
  selectQuestion(state.catalogue.commands[0]);
  $("options").addEventListener("submit", (e) => { e.preventDefault(); ask(state.question); });
  $("share").addEventListener("click", share);
  $("lang").addEventListener("change", changeLanguage);
  $("board").addEventListener("change", draw);
  $("tab-lab").addEventListener("click", () => { location.hash = `lang=${lang()}`; showView("lab"); });
  $("tab-lessons").addEventListener("click", () => { location.hash = `lessons&lang=${lang()}`; });
  $("by-topic").addEventListener("change", () => { $("by-rule").value = ""; listCases(); });
  $("by-rule").addEventListener("change", () => { $("by-topic").value = ""; listCases(); });
  $("search").addEventListener("input", listCases);
  $("lesson-ask").addEventListener("click", askLesson);
  $("lesson-reset").addEventListener("click", () => {
    if (state.lesson) { $("board").value = state.lesson.board; askLesson(); }
  });
  window.addEventListener("hashchange", route);
  document.body.dataset.ready = "true";
  if (params.has("case") || params.has("lessons")) await route();
  else draw();
}

document.addEventListener("DOMContentLoaded", init);
