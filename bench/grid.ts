/**
 * Result grid benchmark (`npm run bench:grid`). Builds the console, starts the real server on a temporary
 * data folder, runs a 100,000 x 10 query from the worksheet in Chromium, and prints:
 *  - time from the response's arrival to its rows on screen (target <= 1 s),
 *  - frame times while scrolling the grid to the last row (target: every frame < 50 ms),
 *  - the gzipped JavaScript the login route loads (target <= 200 KB).
 * It reports figures; it never fails a build.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  CREATE_REFERENCE_GRID,
  READ_RENDER_TIMES,
  referencePage,
  scrollGrid,
  WATCH_FOR_ROWS,
} from './grid-page-scripts';
import { startServerProcess } from '../server/test/server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Ten columns of different kinds, so the grid formats numbers, text, booleans, NULLs and JSON. */
const QUERY = `SELECT range AS id, range * 2 AS twice, 'row ' || range AS label, range % 7 AS bucket,
  round(range / 3.0, 3) AS third, md5(range::VARCHAR) AS hash, range % 2 = 0 AS even,
  CASE WHEN range % 5 = 0 THEN NULL ELSE 'note for row ' || range END AS note,
  {'k': (range % 10)::INTEGER, 'tag': 'x'} AS meta, now()::DATE AS day
FROM range(100000)`;

/** About what one notch of a mouse wheel or a brisk trackpad swipe moves per frame. */
const WHEEL_STEP_PX = 100;

const CREDENTIALS = { KS_USERNAME: 'bench', KS_PASSWORD: 'bench-password' };

const gzipKB = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length / 1024;
const fmt = (n: number, digits = 0) => n.toFixed(digits);

function build(): void {
  if (process.argv.includes('--no-build') && fs.existsSync(path.join(DIST, 'index.html'))) return;
  console.log('building the console…');
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

/** JavaScript the first page needs before any route runs: the entry script and what it statically imports. */
function entryScripts(): string[] {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
  ];
  return [...new Set(refs.map((m) => m[1]))];
}

/** The JS files a fresh browser downloads to show the login page, with their gzipped sizes. */
async function loginRouteScripts(page: Page, baseURL: string): Promise<{ file: string; kb: number }[]> {
  const loaded = new Set<string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') loaded.add(new URL(r.url()).pathname);
  });
  await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
  return [...loaded].map((p) => ({ file: p, kb: gzipKB(path.join(DIST, p)) }));
}

interface ScrollFigures {
  frames: number[];
  longTasks: number[];
  lastRowIndex: number;
  step: number;
}

function frameSummary({ frames }: ScrollFigures): string {
  const mean = frames.reduce((a, b) => a + b, 0) / frames.length;
  const slow = frames.filter((f) => f >= 50).length;
  return `mean ${fmt(mean, 1)} ms, p95 ${fmt(percentile(frames, 95), 1)} ms, worst ${fmt(Math.max(...frames), 1)} ms, frames >= 50 ms: ${slow}`;
}

