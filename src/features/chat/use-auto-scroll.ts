import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** How close to the bottom (px) still counts as "at the bottom": absorbs rounding and a last partial line. */
const SLACK = 48;

export const isNearBottom = (el: { scrollTop: number; scrollHeight: number; clientHeight: number }) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= SLACK;

/**
 * Keeps a scroll container pinned to its bottom while `content` changes, until the user scrolls up; scrolling
 * back down (or `follow()`) pins it again. Content growth fires no scroll event, so only the user (or our own
 * jump to the bottom, which stays pinned) changes the pin.
 */
export function useAutoScroll<T extends HTMLElement>(content: unknown) {
  const ref = useRef<T>(null);
  const pinned = useRef(true);
  const [following, setFollowing] = useState(true);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    pinned.current = isNearBottom(el);
    setFollowing(pinned.current);
  }, []);

  const follow = useCallback(() => {
    pinned.current = true;
    setFollowing(true);
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // Before paint, so new content never shows for a frame above the fold and then jumps.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [content]);

  return { ref, onScroll, following, follow };
}
