import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { streamAgentCompletion } from '../../api/stream';
import { ChatPane } from './chat-pane';
import { TestStream } from './test-stream';

vi.mock('../../api/stream', () => ({ streamAgentCompletion: vi.fn() }));

/** Counts how often each answer is rendered, by wrapping the real component in an unmemoised one. */
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('./answer-markdown', async (importOriginal) => {
  const real = await importOriginal<typeof import('./answer-markdown')>();
  return {
    ...real,
    AnswerMarkdown: (props: ComponentProps<typeof real.AnswerMarkdown>) => {
      renders.set(props.text, (renders.get(props.text) ?? 0) + 1);
      return <real.AnswerMarkdown {...props} />;
    },
  };
});

afterEach(cleanup);

it('does not re-render a finished turn while the next one streams', async () => {
  const streams: TestStream[] = [];
  vi.mocked(streamAgentCompletion).mockImplementation((_p, _a, messages, signal) => {
    streams.push(new TestStream(messages, signal));
    return streams.at(-1)!.events();
  });
  render(<ChatPane project="p" agent="a" />);
  const user = userEvent.setup();
  const box = screen.getByRole('textbox', { name: 'Question for a' });

  await user.type(box, 'First?{Enter}');
  await act(async () => {
    streams[0].send({ output: 'One.' }, { type: 'end' });
    streams[0].close();
  });
  await user.type(box, 'Second?{Enter}');
  const before = renders.get('One.');
  expect(before).toBeGreaterThan(0);

  const action = { tool: 'kb_list_tool', tool_input: '' };
  for (let i = 0; i < 5; i++) {
    await act(async () =>
      streams[1].send({ actions: [action] }, { steps: [{ action, observation: `[${i}]` }] }),
    );
  }
  await act(async () => streams[1].send({ output: 'Two.' }, { type: 'end' }));
  expect(screen.getByText('Two.')).toBeInTheDocument();
  expect(renders.get('One.')).toBe(before);
});
