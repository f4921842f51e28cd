// Live updates: the server sends the whole state on each change (server-sent events);
// each tile (or the card page) whose faces or problems changed is redrawn in place.
"use strict";
window.prophecy = { version: Number(document.body.dataset.version), updates: [] };

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
    el.dataset.sig === sig(tile.problems);
}

function setImage(img, key, folder, done) {
  if (!key) { img.removeAttribute("src"); done(); return; }
  const src = `/${folder}/${key}.png`;
  if (img.getAttribute("src") === src) { done(); return; }
  img.onload = done; img.onerror = done;
  img.loading = "eager";
  img.src = src;
}

function updateTile(el, tile, version) {
  el.dataset.front = tile.front || ""; el.dataset.back = tile.back || "";
  el.dataset.sig = sig(tile.problems);
  el.classList.toggle("broken", tile.problems.length > 0);
  el.querySelector(".errors").innerHTML = problemsHtml(tile.problems);
  const folder = document.body.dataset.page === "card" ? "face" : "thumb";
  let waiting = 2;
  const done = () => { if (--waiting === 0) window.prophecy.updates.push({id: tile.id, version, at: Date.now()}); };
  setImage(el.querySelector("img.front"), tile.front, folder, done);
  setImage(el.querySelector("img.back"), tile.back, folder, done);
}

function newTile(tile) {
  const el = document.createElement("article");
  el.className = "tile"; el.dataset.id = tile.id;
  el.innerHTML = `<a href="/card/${tile.id}" class="faces"><img class="front" alt="${escapeHtml(tile.name)} (front)"><img class="back" alt="${escapeHtml(tile.name)} (back)"></a>` +
    `<h3><a href="/card/${tile.id}">${escapeHtml(tile.name)}</a></h3><ul class="errors"></ul>`;
  return el;
}

function applyGallery(state) {
  const seen = new Set();
  for (const tile of state.tiles) {
    seen.add(tile.id);
    let el = document.querySelector(`.tile[data-id="${CSS.escape(tile.id)}"]`);
    if (!el) {
      const group = document.querySelector(`.kind[data-kind="${tile.kind}"] .tiles`);
      if (!group) continue;
      el = newTile(tile); group.appendChild(el);
    }
    el.querySelector("h3 a").textContent = tile.name;
    if (!sameTile(el, tile)) updateTile(el, tile, state.version);
  }
  for (const el of document.querySelectorAll(".tile")) if (!seen.has(el.dataset.id)) el.remove();
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

function applyProblems(problems) {
  const box = document.getElementById("problems");
  box.hidden = problems.length === 0;
  box.querySelector("ul").innerHTML = problemsHtml(problems);
}

function apply(state) {
  window.prophecy.version = state.version;
  document.body.dataset.version = state.version;
  applyProblems(state.problems);
  if (document.body.dataset.page === "card") applyCard(state); else applyGallery(state);
  const status = document.getElementById("status");
  status.textContent = `live: updated (version ${state.version}, checked in ${state.seconds} s)`;
  status.classList.add("updated");
}

for (const el of document.querySelectorAll("[data-id]")) {
  el.dataset.sig = sig(JSON.parse(el.dataset.problems || "[]"));
}
const events = new EventSource("/events");
events.addEventListener("state", e => apply(JSON.parse(e.data)));
events.onerror = () => { document.getElementById("status").textContent = "live: disconnected (is prophecy serve running?)"; };
