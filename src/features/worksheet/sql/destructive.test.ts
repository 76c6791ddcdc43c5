import { describe, expect, it } from 'vitest';
import { destructiveAction } from './destructive';

describe('destructiveAction', () => {
  it('flags DROP of any object, in any case', () => {
    expect(destructiveAction('drop knowledge_base kb')).toEqual({ verb: 'DROP', everyRow: false });
    expect(destructiveAction('DROP PROJECT IF EXISTS p')).toEqual({ verb: 'DROP', everyRow: false });
  });

  it('flags DELETE and says when it has no WHERE', () => {
    expect(destructiveAction("DELETE FROM kb WHERE id = 'x'")).toEqual({ verb: 'DELETE', everyRow: false });
    expect(destructiveAction('DELETE FROM kb')).toEqual({ verb: 'DELETE', everyRow: true });
  });

  it('does not take a WHERE inside a string or comment as a condition', () => {
    expect(destructiveAction('DELETE FROM t -- WHERE id = 1\n')?.everyRow).toBe(true);
    expect(destructiveAction('DELETE FROM `where`')?.everyRow).toBe(true);
  });

  it('flags TRUNCATE', () => {
    expect(destructiveAction('TRUNCATE TABLE t')?.verb).toBe('TRUNCATE');
  });

  it('leaves other statements alone, even when they mention drop or delete', () => {
    expect(destructiveAction("SELECT 'drop table t'")).toBeNull();
    expect(destructiveAction('SELECT deleted FROM t')).toBeNull();
    expect(destructiveAction('/* DROP */ SELECT 1')).toBeNull();
    expect(destructiveAction('"DROP" x')).toBeNull();
    expect(destructiveAction('')).toBeNull();
  });
});
