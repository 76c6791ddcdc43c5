import { describe, expect, it } from 'vitest';
import { planRun } from './run-plan';

const doc = 'SELECT 1;\nSELECT 2;\nSELECT 3;';
const texts = (sel: { from: number; to: number }, mode: 'current' | 'all') =>
  planRun(doc, sel, mode).map((s) => s.text);

describe('planRun', () => {
  it('runs the statement under the cursor', () => {
    const pos = doc.indexOf('2');
    expect(texts({ from: pos, to: pos }, 'current')).toEqual(['SELECT 2']);
  });

  it('runs the selection, split into statements, at document offsets', () => {
    const from = doc.indexOf('SELECT 2');
    const plan = planRun(doc, { from, to: doc.length }, 'current');
    expect(plan.map((s) => s.text)).toEqual(['SELECT 2', 'SELECT 3']);
    expect(doc.slice(plan[1].from, plan[1].to)).toBe('SELECT 3');
  });

  it('runs a partial selection as written', () => {
    expect(texts({ from: 7, to: 8 }, 'current')).toEqual(['1']);
  });

  it('accepts a backwards selection', () => {
    expect(texts({ from: 8, to: 0 }, 'current')).toEqual(['SELECT 1']);
  });

  it('runs everything in "all" mode, whatever the selection', () => {
    expect(texts({ from: 0, to: 3 }, 'all')).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3']);
  });

  it('runs nothing in an empty worksheet', () => {
    expect(planRun('  -- nothing\n', { from: 0, to: 0 }, 'current')).toEqual([]);
  });
});
