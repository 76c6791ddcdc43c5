/**
 * Shared pieces of the built-in lexical models: a fast tokenizer over char codes and FNV-1a hashing.
 * They run on every chunk of every insert, so they allocate nothing per token.
 */

export const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function fnvStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME);
}

/** Scrambles a hash's bits so that nearby values spread (murmur3's finaliser). */
export function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * Letters and digits of any script, on a lowercased text. Code points past Latin-1 count as letters except the
 * punctuation and symbol blocks, which keeps the test cheap while still handling accents, Cyrillic, CJK, ...
 */
export function isWordCode(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  if (c < 0xc0) return false;
  if (c === 0xd7 || c === 0xf7) return false;
  if (c >= 0x2000 && c <= 0x2bff) return false;
  if (c >= 0x3000 && c <= 0x303f) return false;
  if (c >= 0xfe30 && c <= 0xfe4f) return false;
  if (c >= 0xff00 && c <= 0xff0f) return false;
  return true;
}

export function hashString(s: string, seed = FNV_OFFSET): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = fnvStep(h, s.charCodeAt(i));
  return h;
}

const STOP_WORDS =
  'a an and are as at be been but by can could did do does for from had has have he her him his how i if in ' +
  'into is it its me my no not of on or our she so than that the their them then there these they this to ' +
  'us was we were what when where which while who why will with would you your';

/** Common English words, which carry little meaning on their own. */
export const STOP_WORD_SET: ReadonlySet<string> = new Set(STOP_WORDS.split(' '));

/** Hashes (with the word seed) of the same words. */
export const STOP_HASHES: ReadonlySet<number> = new Set([...STOP_WORD_SET].map((w) => hashString(w)));

/** Visits each word of `text` (already lowercased) as [start, end) with its hash; no strings are created. */
export function forEachWord(text: string, visit: (start: number, end: number, hash: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && !isWordCode(text.charCodeAt(i))) i++;
    const start = i;
    let h = FNV_OFFSET;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (!isWordCode(c)) break;
      h = fnvStep(h, c);
      i++;
    }
    if (i > start) visit(start, i, h);
  }
}
