import { shiftStatements, splitStatements, statementAt, type Statement } from './split-statements';

export type RunMode = 'current' | 'all';

/**
 * Which statements a run means. `all`: every statement of the worksheet. `current`: the selected text (split,
 * so a selection of several statements gives one result each) or, with nothing selected, the statement
 * under the cursor. Offsets are document offsets, so the editor can highlight and mark errors in place.
 */
export function planRun(doc: string, selection: { from: number; to: number }, mode: RunMode): Statement[] {
  if (mode === 'all') return splitStatements(doc);
  if (selection.from !== selection.to) {
    const from = Math.min(selection.from, selection.to);
    const to = Math.max(selection.from, selection.to);
    return shiftStatements(splitStatements(doc.slice(from, to)), from);
  }
  const statement = statementAt(doc, splitStatements(doc), selection.from);
  return statement ? [statement] : [];
}
