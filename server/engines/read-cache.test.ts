import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('answers a repeated read without loading it again, until a write', async () => {
    const cache = new ReadCache();
    let loads = 0;
    const load = async () => [{ n: ++loads }];
    expect(await cache.read('k', load)).toEqual([{ n: 1 }]);
    expect(await cache.read('k', load)).toEqual([{ n: 1 }]);
    cache.writeStarted();
    cache.writeEnded();
    expect(await cache.read('k', load)).toEqual([{ n: 2 }]);
    expect(loads).toBe(2);
  });

  it('does not keep a read that overlapped a write', async () => {
    const cache = new ReadCache();
    let loads = 0;
    let finish!: () => void;
    const slow = cache.read('k', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return ++loads;
    });
    cache.writeStarted();
    cache.writeEnded();
    finish();
    expect(await slow).toBe(1);
    expect(await cache.read('k', async () => ++loads)).toBe(2);
    // And nothing is kept while a write is still under way.
    cache.writeStarted();
    expect(await cache.read('w', async () => ++loads)).toBe(3);
    expect(await cache.read('w', async () => ++loads)).toBe(4);
    cache.writeEnded();
  });

  it('gives every caller its own copy', async () => {
    const cache = new ReadCache();
    const first = await cache.read('k', async () => [{ name: 'a' }]);
    first[0].name = 'changed by a caller';
    const second = await cache.read('k', async () => [{ name: 'never loaded' }]);
    second[0].name = 'changed again';
    expect(await cache.read('k', async () => [])).toEqual([{ name: 'a' }]);
  });
});
