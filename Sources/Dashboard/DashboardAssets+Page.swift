extension DashboardAssets {
    static let page = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>ActionHub dashboard</title>
        <link rel="icon" href="/dashboard/favicon.svg" type="image/svg+xml">
        <link rel="stylesheet" href="/dashboard/dashboard.css">
        <script src="/dashboard/subjects.js" defer></script>
        <script src="/dashboard/dashboard.js" defer></script>
        </head>
        <body>
        <header>
          <h1>ActionHub</h1>
          <p id="status" role="status" aria-live="polite"></p>
        </header>
        <main>
          <section id="key-section" aria-labelledby="key-heading">
            <h2 id="key-heading">API key</h2>
            <form id="key-form">
              <label for="api-key">API key with the history:read scope (an admin key also shows webhooks)</label>
              <div class="row">
                <input id="api-key" name="api-key" type="password" autocomplete="off" spellcheck="false" required>
                <button type="submit">Show</button>
              </div>
              <p class="hint">Kept in this tab only (sessionStorage) and sent as a Bearer header.</p>
            </form>
            <p id="key-error" class="error" role="alert" hidden></p>
          </section>

          <div id="dashboard" hidden>
            <section aria-labelledby="view-heading">
              <h2 id="view-heading" class="visually-hidden">View</h2>
              <div class="row controls">
                <label for="category">Category</label>
                <select id="category"></select>
                <label for="window">Window</label>
                <select id="window">
                  <option value="hour">Last hour (per minute)</option>
                  <option value="day" selected>Last day (per hour)</option>
                  <option value="week">Last week (per day)</option>
                </select>
                <button type="button" id="forget-key">Forget key</button>
                <span id="updated" class="hint"></span>
              </div>
            </section>

            <section aria-labelledby="chart-heading">
              <h2 id="chart-heading">Responses over time</h2>
              <figure>
                <div id="chart-box"></div>
                <figcaption id="chart-caption"></figcaption>
                <ul id="legend" class="legend" aria-label="Actions in the chart"></ul>
              </figure>
              <details>
                <summary>The chart as a table</summary>
                <div class="scroll"><table id="chart-table"></table></div>
              </details>
            </section>

            <section aria-labelledby="totals-heading">
              <h2 id="totals-heading">Totals</h2>
              <table id="totals">
                <caption>Responses and distinct users per action in the window</caption>
                <thead><tr><th scope="col">Action</th><th scope="col">Responses</th><th scope="col">Distinct users</th></tr></thead>
                <tbody></tbody>
              </table>
              <p id="reply-rate"></p>
            </section>

            <section id="choices-section" aria-labelledby="choices-heading" hidden>
              <h2 id="choices-heading">Choices</h2>
              <div id="choice-tables" class="columns"></div>
            </section>

            <section id="subjects-section" aria-labelledby="subjects-heading" hidden>
              <h2 id="subjects-heading">Top subjects</h2>
              <div id="subject-tables" class="columns"></div>
            </section>

            <section id="posts-section" aria-labelledby="posts-heading">
              <h2 id="posts-heading">Top posts</h2>
              <div class="columns">
                <table id="top-likes">
                  <caption>By likes</caption>
                  <thead><tr><th scope="col">Post</th><th scope="col">Likes</th><th scope="col">Replies</th></tr></thead>
                  <tbody></tbody>
                </table>
                <table id="top-replies">
                  <caption>By replies</caption>
                  <thead><tr><th scope="col">Post</th><th scope="col">Replies</th><th scope="col">Likes</th></tr></thead>
                  <tbody></tbody>
                </table>
              </div>
            </section>

            <section aria-labelledby="stream-heading">
              <h2 id="stream-heading">Newest events</h2>
              <div class="scroll">
                <table id="stream">
                  <caption>Live: new events appear at the top as they are stored</caption>
                  <thead><tr><th scope="col">Received</th><th scope="col">Action</th><th scope="col">User</th><th scope="col">Subject</th><th scope="col">Event id</th></tr></thead>
                  <tbody aria-live="polite"></tbody>
                </table>
              </div>
            </section>

            <section aria-labelledby="webhooks-heading">
              <h2 id="webhooks-heading">Webhooks</h2>
              <p id="webhooks-note" hidden></p>
              <div class="scroll">
              <table id="webhooks" hidden>
                <caption>Deliveries still to make and those that gave up, per endpoint</caption>
                <thead><tr><th scope="col">Endpoint</th><th scope="col">URL</th><th scope="col">Pending</th><th scope="col">Failed</th><th scope="col">Oldest pending</th></tr></thead>
                <tbody></tbody>
              </table>
              </div>
            </section>
          </div>
        </main>
        </body>
        </html>

        """#
}
