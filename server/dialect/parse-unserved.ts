import type { Statement, UnservedFeature } from './ast';
import type { TokenStream } from './token-stream';

/** What a statement of an unserved feature does. */
export type UnservedAction = 'create' | 'drop' | 'update' | 'retrain' | 'finetune';

/** The words that name each feature after CREATE, DROP or UPDATE. */
const NOUNS: [string[], UnservedFeature][] = [
  [['anomaly', 'detection', 'model'], 'model'],
  [['model'], 'model'],
  [['predictor'], 'model'],
  [['ml_engine'], 'ml_engine'],
  [['chatbot'], 'chatbot'],
  [['skill'], 'skill'],
  [['trigger'], 'trigger'],
  [['dataset'], 'dataset'],
];

/**
 * A statement of one of MindsDB's features this server does not offer, called after its verb (and OR
 * REPLACE): `CREATE [ANOMALY DETECTION] MODEL | PREDICTOR ...`, `RETRAIN [MODEL] m ...`, `FINETUNE [MODEL] m
 * ...`, `CREATE | DROP ML_ENGINE`, `CREATE | UPDATE | DROP CHATBOT | SKILL`, `CREATE | DROP TRIGGER`, `DROP
 * DATASET`. The head is read (the feature, IF [NOT] EXISTS, the name); what follows it is MindsDB's own syntax
 * for that feature and is not read further, since the statement is answered by saying the feature is not
 * offered (a DROP ... IF EXISTS has nothing to do). Undefined when the words name no such feature.
 */
export function parseUnserved(ts: TokenStream, action: UnservedAction): Statement | undefined {
  let feature: UnservedFeature | undefined;
  if (action === 'retrain' || action === 'finetune') {
    if (!ts.acceptKeyword('model')) ts.acceptKeyword('predictor');
    feature = 'model';
  } else {
    feature = NOUNS.find(([words]) => ts.acceptKeyword(...words))?.[1];
    if (!feature) return undefined;
  }
  const ifExists = ts.acceptKeyword('if', 'exists');
  if (!ifExists) ts.acceptKeyword('if', 'not', 'exists');
  const name = readVersionedName(ts, `the ${feature.replace('_', ' ')}'s name`);
  while (!ts.atEnd()) ts.next();
  ts.expectEnd();
  return { kind: 'unserved', feature, action, name: name.join('.'), ifExists };
}

/**
 * A dotted name whose parts may be numbers, as a model's version is (`p.m.2`, `p.m.2.features`). The
 * tokenizer reads `.2` as a number, so such a token is a dot and a part.
 */
export function readVersionedName(ts: TokenStream, what: string): string[] {
  const parts: string[] = [];
  for (;;) {
    const t = ts.peek();
    if (t.kind === 'number' && /^\d+$/.test(t.value)) parts.push(ts.next().value);
    else if (t.kind === 'ident' || t.kind === 'quoted_ident') parts.push(ts.next().value);
    else ts.fail(`expected ${what}`);
    const after = ts.peek();
    if (after.kind === 'number' && /^\.\d+$/.test(after.value)) {
      parts.push(ts.next().value.slice(1));
      if (!ts.acceptOp('.')) return parts;
    } else if (!ts.acceptOp('.')) return parts;
  }
}
