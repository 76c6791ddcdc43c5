import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyVersions } from './copy-versions';

describe('CopyVersions', () => {
  afterEach(() => vi.useRealTimers());

  it("follows this server's writes only from the version the copy reflects", () => {
    const versions = new CopyVersions(0);
    versions.label('t', 4);
    expect(versions.current('t', 4)).toBe(true);
    expect(versions.followWrite('t', 4, 6)).toBe(true);
    expect(versions.current('t', 6)).toBe(true);
    expect(versions.followWrite('t', 7, 8)).toBe(false); // another server wrote version 7
  });

  it('lets a dropped copy load again only after the quiet time', () => {
    vi.useFakeTimers();
    const versions = new CopyVersions(10_000);
    expect(versions.mayLoad('t')).toBe(true);
    versions.label('t', 1);
    versions.dropped('t');
    expect(versions.current('t', 1)).toBe(false);
    expect(versions.mayLoad('t')).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(versions.mayLoad('t')).toBe(true);
    versions.dropped('t');
    versions.forget('t'); // dropped and made anew: nothing to wait for
    expect(versions.mayLoad('t')).toBe(true);
  });

  it("labels a loaded copy only when the table moved by this server's commits alone while it loaded", () => {
    const versions = new CopyVersions(10_000);
    versions.loadStarted('t', 3);
    expect(versions.watchesLoad('t')).toBe(true);
    versions.followLoad('t', 3, 4); // this server's index, say
    expect(versions.loadFinished('t', 4)).toBe(true);
    expect(versions.current('t', 4)).toBe(true);

    versions.loadStarted('u', 3);
    versions.followLoad('u', 5, 6); // version 4 came from another server
    expect(versions.watchesLoad('u')).toBe(false);
    expect(versions.loadFinished('u', 6)).toBe(false);
    expect(versions.mayLoad('u')).toBe(false); // waits as a dropped copy does
  });
});
