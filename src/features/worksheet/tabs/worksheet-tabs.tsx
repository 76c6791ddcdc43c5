import { useRef, useState, type KeyboardEvent } from 'react';
import type { WorksheetTab } from '../store/worksheet-store';
import './worksheet-tabs.css';

export interface WorksheetTabsProps {
  tabs: WorksheetTab[];
  activeId: string;
  runningIds: Set<string>;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onClose: (id: string) => void;
  onRename: (id: string, title: string) => void;
}

function RenameField({ tab, onDone }: { tab: WorksheetTab; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(tab.title);
  return (
    <input
      className="worksheet-tab-rename"
      aria-label="Worksheet name"
      value={value}
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => onDone(value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onDone(value);
        if (e.key === 'Escape') onDone(null);
      }}
    />
  );
}

/**
 * The worksheet tabs: arrow keys move between them, F2 or a double-click renames, Delete closes,
 * and a dot marks a worksheet whose statement is still running.
 */
export function WorksheetTabs({
  tabs,
  activeId,
  runningIds,
  onSelect,
  onAdd,
  onClose,
  onRename,
}: WorksheetTabsProps) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const refs = useRef(new Map<string, HTMLButtonElement>());

  const focusTab = (id: string) => {
    onSelect(id);
    requestAnimationFrame(() => refs.current.get(id)?.focus());
  };

  const onKeyDown = (e: KeyboardEvent, tab: WorksheetTab, index: number) => {
    const move = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (move) {
      e.preventDefault();
      focusTab(tabs[(index + move + tabs.length) % tabs.length].id);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusTab(tabs[e.key === 'Home' ? 0 : tabs.length - 1].id);
    } else if (e.key === 'F2') {
      e.preventDefault();
      setRenaming(tab.id);
    } else if (e.key === 'Delete') {
      e.preventDefault();
      onClose(tab.id);
    }
  };

  return (
    <div className="worksheet-tabs">
      <div role="tablist" aria-label="Worksheets" className="worksheet-tablist">
        {tabs.map((tab, index) => (
          <div
            key={tab.id}
            className="worksheet-tab"
            data-active={tab.id === activeId}
            data-preview={tab.preview || undefined}
          >
            {renaming === tab.id ? (
              <RenameField
                tab={tab}
                onDone={(title) => {
                  if (title !== null) onRename(tab.id, title);
                  setRenaming(null);
                  requestAnimationFrame(() => refs.current.get(tab.id)?.focus());
                }}
              />
            ) : (
              <button
                ref={(el) => {
                  if (el) refs.current.set(tab.id, el);
                  else refs.current.delete(tab.id);
                }}
                type="button"
                role="tab"
                aria-selected={tab.id === activeId}
                tabIndex={tab.id === activeId ? 0 : -1}
                className="worksheet-tab-button"
                title={
                  (tab.preview ? 'Preview: the next table you open replaces it; edit it to keep it. ' : '') +
                  'Double-click or press F2 to rename, Delete to close'
                }
                aria-keyshortcuts="F2 Delete"
                onClick={() => onSelect(tab.id)}
                onDoubleClick={() => setRenaming(tab.id)}
                onKeyDown={(e) => onKeyDown(e, tab, index)}
              >
                {runningIds.has(tab.id) && (
                  <>
                    <span className="worksheet-tab-running" aria-hidden="true" />
                    <span className="ks-visually-hidden">running: </span>
                  </>
                )}
                {tab.title}
              </button>
            )}
            {/* For the pointer only: a tab list holds nothing but tabs, and from the keyboard Delete on the
                tab closes it (its title says so, and is read as its description). */}
            <button
              type="button"
              className="worksheet-tab-close"
              title={`Close ${tab.title}`}
              aria-hidden="true"
              tabIndex={-1}
              onClick={() => onClose(tab.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
      <button
        type="button"
        className="btn btn-ghost worksheet-tab-add"
        aria-label="New worksheet"
        onClick={onAdd}
      >
        +
      </button>
    </div>
  );
}
