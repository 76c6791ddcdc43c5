/**
 * Code the grid benchmark runs inside the page. Kept as source text because the benchmark is compiled for
 * Node (no DOM types); each string is an expression Playwright evaluates and awaits.
 */

/**
 * Watches every frame until the first result row is in the grid, and notes when that frame was painted; then
 * until the grid holds every row of the result (its `aria-rowcount`, header row included), and notes that too.
 */
export const WATCH_FOR_ROWS = `(() => {
  window.__gridBench = {};
  const rowSelector = '[aria-label="Results"] [aria-label="Result rows"] [role="row"][row-index="0"]';
  const countSelector = '[aria-label="Results"] [aria-label="Result rows"] [aria-rowcount]';
  const tick = (t) => {
    const b = window.__gridBench;
    if (b.seenAt === undefined && document.querySelector(rowSelector)) {
      b.seenAt = t;
      // The next frame starts after this one was painted.
      requestAnimationFrame((t2) => { b.paintedAt = t2; });
    }
    if (b.seenAt !== undefined && Number(document.querySelector(countSelector)?.getAttribute('aria-rowcount')) > 100000) {
      requestAnimationFrame((t2) => { b.allPaintedAt = t2; });
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** Resolves with when the SQL request started, when its response arrived, and when its rows were on screen (page clock, ms). */
export const READ_RENDER_TIMES = `new Promise((resolve) => {
  const check = () => {
    const b = window.__gridBench;
    const entry = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/sql/query')).pop();
    if (b.paintedAt !== undefined && b.allPaintedAt !== undefined && entry) {
      resolve({ requestStart: entry.startTime, responseStart: entry.responseStart, responseEnd: entry.responseEnd, seenAt: b.seenAt, paintedAt: b.paintedAt, allPaintedAt: b.allPaintedAt,
        transferKB: Math.round(entry.encodedBodySize / 1024) });
    } else setTimeout(check, 20);
  };
  check();
})`;

/** Frames each scroll measurement records. */
export const SCROLL_FRAMES = 600;

/**
 * Scrolls the result grid from the top and records every frame's duration, then reports which row is last on
 * screen. `to-end` reaches the last row in about SCROLL_FRAMES frames, as dragging the scrollbar to the
 * bottom does (a whole screen of new rows in every frame); a number scrolls that many pixels per frame for
 * SCROLL_FRAMES frames, as a mouse wheel or trackpad does.
 */
export const scrollGrid = (step: number | 'to-end') => `new Promise((resolve) => {
  const grid = document.querySelector('[aria-label="Results"] [aria-label="Result rows"]') ??
    document.querySelector('[aria-label="Result rows"]');
  // The element that scrolls the rows (its class names have changed between grid versions).
  const scroller = [...grid.querySelectorAll('*')]
    .find((el) => el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY === 'auto');
  scroller.scrollTop = 0;
  const max = scroller.scrollHeight - scroller.clientHeight;
  const toEnd = ${JSON.stringify(step)} === 'to-end';
  const step = toEnd ? Math.max(scroller.clientHeight, Math.ceil(max / ${SCROLL_FRAMES})) : ${Number(step) || 0};
  const frames = [];
  let last;
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  try { observer.observe({ type: 'longtask', buffered: false }); } catch {}
  const frame = (t) => {
    if (last !== undefined) frames.push(t - last);
    last = t;
    if (toEnd ? scroller.scrollTop >= max - 1 : frames.length >= ${SCROLL_FRAMES}) {
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
  // Start on a fresh frame, after the jump to the top has been drawn.
  requestAnimationFrame(() => requestAnimationFrame(frame));
})`;

/**
 * For reference: the bare grid (its standalone build, plain objects already in memory, no React) with the same
 * rows, columns, box size, row height and drawing options as the worksheet's, drawn and scrolled the same way.
 * On a busy machine every figure grows; comparing with this tells load from a regression in the worksheet.
 */
export const referencePage = (width: number, height: number) =>
  `<div aria-label="Result rows" style="height:${height}px;width:${width}px"><div id="g" style="height:100%"></div></div>`;
export const CREATE_REFERENCE_GRID = `new Promise((resolve) => {
  const rows = Array.from({ length: 100000 }, (_, i) => ({ id: i, twice: i * 2, label: 'row ' + i, bucket: i % 7,
    third: i / 3, hash: 'cfcd208495d565ef66e7dff9f98764da', even: i % 2 === 0, note: i % 5 ? 'note for row ' + i : null,
    meta: JSON.stringify({ k: i % 10, tag: 'x' }), day: '2026-11-22' }));
  const box = document.getElementById('g');
  const dataWidth = Math.floor((box.clientWidth - 64) / 10);
  const rowNumber = { colId: 'n', headerName: '#', width: 64, valueGetter: (p) => p.node.rowIndex + 1 };
  const t0 = performance.now();
  agGrid.createGrid(box, {
    rowData: rows,
    columnDefs: [rowNumber, ...Object.keys(rows[0]).map((field) => ({ field, width: dataWidth }))],
    theme: agGrid.themeQuartz.withParams({ rowHeight: 28, headerHeight: 32 }),
    rowBuffer: 0,
    suppressAnimationFrame: true,
  });
  requestAnimationFrame(() => requestAnimationFrame((t) => resolve(t - t0)));
})`;
