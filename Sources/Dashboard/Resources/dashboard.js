"use strict";
// The ActionHub dashboard. Reads the API with the key the operator enters, which stays in
// this tab's sessionStorage. Builds every element with textContent: nothing from the
// server is ever parsed as HTML.
(() => {
  const storageKey = "actionhub.apiKey";
  const windows = {
    hour: { milliseconds: 3600000, bucket: "minute", label: "the last hour, per minute" },
    day: { milliseconds: 86400000, bucket: "hour", label: "the last day, per hour" },
    week: { milliseconds: 604800000, bucket: "day", label: "the last week, per day" },
  };
  const statsEvery = 10000;
  const streamRows = 50;
  const svgNamespace = "http://www.w3.org/2000/svg";
  const byId = (id) => document.getElementById(id);

  class Refused extends Error {
    constructor(status, problem) {
      super((problem && (problem.detail || problem.title)) || "HTTP " + status);
      this.status = status;
    }
  }

  async function api(path, signal) {
    const response = await fetch(path, {
      headers: { Authorization: "Bearer " + sessionStorage.getItem(storageKey), Accept: "application/json" },
      cache: "no-store",
      signal,
    });
    if (!response.ok) {
      let problem = null;
      try { problem = await response.json(); } catch (ignored) { problem = null; }
      throw new Refused(response.status, problem);
    }
    return response.json();
  }

  function element(name, text, attributes) {
    const node = document.createElement(name);
    if (text !== undefined && text !== null) node.textContent = String(text);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    return node;
  }

  function svg(name, attributes) {
    const node = document.createElementNS(svgNamespace, name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, String(value));
    return node;
  }

  function formatNumber(value) { return new Intl.NumberFormat().format(value); }

  // In the browser's time zone, which the label names ("09:00 GMT+1"): the API's times are UTC.
  function formatStart(iso, bucket) {
    const date = new Date(iso);
    if (bucket === "day") {
      return date.toLocaleDateString(undefined, { weekday: "short", month: "short", day: "numeric", timeZoneName: "short" });
    }
    return date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", timeZoneName: "short" });
  }

  // The chart: one <g class="bucket"> per bucket, its actions stacked as bars, and a
  // title and description for screen readers. Exposed for the browser test.
  function renderChart(report, actions, titles) {
    // The left margin fits the highest count's label at the phone width's larger text (22 units
    // a character at most 14 wide): a fixed 44 cut "1,124" to "124".
    const highestText = formatNumber(Math.max(1, ...report.buckets.map((bucket) =>
      Object.values(bucket.actions).reduce((sum, tally) => sum + tally.count, 0))));
    const width = 720, height = 260, right = 8, top = 12, bottom = 34;
    const left = Math.max(44, 12 + highestText.length * 14);
    const plotWidth = width - left - right, plotHeight = height - top - bottom;
    const buckets = report.buckets;
    const totals = buckets.map((bucket) =>
      Object.values(bucket.actions).reduce((sum, tally) => sum + tally.count, 0));
    const highest = Math.max(1, ...totals);
    const slot = plotWidth / Math.max(1, buckets.length);
    const barWidth = Math.max(1, slot * 0.8);
    const root = svg("svg", {
      viewBox: "0 0 " + width + " " + height, role: "img", "aria-labelledby": "chart-title chart-description",
      "data-buckets": buckets.length,
    });
    const title = svg("title", { id: "chart-title" });
    title.textContent = "Responses per " + report.bucket + " in " + report.category;
    const description = svg("desc", { id: "chart-description" });
    const all = totals.reduce((sum, value) => sum + value, 0);
    const busiest = totals.indexOf(Math.max(...totals, 0));
    description.textContent = formatNumber(all) + " responses in " + buckets.length + " buckets" +
      (all > 0 ? "; the busiest, " + formatStart(buckets[busiest].start, report.bucket) + ", had " +
        formatNumber(totals[busiest]) : "") + ". The table below the chart lists every bucket.";
    root.append(title, description);
    root.append(svg("line", { class: "axis", x1: left, y1: top + plotHeight, x2: width - right, y2: top + plotHeight }));
    const highestLabel = svg("text", { x: left - 6, y: top + 10, "text-anchor": "end" });
    highestLabel.textContent = formatNumber(highest);
    const zeroLabel = svg("text", { x: left - 6, y: top + plotHeight, "text-anchor": "end" });
    zeroLabel.textContent = "0";
    root.append(highestLabel, zeroLabel);
    buckets.forEach((bucket, index) => {
      const group = svg("g", { class: "bucket", "data-start": bucket.start, "data-total": totals[index] });
      const tip = svg("title");
      tip.textContent = formatStart(bucket.start, report.bucket) + ": " + formatNumber(totals[index]) + " responses" +
        actions.filter((action) => bucket.actions[action])
          .map((action) => ", " + titles[action] + " " + bucket.actions[action].count).join("");
      group.append(tip);
      let y = top + plotHeight;
      const x = left + index * slot + (slot - barWidth) / 2;
      actions.forEach((action, series) => {
        const tally = bucket.actions[action];
        if (!tally || tally.count === 0) return;
        const barHeight = (tally.count / highest) * plotHeight;
        y -= barHeight;
        group.append(svg("rect", {
          class: "series-" + (series % 6), x: x.toFixed(2), y: y.toFixed(2),
          width: barWidth.toFixed(2), height: barHeight.toFixed(2), "data-action": action,
        }));
      });
      if (totals[index] === 0) {
        group.append(svg("rect", { x: x.toFixed(2), y: top + plotHeight - 1, width: barWidth.toFixed(2), height: 1, fill: "transparent" }));
      }
      root.append(group);
    });
    const labelled = buckets.length <= 1 ? [0] : [0, Math.floor((buckets.length - 1) / 2), buckets.length - 1];
    for (const index of new Set(labelled)) {
      if (!buckets[index]) continue;
      const label = svg("text", {
        x: (left + index * slot + slot / 2).toFixed(2), y: height - 12,
        "text-anchor": index === 0 ? "start" : index === buckets.length - 1 ? "end" : "middle",
      });
      label.textContent = formatStart(buckets[index].start, report.bucket);
      root.append(label);
    }
    return root;
  }
  window.ActionHubChart = { render: renderChart };

  const state = {
    categories: [],
    stream: null,
    timer: null,
    cursor: null,
  };

  function currentCategory() { return state.categories.find((category) => category.category === byId("category").value); }

  function actionsOf(category, report) {
    const known = category ? category.actions.map((action) => action.identifier) : [];
    const seen = Object.keys(report.totals).filter((action) => !known.includes(action)).sort();
    return known.concat(seen);
  }

  function titlesOf(category) {
    const titles = {};
    for (const action of category ? category.actions : []) {
      titles[action.identifier] = action.title ||
        (action.identifier === "com.apple.UNNotificationDefaultActionIdentifier" ? "Opened (tap)" :
          action.identifier === "com.apple.UNNotificationDismissActionIdentifier" ? "Dismissed" : action.identifier);
    }
    return new Proxy(titles, { get: (target, name) => target[name] || String(name) });
  }

  function showKeyForm(message) {
    stop();
    byId("dashboard").hidden = true;
    const error = byId("key-error");
    error.hidden = !message;
    error.textContent = message || "";
    byId("key-section").hidden = false;
    if (message) byId("api-key").focus();
  }

  function refusedMessage(error) {
    if (error.status === 401) return "The server did not accept this API key (401). Check it and enter it again.";
    if (error.status === 403) return "This API key may not read statistics: it needs the history:read scope (403).";
    if (error.status === 429) return "Too many requests for this key (429); the dashboard tries again shortly.";
    return "The server could not answer (" + error.message + ").";
  }

  function handleFailure(error) {
    if (error.name === "AbortError") return;
    if (error instanceof Refused && (error.status === 401 || error.status === 403)) {
      sessionStorage.removeItem(storageKey);
      showKeyForm(refusedMessage(error));
      return;
    }
    byId("status").textContent = error instanceof Refused ? refusedMessage(error) :
      "The server cannot be reached; retrying.";
  }

  function fillTable(table, rows) {
    const body = table.tBodies[0];
    body.replaceChildren(...rows);
  }

  function numberCell(value, field) {
    return element("td", formatNumber(value), { class: "number", "data-field": field, "data-value": value });
  }

  function renderStats(report, category) {
    const actions = actionsOf(category, report);
    const titles = titlesOf(category);
    const box = byId("chart-box");
    box.replaceChildren(renderChart(report, actions, titles));
    box.dataset.category = report.category;
    box.dataset.from = report.from;
    box.dataset.to = report.to;
    box.dataset.bucket = report.bucket;
    byId("chart-caption").textContent = "Responses per " + report.bucket + ", stacked by action, " +
      windows[byId("window").value].label + ".";
    byId("legend").replaceChildren(...actions.map((action, series) => {
      const item = element("li");
      item.append(element("span", null, { class: "swatch series-" + (series % 6), "aria-hidden": "true" }), titles[action]);
      return item;
    }));

    const table = byId("chart-table");
    const head = element("thead");
    const headRow = element("tr");
    headRow.append(element("th", "Start", { scope: "col" }));
    for (const action of actions) headRow.append(element("th", titles[action], { scope: "col", class: "number" }));
    headRow.append(element("th", "All", { scope: "col", class: "number" }));
    head.append(headRow);
    const body = element("tbody");
    for (const bucket of report.buckets) {
      const row = element("tr", null, { "data-start": bucket.start });
      row.append(element("th", formatStart(bucket.start, report.bucket), { scope: "row" }));
      let total = 0;
      for (const action of actions) {
        const count = bucket.actions[action] ? bucket.actions[action].count : 0;
        total += count;
        row.append(numberCell(count, action));
      }
      row.append(numberCell(total, "all"));
      body.append(row);
    }
    table.replaceChildren(element("caption", "Responses per " + report.bucket + " and action"), head, body);

    fillTable(byId("totals"), actions.map((action) => {
      const tally = report.totals[action] || { count: 0, users: 0 };
      const row = element("tr", null, { "data-action": action });
      row.append(element("th", titles[action], { scope: "row", title: action }), numberCell(tally.count, "count"),
        numberCell(tally.users, "users"));
      return row;
    }));

    const replyActions = category ? category.actions.filter((action) => action.handler === "reply").map((action) => action.identifier) : [];
    byId("reply-rate").hidden = replyActions.length === 0;
    const all = Object.values(report.totals).reduce((sum, tally) => sum + tally.count, 0);
    const replies = replyActions.reduce((sum, action) => sum + (report.totals[action] ? report.totals[action].count : 0), 0);
    const rate = byId("reply-rate");
    rate.dataset.replies = replies;
    rate.dataset.responses = all;
    rate.textContent = all === 0 ? "Reply rate: no responses in this window." :
      "Reply rate: " + (100 * replies / all).toFixed(1) + "% — " + formatNumber(replies) + " replies of " +
        formatNumber(all) + " responses.";
  }

  function renderPosts(table, posts, by) {
    fillTable(table, posts.length === 0 ? [emptyRow(3, "No " + by + " in this category yet.")] : posts.map((post) => {
      const row = element("tr", null, { "data-post": post.postId });
      const other = by === "likes" ? "replies" : "likes";
      row.append(element("th", post.postId, { scope: "row" }), numberCell(post[by], by), numberCell(post[other], other));
      return row;
    }));
  }

  function emptyRow(columns, text) {
    const row = element("tr");
    row.append(element("td", text, { colspan: columns, class: "hint" }));
    return row;
  }

  async function renderWebhooks() {
    const note = byId("webhooks-note");
    const table = byId("webhooks");
    try {
      const backlog = await api("/v1/stats/webhooks");
      if (backlog.items.length === 0) {
        note.textContent = "No webhook endpoints are registered.";
        note.hidden = false;
        table.hidden = true;
        return;
      }
      fillTable(table, backlog.items.map((endpoint) => {
        const row = element("tr", null, { "data-endpoint": endpoint.id });
        row.append(element("th", endpoint.id, { scope: "row" }), element("td", endpoint.url),
          numberCell(endpoint.pending, "pending"), numberCell(endpoint.failed, "failed"),
          element("td", endpoint.oldestPendingAt ? new Date(endpoint.oldestPendingAt).toLocaleString() : "—"));
        return row;
      }));
      note.hidden = true;
      table.hidden = false;
    } catch (error) {
      if (!(error instanceof Refused) || error.status !== 403) throw error;
      note.textContent = "Webhook backlogs are shown to admin keys only.";
      note.hidden = false;
      table.hidden = true;
    }
  }

  async function refreshStats() {
    const category = currentCategory();
    if (!category) return;
    const chosen = windows[byId("window").value];
    const to = new Date(Math.floor(Date.now() / 1000) * 1000);
    const from = new Date(to.getTime() - chosen.milliseconds);
    const name = encodeURIComponent(category.category);
    // Top posts only for a category with likes or replies; its other state is ActionHubSubjects'.
    const hasPosts = category.actions.some((action) => action.handler === "like" || action.handler === "reply");
    try {
      const [report, likes, replies] = await Promise.all([
        api("/v1/stats?category=" + name + "&bucket=" + chosen.bucket + "&from=" + from.toISOString() + "&to=" + to.toISOString()),
        hasPosts ? api("/v1/stats/posts?category=" + name + "&by=likes&limit=10") : { posts: [] },
        hasPosts ? api("/v1/stats/posts?category=" + name + "&by=replies&limit=10") : { posts: [] },
      ]);
      renderStats(report, category);
      byId("posts-section").hidden = !hasPosts;
      renderPosts(byId("top-likes"), likes.posts, "likes");
      renderPosts(byId("top-replies"), replies.posts, "replies");
      await window.ActionHubSubjects.render(category, report, { from: from.toISOString(), to: to.toISOString() },
        { api, element, numberCell, emptyRow });
      await window.ActionHubFunnel.render(category, { from: from.toISOString(), to: to.toISOString() },
        { api, element, numberCell, emptyRow });
      await renderWebhooks();
      byId("updated").textContent = "Updated " + new Date().toLocaleTimeString();
      byId("status").textContent = "";
      document.body.dataset.statsLoaded = String(Number(document.body.dataset.statsLoaded || 0) + 1);
    } catch (error) {
      handleFailure(error);
    }
  }

  function streamRow(item, fresh) {
    const response = item.response || {};
    const titles = titlesOf(currentCategory());
    const row = element("tr", null, { "data-id": response.id || "", class: fresh ? "new" : "" });
    row.append(
      element("td", response.receivedAt ? new Date(response.receivedAt).toLocaleTimeString() : ""),
      element("td", titles[response.actionIdentifier]),
      element("td", response.userId),
      element("td", response.subject ? response.subject.id : response.postId ? response.postId : "—"),
      element("td", response.id));
    return row;
  }

  function addToStream(items, fresh) {
    const body = byId("stream").tBodies[0];
    for (const row of body.querySelectorAll("tr.new")) row.classList.remove("new");
    for (const item of items) body.prepend(streamRow(item, fresh));
    while (body.rows.length > streamRows) body.deleteRow(body.rows.length - 1);
  }

  async function follow(controller, category) {
    const filter = "&category=" + encodeURIComponent(category);
    try {
      const latest = await api("/v1/events?latest=true&limit=20" + filter, controller.signal);
      byId("stream").tBodies[0].replaceChildren();
      addToStream(latest.items, false);
      let cursor = latest.nextCursor;
      while (!controller.signal.aborted) {
        try {
          const page = await api("/v1/events?after=" + encodeURIComponent(cursor) + "&limit=50&wait=10" + filter,
            controller.signal);
          if (page.items.length > 0) addToStream(page.items, true);
          cursor = page.nextCursor;
        } catch (error) {
          if (error.name === "AbortError") return;
          if (error instanceof Refused && (error.status === 401 || error.status === 403)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 3000));
        }
      }
    } catch (error) {
      handleFailure(error);
    }
  }

  function restartStream() {
    if (state.stream) state.stream.abort();
    const category = currentCategory();
    if (!category) return;
    state.stream = new AbortController();
    follow(state.stream, category.category);
  }

  function stop() {
    if (state.stream) state.stream.abort();
    state.stream = null;
    clearInterval(state.timer);
    state.timer = null;
  }

  async function start() {
    stop();
    byId("status").textContent = "Loading…";
    try {
      const answer = await api("/v1/categories");
      state.categories = answer.categories;
    } catch (error) {
      handleFailure(error);
      return;
    }
    const select = byId("category");
    const previous = select.value;
    select.replaceChildren(...state.categories.map((category) => element("option", category.category, { value: category.category })));
    if (state.categories.some((category) => category.category === previous)) select.value = previous;
    byId("key-section").hidden = true;
    byId("dashboard").hidden = false;
    await refreshStats();
    if (byId("dashboard").hidden) return;
    restartStream();
    state.timer = setInterval(refreshStats, statsEvery);
  }

  document.addEventListener("DOMContentLoaded", () => {
    byId("key-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const key = byId("api-key").value.trim();
      if (!key) return;
      sessionStorage.setItem(storageKey, key);
      byId("api-key").value = "";
      byId("key-error").hidden = true;
      start();
    });
    byId("forget-key").addEventListener("click", () => {
      sessionStorage.removeItem(storageKey);
      showKeyForm("");
    });
    byId("category").addEventListener("change", () => { refreshStats(); restartStream(); });
    byId("window").addEventListener("change", refreshStats);
    if (sessionStorage.getItem(storageKey)) start();
  });
})();
