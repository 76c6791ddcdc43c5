import { stem, terms } from './text';

/**
 * Words that a question and the text answering it often use for one another. A small, general list (common
 * English of software, shops and support), not a thesaurus: each group is a set of interchangeable words, and a
 * question's word matches a passage holding any word of its group. Entries are plain words; they are stemmed
 * like the text they meet.
 */
const GROUPS: string[][] = [
  ['delete', 'remove', 'drop', 'erase', 'discard', 'rid'],
  ['cancel', 'stop', 'abort', 'interrupt', 'halt'],
  ['create', 'make', 'add', 'new', 'build'],
  ['change', 'edit', 'modify', 'alter', 'update', 'switch', 'replace'],
  ['find', 'search', 'look', 'locate'],
  ['download', 'export', 'save'],
  ['upload', 'import', 'load'],
  ['spreadsheet', 'csv', 'excel', 'sheet'],
  ['folder', 'directory', 'dir'],
  ['disk', 'storage', 'store', 'stored', 'saved'],
  ['password', 'passphrase', 'credential'],
  ['login', 'log', 'sign', 'signin'],
  ['kick', 'logout', 'expel'],
  ['app', 'application', 'console'],
  ['key', 'secret', 'api_key', 'apikey'],
  ['show', 'display', 'reveal', 'visible'],
  ['address', 'url', 'host'],
  ['script', 'program', 'code'],
  ['query', 'statement', 'sql'],
  ['size', 'length', 'big', 'large'],
  ['piece', 'chunk', 'part', 'fragment'],
  ['assistant', 'agent', 'bot'],
  ['llama', 'ollama'],
  ['machine', 'computer', 'laptop'],
  ['model', 'llm', 'provider'],
  ['vector', 'embedding'],
  ['problem', 'bug', 'issue', 'error', 'fail'],
  ['refund', 'repay', 'reimburse', 'repayment'],
  ['send', 'ship', 'post', 'mail'],
  ['purchase', 'order', 'buy', 'bought'],
  ['postage', 'shipping', 'delivery'],
  ['parcel', 'package', 'delivery', 'shipment'],
  ['cell', 'battery'],
  ['cost', 'price', 'fee', 'charge'],
  ['swim', 'swimming', 'bathe'],
  ['rash', 'itch', 'irritate', 'irritation', 'allergy', 'allergic', 'hives'],
  ['band', 'strap', 'bracelet'],
  ['phone', 'call', 'telephone', 'ring'],
  ['broken', 'faulty', 'defect', 'defective', 'broke'],
  ['guarantee', 'warranty'],
];

const SYNONYMS = new Map<string, Set<string>>();
/** The same groups as words, for a search: stem -> the other words of its groups. */
const SYNONYM_WORDS = new Map<string, Set<string>>();
for (const group of GROUPS) {
  const stems = group.map((w) => stem(w.toLowerCase()));
  stems.forEach((s) => {
    const set = SYNONYMS.get(s) ?? new Set<string>();
    const words = SYNONYM_WORDS.get(s) ?? new Set<string>();
    stems.forEach((other, j) => {
      if (other === s) return;
      set.add(other);
      words.add(group[j]);
    });
    SYNONYMS.set(s, set);
    SYNONYM_WORDS.set(s, words);
  });
}

/**
 * The question with the other words of its terms' synonym groups appended, for a second search that finds
 * passages written in other words than the question's; null when no term has synonyms.
 */
export function expandQuery(text: string): string | null {
  const extra = new Set<string>();
  const own = new Set(terms(text));
  for (const t of own) for (const w of SYNONYM_WORDS.get(t) ?? []) if (!own.has(stem(w))) extra.add(w);
  return extra.size > 0 ? `${text} ${[...extra].join(' ')}` : null;
}

/** The stems a question's stem also matches (itself excluded). */
export const synonymsOf = (term: string): ReadonlySet<string> => SYNONYMS.get(term) ?? new Set();
