import type { APIRequestContext } from '@playwright/test';
import {
  startFakeProvider,
  type FakeProvider,
  type ProviderAnswer,
  type ProviderRequest,
} from '../../server/test/fake-provider';
import { test, expect } from '../fixtures';
import { ChatPage } from '../pages/chat-page';

// The demo knowledge base and agent use the built-in `local` model, which answers only from retrieved text.
test.use({ serverOptions: { demo: true } });

const PROJECT = 'mindsdb';
const DEMO_AGENT = 'help_agent';
const QUESTION = 'Where is my data stored?';
const FOLLOW_UP = 'How do I start from scratch?';

interface ChatRequest {
  messages: { role: string; content?: string | null }[];
}

/**
 * A chat model speaking the OpenAI-compatible protocol (the fake model server) whose pace the test sets: its
 * first reply queries the orders table, its second waits until `release()` (or until the server drops the call).
 */
class PacedModel {
  private fake: FakeProvider | undefined;
  private releaseAnswer: () => void = () => undefined;
  private readonly held = new Promise<void>((resolve) => (this.releaseAnswer = resolve));

  /** What the model was sent, request by request. */
  get requests(): ChatRequest[] {
    return (this.fake?.requests ?? []).map((r) => r.body as unknown as ChatRequest);
  }

  /** The server dropped a call before the model answered it. */
  get aborted(): boolean {
    return this.fake?.requests.some((r) => r.abandoned) ?? false;
  }

  async start(): Promise<string> {
    this.fake = await startFakeProvider((request) => this.answer(request));
    return this.fake.baseUrl;
  }

  release(): void {
    this.releaseAnswer();
  }

  async stop(): Promise<void> {
    this.release();
    await this.fake?.close();
  }

  private async answer(request: ProviderRequest): Promise<ProviderAnswer> {
    const reply = (message: unknown): ProviderAnswer => ({ json: { choices: [{ message }] } });
    const toolResult = (request.body as unknown as ChatRequest).messages.find((m) => m.role === 'tool');
    if (!toolResult) {
      const query = 'SELECT count(*) AS n FROM files.orders';
      return reply({
        content: null,
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'sql_db_query', arguments: JSON.stringify({ query }) },
          },
        ],
      });
    }
    await this.held;
    const count = /\n(\d+)\s*$/.exec(toolResult.content ?? '')?.[1] ?? 'no';
    return reply({ content: `There are **${count}** orders.` });
  }
}

/** An orders table and an agent over it whose model is the paced one. */
async function createPacedAgent(request: APIRequestContext, name: string, baseUrl: string) {
  const upload = await request.put('/api/files/orders?replace=true', {
    multipart: {
      file: {
        name: 'orders.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('id,item\n1,pen\n2,book\n3,ink\n'),
      },
    },
  });
  expect(upload.ok()).toBe(true);
  const response = await request.post(`/api/projects/${PROJECT}/agents`, {
    data: {
      agent: {
        name,
        model: { provider: 'openai', model_name: 'paced', base_url: baseUrl },
        data: { tables: ['files.orders'] },
        prompt_template: 'Answer from the orders table.',
      },
    },
  });
  expect(response.status()).toBe(201);
}

