import { ChangesTable } from './changes-table';
import type { Change } from './model-fields/model-draft';

/**
 * Shown after a save when the object read back from the server differs from what was sent: a server that
 * ignores a field (MindsDB reads some settings only in certain places) must never look like a successful
 * save. `changes` run from what the server kept to what was sent.
 */
export function NotKeptNotice({ changes, what }: { changes: Change[]; what: string }) {
  if (changes.length === 0) return null;
  return (
    <div role="alert" className="error-box rp-not-kept">
      <p>
        The server answered the save, but did not keep{' '}
        {changes.length === 1 ? 'this change' : 'these changes'} to the {what}. Your edits are still in the
        form; check the server&apos;s version and try again.
      </p>
      <ChangesTable
        changes={changes}
        caption="Changes the server did not keep"
        columns={[
          { heading: 'Sent', side: 'to' },
          { heading: 'The server kept', side: 'from' },
        ]}
      />
    </div>
  );
}
