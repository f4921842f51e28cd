// Live updates: the server sends the whole state on each change (server-sent events);
// each tile (or the card page) whose faces or problems changed is redrawn in place. A card
// whose faces wait to be drawn (a first start) shows its name and effect lines until they are.
// The gallery page also filters its tiles (search, kind, grimoire, with problems), switches
// between a grid and a compact list, and keeps the top bar's count of problems current.
"use strict";
window.prophecy = { version: Number(document.body.dataset.version), updates: [], drawing: null };

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
}

function problemsHtml(problems) {
  return problems.map(p => `<li><code>${escapeHtml(p.place)}</code> ${escapeHtml(p.message)}` +
    (p.hint ? `<br><em>hint: ${escapeHtml(p.hint)}</em>` : "") + "</li>").join("");
}

function sig(problems) {
  return problems.map(p => `${p.place}|${p.message}|${p.hint}`).join("\n");
}

function sameTile(el, tile) {
  return el.dataset.front === (tile.front || "") && el.dataset.back === (tile.back || "") &&
    el.dataset.sig === sig(tile.problems) && el.dataset.pending === String(Boolean(tile.pending));
}

function setImage(img, key, folder, done) {
  if (!img) { done(); return; }  // a back shown once for the kind, not on the tile
  if (!key) { img.removeAttribute("src"); done(); return; }
  const src = `/${folder}/${key}.png`;
  if (img.getAttribute("src") === src) { done(); return; }
  img.onload = done; img.onerror = done;
  img.loading = "eager";
  img.src = src;
}

function updateTile(el, tile, version, shared) {
  el.dataset.front = tile.front || ""; el.dataset.back = tile.back || "";
  el.dataset.sig = sig(tile.problems);
  el.dataset.pending = String(Boolean(tile.pending));
  el.classList.toggle("broken", tile.problems.length > 0);
  el.classList.toggle("pending", Boolean(tile.pending));
  el.querySelector(".errors").innerHTML = problemsHtml(tile.problems);
  const count = el.querySelector(".problem-count");
  if (count) count.textContent = tile.problems.length ? `${tile.problems.length} problem${tile.problems.length === 1 ? "" : "s"}` : "";
  const folder = document.body.dataset.page === "card" ? "face" : "thumb";
  let back = el.querySelector("img.back");
  if (shared && shared.has(tile.back)) { if (back) back.remove(); back = null; }
  else if (!back && document.body.dataset.page !== "card") {
    back = document.createElement("img"); back.className = "back"; back.alt = `${tile.name} (back)`;
    el.querySelector(".faces").appendChild(back);
  }
  let waiting = 2;
  const done = () => { if (--waiting === 0) window.prophecy.updates.push({id: tile.id, version, at: Date.now()}); };
  setImage(el.querySelector("img.front"), tile.front, folder, done);
  setImage(back, tile.back, folder, done);
}

function newTile(tile) {
  const el = document.createElement("article");
  el.className = "tile"; el.dataset.id = tile.id; el.id = `card-${tile.id}`;
  el.dataset.kind = tile.kind;
  el.innerHTML = `<a href="/card/${escapeHtml(tile.id)}" class="faces"><img class="front" alt="${escapeHtml(tile.name)} (front)">` +
    `<span class="drawing" aria-hidden="true">drawing…</span></a>` +
    `<div class="about"><h3><a href="/card/${escapeHtml(tile.id)}"></a></h3><span class="meta"></span><span class="problem-count"></span></div><ul class="errors"></ul>`;
  return el;
}

// -- the backs a kind's cards share, shown once at the head of the kind -------------
function sharedBacks(tiles) {
  const counts = new Map();
  for (const t of tiles) if (t.back) counts.set(t.back, (counts.get(t.back) || 0) + 1);
  return new Map([...counts].filter(([, n]) => n > 1));
}

function updateSharedBacks(section, shared) {
  const box = section.querySelector(".backs");
  const label = section.dataset.label;
  const keys = [...shared.keys()].join(" ");
  if (box.dataset.keys === keys) return;
  box.dataset.keys = keys;
  box.innerHTML = [...shared].map(([key, n]) => `<figure class="shared-back" data-back="${key}">` +
    `<img src="/thumb/${key}.png" alt="${escapeHtml(label)}: the back of ${n} cards">` +
    `<figcaption>the back of ${n} cards</figcaption></figure>`).join("");
}

