import { useSession } from '../../../api/session';

/**
 * A statement the server refused because the login had expired: it did not run. While the login dialog is
 * open this says so; once logged in again it offers to run the statement (and any skipped after it) again,
 * instead of leaving a stale "session ended" message under a session that works.
 */
export function SessionEndedView({ onRerun }: { onRerun?: () => void }) {
  const needsLogin = useSession((s) => s.needsLogin);
  return (
    <div className="outcome outcome-error" role="alert">
      <div className="outcome-error-head">
        <strong>Not run: the session had ended</strong>
      </div>
      {needsLogin ? (
        <p>Log in again to go on: the statement did not run, and nothing was changed.</p>
      ) : (
        <p>
          You are logged in again. The statement did not run when it was sent.{' '}
          {onRerun && (
            <button type="button" className="btn btn-primary" onClick={onRerun}>
              Run it again
            </button>
          )}
        </p>
      )}
    </div>
  );
}
