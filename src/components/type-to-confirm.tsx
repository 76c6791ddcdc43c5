import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DialogActions, ModalDialog } from './modal-dialog';

export interface TypeToConfirmProps {
  title: string;
  /** The text the user must type, usually the object's name. */
  confirmText: string;
  /** What will happen, and what depends on the object. */
  children?: ReactNode;
  actionLabel: string;
  /** Shown on the button while the action runs. */
  pendingLabel?: string;
  pending?: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive action that runs only once the user has typed the object's name. */
export function TypeToConfirm(props: TypeToConfirmProps) {
  const { title, confirmText, children, actionLabel, pending, error, onConfirm, onClose } = props;
  const pendingLabel = props.pendingLabel ?? `${actionLabel}…`;
  const [typed, setTyped] = useState('');
  const id = useId();
  const matches = typed === confirmText;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches && !pending) onConfirm();
  };
  return (
    <ModalDialog title={title} onClose={onClose}>
      <form onSubmit={submit}>
        {children}
        <div className="field">
          <label htmlFor={`${id}-name`}>
            Type <strong className="confirm-name">{confirmText}</strong> to confirm
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={typed}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className="error-box">
            {error}
          </p>
        )}
        <DialogActions>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={!matches || pending}>
            {pending ? pendingLabel : actionLabel}
          </button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
