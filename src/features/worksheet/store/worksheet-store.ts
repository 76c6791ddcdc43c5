import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SqlContext } from '../../../../protocol/api/sql';
import { newId } from './new-id';

/** One worksheet tab: its draft, and the session context the server last gave back for it. */
export interface WorksheetTab {
  id: string;
  title: string;
  sql: string;
  /** Sent with the next statement; `USE p` changes `db`. Absent until the first run: the project is used. */
  context?: SqlContext;
  /** The preview tab: the next table opened from the object browser replaces it, until the user edits it. */
  preview?: boolean;
}

export interface ProjectSheets {
  tabs: WorksheetTab[];
  activeId: string;
}

interface WorksheetState {
  /** Worksheets belong to the project of the page they were opened on. */
  sheets: Record<string, ProjectSheets>;
  /** Share of the page height given to the editor, between 0.15 and 0.85. */
  editorShare: number;
  historyOpen: boolean;
  ensureProject: (project: string) => void;
  addTab: (project: string, sql?: string) => string;
  /** Shows `sql` in the project's preview tab (made if there is none) and selects it; returns its id. */
  openPreview: (project: string, title: string, sql: string) => string;
  closeTab: (project: string, id: string) => void;
  selectTab: (project: string, id: string) => void;
  renameTab: (project: string, id: string, title: string) => void;
  setSql: (project: string, id: string, sql: string) => void;
  setContext: (project: string, id: string, context: SqlContext | undefined) => void;
  setEditorShare: (share: number) => void;
  setHistoryOpen: (open: boolean) => void;
}

const blankTab = (title: string, sql = ''): WorksheetTab => ({ id: newId(), title, sql });

/** The lowest "Worksheet n" title not taken, so titles stay short after tabs are closed. */
function nextTitle(tabs: WorksheetTab[]): string {
  const taken = new Set(tabs.map((t) => t.title));
  let n = 1;
  while (taken.has(`Worksheet ${n}`)) n++;
  return `Worksheet ${n}`;
}

function freshSheets(): ProjectSheets {
  const tab = blankTab('Worksheet 1');
  return { tabs: [tab], activeId: tab.id };
}

type Set = (fn: (s: WorksheetState) => Partial<WorksheetState>) => void;

/** Applies `fn` to one project's worksheets, creating them first if needed. */
const updateSheets =
  (set: Set) =>
  (project: string, fn: (sheets: ProjectSheets) => ProjectSheets): void =>
    set((s) => ({ sheets: { ...s.sheets, [project]: fn(s.sheets[project] ?? freshSheets()) } }));

const updateTab = (sheets: ProjectSheets, id: string, patch: Partial<WorksheetTab>): ProjectSheets => ({
  ...sheets,
  tabs: sheets.tabs.map((t) => (t.id === id ? { ...t, ...patch } : t)),
});

function withoutTab(sheets: ProjectSheets, id: string): ProjectSheets {
  const index = sheets.tabs.findIndex((t) => t.id === id);
  if (index < 0) return sheets;
  const tabs = sheets.tabs.filter((t) => t.id !== id);
  // Never leave a project without a worksheet: closing the last one opens a blank one.
  if (tabs.length === 0) return freshSheets();
  const activeId = sheets.activeId === id ? tabs[Math.min(index, tabs.length - 1)].id : sheets.activeId;
  return { tabs, activeId };
}

export const WORKSHEET_STORAGE_KEY = 'ks.worksheet';

/**
 * Worksheet tabs and drafts, written to localStorage on every change (every keystroke) so a reload, a
 * re-login or a crash loses nothing. Results are not kept here: they can be large, and re-running is cheap.
 */
export const useWorksheetStore = create<WorksheetState>()(
  persist(
    (set, get) => {
      const update = updateSheets(set);
      return {
        sheets: {},
        editorShare: 0.45,
        historyOpen: false,
        ensureProject: (project) => {
          if (!get().sheets[project]) update(project, (s) => s);
        },
        addTab: (project, sql = '') => {
          let id = '';
          update(project, (s) => {
            const tab = blankTab(nextTitle(s.tabs), sql);
            id = tab.id;
            return { tabs: [...s.tabs, tab], activeId: tab.id };
          });
          return id;
        },
        openPreview: (project, title, sql) => {
          let id = '';
          update(project, (s) => {
            const reused = s.tabs.find((t) => t.preview);
            const tab: WorksheetTab = { ...(reused ?? blankTab(title)), title, sql, preview: true };
            id = tab.id;
            const tabs = reused ? s.tabs.map((t) => (t.id === tab.id ? tab : t)) : [...s.tabs, tab];
            return { tabs, activeId: tab.id };
          });
          return id;
        },
        closeTab: (project, id) => update(project, (s) => withoutTab(s, id)),
        selectTab: (project, id) =>
          update(project, (s) => (s.tabs.some((t) => t.id === id) ? { ...s, activeId: id } : s)),
        renameTab: (project, id, title) => {
          const trimmed = title.trim();
          // A named tab is one the user keeps: no preview replaces it.
          if (trimmed)
            update(project, (s) => updateTab(s, id, { title: trimmed.slice(0, 60), preview: undefined }));
        },
        // An edit makes a preview tab the user's own: the next preview opens beside it.
        setSql: (project, id, sql) =>
          update(project, (s) =>
            updateTab(s, id, s.tabs.find((t) => t.id === id)?.sql === sql ? {} : { sql, preview: undefined }),
          ),
        setContext: (project, id, context) => update(project, (s) => updateTab(s, id, { context })),
        setEditorShare: (share) => set(() => ({ editorShare: Math.min(0.85, Math.max(0.15, share)) })),
        setHistoryOpen: (historyOpen) => set(() => ({ historyOpen })),
      };
    },
    {
      name: WORKSHEET_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ sheets: s.sheets, editorShare: s.editorShare, historyOpen: s.historyOpen }),
    },
  ),
);
