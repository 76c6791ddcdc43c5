import { UpstreamError } from '../services/errors';
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

/** Never let a key reach a message, even when a server echoes it back. */
function scrub(text: string, secret?: string): string {
  return secret ? text.split(secret).join('******') : text;
}

/** The most useful line of an error body: OpenAI's `error.message`, Ollama's `error`, else the raw text. */
function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = body.error;
    if (typeof error === 'string') return error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      return (error as { message: string }).message;
    }
    if (typeof body.message === 'string') return body.message;
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 300);
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

async function attempt(req: JsonRequest, settings: HttpSettings): Promise<unknown> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(req.url, {
      method: 'POST',
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
    if (timeout.aborted) throw new RetryableError(`no answer within ${settings.timeoutMs} ms`);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new RetryableError(
      `cannot reach ${new URL(req.url).origin}: ${cause?.code ?? cause?.message ?? String(err)}`,
    );
  }
  const text = await response.text();
  if (response.ok) {
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`answered HTTP ${response.status} with a body that is not JSON`);
    }
  }
  const message = `HTTP ${response.status}: ${errorDetail(text)}`;
  if (response.status === 429 || response.status >= 500) {
    throw new RetryableError(message, retryAfterMs(response.headers.get('retry-after')));
  }
  throw new Error(message);
}

/**
 * POSTs JSON and returns the parsed answer. Retries with exponential backoff (and jitter) on 429, 5xx,
 * timeouts and network errors; other failures fail at once. Errors name the call and the cause, never the key.
 */
export async function postJson<T>(req: JsonRequest): Promise<T> {
  const settings = { ...DEFAULT_HTTP, ...req.http };
  for (let tryNo = 0; ; tryNo++) {
    try {
      return (await attempt(req, settings)) as T;
    } catch (err) {
      if (req.signal?.aborted) throw err;
      const message = scrub(err instanceof Error ? err.message : String(err), req.apiKey);
      if (!(err instanceof RetryableError) || tryNo >= settings.retries) {
        const tries = tryNo > 0 ? ` (after ${tryNo + 1} attempts)` : '';
        throw new UpstreamError(`${req.label} failed${tries}: ${message}`);
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
