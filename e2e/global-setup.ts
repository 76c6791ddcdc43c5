import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../playwright.config';

/**
 * Runs once before the e2e tests: without a Chromium every test would fail with the same long launch error,
 * so say once, in one line, how to get one, and stop.
 */
export default function checkChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  console.error(
    `e2e: no Chromium at ${CHROMIUM_PATH}. Install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
