import { useCallback, useState, type ReactNode } from 'react';
import type { Turn } from './chat-reducer';
import { ConversationList } from './conversation-list';
import {
  conversationKey,
  newConversationId,
  restoredTurns,
  useConversations,
  type Conversation,
} from './conversation-store';
import { QuestionForm } from './question-form';
import { TurnView } from './turn-view';
import { useAutoScroll } from './use-auto-scroll';
import { useChatSession } from './use-chat-session';
import './chat.css';

export interface ChatPaneProps {
  project: string;
  agent: string;
}

const NO_CONVERSATIONS: Conversation[] = [];

/**
 * A conversation with one agent: the chat page shows it full height, the agent editor beside its form.
 * Give it a `key` of project and agent where the agent can change, so a new agent starts a new conversation.
 * Conversations are kept in the browser per agent: a reload comes back to the last one, and the list offers
 * the others.
 */
export function ChatPane({ project, agent }: ChatPaneProps) {
  const key = conversationKey(project, agent);
  const store = useConversations();
  const conversations = store.byAgent[key] ?? NO_CONVERSATIONS;
  // The conversation on screen; a new one gets its id now and is saved after its first answer.
  const [viewId, setViewId] = useState(() => store.active[key] ?? newConversationId());
  const show = (id: string | undefined) => {
    store.open(key, id);
    setViewId(id ?? newConversationId());
  };
  const saved = conversations.find((c) => c.id === viewId);
  return (
    <ConversationView
      key={viewId}
      project={project}
      agent={agent}
      initialTurns={saved ? restoredTurns(saved.turns) : undefined}
      onSave={(turns) => store.save(key, viewId, turns)}
      onNew={() => show(undefined)}
      list={
        <ConversationList
          conversations={conversations}
          currentId={viewId}
          onOpen={show}
          onRename={(id, title) => store.rename(key, id, title)}
          onDelete={(id) => {
            store.remove(key, id);
            if (id === viewId) setViewId(newConversationId());
          }}
        />
      }
    />
  );
}

function ConversationView(props: {
  project: string;
  agent: string;
  initialTurns: Turn[] | undefined;
  onSave: (turns: Turn[]) => void;
  onNew: () => void;
  list: ReactNode;
}) {
  const { project, agent, onNew } = props;
  const [initialTurns] = useState(props.initialTurns);
  const { turns, streaming, ask, stop, retry, reset } = useChatSession(
    project,
    agent,
    initialTurns,
    props.onSave,
  );
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
        {props.list}
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            reset();
            onNew();
          }}
          disabled={turns.length === 0}
        >
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
