import { isAscii } from 'node:buffer';
import { STATUS_CODES } from 'node:http';
import { guardedPost, headerOf, type PostAnswer } from '../net/guarded-fetch';
import { OutboundUrlError } from '../net/url-guard';
import { scrubSecrets } from '../../protocol/secrets';
import { UpstreamError, UpstreamRefusedError } from '../errors';
import { DEFAULT_HTTP, type HttpSettings } from './types';

export interface JsonRequest {
  /** Names the provider and the call in errors, e.g. `openai embeddings`. */
  label: string;
  url: string;
  body: unknown;
  apiKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  http?: Partial<HttpSettings>;
}

/** The server answered and refused the request (a 4xx other than 429). */
class RefusedError extends Error {}

class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * What a failed answer is reported as: the status and its standard reason only. The body is never quoted:
 * a server that is not what the user thought (an internal page, a proxy) may answer with anything, secrets
 * included, and whoever set the address would read it.
 */
function statusReason(status: number): string {
  const reason = STATUS_CODES[status];
  return `the model server answered ${status}${reason ? ` ${reason}` : ''}`;
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/**
 * An answer's text. A JSON answer is nearly always ASCII (an embedding's base64 vectors are), and ASCII bytes
 * read one byte a character are the same text: that skips the UTF-8 decoder, several times slower on the
 * megabyte of a batch of vectors. Anything else is read as UTF-8, a leading byte-order mark dropped.
 */
export function answerText(bytes: Buffer): string {
  if (isAscii(bytes)) return bytes.toString('latin1');
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

async function attempt(req: JsonRequest, settings: HttpSettings): Promise<unknown> {
  // A timer of our own, cleared once answered: AbortSignal.timeout's stays until it fires and is tracked for
  // the garbage collector, a cost on every search's embedding call.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), settings.timeoutMs).unref();
  try {
    return await answerOf(req, settings, timeout.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function answerOf(req: JsonRequest, settings: HttpSettings, timeout: AbortSignal): Promise<unknown> {
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  let response: PostAnswer;
  try {
    response = await guardedPost(req.url, {
      headers: {
        'content-type': 'application/json',
        ...(req.apiKey ? { authorization: `Bearer ${req.apiKey}` } : {}),
        ...req.headers,
      },
      body: JSON.stringify(req.body),
      signal,
    });
  } catch (err) {
    if (req.signal?.aborted) throw err;
    // A refused address or redirect will not change on a retry.
    if (err instanceof OutboundUrlError) throw err;
    const cause = ((err as { cause?: unknown }).cause ?? err) as { code?: string; message?: string };
    if (cause instanceof OutboundUrlError) throw cause;
    if (timeout.aborted) throw new RetryableError(`no answer within ${settings.timeoutMs} ms`);
    throw new RetryableError(
      `cannot reach ${new URL(req.url).origin}: ${cause?.code ?? cause?.message ?? String(err)}`,
    );
  }
  const status = response.statusCode;
  if (status >= 200 && status < 300) {
    const text = answerText(Buffer.from(await response.body.arrayBuffer()));
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`the model server answered ${status} with a body that is not JSON`);
    }
  }
  await response.body.dump();
  const message = statusReason(status);
  if (status === 429 || status >= 500) {
    throw new RetryableError(message, retryAfterMs(headerOf(response.headers, 'retry-after')));
  }
  throw status >= 400 && status < 500 ? new RefusedError(message) : new Error(message);
}

/**
 * POSTs JSON and returns the parsed answer. Retries with exponential backoff (and jitter) on 429, 5xx,
 * timeouts and network errors; other failures fail at once. Errors name the call and the cause (a status,
 * never the answer's body), never the key. The address is checked by the outbound policy (see `net/`).
 */
export async function postJson<T>(req: JsonRequest): Promise<T> {
  const settings = { ...DEFAULT_HTTP, ...req.http };
  for (let tryNo = 0; ; tryNo++) {
    try {
      return (await attempt(req, settings)) as T;
    } catch (err) {
      if (req.signal?.aborted) throw err;
      // Belt and braces: no message is built from a body any more, but a key must never reach one.
      const message = scrubSecrets(err instanceof Error ? err.message : String(err), [req.apiKey]);
      if (!(err instanceof RetryableError) || tryNo >= settings.retries) {
        const tries = tryNo > 0 ? ` (after ${tryNo + 1} attempts)` : '';
        const Failure = err instanceof RefusedError ? UpstreamRefusedError : UpstreamError;
        throw new Failure(`${req.label} failed${tries}: ${message}`);
      }
      const backoff = settings.baseDelayMs * 2 ** tryNo * (0.75 + Math.random() / 2);
      await sleep(Math.min(settings.maxDelayMs, err.retryAfterMs ?? backoff), req.signal);
    }
  }
}

/** `https://host/v1/` + `embeddings` without doubled or missing slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
