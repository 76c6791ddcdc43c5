import { afterAll, beforeAll } from 'vitest';
import type { ServiceOptions } from '../open-services';
import { startTestApp, type TestApp } from './harness';

/**
 * The real app shared by the tests of one file (or `describe`): started before the first, after `setup`
 * (uploads, knowledge bases) has run on it, and closed after the last. The object returned is filled in when
 * the app starts, so tests use it as they would the `TestApp` itself.
 */
export function useTestApp(
  options: Partial<ServiceOptions> = {},
  setup?: (t: TestApp) => Promise<void>,
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await startTestApp(options));
    await setup?.(t);
  }, 60_000);
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}
