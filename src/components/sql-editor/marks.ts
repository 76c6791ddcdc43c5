import {
  Decoration,
  EditorView,
  StateEffect,
  StateField,
  type DecorationSet,
  type Range,
} from '@uiw/react-codemirror';

export interface TextRange {
  from: number;
  to: number;
}

/** Where a failed statement went wrong: a precise spot when the server gave one, else the whole statement. */
export interface ErrorMark extends TextRange {
  precise: boolean;
  message: string;
}

const mapRange = <T extends TextRange>(
  value: T | null,
  change: { mapPos: (pos: number, assoc?: number) => number },
) => value && { ...value, from: change.mapPos(value.from, 1), to: change.mapPos(value.to, -1) };

/** Highlights the statement about to run, and keeps it highlighted while it runs. */
export const setRunning = StateEffect.define<TextRange | null>({ map: mapRange });
/** Marks (or clears) the place of the last error. */
export const setErrorMark = StateEffect.define<ErrorMark | null>({ map: mapRange });

const runningMark = Decoration.mark({ class: 'cm-ks-running', attributes: { 'data-running': 'true' } });

function clamp(range: TextRange, length: number): TextRange | null {
  const from = Math.max(0, Math.min(range.from, length));
  const to = Math.max(from, Math.min(range.to, length));
  return to > from ? { from, to } : null;
}

function lineDecorations(state: EditorView['state'], range: TextRange, cls: string): Range<Decoration>[] {
  const out: Range<Decoration>[] = [];
  const first = state.doc.lineAt(range.from).number;
  const last = state.doc.lineAt(range.to).number;
  for (let n = first; n <= last; n++) out.push(Decoration.line({ class: cls }).range(state.doc.line(n).from));
  return out;
}

function errorDecorations(state: EditorView['state'], mark: ErrorMark): DecorationSet {
  const range = clamp(mark, state.doc.length);
  if (!range) return Decoration.none;
  const lines = lineDecorations(state, range, mark.precise ? 'cm-ks-error-line' : 'cm-ks-error-statement');
  const ranges = [...lines];
  // The title makes the message readable on hover, and lets the mark be found by what it says.
  if (mark.precise) {
    ranges.push(
      Decoration.mark({ class: 'cm-ks-error-mark', attributes: { title: mark.message } }).range(
        range.from,
        range.to,
      ),
    );
  }
  return Decoration.set(ranges, true);
}

const runningField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, tr) {
    let next = decorations.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setRunning)) continue;
      const range = e.value && clamp(e.value, tr.state.doc.length);
      next = range ? Decoration.set([runningMark.range(range.from, range.to)]) : Decoration.none;
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});

const errorField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, tr) {
    let next = decorations.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(setErrorMark)) next = e.value ? errorDecorations(tr.state, e.value) : Decoration.none;
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});

export const runMarks = [runningField, errorField];
