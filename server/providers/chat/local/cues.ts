import { stem } from './text';

/**
 * What kind of answer a question asks for, and whether a sentence has that kind: "how long" wants a duration,
 * "how much" a price, "which version" a version number, "at what address" an address, "how do I" an
 * instruction. A passage holding such a sentence answers; one that only shares the question's words may not
 * (the file formats article mentions uploading CSV files, the upload article says which button to click).
 * These are the answer types of question answering, each told by the question's wording and a sentence's form;
 * none names a topic.
 */
export type Cue = (sentence: string) => boolean;

const NUMBER =
  '(?:\\d+(?:[.,:]\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|thirty)';
const DURATION = new RegExp(
  `\\b${NUMBER}\\s+(?:working\\s+|business\\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\\b|\\bnext (?:working )?day\\b`,
  'i',
);
const MONEY = /(?:[$€£]\s?\d)|\b\d+(?:[.,]\d+)?\s*(?:euros?|dollars?|pounds?|usd|eur|gbp|cents?)\b|\bfree\b/i;
const CLOCK =
  /\b\d{1,2}[:.]\d{2}\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|noon|evening)\b/i;
const COUNT = /\b\d+\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\b/i;
/**
 * A measure: digits with a unit of length, depth, size or weight ("50 metres", "63 characters", "2 MB"); not
 * "one row", which counts rather than measures.
 */
const MEASURE =
  /\b\d+(?:[.,]\d+)?\s*(?:m|metres?|meters?|cm|mm|km|feet|foot|ft|inch(?:es)?|characters?|bytes?|kb|mb|gb|tb|kib|mib|gib|g|grams?|kg|kilos?|lbs?)\b/i;
/**
 * A version: a product name or "v" followed by a number ("Node 20 or newer", "v2.1", "version 3"); not the
 * numbers of an address ("127.0.0.1", "host:8080"), which only look like one.
 */
const VERSION =
  /(?<![\w./:])(?:v|version\s+)?\d+(?:\.\d+){1,2}(?![\w.:])|\b[A-Za-z][\w-]*\s+v?\d+(?:\s+or\s+(?:newer|later|above|higher))?(?![\w.:])/;
/** An address: a URL, a host and port, an IP address or an e-mail address. */
const ADDRESS =
  /\bhttps?:\/\/\S+|\b(?:localhost|[\w-]+(?:\.[\w-]+)+):\d{2,5}\b|\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[\w.+-]+@[\w-]+\.[\w.]+\b/i;
/** A key combination or a key ("Ctrl+Enter", "Shift+Ctrl+Enter", "F2", "Esc"). */
const KEYS =
  /\b(?:ctrl|cmd|control|shift|alt|option|meta)\s*\+\s*\w+|\bF(?:[1-9]|1[0-2])\b|\b(?:esc|escape)\b/i;
