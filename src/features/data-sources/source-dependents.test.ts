import { describe, expect, it } from 'vitest';
import type { ProjectObjects } from '../../api/databases/dependents';
import { insertTargets, namesSource, sourceDependents, tablesNaming } from './source-dependents';

const job = (name: string, query: string) => ({
  id: 1,
  name,
  project: 'mindsdb',
  start_at: '2026-01-01 00:00:00',
  end_at: null,
  next_run_at: null,
  schedule_str: 'every hour',
  query,
  if_query: null,
});

describe('what names a data source', () => {
  it('reads a dotted name starting with the source, in any case or quoting, and nothing else', () => {
    expect(namesSource('SELECT * FROM field.public.notes', 'field')).toBe(true);
    expect(namesSource('select * from FIELD.notes', 'field')).toBe(true);
    expect(namesSource('SELECT * FROM "field".notes', 'field')).toBe(true);
    expect(namesSource('SELECT * FROM files.field_notes', 'field')).toBe(false);
    expect(namesSource('SELECT field FROM t', 'field')).toBe(false);
    expect(namesSource('SELECT t.field.x FROM t', 'field')).toBe(false);
    expect(namesSource('SELECT * FROM myfield.notes', 'field')).toBe(false);
    expect(tablesNaming(['field.*', 'files.x', 'FIELD.public.notes', 'fieldx.t'], 'field')).toEqual([
      'field.*',
      'FIELD.public.notes',
    ]);
    expect(
      insertTargets('INSERT INTO mindsdb.notes_kb SELECT * FROM field.notes; insert into other_kb (x)'),
    ).toEqual([{ project: 'mindsdb', name: 'notes_kb' }, { name: 'other_kb' }]);
  });

  it('lists agents, views, jobs and the knowledge bases those jobs load, and says what it could not read', () => {
    const objects: ProjectObjects[] = [
      {
        project: 'mindsdb',
        agents: [
          { id: 1, name: 'reader', data: { tables: ['field.*'], knowledge_bases: [] } },
          { id: 2, name: 'other', data: { tables: ['files.x'] } },
        ] as ProjectObjects['agents'],
        views: [
          { id: 1, name: 'recent', query: 'SELECT * FROM field.public.notes WHERE id > 2' },
          { id: 2, name: 'unrelated', query: 'SELECT 1' },
        ],
        jobs: [job('sync', 'INSERT INTO notes_kb SELECT id, body FROM field.notes'), job('noop', 'SELECT 1')],
        knowledgeBases: [{ name: 'notes_kb' }, { name: 'other_kb' }],
      },
      { project: 'p2', agents: new Error('refused'), views: [], jobs: [], knowledgeBases: [] },
    ];
    const found = sourceDependents(objects, 'field');
    expect(found.agents).toEqual([{ project: 'mindsdb', name: 'reader', via: 'field.*' }]);
    expect(found.views.map((v) => v.name)).toEqual(['recent']);
    expect(found.jobs.map((j) => j.name)).toEqual(['sync']);
    expect(found.knowledgeBases).toEqual([
      { project: 'mindsdb', name: 'notes_kb', via: 'loaded by job mindsdb.sync' },
    ]);
    expect(found.unread).toEqual(['the agents of p2 (refused)']);
    // MindsDB's lists do not say where a KB's rows came from: the dialog says loads by hand are unknown.
    expect(found.kbsUnrecorded).toBe(2);
    expect(sourceDependents(objects, 'files').agents.map((a) => a.name)).toEqual(['other']);
  });

  it('lists the knowledge bases our server saw loaded from the source, once, after those a job loads', () => {
    const objects: ProjectObjects[] = [
      {
        project: 'mindsdb',
        agents: [],
        views: [],
        jobs: [job('sync', 'INSERT INTO notes_kb SELECT id, body FROM field.notes')],
        knowledgeBases: [
          { name: 'notes_kb', loadedFrom: ['field'] },
          { name: 'hand_kb', loadedFrom: ['other', 'FIELD'] },
          { name: 'elsewhere_kb', loadedFrom: ['other'] },
          { name: 'typed_kb', loadedFrom: [] },
        ],
      },
      {
        project: 'p2',
        agents: [],
        views: [],
        jobs: [],
        knowledgeBases: [{ name: 'hand_kb', loadedFrom: ['field'] }],
      },
      { project: 'p3', agents: [], views: [], jobs: [], knowledgeBases: new Error('refused') },
    ];
    const found = sourceDependents(objects, 'field');
    expect(found.knowledgeBases).toEqual([
      { project: 'mindsdb', name: 'notes_kb', via: 'loaded by job mindsdb.sync' },
      { project: 'mindsdb', name: 'hand_kb', via: 'loaded from this source' },
      { project: 'p2', name: 'hand_kb', via: 'loaded from this source' },
    ]);
    expect(found.kbsUnrecorded).toBe(0);
    expect(found.unread).toEqual(['the knowledge bases of p3 (refused)']);
    expect(sourceDependents(objects, 'other').knowledgeBases.map((d) => d.name)).toEqual([
      'hand_kb',
      'elsewhere_kb',
    ]);
  });
});
