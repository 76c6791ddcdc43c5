import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStream, fakeFetch, type FakeResponse } from '../../testing/fake-fetch';
import { ChatPane } from './chat-pane';
import { forgetAllConversations } from './conversation-store';

const STREAM_PATH = '/api/projects/proj/agents/helper/completions/stream';

/** The agent's answers, one stream per question, written by each test as the server would. */
let streams: FakeStream[];
/** Set by a test to answer the next question with an HTTP error instead of a stream. */
let refuseNext: FakeResponse | null;
let api: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  streams = [];
  refuseNext = null;
  api = fakeFetch((req) => {
    if (req.method !== 'POST' || req.path !== STREAM_PATH) return undefined;
    if (refuseNext) return refuseNext;
    const stream = new FakeStream();
    streams.push(stream);
    return { stream };
  });
});
afterEach(() => {
  forgetAllConversations(); // each test starts with no saved conversation
});

/** The conversation sent with the n-th question. */
const sentMessages = (n: number) => (api.sent('POST', STREAM_PATH)[n].body as { messages: unknown }).messages;

/** Lets the console read what the stream holds so far. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/** The server writes to a stream; the console has read it when this resolves. */
async function server(write: () => void) {
  await act(async () => write());
  await settle();
}

const Q = "SELECT * FROM mindsdb.kb WHERE content = 'refund' LIMIT 5";
const kbAction = { tool: 'kb_query_tool', tool_input: Q, log: 'Search the KB' };
const OBSERVATION = [
  "Output columns: 'id', 'chunk_id', 'chunk_content', 'metadata', 'distance', 'relevance'",
  'id,chunk_id,chunk_content,metadata,distance,relevance',
  `R1,R1:body:1of1:0to31,Refunds are paid within 5 days.,"{'_chunk_index': 0, '_author': 'ann'}",0.2,0.83`,
].join('\n');

/** Sends the events of a whole seed-format run. */
function answerFully(stream: FakeStream, answer: string) {
  stream.send(
    { type: 'start', prompt: 'q', trace_id: 'trace-9' },
    { actions: [kbAction], messages: [], trace_id: 'trace-9' },
    { steps: [{ action: kbAction, observation: OBSERVATION }], messages: [], trace_id: 'trace-9' },
    { output: answer, messages: [{ content: answer }], trace_id: 'trace-9' },
    { type: 'end' },
  );
  stream.close();
}

async function ask(text: string) {
  const user = userEvent.setup();
  const before = api.sent('POST', STREAM_PATH).length;
  await user.type(screen.getByRole('textbox', { name: 'Question for helper' }), `${text}{Enter}`);
  await vi.waitFor(() => expect(api.sent('POST', STREAM_PATH).length).toBeGreaterThan(before));
  await settle();
  return user;
}

const log = () => screen.getByRole('log', { name: 'Conversation' });

