import type { Root } from 'mdast';

/**
 * Chunk ids cited in an answer: `<id>:<column>:<n>of<m>:<start>to<end>`, bare, in brackets, or several in one
 * pair of brackets separated by commas or semicolons.
 */
const PART = String.raw`[^\s\[\]():,;'"\x60]+`;
const ID = String.raw`${PART}:${PART}:\d+of\d+:\d+to\d+`;
const CITATION = new RegExp(String.raw`\[\s*(${ID}(?:\s*[,;]\s*${ID})*)\s*\]|(${ID})`, 'g');
const ONE = new RegExp(ID, 'g');

export type Segment = { text: string } | { chunkId: string };

/** Splits text into plain runs and cited chunk ids; the brackets around ids are dropped. */
export function splitCitations(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    if (match.index > last) out.push({ text: text.slice(last, match.index) });
    const ids = match[1] ? match[1].match(ONE)! : [match[2]];
    for (const chunkId of ids) out.push({ chunkId });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** The distinct chunk ids an answer cites, in order of first mention. */
export const citedChunkIds = (text: string): string[] => [
  ...new Set(splitCitations(text).flatMap((s) => ('chunkId' in s ? [s.chunkId] : []))),
];

interface Node {
  type: string;
  value?: string;
  children?: Node[];
  data?: Record<string, unknown>;
}

/** Inside these the text is already interactive or literal: leave it alone. */
const SKIP = new Set(['link', 'linkReference', 'inlineCode', 'code', 'html']);

function citationNode(chunkId: string): Node {
  return {
    type: 'chunkCitation',
    // Rendered as a <cite data-chunk-id> element, which the answer view maps to a button.
    data: { hName: 'cite', hProperties: { dataChunkId: chunkId } },
    children: [{ type: 'text', value: chunkId }],
  };
}

function walk(node: Node): void {
  if (!node.children || SKIP.has(node.type)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type !== 'text' || !child.value) {
      walk(child);
      return [child];
    }
    const segments = splitCitations(child.value);
    if (segments.length === 1 && 'text' in segments[0]) return [child];
    return segments.map((s) => ('text' in s ? { type: 'text', value: s.text } : citationNode(s.chunkId)));
  });
}

/** A remark plugin that turns cited chunk ids in the answer's text into citation elements. */
export function remarkCitations() {
  return (tree: Root) => walk(tree as unknown as Node);
}
