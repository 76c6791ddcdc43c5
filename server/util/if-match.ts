/**
 * Whether an `If-Match` header allows a change to a resource whose current ETag is `etag` (RFC 9110 13.1.1):
 * `*` matches any existing resource; otherwise one of the comma-separated tags must be the current one. A weak
 * tag (`W/"..."`) never matches, because If-Match compares strongly.
 */
export function ifMatchAllows(header: string, etag: string): boolean {
  const tags = header.split(',').map((t) => t.trim());
  return tags.some((tag) => tag === '*' || tag === etag);
}
