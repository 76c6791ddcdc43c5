/**
 * A unique id for tabs, runs and history entries. `crypto.randomUUID` exists only in secure contexts, and
 * the console may be served over plain HTTP on a LAN address, so there is a fallback.
 */
export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
