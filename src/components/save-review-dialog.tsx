import type { ReactNode } from 'react';
import { ChangesTable } from './changes-table';
import { DialogActions, ModalDialog } from './modal-dialog';
import type { Change } from './model-fields/model-draft';

/**
 * Shows what a save will change before it is sent, and (as children) anything else the user should know
 * before saving.
 */
export function SaveReviewDialog(props: {
  name: string;
  changes: Change[];
  pending: boolean;
  onSave: () => void;
  onClose: () => void;
  className?: string;
  children?: ReactNode;
}) {
  const { name, changes, pending, onSave, onClose, className, children } = props;
  return (
    <ModalDialog title={`Save changes to ${name}?`} onClose={onClose} className={className}>
      <p className="muted">
        {changes.length === 1 ? 'One setting changes:' : `${changes.length} settings change:`}
      </p>
      <ChangesTable changes={changes} caption="Settings that change" />
      {children}
      <DialogActions>
        <button type="button" className="btn" onClick={onClose}>
          Keep editing
        </button>
        <button type="button" className="btn btn-primary" disabled={pending} onClick={onSave} autoFocus>
          {pending ? 'Saving…' : 'Save changes'}
        </button>
      </DialogActions>
    </ModalDialog>
  );
}
