/**
 * Lighthouse scores of the console (`npm run bench:lighthouse`): accessibility, best practices and SEO of the
 * login page and the worksheet, with login on, against the real server on a temporary data folder, in the
 * system's Chromium (CHROME_PATH, default /usr/bin/chromium). Uses the built console in dist/ (run
 * `npx vite build` first). It reports the scores and every audit that lost points; it never fails a build.
 * Not part of `npm test`: a run takes about a minute.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServerProcess } from '../server/test/server-process';

const USER = { username: 'admin', password: 'lighthouse-pass' };
const CATEGORIES = ['accessibility', 'best-practices', 'seo'];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The session cookie a browser gets from a successful login. */
async function sessionCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(USER),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ks_session='));
  if (!cookie) throw new Error('login set no session cookie');
  return cookie.split(';')[0];
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-lighthouse-'));
  const server = await startServerProcess({
    dataDir,
    env: { KS_USERNAME: USER.username, KS_PASSWORD: USER.password },
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const cookie = await sessionCookie(server.url);
    const pages: { name: string; url: string; headers: Record<string, string> }[] = [
      { name: 'login', url: `${server.url}/login`, headers: {} },
      { name: 'worksheet', url: `${server.url}/projects/mindsdb/worksheet`, headers: { Cookie: cookie } },
    ];
    for (const page of pages) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        extraHeaders: page.headers,
      });
      if (!result) throw new Error(`no result for ${page.name}`);
      const { categories, audits, finalDisplayedUrl } = result.lhr;
      const scores = CATEGORIES.map((c) => `${c} ${Math.round((categories[c]?.score ?? 0) * 100)}`);
      console.log(`${page.name} (${finalDisplayedUrl}): ${scores.join(', ')}`);
      for (const category of CATEGORIES) {
        for (const ref of categories[category]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1)
            console.log(`  ${category}: ${ref.id} (${audit.score}): ${audit.title}`);
        }
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
