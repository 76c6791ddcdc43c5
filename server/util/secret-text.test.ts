import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt';
import { keepOutOfMessages, SECRET_MASK, withoutSecrets } from './secret-text';

describe('withoutSecrets', () => {
  it('masks a registered value wherever it appears, as is and URL-encoded', () => {
    const key = 'k3y/with+slash==' + 'x'.repeat(20);
    keepOutOfMessages([key]);
    expect(withoutSecrets(`signing with ${key} failed; uri ?k=${encodeURIComponent(key)}`)).toBe(
      `signing with ${SECRET_MASK} failed; uri ?k=${SECRET_MASK}`,
    );
  });

  it('masks a whole token before a registered part of it, and leaves short values alone', () => {
    const token = 'sv=2024-01-01&sig=abcdefghijklmnop';
    keepOutOfMessages(['abcdefghijklmnop', token, 'short']);
    expect(withoutSecrets(`GET /c?${token}`)).toBe(`GET /c?${SECRET_MASK}`);
    expect(withoutSecrets('a short answer')).toBe('a short answer');
  });

  it('is applied to every message a client receives (excerpt)', () => {
    keepOutOfMessages(['client-facing-secret-value']);
    expect(excerpt('failed: client-facing-secret-value')).toBe(`failed: ${SECRET_MASK}`);
  });
});
