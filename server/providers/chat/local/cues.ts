import { stem } from './text';

/**
 * What kind of answer a question asks for, and whether a sentence has that kind: "how long" wants a duration,
 * "how much" a price, "how do I" an instruction. A passage holding such a sentence answers; one that only
 * shares the question's words may not (the file formats article mentions uploading CSV files, the upload
 * article says which button to click).
 */
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

/** An instruction: a sentence that starts with a verb telling the reader what to do. */
const INSTRUCTION =
  /^(?:to \w+[^,]*, )?(?:click|run|open|set|type|press|choose|select|use|start|add|write|put|delete|send|create|change|enter|pick|drag|remove|copy|print|ask|search|combine|insert|fill|pass|give|go|call|drop|edit|turn|leave|keep|fix|remove)\b/i;

export type Cue = (sentence: string) => boolean;

/** The test a sentence must pass to answer the question's kind, or null when the question names no kind. */
export function answerCue(question: string): Cue | null {
  const q = question.toLowerCase();
  if (
    /\bhow long\b(?! (?:can|may|is|are) (?:a|an|the)? ?\w+ (?:name|text|string)s?\b)|\bhow (?:soon|quickly|fast)\b|\bhow many (?:seconds|days|weeks|hours|minutes|months|years)\b|\bwhen will\b/.test(
      q,
    )
  )
    return (s) => DURATION.test(s);
  if (/\bhow much\b|\bwhat does .* cost\b|\bprice\b|\bcost\b/.test(q)) return (s) => MONEY.test(s);
  if (/\bwhat (?:time|hours)\b|\bopening hours\b|\bwhen can i (?:call|phone|reach)\b/.test(q))
    return (s) => CLOCK.test(s);
  if (/\bhow many\b/.test(q)) return countOf(q);
  if (/\bhow (?:do|can|should) (?:i|we|you)\b|\bhow to\b/.test(q)) return (s) => INSTRUCTION.test(s.trim());
  return null;
}

/**
 * Words that name the kind of answer rather than its topic ("how long", "what does it cost"): a chunk holding
 * a sentence of that kind holds them, whether or not it uses the word ("Our service centre replaces it for
 * 15 euros" answers "what does a new battery cost?"). Plain words; they are stemmed like the question.
 */
const KIND_WORDS: [RegExp, string[]][] = [
  [
    /\bhow (?:long|soon|quickly|fast)\b|\bhow many (?:seconds|days|weeks|hours|minutes|months|years)\b|\bwhen will\b/,
    [
      'long',
      'soon',
      'quickly',
      'fast',
      'many',
      'time',
      'second',
      'day',
      'week',
      'hour',
      'minute',
      'month',
      'year',
    ],
  ],
  [/\bhow much\b|\bcost\b|\bprice\b/, ['much', 'cost', 'price', 'fee', 'charge', 'expensive', 'cheap']],
  [/\bwhat (?:time|hours)\b|\bopening hours\b|\bwhen can i\b/, ['time', 'hour', 'open', 'opening']],
  [/\bhow many\b/, ['many', 'number']],
];

/** The words of a question that a chunk answering its kind holds (see KIND_WORDS); empty without a kind. */
export function kindWords(question: string): Set<string> {
  const q = question.toLowerCase();
  if (answerCue(q) === null) return new Set();
  const entry = KIND_WORDS.find(([pattern]) => pattern.test(q));
  return new Set(entry ? entry[1] : []);
}

/**
 * Whether a question asks how to do something: "how do I ...", "how can a script ...", "how to ...". Such a
 * question is answered best by a how-to passage, one whose heading names an action ("Uploading a file").
 */
export const asksHowTo = (question: string): boolean =>
  /\bhow (?:do|can|could|should) (?:i|we|you)\b|\bhow (?:can|could|should) \w+|\bhow to\b/i.test(question);
