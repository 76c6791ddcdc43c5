import { describe, expect, it } from 'vitest';
import { isObjectStoreUri, objectStoreReason, storageSecrets } from './vector-location';

describe('vector locations', () => {
  it('tells object-store URIs from folders', () => {
    expect(isObjectStoreUri('s3://bucket/prefix')).toBe(true);
    expect(isObjectStoreUri('az://container')).toBe(true);
    expect(isObjectStoreUri('/srv/vectors')).toBe(false);
    expect(isObjectStoreUri('relative/vectors')).toBe(false);
  });

  it("finds the credentials among storage options and the cloud variables, and a SAS token's signature", () => {
    const secrets = storageSecrets(
      {
        aws_access_key_id: 'AKIAEXAMPLEKEYID',
        aws_secret_access_key: 'wJalrXUtnFEMI/K7MDENG',
        aws_region: 'eu-west-1',
        azure_storage_sas_key: 'sv=2024-05-04&sig=Zm9vYmFyYmF6cXV4',
      },
      { AZURE_STORAGE_ACCOUNT_KEY: 'ZW52LWFjY291bnQta2V5', HOME: '/root-home-folder' },
    );
    expect(secrets).toEqual(
      expect.arrayContaining([
        'AKIAEXAMPLEKEYID',
        'wJalrXUtnFEMI/K7MDENG',
        'sv=2024-05-04&sig=Zm9vYmFyYmF6cXV4',
        'Zm9vYmFyYmF6cXV4',
        'ZW52LWFjY291bnQta2V5',
      ]),
    );
    expect(secrets).not.toContain('eu-west-1');
    expect(secrets).not.toContain('2024-05-04');
    expect(secrets).not.toContain('/root-home-folder');
  });

  it("reads a store's error code and status out of LanceDB's long error text", () => {
    const text =
      'Invalid input, Failed to connect: IO { ... inner: Status { status: 404, body: Some("<?xml?><Error><Code>NoSuchBucket</Code>") } }';
    expect(objectStoreReason(text)).toBe('NoSuchBucket, HTTP 404');
    expect(objectStoreReason('dns error: failed to lookup address\nmore')).toBe(
      'dns error: failed to lookup address',
    );
  });
});
