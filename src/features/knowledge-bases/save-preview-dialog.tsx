import { ChangesTable } from '../../components/changes-table';
import { DialogActions, ModalDialog } from '../../components/modal-dialog';
import type { Change } from '../../components/model-fields/model-draft';

/** Shows what a save will change before it is sent. */
export function SavePreviewDialog(props: {
  name: string;
  changes: Change[];
  pending: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  const { name, changes, pending, onSave, onClose } = props;
  return (
    <ModalDialog title={`Save changes to ${name}?`} onClose={onClose} className="kb-preview">
      <p className="muted">
        {changes.length === 1 ? 'One setting changes:' : `${changes.length} settings change:`}
      </p>
      <ChangesTable changes={changes} caption="Settings that change" />
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
