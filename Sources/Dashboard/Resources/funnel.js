"use strict";
(() => {
  const seconds = (value) => value === null || value === undefined ? "—" : value < 60 ? value.toFixed(1) + " s"
    : value < 3600 ? (value / 60).toFixed(1) + " min" : (value / 3600).toFixed(1) + " h";
  const share = (part, whole) => whole > 0 ? Math.round(100 * part / whole) + " %" : "—";

  /// Sent → delivered → acted for the pushes of the window, and per button who acted and how fast.
  async function render(category, range, ui) {
    const funnel = await ui.api("/v1/stats/funnel?category=" + encodeURIComponent(category.category) +
      "&from=" + range.from + "&to=" + range.to);
    const table = document.getElementById("funnel");
    table.dataset.from = range.from;
    table.dataset.to = range.to;
    const steps = document.getElementById("funnel-steps");
    steps.replaceChildren();
    for (const [field, label, base] of [["sent", "Sent", null], ["delivered", "Delivered", "sent"],
      ["acted", "Acted", "delivered"]]) {
      const row = ui.element("tr", null, { "data-step": field });
      row.append(ui.element("th", label, { scope: "row" }), ui.numberCell(funnel[field], field),
        ui.element("td", base ? share(funnel[field], funnel[base]) : ""));
      steps.append(row);
    }
    const titles = Object.fromEntries(category.actions.map((action) => [action.identifier, action.title || action.identifier]));
    const body = document.getElementById("funnel-actions");
    const actions = Object.entries(funnel.actions);
    body.replaceChildren(...(actions.length === 0 ? [ui.emptyRow(4, "No response to a push in this window.")]
      : actions.map(([action, tally]) => {
        const row = ui.element("tr", null, { "data-action": action });
        const p50 = ui.element("td", seconds(tally.timeToAction.p50Seconds), { "data-field": "p50" });
        const p90 = ui.element("td", seconds(tally.timeToAction.p90Seconds), { "data-field": "p90" });
        row.append(ui.element("th", titles[action] || action, { scope: "row", title: action }),
          ui.numberCell(tally.acted, "acted"), p50, p90);
        return row;
      })));
  }

  window.ActionHubFunnel = { render };
})();
