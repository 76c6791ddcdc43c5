import type { DescribeKind, QualifiedName, Statement } from './ast';
import { readVersionedName } from './parse-unserved';
import type { TokenStream } from './token-stream';

/** The words of each kind DESCRIBE takes, as MindsDB reads them (singular or plural). */
const KINDS: [string[], DescribeKind][] = [
  [['knowledge_base'], 'knowledge_base'],
  [['knowledge_bases'], 'knowledge_base'],
  [['knowledge', 'base'], 'knowledge_base'],
  [['knowledge', 'bases'], 'knowledge_base'],
  [['agent'], 'agent'],
  [['agents'], 'agent'],
  [['view'], 'view'],
  [['views'], 'view'],
  [['job'], 'job'],
  [['jobs'], 'job'],
  [['project'], 'project'],
  [['projects'], 'project'],
  [['database'], 'database'],
  [['databases'], 'database'],
  [['model'], 'model'],
  [['models'], 'model'],
  [['predictor'], 'model'],
  [['predictors'], 'model'],
  [['skill'], 'skill'],
  [['skills'], 'skill'],
  [['chatbot'], 'chatbot'],
  [['chatbots'], 'chatbot'],
  [['trigger'], 'trigger'],
  [['triggers'], 'trigger'],
  [['ml_engine'], 'ml_engine'],
  [['ml_engines'], 'ml_engine'],
  [['handler'], 'handler'],
  [['handlers'], 'handler'],
];

/**
 * `DESCRIBE | DESC [kind] name`, called with DESCRIBE next. The kind is read only when a name follows it
 * (`DESCRIBE view` describes an object named view). A model's name may carry its version and an attribute
 * (`DESCRIBE MODEL p.m.2.features`), so its parts may be numbers.
 */
export function parseDescribe(ts: TokenStream): Statement {
  ts.next();
  const start = ts.position;
  const found = KINDS.find(([words]) => ts.acceptKeyword(...words));
  let objectType = found?.[1];
  if (objectType && ts.atEnd()) {
    while (ts.position > start) ts.back();
    objectType = undefined;
  }
  const offset = ts.peek().offset;
  const name: QualifiedName =
    objectType === 'model'
      ? { parts: readVersionedName(ts, 'a model'), offset }
      : ts.qualifiedName('an object');
  ts.expectEnd();
  return { kind: 'describe', objectType, name };
}
