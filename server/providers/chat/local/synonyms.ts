import { stem } from './text';

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
for (const group of GROUPS) {
  const stems = group.map((w) => stem(w.toLowerCase()));
  for (const s of stems) {
    const set = SYNONYMS.get(s) ?? new Set<string>();
    for (const other of stems) if (other !== s) set.add(other);
    SYNONYMS.set(s, set);
  }
}

/** The stems a question's stem also matches (itself excluded). */
export const synonymsOf = (term: string): ReadonlySet<string> => SYNONYMS.get(term) ?? new Set();
