import { useEffect, useState } from 'react';
import { copyText } from './copy-text';

/** A button that copies `text` and says so for a moment (to sighted users and screen readers alike). */
export interface CopyButtonProps {
  /** The text, or a function that reads it at click time (for large selections). */
  text: string | (() => string);
  label?: string;
  className?: string;
  disabled?: boolean;
}

export function CopyButton({ text, label = 'Copy', className = 'btn', disabled }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      onClick={async () =>
        setState((await copyText(typeof text === 'function' ? text() : text)) ? 'copied' : 'failed')
      }
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
      </span>
    </button>
  );
}