describe('ChatPane', () => {
  it('shows the tool card as soon as the call arrives, then its result, then the answer with a citation', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    const user = await ask('How are refunds paid?');
    expect(sentMessages(0)).toEqual([{ question: 'How are refunds paid?', answer: '' }]);
    expect(within(log()).getByText('How are refunds paid?')).toBeInTheDocument();

    await server(() => streams[0].send({ actions: [kbAction], trace_id: 'trace-9' }));
    const card = screen.getByRole('button', { name: /kb_query_tool/ });
    expect(card).toHaveAttribute('aria-expanded', 'false');
    expect(card).toHaveTextContent('running…');
    expect(screen.queryByRole('group', { name: 'Answer' })).not.toBeInTheDocument();

    await server(() => streams[0].send({ steps: [{ action: kbAction, observation: OBSERVATION }] }));
    expect(card).toHaveTextContent('done');
    await user.click(card);
    expect(card).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: '1 chunk returned' });
    expect(within(table).getByText('Refunds are paid within 5 days.')).toBeInTheDocument();
    expect(within(table).getByText('author: ann')).toBeInTheDocument();

    await server(() => {
      streams[0].send(
        { output: 'Within **5 days** [R1:body:1of1:0to31].', trace_id: 'trace-9' },
        { type: 'end' },
      );
      streams[0].close();
    });
    const answer = screen.getByRole('group', { name: 'Answer' });
    expect(within(answer).getByText('5 days').tagName).toBe('STRONG');
    expect(screen.getByText('trace-9')).toBeInTheDocument();

    await user.click(within(answer).getByRole('button', { name: 'Show chunk R1:body:1of1:0to31' }));
    const chunk = screen.getByRole('region', { name: 'Chunk R1:body:1of1:0to31' });
    expect(chunk).toHaveTextContent('Refunds are paid within 5 days.');
    expect(chunk).toHaveFocus();
  });

  it('stops: aborts the request and keeps the partial run, marked stopped', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    const user = await ask('Slow question');
    await server(() => streams[0].send({ actions: [kbAction] }));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(streams[0].aborted).toBe(true);
    expect(screen.getByText('Stopped')).toBeInTheDocument();
    // The card stays, and no longer claims the tool is running.
    expect(screen.getByRole('button', { name: /kb_query_tool/ })).toHaveTextContent('no result');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stops with Escape from the question box', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    const user = await ask('Slow question');
    await user.keyboard('{Escape}');
    expect(streams[0].aborted).toBe(true);
    expect(screen.getByText('Stopped')).toBeInTheDocument();
  });

  it('sends the finished exchanges as history with a follow-up', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    await ask('First?');
    await server(() => answerFully(streams[0], 'One.'));
    await ask('And then?');
    expect(sentMessages(1)).toEqual([
      { question: 'First?', answer: 'One.' },
      { question: 'And then?', answer: '' },
    ]);
  });

  it('shows an error mid-stream in place, keeps the conversation, and retries', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    await ask('First?');
    await server(() => answerFully(streams[0], 'One.'));
    const user = await ask('Second?');
    await server(() => {
      streams[1].send(
        { actions: [kbAction] },
        { type: 'error', content: 'Knowledge base is gone' },
        { type: 'end' },
      );
      streams[1].close();
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Knowledge base is gone');
    expect(screen.getByText('One.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(sentMessages(2)).toEqual([
      { question: 'First?', answer: 'One.' },
      { question: 'Second?', answer: '' },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failed request (HTTP error) as an error in the turn, in plain words', async () => {
    refuseNext = { status: 404, json: { title: 'Not Found', detail: 'Agent not found: helper' } };
    render(<ChatPane project="proj" agent="helper" />);
    await ask('Anyone?');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Agent not found: helper');
    expect(alert).not.toHaveTextContent('Not Found');
  });

  it('shows a connection cut in the middle of the answer as an error, keeping what arrived', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    await ask('Cut?');
    await server(() => {
      streams[0].send({ output: 'Partial answer' });
      streams[0].text('data: {"outp');
      streams[0].close();
    });
    await settle();
    expect(await screen.findByRole('alert')).toHaveTextContent(/closed in the middle/);
    expect(screen.getByText('Partial answer')).toBeInTheDocument();
  });

  it('says "New conversation" once in its header, on the button that starts one', () => {
    render(<ChatPane project="proj" agent="helper" />);
    const pane = screen.getByRole('region', { name: 'Chat with helper' });
    expect(within(pane).getAllByText('New conversation')).toHaveLength(1);
    expect(within(pane).getByRole('button', { name: 'New conversation' })).toBeDisabled();
    expect(within(pane).getByText('No questions yet')).toBeInTheDocument();
  });

  it('starts a new conversation', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    await ask('First?');
    await server(() => answerFully(streams[0], 'One.'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.queryByText('One.')).not.toBeInTheDocument();
    await ask('Fresh?');
    expect(sentMessages(1)).toEqual([{ question: 'Fresh?', answer: '' }]);
  });

  it('never renders HTML or script links from the answer', async () => {
    const { container } = render(<ChatPane project="proj" agent="helper" />);
    await ask('Inject?');
    await server(() =>
      answerFully(
        streams[0],
        '<img src=x onerror="window.hacked=1"> <b>bold</b> [click](javascript:alert(1)) ' +
          '[entity](&#106;avascript:alert(1)) [ok](https://example.org) ![pic](https://example.org/p.png)',
      ),
    );
    const answer = screen.getByRole('group', { name: 'Answer' });
    expect(container.querySelector('img, b, script')).toBeNull();
    expect(within(answer).getByRole('link', { name: 'ok' })).toHaveAttribute('href', 'https://example.org');
    expect(within(answer).getByRole('link', { name: 'ok' })).toHaveAttribute(
      'rel',
      expect.stringContaining('noopener'),
    );
    expect(within(answer).getByRole('link', { name: 'Image: pic' })).toBeInTheDocument();
    for (const a of answer.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^https:/);
    expect(within(answer).getByText('click').closest('a')).toBeNull();
  });

  it('does not send while a run is in flight, and Shift+Enter adds a line', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    const user = await ask('One');
    const box = screen.getByRole('textbox', { name: 'Question for helper' });
    await user.type(box, 'Two{Enter}');
    expect(api.sent('POST', STREAM_PATH)).toHaveLength(1);
    expect(box).toHaveValue('Two');
    await user.type(box, '{Shift>}{Enter}{/Shift}three');
    expect(box).toHaveValue('Two\nthree');
  });
});
