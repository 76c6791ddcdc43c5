import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EvaluationRecord, SearchSettings } from '../../../../protocol/api/kb-evaluations';
import { EvaluationResults } from './evaluation-results';
import { SettingsEditor } from './settings-editor';
import { bestRun } from './settings';

const semantic: SearchSettings = { mode: 'semantic', rerank: false, limit: 5 };
const keyword: SearchSettings = { mode: 'keyword', rerank: false, limit: 1 };

function run(id: string, settings: SearchSettings, hit1: number, mrr: number): EvaluationRecord {
  return {
    id,
    knowledge_base: 'kb',
    created_at: '2026-11-24 10:00:00.000000',
    finished_at: '2026-11-24 10:00:01.000000',
    state: 'done',
    version: 'doc_id',
    test_table: 'files.qa',
    settings,
    metrics: { hit_at_1: hit1, hit_at_5: 1, mrr, ndcg_at_10: mrr, recall_at_k: 1, avg_query_time: 0.004 },
    error: null,
    questions: [
      { question: 'boots for rain', expected: ['1'], rank: 1, retrieved: [], query_ms: 3 },
      {
        question: 'tent for campers',
        expected: ['5'],
        rank: id === 'a' ? null : 2,
        retrieved: [{ id: '4', relevance: 0.7, content: 'This tent sleeps four' }],
        query_ms: 4,
      },
    ],
  };
}

describe('evaluation results', () => {
  it('charts and tables each setting, marks the strictly best, and applies the one chosen', () => {
    const onUse = vi.fn();
    render(
      <EvaluationResults
        runs={[run('a', semantic, 0.5, 0.5), run('b', keyword, 0.5, 0.75)]}
        defaults={semantic}
        onUse={onUse}
        applying={false}
      />,
    );
    const bars = document.querySelectorAll('rect.ev-bar[data-metric="mrr"]');
    expect([...bars].map((b) => b.getAttribute('data-value'))).toEqual(['0.5', '0.75']);
    expect(Number(bars[1].getAttribute('height'))).toBeGreaterThan(Number(bars[0].getAttribute('height')));

    const table = screen.getByRole('table', { name: 'Metrics per setting' });
    const first = within(table).getByRole('row', { name: /1\. Semantic/ });
    const second = within(table).getByRole('row', { name: /2\. Keyword/ });
    expect(within(second).getByText('Best')).toBeInTheDocument();
    expect(within(first).queryByText('Best')).not.toBeInTheDocument();
    expect(within(first).getByText('Current default')).toBeInTheDocument();
    fireEvent.click(within(second).getByRole('button', { name: 'Use these settings' }));
    expect(onUse).toHaveBeenCalledWith(keyword);

    // The best run's missed questions show first; the other's on request, with what came back instead.
    const missed = () => screen.getByRole('list', { name: 'Questions that missed' });
    expect(within(missed()).getByText('found at 2')).toBeInTheDocument();
    fireEvent.click(within(first).getByRole('button', { name: 'Missed questions' }));
    expect(within(missed()).getByText('not found')).toBeInTheDocument();
    expect(within(missed()).getByText(/This tent sleeps four/)).toBeInTheDocument();
  });

  it('names no best run when the top is a tie', () => {
    expect(bestRun([run('a', semantic, 1, 0.5), run('b', keyword, 1, 0.5)])).toBeUndefined();
    expect(bestRun([run('a', semantic, 1, 0.5), run('b', keyword, 1, 0.6)])).toBe(1);
    expect(bestRun([{ metrics: null }])).toBeUndefined();
  });
});

describe('a setting to evaluate', () => {
  it('cannot turn the reranker on for a KB without a reranking model, and says why', () => {
    const onChange = vi.fn();
    render(<SettingsEditor index={0} value={semantic} onChange={onChange} hasReranker={false} />);
    const box = screen.getByRole('checkbox', { name: /Reranker/ });
    expect(box).toBeDisabled();
    expect(screen.getByText(/has no reranking model/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'hybrid' } });
    expect(onChange).toHaveBeenCalledWith({ ...semantic, mode: 'hybrid' });
  });
});
