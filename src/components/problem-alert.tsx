import { problemMessage } from './field-errors';

/** Why a request failed, in plain words, announced as an alert. */
export function ProblemAlert({ error }: { error: unknown }) {
  return (
    <p role="alert" className="error-box">
      {problemMessage(error)}
    </p>
  );
}
