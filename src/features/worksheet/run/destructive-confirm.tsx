import { ConfirmDialog } from '../../../components/confirm-dialog';
import { statementSummary } from '../format';
import type { DestructiveStatement } from './use-runner';

export interface DestructiveConfirmProps {
  pending: DestructiveStatement[] | null;
  onAnswer: (go: boolean) => void;
}

/** Asks before DROP, DELETE and TRUNCATE, naming each statement and warning when a DELETE has no WHERE. */
export function DestructiveConfirm({ pending, onAnswer }: DestructiveConfirmProps) {
  const count = pending?.length ?? 0;
  return (
    <ConfirmDialog
      open={count > 0}
      title={count === 1 ? `Run this ${pending![0].action.verb}?` : `Run these ${count} statements?`}
      confirmLabel={count === 1 ? `Run ${pending![0].action.verb}` : 'Run them'}
      danger
      onConfirm={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    >
      <p>This cannot be undone from the console.</p>
      <ul className="destructive-list">
        {pending?.map(({ statement, action }) => (
          <li key={statement.from}>
            <code>{statementSummary(statement.text, 120)}</code>
            {action.everyRow && (
              <strong className="destructive-every-row"> — no WHERE: deletes every row</strong>
            )}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
