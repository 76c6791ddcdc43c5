import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import type { StorageOptions } from '../engines/vector-location';
import { freePort, stopper, waitForPort } from './sources/servers';

/**
 * A real object store for the tests: Azure's own Blob Storage emulator (the npm package `azurite`), on a free
 * port and a temporary folder, with telemetry off. LanceDB reaches it as it reaches Azure Blob Storage, by an
 * `az://container/prefix` URI and its storage options.
 */
export interface RunningObjectStore {
  /** The blob endpoint, e.g. http://127.0.0.1:PORT/devstoreaccount1. */
  endpoint: string;
  /** The account key: a secret that must never show in a message. */
  accountKey: string;
  /** LanceDB's storage options for this store: endpoint, account, key, plain HTTP. */
  storageOptions: StorageOptions;
  /** Creates a container, as an operator creates the bucket before pointing servers at it. */
  createContainer(name: string): Promise<void>;
  stop(): Promise<void>;
}

// The emulator's well-known development account, the same in every installation (not a secret of ours).
const ACCOUNT = 'devstoreaccount1';
const ACCOUNT_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export async function startObjectStore(): Promise<RunningObjectStore> {
  const require = createRequire(import.meta.url);
  const main = path.join(path.dirname(require.resolve('azurite/package.json')), 'dist/src/blob/main.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ks-object-store-'));
  const port = await freePort();
  let log = '';
  const child = spawn(
    process.execPath,
    [main, '--blobHost', '127.0.0.1', '--blobPort', String(port), '--location', dir, '--silent'].concat([
      '--disableTelemetry',
      '--skipApiVersionCheck',
      '--loose',
    ]),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  await waitForPort(port, child, () => log);
  const endpoint = `http://127.0.0.1:${port}/${ACCOUNT}`;
  const blobs = new BlobServiceClient(endpoint, new StorageSharedKeyCredential(ACCOUNT, ACCOUNT_KEY));
  return {
    endpoint,
    accountKey: ACCOUNT_KEY,
    storageOptions: {
      azure_storage_endpoint: endpoint,
      azure_storage_account_name: ACCOUNT,
      azure_storage_account_key: ACCOUNT_KEY,
      allow_http: 'true',
    },
    createContainer: async (name) => {
      await blobs.getContainerClient(name).create();
    },
    stop: stopper(child, dir),
  };
}
