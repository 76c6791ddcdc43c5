import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { FakeStream, fakeFetch } from '../../testing/fake-fetch';
import { ChatPane } from './chat-pane';
import { forgetAllConversations } from './conversation-store';

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

afterEach(() => {
  forgetAllConversations(); // each test starts with no saved conversation
});

/** The server writes to a stream; the console has read it when this resolves. */
async function server(write: () => void) {
  await act(async () => write());
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

it('does not re-render a finished turn while the next one streams', async () => {
  const streams: FakeStream[] = [];
  fakeFetch((req) => {
    if (!req.path.endsWith('/completions/stream')) return undefined;
    streams.push(new FakeStream());
    return { stream: streams.at(-1) };
  });
  render(<ChatPane project="p" agent="a" />);
  const user = userEvent.setup();
  const box = screen.getByRole('textbox', { name: 'Question for a' });

  await user.type(box, 'First?{Enter}');
  await vi.waitFor(() => expect(streams).toHaveLength(1));
  await server(() => {
    streams[0].send({ output: 'One.' }, { type: 'end' });
    streams[0].close();
  });
  await user.type(box, 'Second?{Enter}');
  await vi.waitFor(() => expect(streams).toHaveLength(2));
  const before = renders.get('One.');
  expect(before).toBeGreaterThan(0);

  const action = { tool: 'kb_list_tool', tool_input: '' };
  for (let i = 0; i < 5; i++) {
    await server(() =>
      streams[1].send({ actions: [action] }, { steps: [{ action, observation: `[${i}]` }] }),
    );
  }
  await server(() => streams[1].send({ output: 'Two.' }, { type: 'end' }));
  expect(screen.getByText('Two.')).toBeInTheDocument();
  expect(renders.get('One.')).toBe(before);
});
