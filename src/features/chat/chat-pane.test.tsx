import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { streamAgentCompletion } from '../../api/stream';
import { ChatPane } from './chat-pane';
import { TestStream } from './test-stream';

vi.mock('../../api/stream', () => ({ streamAgentCompletion: vi.fn() }));

let streams: TestStream[];
beforeEach(() => {
  streams = [];
  vi.mocked(streamAgentCompletion).mockImplementation((_p, _a, messages, signal) => {
    const stream = new TestStream(messages, signal);
    streams.push(stream);
    return stream.events();
  });
});
afterEach(() => {
  // Vitest runs without globals here, so Testing Library cannot register its own cleanup.
  cleanup();
  vi.mocked(streamAgentCompletion).mockReset();
});

const Q = "SELECT * FROM mindsdb.kb WHERE content = 'refund' LIMIT 5";
const kbAction = { tool: 'kb_query_tool', tool_input: Q, log: 'Search the KB' };
const OBSERVATION = [
  "Output columns: 'id', 'chunk_id', 'chunk_content', 'metadata', 'distance', 'relevance'",
  'id,chunk_id,chunk_content,metadata,distance,relevance',
  `R1,R1:body:1of1:0to31,Refunds are paid within 5 days.,"{'_chunk_index': 0, '_author': 'ann'}",0.2,0.83`,
].join('\n');

/** Sends the events of a whole seed-format run. */
function answerFully(stream: TestStream, answer: string) {
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
  await user.type(screen.getByRole('textbox', { name: 'Question for helper' }), `${text}{Enter}`);
  return user;
}

const log = () => screen.getByRole('log', { name: 'Conversation' });

describe('ChatPane', () => {
  it('shows the tool card as soon as the call arrives, then its result, then the answer with a citation', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    const user = await ask('How are refunds paid?');
    expect(streamAgentCompletion).toHaveBeenCalledWith(
      'proj',
      'helper',
      [{ question: 'How are refunds paid?', answer: '' }],
      expect.any(AbortSignal),
    );
    expect(within(log()).getByText('How are refunds paid?')).toBeInTheDocument();

    await act(async () => streams[0].send({ actions: [kbAction], trace_id: 'trace-9' }));
    const card = screen.getByRole('button', { name: /kb_query_tool/ });
    expect(card).toHaveAttribute('aria-expanded', 'false');
    expect(card).toHaveTextContent('running…');
    expect(screen.queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();

    await act(async () => streams[0].send({ steps: [{ action: kbAction, observation: OBSERVATION }] }));
    expect(card).toHaveTextContent('done');
    await user.click(card);
    expect(card).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: '1 chunk returned' });
    expect(within(table).getByText('Refunds are paid within 5 days.')).toBeInTheDocument();
    expect(within(table).getByText('author: ann')).toBeInTheDocument();

    await act(async () => {
      streams[0].send(
        { output: 'Within **5 days** [R1:body:1of1:0to31].', trace_id: 'trace-9' },
        { type: 'end' },
      );
      streams[0].close();
    });
    const answer = screen.getByRole('region', { name: 'Answer' });
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
    await act(async () => streams[0].send({ actions: [kbAction] }));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(streams[0].signal?.aborted).toBe(true);
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
    expect(streams[0].signal?.aborted).toBe(true);
    expect(screen.getByText('Stopped')).toBeInTheDocument();
  });

  it('sends the finished exchanges as history with a follow-up', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    await ask('First?');
    await act(async () => answerFully(streams[0], 'One.'));
    await ask('And then?');
    expect(streams[1].messages).toEqual([
      { question: 'First?', answer: 'One.' },
      { question: 'And then?', answer: '' },
    ]);
  });

  it('shows an error mid-stream in place, keeps the conversation, and retries', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    await ask('First?');
    await act(async () => answerFully(streams[0], 'One.'));
    const user = await ask('Second?');
    await act(async () => {
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
    expect(streams[2].messages).toEqual([
      { question: 'First?', answer: 'One.' },
      { question: 'Second?', answer: '' },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failed request (HTTP error) as an error in the turn', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    await ask('Anyone?');
    await act(async () => streams[0].fail(new Error('Agent not found: helper')));
    expect(screen.getByRole('alert')).toHaveTextContent('Agent not found: helper');
  });

  it('starts a new conversation', async () => {
    render(<ChatPane project="proj" agent="helper" />);
    await ask('First?');
    await act(async () => answerFully(streams[0], 'One.'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.queryByText('One.')).not.toBeInTheDocument();
    await ask('Fresh?');
    expect(streams[1].messages).toEqual([{ question: 'Fresh?', answer: '' }]);
  });

  it('never renders HTML or script links from the answer', async () => {
    const { container } = render(<ChatPane project="proj" agent="helper" />);
    await ask('Inject?');
    await act(async () =>
      answerFully(
        streams[0],
        '<img src=x onerror="window.hacked=1"> <b>bold</b> [click](javascript:alert(1)) ' +
          '[entity](&#106;avascript:alert(1)) [ok](https://example.org) ![pic](https://example.org/p.png)',
      ),
    );
    const answer = screen.getByRole('region', { name: 'Answer' });
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
    expect(streamAgentCompletion).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue('Two');
    await user.type(box, '{Shift>}{Enter}{/Shift}three');
    expect(box).toHaveValue('Two\nthree');
  });
});
