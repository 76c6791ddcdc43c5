import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { CONTENT_SECURITY_POLICY } from './security-headers';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let staticDir: string;
let t: TestApp;

beforeAll(async () => {
  // A console build as `vite build` leaves it: hashed assets with their brotli and gzip copies.
  staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-static-'));
  await fs.mkdir(path.join(staticDir, 'assets'));
  await fs.writeFile(
    path.join(staticDir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app-3f9a.js"></script>',
  );
  const asset = path.join(staticDir, 'assets', 'app-3f9a.js');
  await fs.writeFile(asset, SCRIPT);
  await fs.writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
  await fs.writeFile(`${asset}.gz`, gzipSync(SCRIPT));
  t = await startTestApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(staticDir, { recursive: true, force: true });
});

describe('console files', () => {
  it('sends hashed assets precompressed, cached for good', async () => {
    const br = await t.inject({ url: '/assets/app-3f9a.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await t.inject({ url: '/assets/app-3f9a.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.inject({ url: '/assets/app-3f9a.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends index.html for app paths, to be revalidated each time', async () => {
    for (const url of ['/', '/projects/mindsdb/worksheet']) {
      const res = await t.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // A stale hashed name is a 404, not index.html served as a script.
    expect((await t.inject({ url: '/assets/app-old.js' })).statusCode).toBe(404);
  });

  it('sends the security headers on the console and on API answers', async () => {
    for (const url of ['/', '/api/projects', '/api/no/such']) {
      const res = await t.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    expect((await t.inject({ url: '/api/projects' })).headers['cache-control']).toBe('no-store');
    expect(CONTENT_SECURITY_POLICY['script-src']).toEqual(["'self'"]);
  });
});
