import type { AlignType, Paragraph, Root, RootContent, Table, TableRow } from 'mdast';

/**
 * Pipe tables (`| a | b |` over `| --- | --- |`) in answers: agents write query results this way. The markdown
 * parser alone reads them as one paragraph of pipes, so this plugin turns such paragraphs back into tables,
 * from the paragraph's source text. Cells stay plain text (citations in them still become buttons).
 */

const DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** Cells of one row: outer pipes dropped, split on unescaped pipes, `\|` kept as a literal pipe. */
export function splitRow(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && text[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (text[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += text[i];
  }
  cells.push(cell.trim());
  return cells;
}

function alignment(cell: string): AlignType {
  const left = cell.startsWith(':');
  const right = cell.endsWith(':');
  return left && right ? 'center' : right ? 'right' : left ? 'left' : null;
}

const row = (cells: string[], width: number): TableRow => ({
  type: 'tableRow',
  children: Array.from({ length: width }, (_, i) => ({
    type: 'tableCell',
    children: cells[i] ? [{ type: 'text', value: cells[i] }] : [],
  })),
});

/** The table a paragraph's source spells, or null when it is not a pipe table. */
export function tableFromSource(source: string): Table | null {
  const lines = source.split(/\r\n|\r|\n/);
  if (lines.length < 2 || !lines[0].includes('|') || !DELIMITER.test(lines[1])) return null;
  if (!lines.every((l) => l.includes('|'))) return null;
  const header = splitRow(lines[0]);
  const delimiters = splitRow(lines[1]);
  if (delimiters.length !== header.length) return null;
  return {
    type: 'table',
    align: delimiters.map(alignment),
    children: [row(header, header.length), ...lines.slice(2).map((l) => row(splitRow(l), header.length))],
  };
}

export function remarkPipeTables() {
  return (tree: Root, file: { value?: unknown }) => {
    const source = typeof file.value === 'string' ? file.value : '';
    const convert = (node: RootContent): RootContent => {
      if (node.type !== 'paragraph') return node;
      const { start, end } = (node as Paragraph).position ?? {};
      if (start?.offset === undefined || end?.offset === undefined) return node;
      return tableFromSource(source.slice(start.offset, end.offset)) ?? node;
    };
    tree.children = tree.children.map(convert);
  };
}
