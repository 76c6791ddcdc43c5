import { Agent, fetch, request, type Dispatcher, type RequestInit, type Response } from 'undici';
import {
  guardedLookup,
  lookupUnder,
  OutboundUrlError,
  parseOutboundUrl,
  type OutboundPolicy,
} from './url-guard';

/**
 * Connections for calls to addresses users chose. Names are resolved by `guardedLookup`, which refuses the
 * addresses the policy forbids; IP-literal hosts never reach a lookup, so `guardedPost` checks them first.
 */
const dispatcher = new Agent({ connect: { lookup: guardedLookup } });

/**
 * fetch for a URL a user chose, under a policy of its own: the policy's checks on the URL and on the address
 * connected to, and no redirects followed (a redirect could lead to an address the policy forbids, or take a
 * key elsewhere). Pages a user asks the server to read (a knowledge base's `urls`) must not reach this
 * machine's own services either, unless the operator allows private addresses. Throws OutboundUrlError for a
 * refused URL or a redirect; network failures come as fetch's own errors, with the OutboundUrlError as their
 * `cause` when the lookup refused the address.
 */
export function guardedFetcher(policyOf: () => OutboundPolicy) {
  const own = new Agent({ connect: { lookup: lookupUnder(policyOf) } });
  return (url: string, init: RequestInit = {}) => fetchUnder(url, init, policyOf(), own);
}

/** What `guardedPost` answers: the status, the headers, and the body, to read or to let go. */
export type PostAnswer = Pick<Dispatcher.ResponseData, 'statusCode' | 'headers' | 'body'>;

/**
 * A POST to a URL a user chose (a model call), under the default policy's checks (redirects refused), through
 * undici's request rather than fetch: a model call made for every search costs a third of the CPU this way. Network
 * failures come as undici's own errors (an OutboundUrlError itself when the lookup refused the address).
 */
export async function guardedPost(
  url: string,
  init: { headers: Record<string, string>; body: string; signal?: AbortSignal },
): Promise<PostAnswer> {
  parseOutboundUrl(url);
  const answer = await request(url, { method: 'POST', dispatcher, ...init });
  if (answer.statusCode >= 300 && answer.statusCode < 400) {
    await answer.body.dump();
    throw redirectRefused(answer.statusCode, headerOf(answer.headers, 'location'), url);
  }
  return answer;
}

/** One header of an answer (the first, when it came more than once). */
export function headerOf(headers: PostAnswer['headers'], name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function redirectRefused(status: number, location: string | null, url: string): OutboundUrlError {
  let target = 'elsewhere';
  try {
    if (location) target = `to ${new URL(location, url).origin}`;
  } catch {
    // an unreadable Location header: the generic wording is enough
  }
  return new OutboundUrlError(
    `the server answered ${status} (a redirect ${target}), which is not followed: use the final address`,
  );
}

async function fetchUnder(
  url: string,
  init: RequestInit,
  policy: OutboundPolicy,
  through: Agent,
): Promise<Response> {
  parseOutboundUrl(url, policy);
  const response = await fetch(url, { ...init, dispatcher: through, redirect: 'manual' });
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw redirectRefused(response.status, response.headers.get('location'), url);
  }
  return response;
}
