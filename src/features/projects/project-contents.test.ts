import { describe, expect, it } from 'vitest';
import { contentsSummary, isEmpty, projectContents } from './project-contents';

describe('what a project holds', () => {
  it("reads our server's tree (models table, views, KBs, agents) with the jobs route's jobs", () => {
    const contents = projectContents(
      [
        { name: 'models', class: 'table', type: 'table' },
        { name: 'docs', class: 'table', type: 'knowledge_base' },
        { name: 'helper', class: 'table', type: 'agent' },
        { name: 'recent', class: 'table', type: 'view' },
      ],
      [{ name: 'nightly' }],
    );
    expect(contents).toEqual({
      views: ['recent'],
      knowledgeBases: ['docs'],
      agents: ['helper'],
      jobs: ['nightly'],
      other: [],
    });
    expect(contentsSummary(contents).map((s) => s.text)).toEqual([
      '1 knowledge base',
      '1 agent',
      '1 view',
      '1 job',
    ]);
  });

  it("reads MindsDB's tree, which lists jobs and models too, counting each job once", () => {
    // As MindsDB's /api/tree/{project} answers (namespaces/tree.py): class 'table' for all but jobs.
    const contents = projectContents(
      [
        { name: 'models', class: 'table', type: 'table', deletable: false },
        { name: 'forecast', class: 'table', type: 'model', engine: 'lightwood' },
        { name: 'v1', class: 'table', type: 'view' },
        { name: 'v2', class: 'table', type: 'view' },
        { name: 'nightly', class: 'job', type: 'job', engine: 'job' },
      ],
      [{ name: 'nightly' }],
    );
    expect(contents.jobs).toEqual(['nightly']);
    expect(contents.other).toEqual(['forecast']);
    expect(contentsSummary(contents).map((s) => s.text)).toEqual(['2 views', '1 job', '1 other table']);
  });

  it('says an empty project is empty (its models table does not count)', () => {
    const contents = projectContents([{ name: 'models', class: 'table', type: 'table' }], []);
    expect(isEmpty(contents)).toBe(true);
    expect(isEmpty(projectContents([], [{ name: 'tick' }]))).toBe(false);
  });
});
