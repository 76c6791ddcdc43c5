import type { z } from 'zod';
import { problemSchema, type Problem } from '../../protocol/api/errors';
import { problemText } from './problem-text';
import { readBodyText } from './read-body-text';
import { useSession } from './session';

/**
 * An HTTP error from the server, carrying its problem body (title, detail, and the field it concerns). Its
 * message is what a user reads: the problem in plain words, never a bare status phrase (see problem-text.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problemText(status, problem));
    this.name = 'ApiError';
  }
}

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Parses the response; lenient schemas let a real MindsDB's extra fields through. */
  schema?: S;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `If-Match` with the version an update is based on). */
  headers?: Record<string, string>;
}

/** Routes that answer 401 for wrong credentials rather than for an expired session. */
const AUTH_ROUTES = ['/api/login'];

function urlFor(path: string): string {
  return `${useSession.getState().apiBase}${path}`;
}

/**
 * Sent with every request. `X-Requested-With` tells the server the request comes from a script of the page
 * (a page of another site cannot add it to a form post): our server requires it of writes that rely on the
 * session cookie. The bearer token is added only when the server keeps no session for us (see session.ts).
 */
function authHeaders(): Record<string, string> {
  const token = useSession.getState().token;
  return {
    'X-Requested-With': 'XMLHttpRequest',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

async function problemFrom(response: Response): Promise<Problem> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = problemSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: fall through to a problem built from the status line
  }
  return { title: response.statusText || `HTTP ${response.status}`, detail: text.slice(0, 500) || undefined };
}

function noteUnauthorized(path: string, status: number): void {
  if (status === 401 && !AUTH_ROUTES.includes(path)) useSession.getState().markExpired();
}

/**
 * The one place that calls fetch. Adds the base URL and the auth headers, turns non-2xx answers into ApiError,
 * and flags an expired session so the shell can ask for the password again without leaving the page.
 */
export async function apiFetchRaw(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(authHeaders())) headers.set(k, v);
  let response: Response;
  try {
    response = await fetch(urlFor(path), { ...init, headers });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // The browser's own words ("Failed to fetch") say nothing more: the status says it in plain words.
    throw new ApiError(0, { title: 'Server unreachable' });
  }
  if (!response.ok) {
    noteUnauthorized(path, response.status);
    throw new ApiError(response.status, await problemFrom(response));
  }
  return response;
}

/** A JSON request. Empty bodies (200 with nothing, 204, or MindsDB's `""`) resolve to undefined. */
export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.infer<S>> {
  const { method = 'GET', body, schema, signal, headers } = options;
  const response = await apiFetchRaw(path, {
    method,
    signal,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await readBodyText(response);
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '""') return undefined as z.infer<S>;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(response.status, { title: 'Unreadable response', detail: text.slice(0, 200) });
  }
  if (!schema) return json as z.infer<S>;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(response.status, { title: 'Unexpected response shape', detail: parsed.error.message });
  }
  return parsed.data;
}

/**
 * Uploads a file with progress (fetch cannot report upload progress, so this uses XMLHttpRequest).
 * `onProgress` receives a fraction in [0, 1].
 */
export function apiUpload(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', urlFor(path));
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
        return;
      }
      noteUnauthorized(path, xhr.status);
      let problem: Problem = { title: xhr.statusText || `HTTP ${xhr.status}` };
      try {
        const parsed = problemSchema.safeParse(JSON.parse(xhr.responseText));
        if (parsed.success) problem = parsed.data;
      } catch {
        // keep the status-line problem
      }
      reject(new ApiError(xhr.status, problem));
    };
    xhr.onerror = () => reject(new ApiError(0, { title: 'Server unreachable' }));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
