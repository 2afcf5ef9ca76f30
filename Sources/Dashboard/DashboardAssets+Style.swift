extension DashboardAssets {
    static let style = #"""
        :root {
          --ink: #1c1e21; --muted: #5b6270; --line: #d5d9e0; --paper: #ffffff; --panel: #f5f6f8;
          --focus: #0b57d0; --error: #a4161a;
          --a0: #0b57d0; --a1: #c2410c; --a2: #15803d; --a3: #7e22ce; --a4: #b91c1c; --a5: #0e7490;
          color-scheme: light;
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
          color: var(--ink); background: var(--paper);
        }
        body { margin: 0; line-height: 1.45; }
        header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1rem; padding: 0.75rem 1rem;
          border-bottom: 1px solid var(--line); background: var(--panel); }
        header h1 { font-size: 1.25rem; margin: 0; }
        header p { margin: 0; color: var(--muted); }
        main { max-width: 72rem; margin: 0 auto; padding: 0 1rem 2rem; }
        section { margin-top: 1.5rem; }
        h2 { font-size: 1.1rem; margin: 0 0 0.5rem; }
        .row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
        .controls label { font-weight: 600; }
        input, select, button { font: inherit; padding: 0.4rem 0.6rem; border: 1px solid var(--muted);
          border-radius: 0.3rem; background: var(--paper); color: var(--ink); min-height: 2.5rem; }
        input { flex: 1 1 16rem; min-width: 0; }
        button { cursor: pointer; background: var(--panel); }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        .hint { color: var(--muted); font-size: 0.9rem; }
        .error { color: var(--error); font-weight: 600; }
        figure { margin: 0; }
        #chart-box svg { width: 100%; height: auto; display: block; border: 1px solid var(--line); border-radius: 0.3rem; }
        #chart-box text { font-size: 11px; fill: var(--muted); }
        .axis { stroke: var(--line); }
        .legend { list-style: none; padding: 0; margin: 0.5rem 0 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
        .swatch { display: inline-block; width: 0.8rem; height: 0.8rem; margin-right: 0.35rem; border-radius: 0.15rem;
          vertical-align: -0.05rem; }
        .series-0 { fill: var(--a0); background: var(--a0); } .series-1 { fill: var(--a1); background: var(--a1); }
        .series-2 { fill: var(--a2); background: var(--a2); } .series-3 { fill: var(--a3); background: var(--a3); }
        .series-4 { fill: var(--a4); background: var(--a4); } .series-5 { fill: var(--a5); background: var(--a5); }
        table { border-collapse: collapse; margin: 0.25rem 0; min-width: 16rem; }
        caption { text-align: left; color: var(--muted); padding-bottom: 0.25rem; }
        th, td { text-align: left; padding: 0.3rem 0.75rem 0.3rem 0; border-bottom: 1px solid var(--line); }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        .columns { display: flex; flex-wrap: wrap; gap: 0 2rem; }
        .scroll { overflow-x: auto; }
        #stream td { white-space: nowrap; }
        #stream tr.new td { background: #fff7d6; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
          white-space: nowrap; }
        @media (max-width: 40rem) {
          main { padding: 0 0.6rem 1.5rem; }
          th, td { padding-right: 0.4rem; font-size: 0.9rem; }
          .controls select { flex: 1 1 100%; }
          #chart-box text { font-size: 22px; }
        }
        @media (prefers-reduced-motion: reduce) { * { transition: none !important; } }

        """#
}
