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
