import { beforeEach, describe, expect, it } from 'vitest';
import { useWorksheetStore, WORKSHEET_STORAGE_KEY } from './worksheet-store';

const store = () => useWorksheetStore.getState();
const sheets = (p = 'mindsdb') => store().sheets[p];

beforeEach(() => {
  localStorage.clear();
  useWorksheetStore.setState({ sheets: {}, editorShare: 0.45 });
});

describe('worksheet store', () => {
  it('gives a project one blank worksheet on first use', () => {
    store().ensureProject('mindsdb');
    expect(sheets().tabs).toHaveLength(1);
    expect(sheets().tabs[0]).toMatchObject({ title: 'Worksheet 1', sql: '' });
    expect(sheets().activeId).toBe(sheets().tabs[0].id);
  });

  it('shows previews in one tab, reused until the user edits or renames it', () => {
    store().ensureProject('mindsdb');
    const first = store().openPreview('mindsdb', 'files.a', 'SELECT * FROM files.a LIMIT 100;');
    const again = store().openPreview('mindsdb', 'files.b', 'SELECT * FROM files.b LIMIT 100;');
    expect(again).toBe(first);
    expect(sheets().tabs).toHaveLength(2);
    expect(sheets().activeId).toBe(first);
    expect(sheets().tabs[1]).toMatchObject({ title: 'files.b', sql: 'SELECT * FROM files.b LIMIT 100;' });
    // The editor echoing the same text is no edit.
    store().setSql('mindsdb', first, 'SELECT * FROM files.b LIMIT 100;');
    expect(store().openPreview('mindsdb', 'files.c', 'SELECT 3')).toBe(first);
    store().setSql('mindsdb', first, 'SELECT 3 -- mine');
    const third = store().openPreview('mindsdb', 'files.d', 'SELECT 4');
    expect(third).not.toBe(first);
    store().renameTab('mindsdb', third, 'Mine too');
    expect(store().openPreview('mindsdb', 'files.e', 'SELECT 5')).not.toBe(third);
    expect(sheets().tabs.map((t) => t.title)).toEqual(['Worksheet 1', 'files.c', 'Mine too', 'files.e']);
  });

  it('keeps worksheets apart per project', () => {
    store().ensureProject('a');
    store().ensureProject('b');
    store().setSql('a', sheets('a').tabs[0].id, 'SELECT 1');
    expect(sheets('b').tabs[0].sql).toBe('');
  });

  it('writes every keystroke to localStorage', () => {
    store().ensureProject('mindsdb');
    const id = sheets().tabs[0].id;
    store().setSql('mindsdb', id, 'SELECT');
    store().setSql('mindsdb', id, 'SELECT 1');
    const saved = JSON.parse(localStorage.getItem(WORKSHEET_STORAGE_KEY) ?? '{}');
    expect(saved.state.sheets.mindsdb.tabs[0].sql).toBe('SELECT 1');
  });

  it('restores drafts from localStorage (a reload)', async () => {
    store().ensureProject('mindsdb');
    store().setSql('mindsdb', sheets().tabs[0].id, 'SHOW TABLES');
    const saved = localStorage.getItem(WORKSHEET_STORAGE_KEY) ?? '';
    useWorksheetStore.setState({ sheets: {} }); // the in-memory state is gone, as after a reload
    localStorage.setItem(WORKSHEET_STORAGE_KEY, saved);
    await useWorksheetStore.persist.rehydrate();
    expect(sheets().tabs[0].sql).toBe('SHOW TABLES');
  });

  it('opens new tabs with the lowest free title and makes them active', () => {
    store().ensureProject('mindsdb');
    const second = store().addTab('mindsdb', 'SELECT 2');
    expect(sheets().activeId).toBe(second);
    expect(sheets().tabs.map((t) => t.title)).toEqual(['Worksheet 1', 'Worksheet 2']);
    store().closeTab('mindsdb', sheets().tabs[0].id);
    store().addTab('mindsdb');
    expect(sheets().tabs.map((t) => t.title)).toEqual(['Worksheet 2', 'Worksheet 1']);
  });

  it('activates the neighbour when the active tab is closed', () => {
    store().ensureProject('mindsdb');
    const b = store().addTab('mindsdb');
    const c = store().addTab('mindsdb');
    store().selectTab('mindsdb', b);
    store().closeTab('mindsdb', b);
    expect(sheets().activeId).toBe(c);
  });

  it('never leaves a project without a worksheet', () => {
    store().ensureProject('mindsdb');
    store().closeTab('mindsdb', sheets().tabs[0].id);
    expect(sheets().tabs).toHaveLength(1);
    expect(sheets().tabs[0].sql).toBe('');
  });

  it('renames tabs, ignoring blank names', () => {
    store().ensureProject('mindsdb');
    const id = sheets().tabs[0].id;
    store().renameTab('mindsdb', id, '  Refunds  ');
    store().renameTab('mindsdb', id, '   ');
    expect(sheets().tabs[0].title).toBe('Refunds');
  });

  it('keeps the session context per tab', () => {
    store().ensureProject('mindsdb');
    const id = sheets().tabs[0].id;
    store().setContext('mindsdb', id, { db: 'files', show_secrets: false });
    expect(sheets().tabs[0].context).toEqual({ db: 'files', show_secrets: false });
  });

  it('clamps the editor share', () => {
    store().setEditorShare(2);
    expect(store().editorShare).toBe(0.85);
    store().setEditorShare(-1);
    expect(store().editorShare).toBe(0.15);
  });
});
