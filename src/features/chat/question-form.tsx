import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

interface Props {
  agent: string;
  streaming: boolean;
  /** Returns false when the question was not sent, so the draft is kept. */
  onAsk: (question: string) => boolean;
  onStop: () => void;
}

/** Enter sends, Shift+Enter starts a new line, Escape stops a running answer. */
export function QuestionForm({ agent, streaming, onAsk, onStop }: Props) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const hintId = useId();
  // Send and Stop swap places: focus returns to the box so the keyboard user is never left on nothing.
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (streaming || !draft.trim()) return;
    if (onAsk(draft)) setDraft('');
    inputRef.current?.focus();
  };

  const stop = () => {
    onStop();
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Keys pressed while composing (IME) belong to the composition, not to us.
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape' && streaming) {
      e.preventDefault();
      stop();
    }
  };

  return (
    <form className="chat-form" onSubmit={submit}>
      <label htmlFor={inputId} className="chat-sr-only">
        Question for {agent}
      </label>
      <textarea
        id={inputId}
        ref={inputRef}
        className="input chat-input"
        rows={2}
        value={draft}
        placeholder={`Ask ${agent} a question`}
        aria-describedby={hintId}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id={hintId} className="chat-sr-only">
        Enter sends, Shift+Enter adds a line, Escape stops the answer.
      </span>
      {streaming ? (
        <button type="button" className="btn chat-stop" onClick={stop}>
          Stop
        </button>
      ) : (
        <button type="submit" className="btn btn-primary" disabled={!draft.trim()}>
          Send
        </button>
      )}
    </form>
  );
}
