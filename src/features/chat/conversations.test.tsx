import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStream, fakeFetch } from '../../testing/fake-fetch';
import { ChatPane } from './chat-pane';
import { forgetAllConversations, useConversations } from './conversation-store';

const STREAM_PATH = '/api/projects/proj/agents/helper/completions/stream';

let streams: FakeStream[];
let api: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  streams = [];
  api = fakeFetch((req) => {
    if (req.method !== 'POST' || req.path !== STREAM_PATH) return undefined;
    const stream = new FakeStream();
    streams.push(stream);
    return { stream };
  });
});
afterEach(() => {
  forgetAllConversations();
});

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

async function askAndAnswer(question: string, answer: string) {
  const user = userEvent.setup();
  const before = api.sent('POST', STREAM_PATH).length;
  await user.type(screen.getByRole('textbox', { name: 'Question for helper' }), `${question}{Enter}`);
  await vi.waitFor(() => expect(api.sent('POST', STREAM_PATH).length).toBeGreaterThan(before));
  await settle();
  await act(async () => {
    const stream = streams.at(-1)!;
    stream.send({ output: answer, messages: [{ content: answer }] }, { type: 'end' });
    stream.close();
  });
  await settle();
  return user;
}

/** A reload: the page is gone, the store is read back from the browser's storage. */
async function reload() {
  cleanup();
  const stored = localStorage.getItem('ks-chat-conversations');
  expect(stored).not.toBeNull();
  // Forget what is in memory (which writes an empty store), then put back what the browser kept.
  useConversations.setState({ byAgent: {}, active: {} });
  localStorage.setItem('ks-chat-conversations', stored!);
  await useConversations.persist.rehydrate();
  render(<ChatPane project="proj" agent="helper" />);
}

const log = () => screen.getByRole('log', { name: 'Conversation' });

describe('conversations kept in the browser', () => {
  it('come back after a reload; past ones are listed, renamed, opened and deleted', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    await askAndAnswer('How are refunds paid?', 'Within 5 days.');
    await reload();
    expect(within(log()).getByText('How are refunds paid?')).toBeInTheDocument();
    expect(within(log()).getByText('Within 5 days.')).toBeInTheDocument();
    // The history goes with the next question, as in the same page.
    await askAndAnswer('And for gifts?', 'The same.');
    expect((api.sent('POST', STREAM_PATH).at(-1)!.body as { messages: unknown[] }).messages).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(within(log()).queryAllByRole('article')).toHaveLength(0);
    await askAndAnswer('Where is my order?', 'On its way.');

    await reload();
    expect(within(log()).getByText('Where is my order?')).toBeInTheDocument();
    await user.click(screen.getByText('Conversations (2)'));
    // Where the history is shown, it says where it is kept (docs/console.md says why).
    expect(screen.getByText(/^Kept in this browser only/)).toHaveTextContent(
      'The server keeps no conversation.',
    );
    const list = screen.getByRole('list', { name: 'Past conversations' });
    await user.click(within(list).getByRole('button', { name: 'Rename How are refunds paid?' }));
    const name = within(list).getByLabelText('Conversation name');
    await user.clear(name);
    await user.type(name, 'Refunds{Enter}');
    await user.click(within(list).getByRole('button', { name: /^Refunds/ }));
    expect(within(log()).getByText('And for gifts?')).toBeInTheDocument();
    expect(within(log()).queryByText('Where is my order?')).not.toBeInTheDocument();

    await user.click(screen.getByText('Conversations (2)'));
    await user.click(screen.getByRole('button', { name: 'Delete Where is my order?' }));
    await reload();
    expect(within(log()).getByText('And for gifts?')).toBeInTheDocument();
    expect(screen.getByText('Conversations (1)')).toBeInTheDocument();
  });
});
