import { shortTimestamp } from './format';
import type { Change } from './model-fields/model-draft';

/** "What will change" before a save: each setting with its value now and after. */
export function ChangesTable({ changes, caption }: { changes: Change[]; caption: string }) {
  return (
    <table className="rp-changes">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Setting</th>
          <th scope="col">Now</th>
          <th scope="col">After saving</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c, i) => (
          <tr key={`${c.label}-${i}`}>
            <th scope="row">{c.label}</th>
            <td className="is-from">{c.from}</td>
            <td className="is-to">{c.to}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Fields whose values are secrets: a server may send them in clear (MindsDB does for agent keys). */
const SECRET_FIELD = /(^|_)(key|secret|password|token)$/i;

/** A JSON.stringify replacer that never lets a secret reach the page. */
function maskSecrets(key: string, value: unknown): unknown {
  return SECRET_FIELD.test(key) && typeof value === 'string' && value !== '' ? '******' : value;
}

/** The object the server returned, as it sent it (secrets masked), so the user can check what was saved. */
function SavedObject({
  value,
  summary = 'Saved object, as the server returned it',
}: {
  value: unknown;
  summary?: string;
}) {
  return (
    <details className="rp-saved">
      <summary>{summary}</summary>
      <pre className="rp-json">{JSON.stringify(value, maskSecrets, 2)}</pre>
    </details>
  );
}

/** Says when an edit was saved and shows the object the server returned; the form already shows it too. */
export function SavedNotice({ saved }: { saved: { updated_at?: string | null } }) {
  return (
    <div className="rp-saved-notice">
      <p role="status" className="rp-status">
        Saved{saved.updated_at ? ` at ${shortTimestamp(saved.updated_at)}` : ''}. The form shows what the
        server returned.
      </p>
      <SavedObject value={saved} />
    </div>
  );
}
