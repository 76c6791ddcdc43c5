import { useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/** The run's trace id, to find it in the server's logs; the clipboard may be unavailable (plain http). */
export function TraceId({ id }: { id: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="chat-trace">
      <span className="chat-muted">Trace</span>
      <code className="chat-trace-id">{id}</code>
      <button type="button" className="btn btn-ghost" onClick={copy} aria-label="Copy trace id">
        Copy
      </button>
      <span role="status" className="chat-muted chat-copy-status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the id and copy it' : ''}
      </span>
    </span>
  );
}
