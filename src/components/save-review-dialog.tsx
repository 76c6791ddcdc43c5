import type { ReactNode } from 'react';
import { ChangesTable } from './changes-table';
import { DialogActions, ModalDialog } from './modal-dialog';
import type { Change } from './model-fields/model-draft';

/**
 * Shows what a save will change before it is sent, and (as children, below the table) anything else the
 * user should know before saving. Every settings form reviews its save with it, so that each asks the same
 * way: the changes, "Keep editing", and the save button saying what it is doing while it runs.
 */
export function SaveReviewDialog(props: {
  /** The dialog's question; by default "Save changes to <name>?". */
  title?: string;
  name?: string;
  changes: Change[];
  /** The changes table's caption (read by screen readers). */
  caption?: string;
  /** Says how many settings change above the table. */
  countLine?: boolean;
  pending: boolean;
  /** The save button while the save runs, and before. */
  pendingLabel?: string;
  saveLabel?: string;
  /** A save that takes something away: the button is red and "Keep editing" has the focus. */
  danger?: boolean;
  onSave: () => void;
  onClose: () => void;
  className?: string;
  children?: ReactNode;
}) {
  const { changes, pending, onSave, onClose, className, children, danger = false } = props;
  const title = props.title ?? `Save changes to ${props.name}?`;
  return (
    <ModalDialog title={title} onClose={onClose} className={className}>
      {(props.countLine ?? true) && (
        <p className="muted">
          {changes.length === 1 ? 'One setting changes:' : `${changes.length} settings change:`}
        </p>
      )}
      <ChangesTable changes={changes} caption={props.caption ?? 'Settings that change'} />
      {children}
      <DialogActions>
        <button type="button" className="btn" onClick={onClose} autoFocus={danger}>
          Keep editing
        </button>
        <button
          type="button"
          className={danger ? 'btn btn-danger' : 'btn btn-primary'}
          disabled={pending}
          onClick={onSave}
          autoFocus={!danger}
        >
          {pending ? (props.pendingLabel ?? 'Saving…') : (props.saveLabel ?? 'Save changes')}
        </button>
      </DialogActions>
    </ModalDialog>
  );
}
