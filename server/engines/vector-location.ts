import fs from 'node:fs/promises';
import * as lancedb from '@lancedb/lancedb';
import { withoutSecrets } from '../util/secret-text';

/**
 * Where the vector tables of servers that share them live: a folder (e.g. on a network filesystem) or a bucket
 * of object storage that LanceDB opens by URI (docs/scaling.md). Chosen by the operator, never by a request.
 */

/** The object stores LanceDB opens: Amazon S3 and S3-compatible servers, Google Cloud Storage, Azure Blob. */
export const OBJECT_STORE_SCHEMES = ['s3', 'gs', 'az'] as const;

/** LanceDB's storage options (credentials, endpoint, region): names as LanceDB documents them, values text. */
export type StorageOptions = Record<string, string>;

/** True for `s3://`, `gs://` and `az://` locations; anything else is a folder. */
export function isObjectStoreUri(location: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(location);
}

/**
 * Checks an object-store URI: a known scheme, a bucket (or container), and nothing secret in it. Keys belong in
 * the storage options, which are kept out of messages; a URI is printed in logs and errors.
 */
export function checkObjectStoreUri(uri: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error('The vectors URI is not a valid URI (not repeated here: it may hold a key)');
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (!(OBJECT_STORE_SCHEMES as readonly string[]).includes(scheme)) {
    throw new Error(
      `The vectors URI must start with ${OBJECT_STORE_SCHEMES.map((s) => `${s}://`).join(', ')}; got ${scheme}://`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    // Not echoed: this is where a key would be.
    throw new Error(
      'The vectors URI may not hold a user, a password, a query or a fragment: give credentials in KS_VECTORS_STORAGE_OPTIONS',
    );
  }
  if (!url.hostname) throw new Error(`The vectors URI '${uri}' names no bucket or container`);
  return uri.replace(/\/+$/, '');
}

/**
 * Reads KS_VECTORS_STORAGE_OPTIONS: a JSON object of LanceDB storage options. Numbers and booleans become text,
 * as LanceDB takes them; anything else is refused. Messages name the option, never its value.
 */
export function parseStorageOptions(json: string | undefined): StorageOptions {
  if (json === undefined || json.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('KS_VECTORS_STORAGE_OPTIONS is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('KS_VECTORS_STORAGE_OPTIONS must be a JSON object of option names and values');
  }
  const options: StorageOptions = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      throw new Error(
        `KS_VECTORS_STORAGE_OPTIONS: the value of '${name}' must be text, a number or true/false`,
      );
    }
    options[name] = String(value);
  }
  return options;
}

/** Option and environment names whose values are credentials. */
const SECRET_NAME = /key|secret|token|sas|password|credential|signature/i;

/**
 * The credentials among the storage options and the cloud SDKs' environment variables (which LanceDB reads too):
 * the values to keep out of every message. A SAS token's signature counts on its own too, since a request URI in an
 * error carries the token's parts one by one.
 */
export function storageSecrets(options: StorageOptions, env: NodeJS.ProcessEnv = process.env): string[] {
  const values = Object.entries(options)
    .filter(([name]) => SECRET_NAME.test(name))
    .map(([, value]) => value);
  for (const [name, value] of Object.entries(env)) {
    if (value && /^(AWS|AZURE|GOOGLE)_/.test(name) && SECRET_NAME.test(name)) values.push(value);
  }
  // Of a SAS token's parts only the signature is secret (the others are dates and permissions).
  const signatures = values.flatMap((v) =>
    v.split('&').flatMap((part) => (part.startsWith('sig=') ? [part.slice(4)] : [])),
  );
  return [...values, ...signatures].filter((v) => v.length >= 8);
}

/**
 * A short reason for a failed request to object storage, from LanceDB's long error text: the store's error code
 * (`ContainerNotFound`, `NoSuchBucket`, `AccessDenied`, `AuthorizationFailure`) and HTTP status when it has them.
 */
export function objectStoreReason(message: string): string {
  const code = /<Code>([^<]+)<\/Code>/.exec(message)?.[1];
  const status = /status: (\d{3})/.exec(message)?.[1];
  if (code || status) return [code, status && `HTTP ${status}`].filter(Boolean).join(', ');
  return message.split('\n')[0].slice(0, 300);
}

/**
 * Connects to the tables in `location`: a folder (made if missing), or an object-store URI whose bucket or
 * container exists, reached with `storageOptions`. `shared`: other servers write there too, so every read looks
 * for their last commit (about 0.1 ms per read on a folder; a request per read on object storage).
 */
export async function connectVectors(
  location: string,
  options: { shared?: boolean; storageOptions?: StorageOptions },
): Promise<lancedb.Connection> {
  const objectStore = isObjectStoreUri(location);
  if (!objectStore) await fs.mkdir(location, { recursive: true });
  try {
    // Connecting to object storage lists the location: a missing bucket or a refused key fails here, at start.
    return await lancedb.connect(location, {
      ...(options.shared ? { readConsistencyInterval: 0 } : {}),
      ...(options.storageOptions ? { storageOptions: options.storageOptions } : {}),
    });
  } catch (err) {
    if (!objectStore) throw err;
    const reason = objectStoreReason(withoutSecrets(String((err as Error)?.message ?? err)));
    throw new Error(`The vector tables at ${location} could not be opened (${reason})`);
  }
}
