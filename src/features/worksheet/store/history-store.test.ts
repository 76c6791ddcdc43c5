import { beforeEach, describe, expect, it } from 'vitest';
import {
  filterHistory,
  HISTORY_LIMIT,
  HISTORY_SQL_LIMIT,
  useHistoryStore,
  type HistoryEntry,
} from './history-store';

const entry = (sql: string, project = 'mindsdb'): Omit<HistoryEntry, 'id'> => ({
  sql,
  project,
  ranAt: 1,
  durationMs: 5,
  outcome: 'ok',
});

beforeEach(() => {
  localStorage.clear();
  useHistoryStore.setState({ entries: [] });
});

describe('history store', () => {
  it('records newest first and persists', () => {
    useHistoryStore.getState().record(entry('SELECT 1'));
    useHistoryStore.getState().record(entry('SELECT 2'));
    expect(useHistoryStore.getState().entries.map((e) => e.sql)).toEqual(['SELECT 2', 'SELECT 1']);
    expect(localStorage.getItem('ks.worksheet.history')).toContain('SELECT 2');
  });

  it('keeps at most HISTORY_LIMIT entries and truncates huge statements', () => {
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) useHistoryStore.getState().record(entry(`SELECT ${i}`));
    useHistoryStore.getState().record(entry('x'.repeat(HISTORY_SQL_LIMIT + 10)));
    const { entries } = useHistoryStore.getState();
    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(entries[0].sql).toHaveLength(HISTORY_SQL_LIMIT);
  });

  it('removes one entry or all', () => {
    useHistoryStore.getState().record(entry('SELECT 1'));
    useHistoryStore.getState().record(entry('SELECT 2'));
    const [first] = useHistoryStore.getState().entries;
    useHistoryStore.getState().remove(first.id);
    expect(useHistoryStore.getState().entries.map((e) => e.sql)).toEqual(['SELECT 1']);
    useHistoryStore.getState().clear();
    expect(useHistoryStore.getState().entries).toEqual([]);
  });
});

describe('filterHistory', () => {
  const all = [
    { ...entry('SELECT * FROM kb WHERE content = 1'), id: 'a' },
    { ...entry('show tables', 'other'), id: 'b' },
  ];

  it('matches every word, case-insensitively', () => {
    expect(filterHistory(all, 'from KB').map((e) => e.id)).toEqual(['a']);
    expect(filterHistory(all, 'kb tables')).toEqual([]);
    expect(filterHistory(all, '  ')).toHaveLength(2);
  });

  it('narrows to a project when asked', () => {
    expect(filterHistory(all, '', 'other').map((e) => e.id)).toEqual(['b']);
  });
});
