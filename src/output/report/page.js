// arena's results page: draws every table from the embedded data, and plays replays.
// Nothing here knows a game: a replay's positions are drawn by the games' own code, built
// to WebAssembly (the arena-viewer element: crates/arena-viewer), when the replay is opened.
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("arena-data").textContent);
  const bots = D.bots;
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const pts = (x) => (x % 1 === 0 ? String(x) : (Math.floor(x) === 0 ? "" : Math.floor(x)) + "\u00BD");
  const name = (i) => esc(bots[i].name);
  const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
  const signed = (n) => (n > 0 ? "+" + n : String(n));
  const RESULT = ["1-0", "0-1", "\u00BD-\u00BD"];

  // Tabs: the hash picks the section; #game=ID opens a replay.
  function showTab() {
    let h = location.hash.replace(/^#/, "") || "standings";
    // #game=ID opens a game, #game=ID&ply=N at the position after move N.
    const m = h.match(/^game=(\d+)(?:&ply=(\d+))?$/);
    if (m) {
      h = "replays";
      openGame(Number(m[1]), m[2] ? Number(m[2]) : 0);
    }
    // Only a tab's id picks a tab (#board, say, is an element of one).
    if (!$(h) || !$(h).classList.contains("tab")) h = "standings";
    document.querySelectorAll("section.tab").forEach((s) => s.classList.toggle("active", s.id === h));
    document.querySelectorAll("#tabs a").forEach((a) => a.classList.toggle("active", a.getAttribute("href") === "#" + h));
  }

  // @pair
  function standings() {
    const faultKinds = [];
    D.standings.forEach((s) => Object.keys(s.faults).forEach((k) => { if (!faultKinds.includes(k)) faultKinds.push(k); }));
    const student = bots.some((b) => b.student);
    let h = "<thead><tr><th>rank</th><th class=l>bot</th>" + (student ? "<th class=l>student</th>" : "") +
      "<th>series pts</th><th>series W-D-L</th><th>game pts</th><th>games W-D-L</th><th>score margin</th>" +
      "<th>as first W-D-L</th><th>as second W-D-L</th><th>faults</th><th class=l>rating (95%)</th></tr></thead><tbody>";
    for (const s of D.standings) {
      const b = bots[s.bot];
      const f = sum(s.faults);
      const ftext = f ? Object.entries(s.faults).map(([k, n]) => n + " " + k).join(", ") : "";
      const dq = b.disqualified ? ' <span class="dq" title="' + esc(b.disqualified) + '">disqualified</span>' : "";
      h += "<tr" + (b.reference ? ' class="ref"' : "") + ">" +
        "<td>" + (s.rank === null ? "ref" : s.rank) + "</td>" +
        "<td class=l><b>" + esc(b.name) + "</b>" + dq + "</td>" +
        (student ? "<td class=l>" + esc(b.student || "") + "</td>" : "") +
        "<td><b>" + pts(s.series[3]) + "</b></td><td>" + s.series.slice(0, 3).join("-") + "</td>" +
        "<td>" + pts(s.games[3]) + "</td><td>" + s.games.slice(0, 3).join("-") + "</td>" +
        "<td>" + signed(s.margin) + "</td>" +
        "<td>" + s.first.join("-") + "</td><td>" + s.second.join("-") + "</td>" +
        "<td" + (f ? ' class="bad" title="' + esc(ftext) + '"' : "") + ">" + f + "</td>" +
        "<td class=l>" + (s.rating ? Math.round(s.rating[0]) + " <span class=dim>[" + Math.round(s.rating[1]) + ", " + Math.round(s.rating[2]) + "]</span>" : "") + "</td></tr>";
    }
    $("standings-table").innerHTML = h + "</tbody>";
  }

  function heat(share) {
    // red (0) through pale yellow (0.5) to green (1)
    const hue = Math.round(share * 120);
    return "hsl(" + hue + ",65%," + (88 - 20 * Math.abs(share - 0.5)) + "%)";
  }

  function cross() {
    const order = D.standings.map((s) => s.bot);
    let h = "<thead><tr><th></th><th class=l>bot</th>" + order.map((b, j) => '<th title="' + name(b) + '">' + (j + 1) + "</th>").join("") + "</tr></thead><tbody>";
    D.cross.forEach((row, i) => {
      h += "<tr><td>" + (i + 1) + "</td><td class=l>" + name(order[i]) + "</td>";
      row.forEach((c, j) => {
        if (i === j) { h += '<td class="diag"></td>'; return; }
        if (!c) { h += "<td></td>"; return; }
        const share = c[2] ? c[1] / (2 * c[2]) : 0.5;
        let tip = bots[order[i]].name + " vs " + bots[order[j]].name + ": " + pts(c[0] / 2) + " series points, " + pts(c[1] / 2) + " of " + c[2] + " game points";
        // Paired boards: the board pairs by the row bot's points in the pair (pentanomial).
        if (c.length === 8) tip += "; board pairs scoring 0, \u00bd, 1, 1\u00bd, 2: " + c.slice(3).join(" ");
        h += '<td style="background:' + heat(share) + '" title="' + esc(tip) + '">' + pts(c[0] / 2) + "/" + pts(c[1] / 2) + "</td>";
      });
      h += "</tr>";
    });
    $("cross-table").innerHTML = h + "</tbody>";
  }

  function ratings() {
    const rated = D.standings.filter((s) => s.rating);
    if (!rated.length) { $("ratings-plot").textContent = "No ratings: no game was played."; return; }
    const lo = Math.min(...rated.map((s) => s.rating[1])), hi = Math.max(...rated.map((s) => s.rating[2]));
    const span = Math.max(hi - lo, 1);
    const step = [10, 20, 50, 100, 200, 250, 500, 1000, 2000].find((x) => span / x <= 8) || 5000;
    const a = Math.floor(lo / step) * step, z = Math.ceil(hi / step) * step;
    const labelW = Math.min(260, 12 + 7.2 * Math.max(...rated.map((s) => bots[s.bot].name.length))), plotW = 560, rowH = 22, top = 26;
    const W = labelW + plotW + 20, H = top + rowH * rated.length + 10;
    const x = (v) => labelW + ((v - a) / (z - a)) * plotW;
    let svg = '<svg xmlns="http://www.w3.org/2000/svg" width="' + W + '" height="' + H + '" viewBox="0 0 ' + W + " " + H + '" role="img" aria-label="ratings with 95% intervals">';
    for (let t = a; t <= z + 1e-9; t += step) {
      svg += '<line x1="' + x(t) + '" x2="' + x(t) + '" y1="' + (top - 6) + '" y2="' + (H - 6) + '" class="grid' + (t === 0 ? " zero" : "") + '"/>';
      svg += '<text x="' + x(t) + '" y="' + (top - 10) + '" class="tick">' + t + "</text>";
    }
    rated.forEach((s, i) => {
      const y = top + i * rowH + rowH / 2;
      const [r, l, h] = s.rating;
      // A name longer than the label column keeps its start (where names differ), cut
      // with an ellipsis; the whole name is its tooltip.
      const full = bots[s.bot].name, room = Math.floor((labelW - 12) / 7.2 + 1e-9);
      const shown = full.length > room ? full.slice(0, room - 1) + "\u2026" : full;
      svg += '<text x="' + (labelW - 8) + '" y="' + (y + 4) + '" class="label"><title>' + esc(full) + "</title>" + esc(shown) + "</text>";
      svg += '<line x1="' + x(l) + '" x2="' + x(h) + '" y1="' + y + '" y2="' + y + '" class="ci"><title>' + esc(bots[s.bot].name + ": " + Math.round(r) + " [" + Math.round(l) + ", " + Math.round(h) + "]") + "</title></line>";
      svg += '<circle cx="' + x(r) + '" cy="' + y + '" r="4.5" class="pt' + (bots[s.bot].reference ? " refpt" : "") + '"/>';
    });
    $("ratings-plot").innerHTML = svg + "</svg>";
    if (D.model.length) {
      $("model-table").innerHTML = "<thead><tr><th class=l>model parameter</th><th>Elo</th><th>95% interval</th></tr></thead><tbody>" +
        D.model.map(([k, v]) => "<tr><td class=l>" + esc(k.replace(/_/g, " ")) + "</td><td>" + esc(v[0]) + "</td><td>[" + esc(v[1]) + ", " + esc(v[2]) + "]</td></tr>").join("") + "</tbody>";
    }
  }

  function fairness() {
    let h = "<thead><tr><th class=l>board</th><th>games</th><th>first won</th><th>drawn</th><th>first lost</th><th>first-mover score</th><th class=l></th></tr></thead><tbody>";
    for (const f of D.fairness) {
      const [w, d, l] = f.record, g = w + d + l, score = g ? (w + d / 2) / g : 0.5;
      h += "<tr" + (f.size === "all" ? ' class="total"' : "") + "><td class=l>" + esc(f.size) + "</td><td>" + g + "</td><td>" + w + "</td><td>" + d + "</td><td>" + l + "</td><td>" + score.toFixed(3) + "</td>" +
        '<td class=l><span class="bar"><span style="width:' + (score * 100).toFixed(1) + '%"></span><i></i></span></td></tr>';
    }
    $("fairness-table").innerHTML = h + "</tbody>";
  }

  function faults() {
    if (!D.faults.length) { $("faults-list").innerHTML = '<p class="good">No bot faulted: every game ended under the rules.</p>'; return; }
    const byBot = new Map();
    D.faults.forEach((f) => { if (!byBot.has(f.bot)) byBot.set(f.bot, []); byBot.get(f.bot).push(f); });
    let h = "";
    for (const [b, list] of byBot) {
      h += "<h3>" + name(b) + ' <span class="dim">(' + list.length + " fault" + (list.length > 1 ? "s" : "") + ")</span></h3>";
      h += '<table class="data small"><thead><tr><th>game</th><th class=l>against</th><th>move</th><th class=l>fault</th><th class=l>reason</th></tr></thead><tbody>';
      for (const f of list.slice(0, 200)) {
        h += '<tr><td><a href="#game=' + f.game + '">' + f.game + "</a></td><td class=l>" + name(f.opponent) + "</td><td>" + f.ply + '</td><td class="l bad">' + esc(f.kind) + '</td><td class="l reason">' + esc(f.reason) + "</td></tr>";
      }
      if (list.length > 200) h += '<tr><td colspan=5 class="l dim">and ' + (list.length - 200) + " more (games.csv lists them all)</td></tr>";
      h += "</tbody></table>";
    }
    $("faults-list").innerHTML = h;
  }

  // @table
  const f3 = (x) => x.toFixed(3);
  // A seat in a replay, as the tables above name it: "seat 2, evader".
  const seatName = (k) => "seat " + (k + 1) + (D.fairness[k] && D.fairness[k].role ? ", " + esc(D.fairness[k].role) : "");
  const faultCell = (s) => {
    const n = sum(s.faults), kinds = Object.entries(s.faults).map(([k, c]) => c + " " + k).join(", ");
    return "<td" + (n ? ' class="bad" title="' + esc(kinds) + '"' : "") + ">" + n + "</td>";
  };

  function standings() {
    const many = D.seats > 1, lb = D.leaderboard, student = bots.some((b) => b.student);
    $("standings-note").textContent = lb
      ? "One seat: every bot played the same boards alone and is ranked by its mean score, with its 95% bootstrap interval. References of a gauntlet are listed after the ranked bots."
      : "Ranked by share (points per game), then rating. In every game a seat scores 1 against each other seat (not a teammate) it ranked better than, \u00BD where equal, 0 where worse, averaged over those seats. Wins: games ranked first. The rating is Elo from the same comparisons, with its 95% bootstrap interval. References of a gauntlet are listed after the ranked bots.";
    // A leaderboard that ranks nothing says so, first thing.
    if (D.ties) $("standings-note").insertAdjacentHTML("afterbegin", '<b class="bad" id="ties">Note: ' + esc(D.ties) + ".</b> ");
    let h = "<thead><tr><th>rank</th><th class=l>bot</th>" + (student ? "<th class=l>student</th>" : "") + "<th>games</th>" +
      (many ? D.fairness.map((f) => "<th>seat " + f.seat + " games</th>").join("") + "<th>wins</th><th>points</th><th>share</th><th>mean rank</th>" : "") +
      "<th>mean score</th><th>faults</th><th class=l>" + (lb ? "mean score (95%)" : "rating (95%)") + "</th></tr></thead><tbody>";
    for (const s of D.standings) {
      const b = bots[s.bot], r = s.rating;
      const shown = r ? (lb ? r.map(f3) : r.map(Math.round)) : null;
      h += "<tr" + (b.reference ? ' class="ref"' : "") + "><td>" + (s.rank === null ? "ref" : s.rank) + "</td>" +
        "<td class=l><b>" + esc(b.name) + "</b>" + (b.disqualified ? ' <span class="dq" title="' + esc(b.disqualified) + '">disqualified</span>' : "") + "</td>" +
        (student ? "<td class=l>" + esc(b.student || "") + "</td>" : "") + "<td>" + s.games + "</td>" +
        (many ? s.seat_games.map((g) => "<td>" + g + "</td>").join("") + "<td>" + s.wins + "</td><td><b>" + f3(s.points) + "</b></td><td>" + f3(s.share) + "</td><td>" + f3(s.mean_rank) + "</td>" : "") +
        "<td>" + (many ? "" : "<b>") + f3(s.mean_score) + "</td>" + faultCell(s) +
        "<td class=l>" + (shown ? shown[0] + " <span class=dim>[" + shown[1] + ", " + shown[2] + "]</span>" : "") + "</td></tr>";
    }
    $("standings-table").innerHTML = h + "</tbody>";
  }

  // Each bot's record in every role; the tab is left out where seats have no roles.
  function roles() {
    if (!D.roles.length) {
      document.querySelector('#tabs a[href="#roles"]').remove();
      $("roles").remove();
      return;
    }
    let h = "<thead><tr><th rowspan=2 class=l>bot</th>" + D.roles.map((r) => "<th colspan=3>as " + esc(r.role) + "</th>").join("") + "</tr><tr>" +
      D.roles.map((r) => "<th>games</th><th>" + esc(r.wins) + "</th><th>" + esc(r.round) + "</th>").join("") + "</tr></thead><tbody>";
    for (const s of D.standings) {
      h += "<tr><td class=l>" + name(s.bot) + "</td>" + s.roles.map(([g, w, m]) => "<td>" + g + "</td><td>" + w + "</td><td>" + (m === null ? "" : m.toFixed(2)) + "</td>").join("") + "</tr>";
    }
    $("roles-table").innerHTML = h + "</tbody>";
  }

  function fairness() {
    const many = D.seats > 1;
    $("fairness-note").textContent = many
      ? "How each seat fared in the games that ended normally: games it ranked first in, its points per game (against every other seat not of its team: 0.500 is an even seat), its mean rank and mean score."
      : "One seat: the seat's mean score over the games that ended normally.";
    let h = "<thead><tr><th>seat</th><th class=l>role</th><th>games</th>" + (many ? "<th>wins</th><th>points per game</th><th>mean rank</th>" : "") + "<th>mean score</th>" + (many ? "<th class=l></th>" : "") + "</tr></thead><tbody>";
    for (const f of D.fairness) {
      h += "<tr><td>" + f.seat + "</td><td class=l>" + esc(f.role || "") + "</td><td>" + f.games + "</td>" +
        (many ? "<td>" + f.wins + "</td><td>" + f3(f.share) + "</td><td>" + f3(f.mean_rank) + "</td>" : "") + "<td>" + f3(f.mean_score) + "</td>" +
        (many ? '<td class=l><span class="bar"><span style="width:' + (f.share * 100).toFixed(1) + '%"></span><i></i></span></td>' : "") + "</tr>";
    }
    $("fairness-table").innerHTML = h + "</tbody>";
  }

  function faults() {
    if (!D.faults.length) { $("faults-list").innerHTML = '<p class="good">No bot faulted: every game ended under the rules.</p>'; return; }
    const byBot = new Map();
    for (const f of D.faults) byBot.set(f.bot, (byBot.get(f.bot) || []).concat([f]));
    $("faults-list").innerHTML = [...byBot].map(([b, list]) =>
      "<h3>" + name(b) + ' <span class="dim">(' + list.length + (list.length > 1 ? " faults" : " fault") + ")</span></h3>" +
      '<table class="data small"><thead><tr><th>game</th><th>seat</th><th class=l>at the table with</th><th>move</th><th class=l>fault</th><th class=l>reason</th></tr></thead><tbody>' +
      list.slice(0, 200).map((f) => '<tr><td><a href="#game=' + f.game + '">' + f.game + "</a></td><td>" + f.seat + "</td><td class=l>" + (f.others.map(name).join(", ") || "nobody") +
        "</td><td>" + f.ply + '</td><td class="l bad">' + esc(f.kind) + '</td><td class="l reason">' + esc(f.reason) + "</td></tr>").join("") +
      (list.length > 200 ? '<tr><td colspan=6 class="l dim">and ' + (list.length - 200) + " more (games.csv lists them all)</td></tr>" : "") + "</tbody></table>").join("");
  }

  // @both
  function settings() {
    $("settings-table").innerHTML = "<tbody>" + D.settings.map(([k, v]) => "<tr><th class=l>" + esc(k) + "</th><td class=l>" + esc(v) + "</td></tr>").join("") + "</tbody>";
    $("bots-table").innerHTML = '<thead><tr><th class=l>bot</th><th class=l>source</th><th class=l>sha256</th><th class=l>role</th><th class=l>disqualified</th></tr></thead><tbody>' +
      bots.map((b) => "<tr><td class=l>" + esc(b.name) + "</td><td class=l>" + esc(b.source) + '</td><td class="l hash">' + esc(b.sha256) + "</td><td class=l>" + (b.reference ? "reference" : "submission") + "</td><td class=l>" + esc(b.disqualified || "") + "</td></tr>").join("") + "</tbody>";
  }

  // ---- replays ----
  // @pair
  const G = { ID: 0, SERIES: 1, ROUND: 2, FIRST: 3, SECOND: 4, RESULT: 5, END: 6, MOVES: 7, S1: 8, S2: 9, REPLAY: 10, ROWS: 11, COLS: 12 };
  // @table
  const G = { ID: 0, SERIES: 1, ROUND: 2, SEATS: 3, RANKS: 4, END: 5, MOVES: 6, SCORES: 7, REPLAY: 8, ROWS: 9, COLS: 10 };
  // @both
  const byId = new Map(D.games.map((g) => [g[G.ID], g]));
  const loaded = new Map();
  // wanted: the game asked for, and the position to show it at (kept while a sidecar loads).
  let current = null, ply = 0, timer = null, wanted = null, wantedPly = 0;

  // The replay viewer, compiled on first use. Synchronously: a replay is drawn the moment
  // it is opened, and a page whose scripts have run shows what it will show.
  let viewer = null;
  function loadViewer() {
    if (!viewer) {
      const bytes = Uint8Array.from(atob($("arena-viewer").textContent.trim()), (c) => c.charCodeAt(0));
      viewer = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
    }
    return viewer;
  }

  // Replays of more moves than this are held by the viewer and drawn one position at a
  // time, as it is shown: drawing every position of a long game at once (a pursuit on a
  // large board can last 100 000 moves) would stall the page for seconds.
  const DRAW_WHOLE = 1000;
  // The replay the viewer holds.
  let held = null;

  // Draws r with the viewer: r gets its positions (`lines` and `frames`, or `held` for a
  // long one) and each move its text, and is `drawn`; or r gets an `error` naming what
  // stopped it.
  function draw(r) {
    let v;
    try { v = loadViewer(); } catch (e) { r.error = "this browser cannot run the page's replay viewer (" + e + ")"; return; }
    try { drawWith(v, r); } catch (e) {
      viewer = null; // a trapped instance is not used again
      held = null;
      r.error = "the replay viewer failed (" + e + ")";
    }
  }

  // One request to the viewer, written into its memory, and its answer (JSON) read back.
  // Each call may grow the viewer's memory (which detaches an earlier view of it): the
  // memory is looked at only after the call that says where to look.
  function ask(v, text) {
    const request = new TextEncoder().encode(text);
    const at = v.arena_view_input(request.length);
    new Uint8Array(v.memory.buffer, at, request.length).set(request);
    const length = v.arena_view_draw();
    const from = v.arena_view_output();
    return JSON.parse(new TextDecoder().decode(new Uint8Array(v.memory.buffer, from, length)));
  }

  // The viewer's request for r: its game, setup and moves.
  const replayText = (r) => D.game + "\n" + r.setup + "\n" + r.moves.map((m) => m.raw).join(",");

  // Draws r whole, or holds it when it is long; the seats the viewer gives must be those
  // the page recorded.
  function drawWith(v, r) {
    const whole = r.moves.length <= DRAW_WHOLE;
    const d = ask(v, (whole ? "all\n" : "hold\n") + replayText(r));
    if (!whole) held = d.error ? null : r;
    if (d.error) { r.error = d.error; return; }
    const disagree = d.moves.length !== r.moves.length ? Math.min(d.moves.length, r.moves.length) : d.moves.findIndex(([seat], i) => seat !== r.moves[i].seat);
    if (disagree >= 0) { r.error = "the viewer and the recorded moves disagree at move " + (disagree + 1); return; }
    d.moves.forEach(([, text], i) => { r.moves[i].text = text; });
    if (whole) { r.lines = d.lines; r.frames = d.frames; } else r.held = true;
    r.drawn = true;
  }

  // The position after k moves of a drawn replay, as HTML.
  function position(r, k) {
    if (!r.held) return r.frames[k].map((i) => r.lines[i]).join("\n");
    try {
      const v = loadViewer();
      if (held !== r) { ask(v, "hold\n" + replayText(r)); held = r; }
      const d = ask(v, "frame\n" + k);
      return d.error ? esc("This position cannot be drawn: " + d.error) : d.frame.join("\n");
    } catch (e) {
      viewer = null;
      held = null;
      return esc("The replay viewer failed (" + e + ")");
    }
  }

  // A replay as the page stores it: each move's array ([seat, raw], then its fuel, then
  // the lines of its seat's log it printed) named again.
  function unpack(r) {
    if (r.moves) r.moves = r.moves.map(([seat, raw, fuel, from, to]) => ({ seat, raw, fuel: fuel === undefined ? null : fuel, log: to === undefined ? null : [from, to] }));
    loaded.set(r.id, r);
    return r;
  }

  window.arenaReplay = function (r) {
    unpack(r);
    if (wanted === r.id) show(r);
  };

  function pickers() {
    const opts = '<option value="">any</option>' + bots.map((b, i) => [b.name, i]).sort().map(([n, i]) => '<option value="' + i + '">' + esc(n) + "</option>").join("");
    $("pick-bot").innerHTML = opts;
    $("pick-opp").innerHTML = opts;
    ["pick-bot", "pick-opp", "pick-faults"].forEach((id) => $(id).addEventListener("change", listGames));
  }

  // @pair
  function listGames() {
    const a = $("pick-bot").value, b = $("pick-opp").value, onlyFaults = $("pick-faults").checked;
    const has = (g, x) => x === "" || g[G.FIRST] === Number(x) || g[G.SECOND] === Number(x);
    const games = D.games.filter((g) => has(g, a) && has(g, b) && (!onlyFaults || (g[G.END] !== "normal" && g[G.END] !== "disqualified")));
    const shown = games.slice(0, 400);
    $("game-count").textContent = games.length + " game" + (games.length === 1 ? "" : "s") + (games.length > shown.length ? "; the first " + shown.length + " listed: pick a bot to narrow" : "");
    $("game-list").innerHTML = shown.map((g) => {
      const end = g[G.END] === "normal" ? "" : ' <span class="bad">' + esc(g[G.END]) + "</span>";
      return '<a href="#game=' + g[G.ID] + '" data-game="' + g[G.ID] + '"' + (current && current.id === g[G.ID] ? ' class="sel"' : "") + ">" +
        '<span class="gid">' + g[G.ID] + "</span> " + name(g[G.FIRST]) + " \u2013 " + name(g[G.SECOND]) + ' <span class="res">' + RESULT[g[G.RESULT]] + "</span>" + end + "</a>";
    }).join("");
  }

  // @table
  // How a game ended in one line: one seat's score, or every seat's rank.
  const outcome = (g) => (D.seats === 1 ? "score " + esc(g[G.SCORES][0]) : "ranks " + g[G.RANKS].join(" "));

  function listGames() {
    const picked = [$("pick-bot").value, $("pick-opp").value].filter((x) => x !== "").map(Number);
    const onlyFaults = $("pick-faults").checked;
    const games = D.games.filter((g) => picked.every((x) => g[G.SEATS].includes(x)) && !(onlyFaults && (g[G.END] === "normal" || g[G.END] === "disqualified")));
    const shown = games.slice(0, 400);
    $("game-count").textContent = games.length + (games.length === 1 ? " game" : " games") + (shown.length < games.length ? "; the first " + shown.length + " listed: pick a bot to narrow" : "");
    $("game-list").innerHTML = shown.map((g) => '<a href="#game=' + g[G.ID] + '" data-game="' + g[G.ID] + '"' + (current && current.id === g[G.ID] ? ' class="sel"' : "") + '><span class="gid">' + g[G.ID] + "</span> " +
      g[G.SEATS].map(name).join(" \u00B7 ") + ' <span class="res">' + outcome(g) + "</span>" + (g[G.END] === "normal" ? "" : ' <span class="bad">' + esc(g[G.END]) + "</span>") + "</a>").join("");
  }

  // @both
  function openGame(id, at) {
    const g = byId.get(id);
    stop();
    if (!g) { $("replay-head").innerHTML = '<p class="bad">No game ' + id + " in this tournament.</p>"; return; }
    wanted = id;
    wantedPly = at || 0;
    if (loaded.has(id)) return show(loaded.get(id));
    if (g[G.REPLAY] === 1) {
      return show(unpack(JSON.parse($("replay-" + id).textContent)));
    }
    head(g);
    clearViewer();
    if (g[G.REPLAY] >= 2) {
      $("board").textContent = "loading the replay\u2026";
      const s = document.createElement("script");
      s.src = "report/replays/part" + String(g[G.REPLAY] - 2).padStart(4, "0") + ".js";
      s.onerror = () => { $("board").textContent = "The replay file " + s.src + " is missing: copy the report/ folder along with report.html."; };
      document.body.appendChild(s);
    } else {
      $("board").textContent = "This replay could not be read when the report was written; watch it with the command below.";
    }
  }

  // @pair
  function head(g) {
    $("replay-head").innerHTML = "<h3>Game " + g[G.ID] + ": " + '<span class="p1">' + name(g[G.FIRST]) + "</span> (seat 1, moves first) vs " + '<span class="p2">' + name(g[G.SECOND]) + "</span> (seat 2)</h3>" +
      '<p class="dim">series ' + g[G.SERIES] + ", round " + g[G.ROUND] + ", board " + g[G.ROWS] + "x" + g[G.COLS] + ", " + g[G.MOVES] + " moves</p>";
    $("replay-cmd").textContent = D.replay_command.replace("{id}", g[G.ID]);
  }

  // @table
  function head(g) {
    const seats = g[G.SEATS].map((b, k) => '<span class="p' + (k + 1) + '">' + name(b) + "</span> (" + seatName(k) + ")");
    $("replay-head").innerHTML = "<h3>Game " + g[G.ID] + ": " + seats.join(", ") + "</h3>" +
      '<p class="dim">table ' + g[G.SERIES] + ", board " + g[G.ROUND] + " (" + g[G.ROWS] + "x" + g[G.COLS] + "), " + g[G.MOVES] + " moves; drawn as a spectator sees it, hidden information shown</p>";
    $("replay-cmd").textContent = D.replay_command.replace("{id}", g[G.ID]);
  }

  // @both
  function clearViewer() {
    current = null;
    $("moves").innerHTML = ""; $("moves-legend").innerHTML = ""; $("board-legend").innerHTML = ""; $("logs").innerHTML = ""; $("replay-end").innerHTML = "";
    $("slider").max = 0; $("ply").textContent = "";
  }

  // @pair
  function show(r) {
    const g = byId.get(r.id);
    head(g);
    if (!r.error && !r.drawn) draw(r);
    if (r.error) { clearViewer(); $("board").textContent = "This replay cannot be shown: " + r.error; return; }
    current = r;
    $("moves").innerHTML = r.moves.map((m, i) => '<li data-ply="' + (i + 1) + '" class="s' + m.seat + '" title="move ' + (i + 1) + ": seat " + m.seat + " (" + esc(r.bots[m.seat - 1]) + ") played " + esc(m.text) + '">' + esc(m.text) + "</li>").join("");
    legend(r);
    const logs = r.logs.map((lines, i) => lines.length ? "<h4>" + esc(r.bots[i]) + " (seat " + (i + 1) + ")</h4><pre class=log>" + esc(lines.join("\n")) + "</pre>" : "").join("");
    $("logs").innerHTML = logs || '<p class="dim">Neither bot printed anything.</p>';
    const why = r.end === "normal" ? "the game ended under the rules" :
      r.end === "disqualified" ? "disqualified: " + r.reason :
      (r.culprit ? r.bots[r.culprit - 1] + " (seat " + r.culprit + ") faulted on move " + (r.moves.length + 1) + ": " : "") + r.end + (r.reason ? ", " + r.reason : "");
    $("replay-end").innerHTML = '<p class="end">Result <b>' + esc(r.result) + "</b>, scores " + r.scores[0] + " : " + r.scores[1] + " \u2014 " + esc(why) + "</p>";
    $("slider").max = r.moves.length;
    listGames();
    go(wantedPly);
  }

  // @table
  function show(r) {
    head(byId.get(r.id));
    if (!r.error && !r.drawn) draw(r);
    if (r.error) { clearViewer(); $("board").textContent = "This replay cannot be shown: " + r.error; return; }
    current = r;
    $("moves").innerHTML = r.moves.map((m, i) => '<li data-ply="' + (i + 1) + '" class="s' + m.seat + '" title="move ' + (i + 1) + ": seat " + m.seat + " (" + esc(r.bots[m.seat - 1]) + ") played " + esc(m.text) + '">' + esc(m.text) + "</li>").join("");
    legend(r);
    $("logs").innerHTML = r.logs.map((lines, k) => (lines.length ? "<h4>" + esc(r.bots[k]) + " (seat " + (k + 1) + ")</h4><pre class=log>" + esc(lines.join("\n")) + "</pre>" : "")).join("") ||
      '<p class="dim">No bot printed anything.</p>';
    let why = "the game ended under the rules";
    if (r.end === "disqualified") why = "disqualified: " + r.reason;
    else if (r.end !== "normal") why = (r.culprit ? r.bots[r.culprit - 1] + " (seat " + r.culprit + ") faulted on move " + (r.moves.length + 1) + ": " : "") + r.end + (r.reason ? ", " + r.reason : "");
    const seats = r.bots.map((b, k) => "<li>" + esc(b) + " (" + seatName(k) + "): " + (r.bots.length > 1 ? "rank <b>" + r.ranks[k] + "</b>, " : "") + "score <b>" + esc(r.scores[k]) + "</b></li>").join("");
    $("replay-end").innerHTML = '<p class="end">The end: ' + esc(why) + "</p><ul class=end>" + seats + "</ul>";
    $("slider").max = r.moves.length;
    listGames();
    go(wantedPly);
  }

  // @both
  // What the colours of the moves' numbers (and of the names above the board) mean, how
  // the game writes its moves, and what the board's colours mean.
  function legend(r) {
    $("moves-legend").innerHTML = "Numbered in the mover's colour: " +
      r.bots.map((b, k) => '<span class="p' + (k + 1) + '">' + esc(b) + "</span> seat " + (k + 1)).join(", ") + "; " +
      '<span class="cur-swatch">highlighted</span>: the move on the board.' +
      (D.notation ? ' <span id="notation">Notation: ' + esc(D.notation) + ".</span>" : "");
    $("board-legend").innerHTML = D.colours.length
      ? "Board colours: " + D.colours.map(([classes, meaning]) => '<span class="swatch ' + esc(classes) + '">\u00A0\u00A0\u00A0</span> ' + esc(meaning)).join(", ") + "."
      : "";
  }

  function go(k) {
    if (!current) return;
    ply = Math.max(0, Math.min(k, current.moves.length));
    $("board").innerHTML = position(current, ply);
    $("slider").value = ply;
    const last = current.moves.length;
    $("ply").textContent = ply === 0 ? "start, " + last + (last === 1 ? " move" : " moves") : "move " + ply + " of " + last + (ply ? " \u2014 seat " + current.moves[ply - 1].seat + " (" + current.bots[current.moves[ply - 1].seat - 1] + ") played " + current.moves[ply - 1].text : "");
    document.querySelectorAll("#moves li").forEach((li) => li.classList.toggle("cur", Number(li.dataset.ply) === ply));
    $("move-info").innerHTML = ply === 0 ? "" : moveInfo(current, current.moves[ply - 1]);
    $("replay-end").style.visibility = ply === last ? "visible" : "hidden";
  }

  // The fuel a move used and the debug lines its bot printed while making it.
  function moveInfo(r, mv) {
    const parts = [];
    if (mv.fuel !== null && mv.fuel !== undefined) parts.push("fuel used: <b>" + String(mv.fuel).replace(/\B(?=(\d{3})+(?!\d))/g, "\u2009") + "</b>");
    let text = parts.join("");
    if (mv.log) {
      const lines = r.logs[mv.seat - 1].slice(mv.log[0], mv.log[1]);
      text += lines.length ? "<pre class=movelog>" + esc(lines.join("\n")) + "</pre>" : (parts.length ? " \u2014 printed nothing" : "");
    }
    return text;
  }

  function stop() { if (timer) { clearInterval(timer); timer = null; $("btn-play").textContent = "Play"; } }
  function play() {
    if (timer) return stop();
    if (!current) return;
    if (ply >= current.moves.length) go(0);
    $("btn-play").textContent = "Pause";
    timer = setInterval(() => { if (ply >= current.moves.length) stop(); else go(ply + 1); }, 600);
  }

  function controls() {
    $("btn-first").onclick = () => { stop(); go(0); };
    $("btn-prev").onclick = () => { stop(); go(ply - 1); };
    $("btn-next").onclick = () => { stop(); go(ply + 1); };
    $("btn-last").onclick = () => { stop(); if (current) go(current.moves.length); };
    $("btn-play").onclick = play;
    $("slider").oninput = (e) => { stop(); go(Number(e.target.value)); };
    $("moves").onclick = (e) => { const li = e.target.closest("li"); if (li) { stop(); go(Number(li.dataset.ply)); } };
    document.addEventListener("keydown", (e) => {
      if (!$("replays").classList.contains("active") || e.target.tagName === "SELECT" || e.target.tagName === "INPUT" && e.target.type !== "range") return;
      const keys = { ArrowLeft: () => go(ply - 1), ArrowRight: () => go(ply + 1), Home: () => go(0), End: () => current && go(current.moves.length), " ": play };
      if (keys[e.key]) { e.preventDefault(); if (e.key !== " ") stop(); keys[e.key](); }
    });
  }

  standings();
  // @pair
  cross();
  ratings();
  // @table
  roles();
  // An inline style: the stylesheet's `.picker label` display would override `hidden`.
  if (D.seats === 1) $("pick-opp").parentNode.style.display = "none";
  else $("pick-opp").parentNode.firstChild.textContent = "With ";
  // @both
  fairness();
  faults();
  settings();
  pickers();
  controls();
  listGames();
  window.addEventListener("hashchange", showTab);
  showTab();
  if (!current && wanted === null) {
    const first = D.games.find((g) => g[G.REPLAY] === 1);
    if (first) openGame(first[G.ID]);
  }
  document.body.setAttribute("data-arena-ready", String(window.arenaErrors.length === 0));
})();
