import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal-dialog.css';

export interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for the width of a particular dialog. */
  className?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes it, and focus returns to the element
 * that opened it when it closes.
 */
export function ModalDialog({ title, onClose, children, className = '' }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => {
      if (dialog?.open) dialog.close?.();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal-dialog ${className}`}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`} className="modal-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** The row of buttons at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="modal-actions">{children}</div>;
}