test.describe('agent chat', () => {
  test('the demo agent shows its tool calls, then an answer whose citation opens the chunk', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.open(PROJECT);
    await chat.pickAgent(DEMO_AGENT);
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/chat/${DEMO_AGENT}$`));
    const order = await chat.recordAppearance();

    await chat.ask(QUESTION);
    const turn = chat.turn(QUESTION);
    const answer = chat.answer(turn);
    await expect(answer).toBeVisible();
    await expect(turn).toHaveAttribute('data-status', 'done');

    // Every tool card was on the page before the answer was.
    const seen = await order();
    expect(seen.indexOf('tool')).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf('tool')).toBeLessThan(seen.indexOf('answer'));

    const kbCard = chat.toolCards(turn, 'kb_query_tool').first();
    await expect(kbCard).toContainText('done');
    await chat.toggle(kbCard).click();
    await expect(kbCard.getByRole('table')).toBeVisible();

    const citation = chat.citations(turn).first();
    await expect(citation).toBeVisible();
    const chunkId = (await citation.textContent())!;
    await citation.click();
    const panel = chat.chunkPanel(turn);
    await expect(panel).toBeVisible();
    await expect(panel).toBeFocused();
    // The chunk's text is the row of the tool result with that chunk id.
    const row = kbCard.getByRole('row').filter({ hasText: chunkId });
    const text = (await row.getByRole('cell').nth(1).textContent())!.trim();
    await expect(panel).toContainText(text);

    await expect(turn.getByRole('button', { name: 'Copy trace id' })).toBeVisible();
  });

  test('a follow-up to the demo agent sends the earlier exchange as history', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.open(PROJECT, DEMO_AGENT);
    await chat.ask(QUESTION);
    const first = chat.turn(QUESTION);
    await expect(first).toHaveAttribute('data-status', 'done');
    const cited = (await chat.citations(first).first().textContent())!;

    const sent = page.waitForRequest((r) => r.url().endsWith('/completions/stream') && r.method() === 'POST');
    await chat.ask(FOLLOW_UP);
    const body = (await sent).postDataJSON() as { messages: { question: string; answer: string }[] };
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0].question).toBe(QUESTION);
    expect(body.messages[0].answer).toContain(cited);
    expect(body.messages[1]).toEqual({ question: FOLLOW_UP, answer: '' });

    const second = chat.turn(FOLLOW_UP);
    await expect(second).toHaveAttribute('data-status', 'done');
  });

  test('tool cards appear live before the answer; stop aborts the run; the model receives the history', async ({
    page,
    request,
  }) => {
    const model = new PacedModel();
    await createPacedAgent(request, 'paced_agent', await model.start());
    try {
      const chat = new ChatPage(page);
      await chat.open(PROJECT, 'paced_agent');
      await chat.ask('How many orders are there?');
      const turn = chat.turn('How many orders are there?');

      // The tool has answered while the model is still thinking: its card is there, the answer is not.
      const card = chat.toolCards(turn, 'sql_db_query');
      await expect(card).toContainText('done');
      await expect(turn.getByText('Working…')).toBeVisible();
      await expect(chat.answer(turn)).toHaveCount(0);

      await chat.stopButton.click();
      await expect(turn).toHaveAttribute('data-status', 'stopped');
      await expect(turn.getByText('Stopped')).toBeVisible();
      await expect(card).toBeVisible();
      await expect(chat.sendButton).toBeVisible();
      // The server dropped its call to the model: the stop reached it, not just the page.
      await expect.poll(() => model.aborted).toBe(true);
      await expect(chat.answer(turn)).toHaveCount(0);

      // Retry runs the same question again; this time the model is let through.
      model.release();
      await turn.getByRole('button', { name: 'Retry' }).click();
      const retried = chat.turn('How many orders are there?');
      await expect(chat.answer(retried)).toHaveText('There are 3 orders.');
      await expect(retried).toHaveAttribute('data-status', 'done');

      // A follow-up reaches the model with the finished exchange before it (the stopped one is left out).
      await chat.ask('And how many pens?');
      await expect(chat.turn('And how many pens?')).toHaveAttribute('data-status', 'done');
      const asked = model.requests.find((r) => r.messages.at(-1)?.content === 'And how many pens?')!;
      const last = asked.messages.filter((m) => m.role === 'user' || m.role === 'assistant');
      expect(last.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
      expect(last[0].content).toBe('How many orders are there?');
      expect(last[1].content).toBe('There are **3** orders.');
      expect(last[2].content).toBe('And how many pens?');
    } finally {
      await model.stop();
    }
  });
});
