import { useCallback } from 'react';
import { QuestionForm } from './question-form';
import { TurnView } from './turn-view';
import { useAutoScroll } from './use-auto-scroll';
import { useChatSession } from './use-chat-session';
import './chat.css';

export interface ChatPaneProps {
  project: string;
  agent: string;
}

/**
 * A conversation with one agent: the chat page shows it full height, the agent editor beside its form.
 * Give it a `key` of project and agent where the agent can change, so a new agent starts a new conversation.
 */
export function ChatPane({ project, agent }: ChatPaneProps) {
  const { turns, streaming, ask, stop, retry, reset } = useChatSession(project, agent);
  const { ref, onScroll, following, follow } = useAutoScroll<HTMLDivElement>(turns);

  const onAsk = useCallback(
    (question: string) => {
      const sent = ask(question);
      // Asking is a request to see the answer: follow it even if the user had scrolled up.
      if (sent) follow();
      return sent;
    },
    [ask, follow],
  );

  return (
    <section className="chat-pane" aria-label={`Chat with ${agent}`}>
      <div className="chat-toolbar">
        <span className="chat-muted chat-toolbar-title">
          {/* Not "New conversation": that is the button beside it, and the header said it twice. */}
          {turns.length === 0
            ? 'No questions yet'
            : `${turns.length} question${turns.length === 1 ? '' : 's'}`}
        </span>
        <button type="button" className="btn btn-ghost" onClick={reset} disabled={turns.length === 0}>
          New conversation
        </button>
      </div>
      <div
        ref={ref}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        tabIndex={0}
        onScroll={onScroll}
      >
        {turns.length === 0 ? (
          <p className="chat-empty">
            Ask <strong>{agent}</strong> a question. Its tool calls appear as they happen, then its answer.
          </p>
        ) : (
          turns.map((turn, i) => (
            <TurnView key={turn.id} turn={turn} onRetry={i === turns.length - 1 ? retry : undefined} />
          ))
        )}
      </div>
      {/* Offered only while new content arrives below: otherwise there is nothing to jump to. */}
      {!following && streaming && (
        <button type="button" className="btn chat-jump" onClick={follow}>
          Jump to latest
        </button>
      )}
      <QuestionForm agent={agent} streaming={streaming} onAsk={onAsk} onStop={stop} />
    </section>
  );
}
