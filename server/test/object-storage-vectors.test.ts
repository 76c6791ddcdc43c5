import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { openServices } from '../open-services';
import { startTestApp, type TestApp } from './harness';
import { startObjectStore, type RunningObjectStore } from './object-store-server';
import { sharedVectorScenarios } from './shared-vector-scenarios';
import { startPostgres, type RunningServer } from './sources/servers';

// The catalog on a real PostgreSQL server and the vector tables in a real object store (Azure's Blob Storage
// emulator, reached by az:// as LanceDB reaches the cloud), shared by two servers with data folders of their own:
// the deployment docs/scaling.md describes with KS_VECTORS_URI.
let postgres: RunningServer;
let store: RunningObjectStore;
let url: string;
const uri = 'az://vectors/knowledge-studio';
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  [postgres, store] = await Promise.all([startPostgres(), startObjectStore()]);
  await store.createContainer('vectors');
  url = `postgres://${postgres.user}:${encodeURIComponent(postgres.password)}@127.0.0.1:${postgres.port}/${postgres.database}`;
  const options = {
    catalogUrl: url,
    vectorsUri: uri,
    vectorsStorageOptions: store.storageOptions,
    demo: false,
  };
  a = await startTestApp(options);
  b = await startTestApp(options);
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await Promise.all([postgres?.stop(), store?.stop()]);
});

describe('vector tables in object storage both servers share', () => {
  sharedVectorScenarios(() => ({ a, b }));

  it('keeps the tables in the bucket: a server started later searches them, hybrid search included', async () => {
    await a.sqlOk('CREATE PROJECT lake');
    await a.sqlOk('CREATE KNOWLEDGE_BASE lake.faq');
    await a.sqlOk(
      `INSERT INTO lake.faq (id, content) VALUES ('1', 'Invoices are sent on the first day of the month'),
        ('2', 'Parcels can be picked up at the depot until six')`,
    );
    const blobs = new BlobServiceClient(
      store.endpoint,
      new StorageSharedKeyCredential('devstoreaccount1', store.accountKey),
    ).getContainerClient('vectors');
    const names: string[] = [];
    for await (const blob of blobs.listBlobsFlat({ prefix: 'knowledge-studio/' })) names.push(blob.name);
    expect(names.some((n) => n.endsWith('.manifest'))).toBe(true);

    const later = await startTestApp({
      catalogUrl: url,
      vectorsUri: uri,
      vectorsStorageOptions: store.storageOptions,
      demo: false,
    });
    try {
      const rows = await later.sqlRows(
        "SELECT id FROM lake.faq WHERE content = 'when are invoices sent' AND hybrid_search = true LIMIT 1",
      );
      expect(rows.map((r) => String(r.id))).toEqual(['1']);
    } finally {
      await later.close();
    }
  });
});

describe('opening vector tables in object storage', () => {
  const open = async (location: string, storageOptions: Record<string, string>) => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-object-store-app-'));
    try {
      const deps = await openServices({
        dataDir,
        catalogUrl: url,
        vectorsUri: location,
        vectorsStorageOptions: storageOptions,
        demo: false,
      });
      await deps.close();
      return null;
    } catch (err) {
      return err as Error;
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  };

  it('refuses a container that does not exist with a message that names it', async () => {
    const err = await open('az://no-such-container/kb', store.storageOptions);
    expect(err?.message).toMatch(
      /vector tables at az:\/\/no-such-container\/kb could not be opened \(ContainerNotFound, HTTP 404\)/,
    );
  });

  it('refuses a wrong key, and the message holds neither key', async () => {
    const wrongKey = Buffer.from('not the account key, but as long as one'.repeat(2)).toString('base64');
    const err = await open(uri, { ...store.storageOptions, azure_storage_account_key: wrongKey });
    expect(err?.message).toMatch(/could not be opened \(AuthorizationFailure, HTTP 403\)/);
    expect(err?.message).not.toContain(wrongKey);
    expect(err?.message).not.toContain(store.accountKey);
  });
});
