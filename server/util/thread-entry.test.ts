import { afterEach, describe, expect, it } from 'vitest';
import { threadEntry } from './thread-entry';

const GLOBAL = '__knowledgeStudioCompiledThreads';
const source = new URL('./scan-worker.mjs', 'file:///repo/server/engines/exact-search/');

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[GLOBAL];
});

describe('threadEntry', () => {
  it('starts a thread from its TypeScript loader entry when the server runs from source', () => {
    expect(threadEntry(source).href).toBe(source.href);
  });

  it("starts it from the compiled thread beside the bundle once the bundle's first line said where", () => {
    (globalThis as Record<string, unknown>)[GLOBAL] = 'file:///srv/dist-server/threads/';
    expect(threadEntry(source).href).toBe('file:///srv/dist-server/threads/scan-worker.js');
  });
});
