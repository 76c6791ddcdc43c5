import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('readConfig: a vectors folder several servers share', () => {
  it('is refused without a shared catalog, whose rows say which vector tables exist', () => {
    expect(() => readConfig(['--vectors-dir', '/srv/vectors'], {})).toThrow(
      /--vectors-dir is for servers that share a catalog: set KS_CATALOG_URL too/,
    );
  });

  it('is taken from the flag or the environment, as an absolute path, beside a shared catalog', () => {
    const env = { KS_CATALOG_URL: 'postgres://ks:pw@db.internal:5432/ks' };
    expect(readConfig(['--vectors-dir', 'shared/vectors'], env).vectorsDir).toBe(
      path.resolve('shared/vectors'),
    );
    expect(readConfig([], { ...env, KS_VECTORS_DIR: '/srv/vectors' }).vectorsDir).toBe('/srv/vectors');
    expect(readConfig([], env).vectorsDir).toBeUndefined();
  });
});

describe('--search-memory', () => {
  it('takes megabytes from the flag or KS_SEARCH_MEMORY_MB, and refuses anything else', () => {
    expect(readConfig([], {}).searchMemoryMb).toBeUndefined();
    expect(readConfig(['--search-memory', '256'], {}).searchMemoryMb).toBe(256);
    expect(readConfig([], { KS_SEARCH_MEMORY_MB: '0' }).searchMemoryMb).toBe(0);
    expect(() => readConfig(['--search-memory', 'lots'], {})).toThrow(/--search-memory must be a number/);
    expect(() => readConfig([], { KS_SEARCH_MEMORY_MB: '-1' })).toThrow(/--search-memory must be a number/);
  });
});