function applyGallery(state) {
  const seen = new Set();
  const byKind = new Map();
  for (const tile of state.tiles) {
    if (!byKind.has(tile.kind)) byKind.set(tile.kind, []);
    byKind.get(tile.kind).push(tile);
  }
  const shares = new Map([...byKind].map(([kind, tiles]) => [kind, sharedBacks(tiles)]));
  for (const section of document.querySelectorAll(".kind")) {
    updateSharedBacks(section, shares.get(section.dataset.kind) || new Map());
  }
  for (const tile of state.tiles) {
    seen.add(tile.id);
    let el = document.querySelector(`.tile[data-id="${CSS.escape(tile.id)}"]`);
    if (!el) {
      const group = document.querySelector(`.kind[data-kind="${tile.kind}"] .tiles`);
      if (!group) continue;
      el = newTile(tile); group.appendChild(el);
      group.closest(".kind").hidden = false;
    }
    el.dataset.name = tile.name; el.dataset.grimoire = tile.grimoire || "";
    el.dataset.words = (tile.words || []).join("\n");
    el.dataset.problems = JSON.stringify(tile.problems);  // searched, kept current
    setEffects(el, tile.effects || []);
    el.querySelector("h3 a").textContent = tile.name;
    const shared = shares.get(tile.kind);
    const wantsBack = !(shared && shared.has(tile.back));
    if (!sameTile(el, tile) || wantsBack !== Boolean(el.querySelector("img.back"))) {
      updateTile(el, tile, state.version, shared);
    }
  }
  for (const el of document.querySelectorAll(".tile")) if (!seen.has(el.dataset.id)) el.remove();
  filter();
}

function applyCard(state) {
  const el = document.querySelector("article.card");
  const tile = state.tiles.find(t => t.id === el.dataset.id);
  if (!tile || sameTile(el, tile)) return;
  fetch(location.pathname, {cache: "no-store"}).then(r => r.text()).then(html => {
    const page = new DOMParser().parseFromString(html, "text/html");
    const fresh = page.querySelector("article.card");
    el.replaceWith(fresh);
    fresh.dataset.sig = sig(tile.problems);
    const imgs = fresh.querySelectorAll("img");
    let waiting = imgs.length;
    const done = () => { if (--waiting <= 0) window.prophecy.updates.push({id: tile.id, version: state.version, at: Date.now()}); };
    if (!waiting) done();
    imgs.forEach(img => { if (img.complete) done(); else { img.onload = done; img.onerror = done; } });
  });
}

// -- the top bar: how many problems, a link to each broken card -----------------------
function applyProblems(state) {
  const box = document.getElementById("problems");
  box.hidden = state.problems.length === 0;
  box.querySelector("ul").innerHTML = problemsHtml(state.problems);
  const broken = state.tiles.filter(t => t.problems.length);
  const count = broken.length + state.problems.length;
  document.getElementById("problem-count").textContent =
    count ? `${count} problem${count === 1 ? "" : "s"}` : "no problems";
  document.getElementById("problem-list").classList.toggle("clean", count === 0);
  document.querySelector("#problem-list ul").innerHTML =
    broken.map(t => `<li><a href="/#card-${escapeHtml(t.id)}" data-id="${escapeHtml(t.id)}"><strong>${escapeHtml(t.name)}</strong> ` +
      `<code>${escapeHtml(t.problems[0].place)}</code> ${escapeHtml(t.problems[0].message)}</a></li>`).join("") +
    state.problems.map(p => `<li><a href="/#problems"><code>${escapeHtml(p.place)}</code> ${escapeHtml(p.message)}</a></li>`).join("");
}

// A tile's effect lines: searched (data-effects) and shown in the list view (ul.effects).
function setEffects(el, effects) {
  el.dataset.effects = effects.join("\n");
  let list = el.querySelector("ul.effects");
  if (!list) {
    list = document.createElement("ul"); list.className = "effects";
    const about = el.querySelector(".about");
    about.insertBefore(list, about.querySelector(".problem-count"));
  }
  list.innerHTML = effects.map(line => `<li>${escapeHtml(line)}</li>`).join("");
}

