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
      <table className="rp-changes">
        <caption className="sr-only">Changes the server did not keep</caption>
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">Sent</th>
            <th scope="col">The server kept</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c, i) => (
            <tr key={`${c.label}-${i}`}>
              <th scope="row">{c.label}</th>
              <td className="is-to">{c.to}</td>
              <td className="is-from">{c.from}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