/** The bare grid with the same data, box and options, drawn and scrolled the same way (see referencePage). */
async function referenceFigures(
  browser: Browser,
  box: { width: number; height: number },
): Promise<{ drawMs: number; scroll: ScrollFigures }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.setContent(referencePage(Math.round(box.width), Math.round(box.height)));
  await page.addScriptTag({
    path: path.join(ROOT, 'node_modules/ag-grid-community/dist/ag-grid-community.min.js'),
  });
  const drawMs = (await page.evaluate(CREATE_REFERENCE_GRID)) as number;
  const scroll = (await page.evaluate(scrollGrid('to-end'))) as ScrollFigures;
  await page.close();
  return { drawMs, scroll };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  build();
  const entry = entryScripts().map((file) => ({ file, kb: gzipKB(path.join(DIST, file)) }));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ks-bench-'));
  // Login on, so that /login is the login page and not a redirect into the console.
  const server = await startServerProcess({ dataDir, env: CREDENTIALS });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    console.log('measuring the login route…');
    const loginPage = await context.newPage();
    const login = await loginRouteScripts(loginPage, server.url);
    // A page in the background gets no animation frames: only the measured page stays open.
    await loginPage.close();

    const page = await context.newPage();
    await page.bringToFront();
    await page.goto(`${server.url}/login?next=/projects/mindsdb/worksheet`);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Username').fill(CREDENTIALS.KS_USERNAME);
    await form.getByLabel('Password').fill(CREDENTIALS.KS_PASSWORD);
    await form.getByRole('button', { name: /Log in/ }).click();
    const editor = page.getByRole('textbox', { name: 'SQL editor' });
    await editor.click();
    await page.keyboard.insertText(QUERY);
    // Let the lazily loaded grid code arrive first: the page prefetches it, a user would not wait for it.
    await page.waitForLoadState('networkidle');
    console.log('running the 100,000-row query…');
    await page.evaluate(WATCH_FOR_ROWS);
    const sentAt = Date.now();
    await page.keyboard.press('Control+Enter');
    const render = (await page.evaluate(READ_RENDER_TIMES)) as {
      responseStart: number;
      responseEnd: number;
      seenAt: number;
      paintedAt: number;
      transferKB: number;
    };
    const roundTrip = Date.now() - sentAt;
    await page.getByText('100,000 rows').first().waitFor();
    console.log('scrolling to the last row…');
    const scroll = (await page.evaluate(scrollGrid('to-end'))) as ScrollFigures;
    console.log('scrolling at wheel speed…');
    const wheel = (await page.evaluate(scrollGrid(WHEEL_STEP_PX))) as ScrollFigures;
    const gridBox = (await page.getByRole('region', { name: 'Result rows' }).boundingBox())!;
    await context.close();
    console.log('the same with the bare grid, for reference…');
    const reference = await referenceFigures(browser, gridBox);

    const toScreen = render.paintedAt - render.responseEnd;
    const entryKB = entry.reduce((n, f) => n + f.kb, 0);
    const loginKB = login.reduce((n, f) => n + f.kb, 0);
    const slow = scroll.frames.filter((f) => f >= 50).length;

    console.log('\nResult grid benchmark: 100,000 rows x 10 columns, headless Chromium');
    const download = render.responseEnd - render.responseStart;
    console.log(
      `  response: ${fmt(render.transferKB / 1024, 1)} MB, first to last byte ${fmt(download)} ms, whole run ${roundTrip} ms`,
    );
    console.log(
      `  response arrived -> rows on screen: ${fmt(toScreen)} ms (parse, map, first grid paint)  target <= 1000 ms: ${toScreen <= 1000 ? 'OK' : 'OVER'}`,
    );
    console.log(
      `  scrolling to the end: ${scroll.frames.length} frames, ${scroll.step} px per frame, last row shown ${scroll.lastRowIndex + 1}`,
    );
    console.log(`    frame time ${frameSummary(scroll)}  target < 50 ms: ${slow === 0 ? 'OK' : 'OVER'}`);
    console.log(
      `    long tasks during the scroll: ${scroll.longTasks.length}${scroll.longTasks.length ? ` (longest ${fmt(Math.max(...scroll.longTasks))} ms)` : ''}`,
    );
    console.log(
      `  scrolling at wheel speed: ${wheel.frames.length} frames, ${wheel.step} px per frame, to row ${wheel.lastRowIndex + 1}`,
    );
    console.log(`    frame time ${frameSummary(wheel)}`);
    console.log(
      `  login route JavaScript (gzip): ${fmt(loginKB, 1)} KB loaded by the browser, ${fmt(entryKB, 1)} KB entry + static imports  target <= 200 KB: ${Math.max(loginKB, entryKB) <= 200 ? 'OK' : 'OVER'}`,
    );
    for (const f of login) console.log(`    ${f.file}  ${fmt(f.kb, 1)} KB`);
    console.log(
      `  reference, the bare grid (no React) in a ${fmt(gridBox.width)} x ${fmt(gridBox.height)} px box like the worksheet's, same options, rows already in memory:`,
    );
    console.log(`    drawn in ${fmt(reference.drawMs)} ms; scrolling: ${frameSummary(reference.scroll)}`);
    console.log(
      `  machine load average (1 min) at the end: ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs`,
    );
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