/** A formula: arithmetic on named quantities ("1 / (1 + distance)", "score = bm25 * alpha"). */
const FORMULA = /\d\s*[/*+-]\s*\(|\)\s*[/*+-]|\b\w+\s*[/*=]\s*[\w(]|\b\w+\s+[+-]\s+\w+\b/;
/** An instruction: a sentence that starts with a verb telling the reader what to do. */
const INSTRUCTION =
  /^(?:to \w+[^,]*, )?(?:click|run|open|set|type|press|choose|select|use|start|add|write|put|delete|send|create|change|enter|pick|drag|remove|copy|print|ask|search|combine|insert|fill|pass|give|go|call|drop|edit|turn|leave|keep|fix|remove)\b/i;

/**
 * "How many dimensions ...?" is answered by a number of dimensions ("384 dimensions", "the room seats 12"),
 * not by any number: the count must stand within two words of what the question counts (its stem, so "row"
 * meets "rows"). A question that names nothing after "how many" takes any number.
 */
function countOf(question: string): Cue {
  const counted = /\bhow many ([a-z][a-z-]+)/.exec(question)?.[1];
  if (!counted) return (s) => COUNT.test(s);
  const root = stem(counted).replace(/[^a-z-]/g, '');
  const gap = '\\s+(?:[\\w-]+\\s+){0,2}';
  const near = new RegExp(`\\b${NUMBER}${gap}${root}|\\b${root}[\\w-]*${gap}${NUMBER}\\b`, 'i');
  return (s) => near.test(s);
}

const pattern =
  (re: RegExp): Cue =>
  (s) =>
    re.test(s);

/**
 * An answer type: the question wording that asks for it, the test a sentence must pass to give it, and the
 * question's words that name the kind rather than the topic ("how long", "what does it cost", "which
 * version"): a chunk holding a sentence of that kind holds them, whether or not it uses the word ("Our
 * service centre replaces it for 15 euros" answers "what does a new battery cost?"). Checked in order; the
 * first whose wording the question has decides. Words are plain; they are stemmed like the question.
 */
interface AnswerKind {
  asks: RegExp;
  cue: (question: string) => Cue;
  words: string[];
}

const ANSWER_KINDS: AnswerKind[] = [
  {
    // A length of text ("how long can a name be") is a measure, not a span of time.
    asks: /\bhow long (?:can|may|is|are|should) (?:a|an|the)? ?\w+ (?:name|text|string|title|password|message|query)s?\b/,
    cue: () => pattern(MEASURE),
    words: ['long', 'length', 'maximum', 'max', 'big'],
  },
  {
    asks: /\bhow (?:long|soon|quickly|fast)\b|\bhow many (?:seconds|days|weeks|hours|minutes|months|years)\b|\bwhen will\b/,
    cue: () => pattern(DURATION),
    words: [
      'long',
      'soon',
      'quickly',
      'fast',
      'many',
      'time',
      'last',
      'second',
      'day',
      'week',
      'hour',
      'minute',
      'month',
      'year',
    ],
  },
  {
    asks: /\bhow much\b|\bwhat does .* cost\b|\bprice\b|\bcost\b/,
    cue: () => pattern(MONEY),
    words: ['much', 'cost', 'price', 'fee', 'charge', 'expensive', 'cheap'],
  },
  {
    asks: /\bwhat (?:time|hours)\b|\bopening hours\b|\bwhen can i (?:call|phone|reach)\b/,
    cue: () => pattern(CLOCK),
    words: ['time', 'hour', 'open', 'opening'],
  },
  {
    asks: /\bhow (?:big|large|deep|heavy|tall|wide|small|thick)\b|\b(?:what|which|maximum|max|minimum) (?:size|depth|length|weight|height|width)\b|\bto what (?:depth|size|length)\b/,
    cue: () => pattern(MEASURE),
    words: [
      'big',
      'large',
      'deep',
      'depth',
      'heavy',
      'weight',
      'tall',
      'height',
      'wide',
      'width',
      'small',
      'thick',
      'size',
      'length',
      'maximum',
      'max',
      'minimum',
    ],
  },
  { asks: /\bhow many\b/, cue: countOf, words: ['many', 'number'] },
  {
    asks: /\b(?:what|which)(?: \w+)? versions?\b|\bversions? of\b/,
    cue: () => pattern(VERSION),
    words: ['version', 'newer', 'later', 'latest', 'older', 'minimum'],
  },
  {
    asks: /\b(?:what|which)(?: \w+)? (?:address|url|host|port|endpoint)s?\b/,
    cue: () => pattern(ADDRESS),
    words: ['address', 'url', 'host', 'port', 'endpoint'],
  },
  {
    asks: /\b(?:shortcut|hotkey|keyboard|key combination)s?\b|\b(?:what|which) keys?\b/,
    cue: () => pattern(KEYS),
    words: ['shortcut', 'hotkey', 'keyboard', 'key', 'combination', 'press'],
  },
  {
    asks: /\bhow (?:is|are) (?:the |a |an )?[\w ]{1,40}? (?:calculated|computed|worked out|derived|scored)\b|\bwhat (?:is the )?formula\b/,
    cue: () => pattern(FORMULA),
    words: ['calculate', 'calculated', 'compute', 'computed', 'derive', 'derived', 'formula', 'worked'],
  },
  {
    asks: /\bhow (?:do|can|should) (?:i|we|you)\b|\bhow to\b/,
    cue: () => (s) => INSTRUCTION.test(s.trim()),
    words: [],
  },
];

const kindOf = (question: string): AnswerKind | undefined => {
  const q = question.toLowerCase();
  return ANSWER_KINDS.find((k) => k.asks.test(q));
};

/** The test a sentence must pass to answer the question's kind, or null when the question names no kind. */
export function answerCue(question: string): Cue | null {
  const kind = kindOf(question);
  return kind ? kind.cue(question.toLowerCase()) : null;
}

/** The words of a question that a chunk answering its kind holds (see AnswerKind); empty without a kind. */
export function kindWords(question: string): Set<string> {
  return new Set(kindOf(question)?.words ?? []);
}

/**
 * Whether a question asks how to do something: "how do I ...", "how can a script ...", "how to ...". Such a
 * question is answered best by a how-to passage, one whose heading names an action ("Uploading a file").
 */
export const asksHowTo = (question: string): boolean =>
  /\bhow (?:do|can|could|should) (?:i|we|you)\b|\bhow (?:can|could|should) \w+|\bhow to\b/i.test(question);
