import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import './split-pane.css';

export interface SplitPaneProps {
  /** Share of the height given to the top pane, 0..1. */
  share: number;
  onShareChange: (share: number) => void;
  top: ReactNode;
  bottom: ReactNode;
  /** Names the divider for assistive technology, e.g. "Resize editor and results". */
  label: string;
  min?: number;
  max?: number;
}

const STEP = 0.05;

/**
 * Two panes stacked, with a divider that is dragged with the pointer or moved with the arrow keys
 * (a focusable separator with its value exposed, as the ARIA window-splitter pattern describes).
 */
export function SplitPane({
  share,
  onShareChange,
  top,
  bottom,
  label,
  min = 0.15,
  max = 0.85,
}: SplitPaneProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const clamp = (v: number) => Math.min(max, Math.max(min, v));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const root = rootRef.current;
    if (!root || e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const rect = root.getBoundingClientRect();
    const move = (ev: globalThis.PointerEvent) => onShareChange(clamp((ev.clientY - rect.top) / rect.height));
    const target = e.currentTarget;
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next =
      e.key === 'ArrowUp'
        ? share - STEP
        : e.key === 'ArrowDown'
          ? share + STEP
          : e.key === 'Home'
            ? min
            : e.key === 'End'
              ? max
              : null;
    if (next === null) return;
    e.preventDefault();
    onShareChange(clamp(next));
  };

  return (
    <div
      ref={rootRef}
      className="split-pane"
      style={{ gridTemplateRows: `minmax(0, ${share}fr) auto minmax(0, ${1 - share}fr)` }}
    >
      <div className="split-pane-pane">{top}</div>
      <div
        role="separator"
        aria-orientation="horizontal"
        aria-label={label}
        aria-valuemin={Math.round(min * 100)}
        aria-valuemax={Math.round(max * 100)}
        aria-valuenow={Math.round(share * 100)}
        tabIndex={0}
        className="split-pane-divider"
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      />
      <div className="split-pane-pane">{bottom}</div>
    </div>
  );
}
