import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { EditorView } from '@uiw/react-codemirror';

/**
 * Editor colours come from the console's CSS variables (see sql-editor.css for the syntax ones), so the
 * editor turns light or dark with the rest of the page (the OS setting, or the user's choice) and needs no
 * theme switch of its own.
 */
const chrome = EditorView.theme({
  '&': { height: '100%', backgroundColor: 'var(--bg-elev)', color: 'var(--fg)', fontSize: '13px' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.55' },
  '.cm-content': { caretColor: 'var(--fg)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: 'var(--ks-editor-selection)' },
  '.cm-activeLine': { backgroundColor: 'var(--ks-editor-active-line)' },
  '.cm-gutters': { backgroundColor: 'var(--bg-elev)', color: 'var(--fg-muted)', border: 'none' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--ks-editor-active-line)', color: 'var(--fg)' },
  '.cm-matchingBracket, .cm-nonmatchingBracket': {
    backgroundColor: 'var(--ks-editor-bracket)',
    outline: 'none',
  },
  '.cm-selectionMatch': { backgroundColor: 'var(--ks-editor-match)' },
  '.cm-searchMatch': { backgroundColor: 'var(--ks-editor-match)', outline: '1px solid var(--warn)' },
  '.cm-tooltip': {
    backgroundColor: 'var(--bg-elev)',
    color: 'var(--fg)',
    border: '1px solid var(--border)',
    borderRadius: '6px',
    boxShadow: '0 6px 20px rgb(0 0 0 / 0.18)',
  },
  '.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--mono)', maxHeight: '16em' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--accent)',
    color: 'var(--accent-fg)',
  },
  '.cm-completionDetail': { color: 'inherit', opacity: 0.7, fontStyle: 'normal', marginLeft: '1em' },
  '.cm-panels': { backgroundColor: 'var(--bg-sunken)', color: 'var(--fg)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-textfield': {
    backgroundColor: 'var(--bg-elev)',
    border: '1px solid var(--border)',
    color: 'var(--fg)',
  },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: 'var(--bg-elev)',
    border: '1px solid var(--border)',
  },
  '.cm-foldPlaceholder': {
    backgroundColor: 'var(--bg-sunken)',
    border: '1px solid var(--border)',
    color: 'var(--fg-muted)',
  },
});

const syntax = HighlightStyle.define([
  { tag: [t.keyword, t.operatorKeyword, t.modifier], color: 'var(--ks-sql-keyword)', fontWeight: '600' },
  { tag: [t.string, t.special(t.string)], color: 'var(--ks-sql-string)' },
  { tag: [t.number, t.bool, t.null], color: 'var(--ks-sql-number)' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--ks-sql-comment)', fontStyle: 'italic' },
  { tag: [t.typeName, t.standard(t.name)], color: 'var(--ks-sql-type)' },
  { tag: [t.special(t.name), t.quote], color: 'var(--ks-sql-name)' },
  { tag: [t.operator, t.punctuation, t.brace, t.bracket, t.paren], color: 'var(--fg-muted)' },
]);

export const editorTheme = [chrome, syntaxHighlighting(syntax)];
