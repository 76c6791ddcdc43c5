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

describe('readConfig: vector tables in object storage', () => {
  const env = { KS_CATALOG_URL: 'postgres://ks:pw@db.internal:5432/ks' };

  it('takes an s3, gs or az URI and the storage options from the environment only', () => {
    const config = readConfig(['--vectors-uri', 's3://bucket/ks/'], {
      ...env,
      KS_VECTORS_STORAGE_OPTIONS: '{"aws_region": "eu-west-1", "allow_http": true}',
    });
    expect(config.vectorsUri).toBe('s3://bucket/ks');
    expect(config.vectorsStorageOptions).toEqual({ aws_region: 'eu-west-1', allow_http: 'true' });
    expect(config.vectorsDir).toBeUndefined();
    expect(readConfig([], { ...env, KS_VECTORS_URI: 'az://container' }).vectorsUri).toBe('az://container');
    expect(readConfig([], { ...env, KS_VECTORS_URI: 'gs://b/p' }).vectorsStorageOptions).toEqual({});
  });

  it('is refused without a shared catalog, beside a folder, or with another scheme', () => {
    expect(() => readConfig(['--vectors-uri', 's3://bucket'], {})).toThrow(
      /--vectors-uri is for servers that share a catalog/,
    );
    expect(() => readConfig(['--vectors-uri', 's3://b', '--vectors-dir', '/srv/v'], env)).toThrow(
      /--vectors-dir or --vectors-uri, not both/,
    );
    expect(() => readConfig(['--vectors-uri', 'file:///srv/vectors'], env)).toThrow(
      /must start with s3:\/\/, gs:\/\/, az:\/\/; got file:\/\//,
    );
  });

  it('refuses a key in the URI or options that are not a JSON object, and never repeats them', () => {
    const keyed = 's3://AKIAEXAMPLE:wJalrXUtnFEMIK7MDENG@bucket/ks';
    let message = '';
    try {
      readConfig(['--vectors-uri', keyed], env);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/may not hold a user, a password, a query or a fragment/);
    expect(message).not.toContain('wJalrXUtnFEMIK7MDENG');
    expect(() => readConfig(['--vectors-uri', 's3://[wJalrXUtnFEMIK7MDENG'], env)).toThrow(
      /^The vectors URI is not a valid URI \(not repeated here: it may hold a key\)$/,
    );
    const withOptions = (json: string) => () =>
      readConfig(['--vectors-uri', 's3://b'], { ...env, KS_VECTORS_STORAGE_OPTIONS: json });
    expect(withOptions('{"aws_secret_access_key": ')).toThrow(
      /^KS_VECTORS_STORAGE_OPTIONS is not valid JSON$/,
    );
    expect(withOptions('["k"]')).toThrow(/must be a JSON object/);
    expect(withOptions('{"aws_secret_access_key": {"v": "s3cr3t-value"}}')).toThrow(
      /^KS_VECTORS_STORAGE_OPTIONS: the value of 'aws_secret_access_key' must be text/,
    );
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
