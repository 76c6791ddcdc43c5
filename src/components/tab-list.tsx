import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tab-list.css';

export interface Tab {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabListProps {
  label: string;
  tabs: Tab[];
  selected: string;
  onSelect: (id: string) => void;
}

/**
 * Tabs with the keyboard model users expect (arrows, Home, End move and select). Hidden panels stay mounted so
 * that a running load or a search result survives a switch of tab.
 */
export function TabList({ label, tabs, selected, onSelect }: TabListProps) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    tabs.findIndex((t) => t.id === selected),
  );
  const move = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    onSelect(tabs[next].id);
    refs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (e.key in keys) {
      e.preventDefault();
      move(keys[e.key]);
    }
  };
  return (
    <div className="tab-list">
      <div role="tablist" aria-label={label} className="tab-list-tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-controls={`${id}-panel-${tab.id}`}
            aria-selected={i === current}
            tabIndex={i === current ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${id}-panel-${tab.id}`}
          aria-labelledby={`${id}-tab-${tab.id}`}
          hidden={i !== current}
          className="tab-list-panel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
