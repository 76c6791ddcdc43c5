import { describe, expect, it } from 'vitest';
import { defaultWorkerCount } from './embedding-workers';

describe('defaultWorkerCount', () => {
  it('leaves a core to the inserting thread: one per core but one, between 1 and 4', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultWorkerCount({}, cores))).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it('takes KS_EMBED_WORKERS when it is a whole number, 0 included, and ignores anything else', () => {
    expect(defaultWorkerCount({ KS_EMBED_WORKERS: '3' }, 2)).toBe(3);
    expect(defaultWorkerCount({ KS_EMBED_WORKERS: '0' }, 8)).toBe(0);
    expect(defaultWorkerCount({ KS_EMBED_WORKERS: '' }, 8)).toBe(4);
    expect(defaultWorkerCount({ KS_EMBED_WORKERS: 'many' }, 8)).toBe(4);
    expect(defaultWorkerCount({ KS_EMBED_WORKERS: '-1' }, 8)).toBe(4);
  });
});
