import { useState } from 'react';
import { formatMoment } from '../../components/format';
import type { Conversation } from './conversation-store';
import './conversations.css';

/** Past conversations with this agent (kept in the browser): open one, rename it, delete it. */
export function ConversationList(props: {
  conversations: Conversation[];
  currentId: string;
  onOpen: (id: string) => void;
  onRename: (id: string, title: string) => void;
  onDelete: (id: string) => void;
}) {
  const { conversations, currentId, onOpen, onRename, onDelete } = props;
  const [renaming, setRenaming] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  if (conversations.length === 0) return null;
  return (
    <details className="chat-conversations">
      <summary>Conversations ({conversations.length})</summary>
      <div className="chat-conversations-panel">
        <p className="chat-muted chat-conversations-where">
          Kept in this browser only: another browser or device does not see them, and clearing the site&apos;s
          data removes them. The server keeps no conversation.
        </p>
        <ul aria-label="Past conversations">
          {conversations.map((c) => (
            <li key={c.id} className={c.id === currentId ? 'is-current' : undefined}>
              {renaming === c.id ? (
                <form
                  className="chat-conversation-rename"
                  onSubmit={(e) => {
                    e.preventDefault();
                    onRename(c.id, title);
                    setRenaming(null);
                  }}
                >
                  <input
                    className="input"
                    aria-label="Conversation name"
                    value={title}
                    autoFocus
                    onChange={(e) => setTitle(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Escape') setRenaming(null);
                    }}
                  />
                  <button type="submit" className="btn">
                    Save name
                  </button>
                </form>
              ) : (
                <>
                  <button
                    type="button"
                    className="btn btn-ghost chat-conversation-open"
                    aria-current={c.id === currentId ? 'true' : undefined}
                    onClick={() => onOpen(c.id)}
                  >
                    <span className="chat-conversation-title">{c.title}</span>
                    <span className="chat-muted">
                      {' '}
                      {formatMoment(c.updatedAt)} · {c.turns.length} question{c.turns.length === 1 ? '' : 's'}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={`Rename ${c.title}`}
                    onClick={() => {
                      setRenaming(c.id);
                      setTitle(c.title);
                    }}
                  >
                    Rename
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={`Delete ${c.title}`}
                    onClick={() => onDelete(c.id)}
                  >
                    Delete
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
