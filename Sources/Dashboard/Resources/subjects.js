"use strict";
(() => {
  const declared = (category, handler, key) => [...new Set(category.actions
    .filter((action) => action.handler === handler && action[key]).map((action) => action[key]))];

  function choiceTallies(category, report, ui) {
    return declared(category, "choice", "choice").map((choice) => {
      const table = ui.element("table", null, { id: "choice-" + choice, "data-choice": choice });
      table.append(ui.element("caption", choice + ": responses in the window"));
      const head = ui.element("thead");
      const headRow = ui.element("tr");
      for (const title of ["Value", "Responses", "Distinct users"]) headRow.append(ui.element("th", title, { scope: "col" }));
      head.append(headRow);
      const body = ui.element("tbody");
      for (const action of category.actions.filter((action) => action.handler === "choice" && action.choice === choice)) {
        const tally = report.totals[action.identifier] || { count: 0, users: 0 };
        const row = ui.element("tr", null, { "data-value": action.value });
        row.append(ui.element("th", action.value, { scope: "row", title: action.identifier }),
          ui.numberCell(tally.count, "count"), ui.numberCell(tally.users, "users"));
        body.append(row);
      }
      table.append(head, body);
      return table;
    });
  }

  function measures(category) {
    const byValue = category.actions.filter((action) => action.handler === "choice" && action.choice && action.value)
      .map((action) => ({ by: "choice:" + action.choice + ":" + action.value, label: action.choice + " = " + action.value }));
    return declared(category, "toggle", "set").map((set) => ({ by: "set:" + set, label: "in " + set }))
      .concat(declared(category, "text", "list").map((list) => ({ by: "list:" + list, label: list + " entries" })))
      .concat(byValue);
  }

  async function topSubjects(category, range, ui) {
    const name = encodeURIComponent(category.category);
    const wanted = measures(category);
    const answers = await Promise.all(wanted.map((measure) => ui.api("/v1/stats/subjects?category=" + name +
      "&by=" + encodeURIComponent(measure.by) + "&from=" + range.from + "&to=" + range.to + "&limit=5")));
    return wanted.map((measure, index) => {
      const answer = answers[index];
      const table = ui.element("table", null, { "data-by": measure.by });
      table.append(ui.element("caption", "By " + measure.label));
      const head = ui.element("thead");
      const headRow = ui.element("tr");
      headRow.append(ui.element("th", answer.key, { scope: "col" }), ui.element("th", "Count", { scope: "col" }));
      head.append(headRow);
      const body = ui.element("tbody");
      const rows = answer.subjects.length === 0 ? [ui.emptyRow(2, "None in this window.")] : answer.subjects.map((subject) => {
        const row = ui.element("tr", null, { "data-subject": subject.id });
        row.append(ui.element("th", subject.id, { scope: "row" }), ui.numberCell(subject.count, "count"));
        return row;
      });
      body.append(...rows);
      table.append(head, body);
      return table;
    });
  }

  /// Shows or hides each section by what the category's handlers keep.
  async function render(category, report, range, ui) {
    const tallies = choiceTallies(category, report, ui);
    document.getElementById("choice-tables").replaceChildren(...tallies);
    document.getElementById("choices-section").hidden = tallies.length === 0;
    const subjects = category.subject ? await topSubjects(category, range, ui) : [];
    const tables = document.getElementById("subject-tables");
    tables.replaceChildren(...subjects);
    tables.dataset.from = range.from;
    tables.dataset.to = range.to;
    document.getElementById("subjects-section").hidden = subjects.length === 0;
  }

  window.ActionHubSubjects = { render };
})();
