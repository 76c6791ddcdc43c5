import { guardedFetcher } from '../../net/guarded-fetch';
import { OutboundUrlError, outboundPolicy } from '../../net/url-guard';
import { ValidationError } from '../../errors';

/** How long fetching one page may take, and how much of it is read. */
export const URL_FETCH_TIMEOUT_MS = 15_000;
export const MAX_URL_BYTES = 5 * 1024 * 1024;

/**
 * Pages to ingest are held to a stricter rule than model servers: this machine (loopback) counts as private,
 * since a page address is any text a user sends and local services are not meant to be read into a KB.
 */
const fetchPage = guardedFetcher(() => {
  const { allowPrivate } = outboundPolicy();
  return { allowPrivate, allowLoopback: allowPrivate };
});

/**
 * The text of a web page for a knowledge base: `urls` of a KB's REST body. Fetched with the same guard as
 * model addresses (private addresses refused unless the server was started allowing them, no redirects
 * followed), bounded in time and size; text and HTML only (HTML loses its markup, scripts and styles).
 * Anything that stops it is a ValidationError naming the URL and why, for a 400.
 */
export async function fetchUrlText(url: string, field: string): Promise<string> {
  let response;
  try {
    response = await fetchPage(url, { signal: AbortSignal.timeout(URL_FETCH_TIMEOUT_MS) });
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    const refused = err instanceof OutboundUrlError ? err : cause instanceof OutboundUrlError ? cause : null;
    if (refused) {
      // Loopback is refused here only by this stricter rule, so its message does not say how to allow it yet.
      const hint = /loopback/.test(refused.message)
        ? ' (pages on this machine are read only when the operator allows private addresses with --allow-private-model-urls)'
        : '';
      throw new ValidationError(`${url} is refused: ${refused.message}${hint}`, field);
    }
    const why =
      (err as Error).name === 'TimeoutError'
        ? `no answer within ${URL_FETCH_TIMEOUT_MS / 1000} s`
        : String((cause as Error)?.message ?? (err as Error).message);
    throw new ValidationError(`${url} cannot be reached: ${why}`, field);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ValidationError(`${url} answered ${response.status}: nothing was inserted from it`, field);
  }
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type && !/^text\/|^application\/(xhtml\+xml|json|xml)/.test(type)) {
    await response.body?.cancel();
    throw new ValidationError(`${url} is ${type.split(';')[0]}, not text or HTML`, field);
  }
  const body = await readBounded(response, url, field);
  return type.includes('html') ? htmlText(body) : body.trim();
}

async function readBounded(response: Awaited<ReturnType<typeof fetchPage>>, url: string, field: string) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += (chunk as Uint8Array).length;
    if (size > MAX_URL_BYTES) {
      throw new ValidationError(`${url} is larger than ${MAX_URL_BYTES / 1024 / 1024} MB`, field);
    }
    chunks.push(chunk as Uint8Array);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The readable text of an HTML page: no scripts, styles or tags, entities decoded, blank runs folded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/li|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
}
