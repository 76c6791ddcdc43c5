/**
 * Code the grid benchmark runs inside the page. Kept as source text because the benchmark is compiled for
 * Node (no DOM types); each string is an expression Playwright evaluates and awaits.
 */

/** Watches every frame until the first result row is in the grid, and notes when that frame was painted. */
export const WATCH_FOR_ROWS = `(() => {
  window.__gridBench = {};
  const rowSelector = '[aria-label="Results"] [aria-label="Result rows"] [role="row"][row-index="0"]';
  const tick = (t) => {
    const b = window.__gridBench;
    if (b.seenAt === undefined && document.querySelector(rowSelector)) {
      b.seenAt = t;
      // The next frame starts after this one was painted.
      requestAnimationFrame((t2) => { b.paintedAt = t2; });
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** Resolves with the arrival of the SQL response and when its rows were on screen (page clock, ms). */
export const READ_RENDER_TIMES = `new Promise((resolve) => {
  const check = () => {
    const b = window.__gridBench;
    const entry = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/sql/query')).pop();
    if (b.paintedAt !== undefined && entry) {
      resolve({ responseStart: entry.responseStart, responseEnd: entry.responseEnd, seenAt: b.seenAt, paintedAt: b.paintedAt,
        transferKB: Math.round(entry.encodedBodySize / 1024) });
    } else setTimeout(check, 20);
  };
  check();
})`;

/**
 * Scrolls the result grid from top to bottom over about 600 frames, as fast wheel scrolling would, and
 * records every frame's duration; then reports which row is last on screen.
 */
export const SCROLL_TO_END = `new Promise((resolve) => {
  const grid = document.querySelector('[aria-label="Results"] [aria-label="Result rows"]') ??
    document.querySelector('[aria-label="Result rows"]');
  // The element that scrolls the rows (its class names have changed between grid versions).
  const scroller = [...grid.querySelectorAll('*')]
    .find((el) => el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY === 'auto');
  const max = scroller.scrollHeight - scroller.clientHeight;
  const step = Math.max(scroller.clientHeight, Math.ceil(max / 600));
  const frames = [];
  let last;
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  try { observer.observe({ type: 'longtask', buffered: false }); } catch {}
  const frame = (t) => {
    if (last !== undefined) frames.push(t - last);
    last = t;
    if (scroller.scrollTop >= max - 1) {
      // Two more frames so the last rows are rendered before reading them.
      requestAnimationFrame(() => requestAnimationFrame(() => {
        observer.disconnect();
        const rows = [...grid.querySelectorAll('[role="row"][row-index]')].map((r) => Number(r.getAttribute('row-index')));
        resolve({ frames, longTasks, lastRowIndex: Math.max(...rows), scrollHeight: scroller.scrollHeight, step });
      }));
      return;
    }
    scroller.scrollTop = Math.min(max, scroller.scrollTop + step);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/**
 * For reference: the bare grid (its standalone build, default theme, plain objects already in memory) with
 * the same number of rows and columns, drawn and scrolled the same way. On a busy machine every figure
 * grows; comparing with this tells load from a regression in the worksheet.
 */
export const REFERENCE_PAGE = `<div aria-label="Result rows" style="height:480px;width:1100px"><div id="g" style="height:100%"></div></div>`;
export const CREATE_REFERENCE_GRID = `new Promise((resolve) => {
  const rows = Array.from({ length: 100000 }, (_, i) => ({ id: i, twice: i * 2, label: 'row ' + i, bucket: i % 7,
    third: i / 3, hash: 'cfcd208495d565ef66e7dff9f98764da', even: i % 2 === 0, note: i % 5 ? 'note for row ' + i : null,
    meta: JSON.stringify({ k: i % 10, tag: 'x' }), day: '2026-11-22' }));
  const t0 = performance.now();
  agGrid.createGrid(document.getElementById('g'), {
    rowData: rows, columnDefs: Object.keys(rows[0]).map((field) => ({ field })), theme: agGrid.themeQuartz,
  });
  requestAnimationFrame(() => requestAnimationFrame((t) => resolve(t - t0)));
})`;
