import { maskSecrets } from '../../protocol/secrets';
import { formatMoment } from './format';
import type { Change } from './model-fields/model-draft';

/** One column of values: its heading and which side of each change it shows. */
interface ChangesColumn {
  heading: string;
  side: 'from' | 'to';
}

const BEFORE_SAVING: readonly [ChangesColumn, ChangesColumn] = [
  { heading: 'Now', side: 'from' },
  { heading: 'After saving', side: 'to' },
];

/**
 * Settings with two values each: by default "what will change" before a save (the value now, then after);
 * `columns` names and orders them for other uses (what was sent beside what the server kept).
 */
export function ChangesTable({
  changes,
  caption,
  columns = BEFORE_SAVING,
}: {
  changes: Change[];
  caption: string;
  columns?: readonly [ChangesColumn, ChangesColumn];
}) {
  return (
    <table className="rp-changes">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Setting</th>
          {columns.map((c) => (
            <th key={c.side} scope="col">
              {c.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {changes.map((change, i) => (
          <tr key={`${change.label}-${i}`}>
            <th scope="row">{change.label}</th>
            {columns.map((c) => (
              <td key={c.side} className={`is-${c.side}`}>
                {change[c.side]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
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
      {/* A server may send secrets in clear (MindsDB does for agent keys): the page never shows them. */}
      <pre className="rp-json">{JSON.stringify(maskSecrets(value), null, 2)}</pre>
    </details>
  );
}

/** Says when an edit was saved and shows the object the server returned; the form already shows it too. */
export function SavedNotice({ saved }: { saved: { updated_at?: string | null } }) {
  return (
    <div className="rp-saved-notice">
      <p role="status" className="rp-status">
        Saved{saved.updated_at ? ` at ${formatMoment(saved.updated_at)}` : ''}. The form shows what the server
        returned.
      </p>
      <SavedObject value={saved} />
    </div>
  );
}
