import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isNearBottom, useAutoScroll } from './use-auto-scroll';

function Log({ content }: { content: number }) {
  const { ref, onScroll, following, follow } = useAutoScroll<HTMLDivElement>(content);
  return (
    <>
      <div ref={ref} data-testid="log" onScroll={onScroll} />
      <span>{following ? 'following' : 'paused'}</span>
      <button onClick={follow}>jump</button>
    </>
  );
}

/** happy-dom has no layout: give the element a fixed viewport and a content height we control. */
function fakeLayout(el: HTMLElement, height: { value: number }) {
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 200 });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => height.value });
}

describe('useAutoScroll', () => {
  it('follows new content, pauses when the user scrolls up, resumes at the bottom or on jump', () => {
    const height = { value: 1000 };
    const { rerender } = render(<Log content={0} />);
    const el = screen.getByTestId('log');
    fakeLayout(el, height);

    rerender(<Log content={1} />);
    expect(el.scrollTop).toBe(1000);

    // The user scrolls up to read: new content must not move the view.
    el.scrollTop = 300;
    fireEvent.scroll(el);
    expect(screen.getByText('paused')).toBeInTheDocument();
    height.value = 1500;
    rerender(<Log content={2} />);
    expect(el.scrollTop).toBe(300);

    // Back at the bottom by hand: following again.
    el.scrollTop = 1300;
    fireEvent.scroll(el);
    height.value = 1800;
    rerender(<Log content={3} />);
    expect(el.scrollTop).toBe(1800);

    el.scrollTop = 0;
    fireEvent.scroll(el);
    act(() => screen.getByText('jump').click());
    expect(el.scrollTop).toBe(1800);
    expect(screen.getByText('following')).toBeInTheDocument();
  });

  it('counts a few pixels short of the bottom as the bottom', () => {
    expect(isNearBottom({ scrollTop: 760, scrollHeight: 1000, clientHeight: 200 })).toBe(true);
    expect(isNearBottom({ scrollTop: 700, scrollHeight: 1000, clientHeight: 200 })).toBe(false);
  });
});