// -- search, filters and views ----------------------------------------------------------
// A tile's problems as words to search: its places, messages and hints.
function problemWords(el) {
  let problems = [];
  try { problems = JSON.parse(el.dataset.problems || "[]"); } catch (e) { /* none */ }
  return problems.map(p => `${p.place} ${p.message} ${p.hint || ""}`).join(" ");
}

function filter() {
  if (document.body.dataset.page !== "gallery") return;
  const words = document.getElementById("search").value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const kind = document.getElementById("kind-filter").value;
  const grimoire = document.getElementById("grimoire-filter").value;
  const brokenOnly = document.getElementById("broken-filter").checked;
  let shown = 0, total = 0;
  for (const section of document.querySelectorAll(".kind")) {
    let here = 0;
    const tiles = section.querySelectorAll(".tile");
    for (const el of tiles) {
      // a card is found by any word on it or said of it: its effect lines ('stash' finds
      // every card that stashes), its types and flavour, and the problems it has
      const text = [el.dataset.name, el.dataset.id, el.dataset.grimoire, el.dataset.effects,
                    el.dataset.words, problemWords(el)].join(" ").toLowerCase();
      const show = words.every(w => text.includes(w)) && (!kind || el.dataset.kind === kind) &&
        (!grimoire || el.dataset.grimoire === grimoire) && (!brokenOnly || el.classList.contains("broken"));
      el.hidden = !show;
      if (show) here++;
    }
    total += tiles.length; shown += here;
    section.hidden = here === 0;
    section.querySelector(".count").textContent =
      here === tiles.length ? `(${tiles.length})` : `(${here} of ${tiles.length})`;
  }
  document.getElementById("shown").textContent = `${shown} of ${total} cards`;
}

function setView(view) {
  document.body.classList.toggle("list-view", view === "list");
  document.getElementById("view-grid").setAttribute("aria-pressed", String(view !== "list"));
  document.getElementById("view-list").setAttribute("aria-pressed", String(view === "list"));
  try { localStorage.setItem("prophecy-view", view); } catch (e) { /* private window */ }
}

function showCard(id) {
  // a link to a broken card: make sure the filters let it be seen, then go to it
  const el = document.getElementById(`card-${id}`);
  if (!el) return;
  if (el.hidden) {
    document.getElementById("search").value = "";
    document.getElementById("kind-filter").value = "";
    document.getElementById("grimoire-filter").value = "";
    filter();
  }
  document.getElementById("problem-list").open = false;
  el.scrollIntoView({block: "center"});
  el.classList.add("pointed");
  setTimeout(() => el.classList.remove("pointed"), 1500);
}

if (document.body.dataset.page === "gallery") {
  for (const id of ["search", "kind-filter", "grimoire-filter", "broken-filter"]) {
    document.getElementById(id).addEventListener("input", filter);
  }
  document.getElementById("view-grid").addEventListener("click", () => setView("grid"));
  document.getElementById("view-list").addEventListener("click", () => setView("list"));
  let saved = null;
  try { saved = localStorage.getItem("prophecy-view"); } catch (e) { /* private window */ }
  setView(saved === "list" ? "list" : "grid");
  document.getElementById("problem-list").addEventListener("click", e => {
    const link = e.target.closest("a[data-id]");
    if (link) { e.preventDefault(); history.replaceState(null, "", `#card-${link.dataset.id}`); showCard(link.dataset.id); }
  });
  if (location.hash.startsWith("#card-")) showCard(decodeURIComponent(location.hash.slice(6)));
  filter();
}

function apply(state) {
  window.prophecy.version = state.version;
  window.prophecy.drawing = state.drawing;
  document.body.dataset.version = state.version;
  applyProblems(state);
  if (document.body.dataset.page === "card") applyCard(state); else applyGallery(state);
  const status = document.getElementById("status");
  status.textContent = state.drawing ?
    `live: drawing the cards (${state.drawing} faces to go)` :
    `live: updated (version ${state.version}, checked in ${state.seconds} s)`;
  status.classList.add("updated");
}

for (const el of document.querySelectorAll("[data-id][data-problems]")) {
  el.dataset.sig = sig(JSON.parse(el.dataset.problems || "[]"));
}
const events = new EventSource("/events");
events.addEventListener("state", e => apply(JSON.parse(e.data)));
events.onerror = () => { document.getElementById("status").textContent = "live: disconnected (is prophecy serve running?)"; };
