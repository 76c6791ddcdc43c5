import type { Statement } from './ast';
import type { TokenStream } from './token-stream';

/**
 * `START TRANSACTION [READ ONLY | READ WRITE | WITH CONSISTENT SNAPSHOT, ...]`, `BEGIN [WORK]`,
 * `COMMIT [WORK] [AND [NO] CHAIN] [[NO] RELEASE]`, `ROLLBACK [WORK] ... [TO [SAVEPOINT] s]`: what MySQL clients wrap their
 * statements in. Each statement here is applied when it runs, so, as MindsDB does, these are accepted and do
 * nothing. Called with the first word next.
 */
export function parseTransaction(ts: TokenStream): Statement {
  const word = ts.next().value.toLowerCase();
  if (word === 'start') ts.expectKeyword('transaction');
  const action = word === 'start' || word === 'begin' ? 'begin' : (word as 'commit' | 'rollback');
  const modes = [
    ['read', 'only'],
    ['read', 'write'],
    ['with', 'consistent', 'snapshot'],
    ['and', 'no', 'chain'],
    ['and', 'chain'],
    ['no', 'release'],
    ['release'],
    ['work'],
  ];
  do {
    if (!modes.some((m) => ts.acceptKeyword(...m))) break;
  } while (ts.acceptOp(',') || !ts.atEnd());
  // ROLLBACK [WORK] TO [SAVEPOINT] s: back to a savepoint, of which there are none to go back to either.
  if (action === 'rollback' && ts.acceptKeyword('to')) {
    ts.acceptKeyword('savepoint');
    ts.identifier('a savepoint');
  }
  ts.expectEnd();
  return { kind: 'transaction', action };
}
