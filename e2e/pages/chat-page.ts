import type { Locator, Page } from '@playwright/test';

/** The agent chat: agent picker, conversation log, question box, and the parts of one turn. */
export class ChatPage {
  readonly agentPicker: Locator;
  readonly log: Locator;
  readonly stopButton: Locator;
  readonly sendButton: Locator;
  readonly newConversationButton: Locator;

  constructor(readonly page: Page) {
    this.agentPicker = page.getByRole('combobox', { name: 'Agent' });
    this.log = page.getByRole('log', { name: 'Conversation' });
    this.stopButton = page.getByRole('button', { name: 'Stop' });
    this.sendButton = page.getByRole('button', { name: 'Send' });
    this.newConversationButton = page.getByRole('button', { name: 'New conversation' });
  }

  async open(project: string, agent?: string): Promise<void> {
    await this.page.goto(
      `/projects/${encodeURIComponent(project)}/chat${agent ? `/${encodeURIComponent(agent)}` : ''}`,
    );
  }

  async pickAgent(name: string): Promise<void> {
    await this.agentPicker.selectOption(name);
  }

  questionBox(): Locator {
    return this.page.getByRole('textbox', { name: /^Question for / });
  }

  async ask(question: string): Promise<void> {
    await this.questionBox().fill(question);
    await this.questionBox().press('Enter');
  }

  /** The turns of the conversation, oldest first; each is labelled by its question. */
  turns(): Locator {
    return this.log.getByRole('article');
  }

  turn(question: string): Locator {
    return this.log.getByRole('article', { name: question });
  }

  /** Tool call cards; each has a toggle button whose text ends with the call's state (running…, done). */
  toolCards(turn: Locator, tool?: string): Locator {
    return turn.getByRole('group', { name: tool ? `Tool call ${tool}` : /^Tool call / });
  }

  toggle(card: Locator): Locator {
    return card.getByRole('button').first();
  }

  answer(turn: Locator): Locator {
    return turn.getByRole('region', { name: 'Answer' });
  }

  citations(turn: Locator): Locator {
    return this.answer(turn).getByRole('button', { name: /^Show chunk / });
  }

  chunkPanel(turn: Locator): Locator {
    return turn.getByRole('region', { name: /^Chunk / });
  }

  /**
   * Starts noting, in order, when a tool card and when an answer is first added to the page; returns a
   * function that reads the notes. A mutation observer sees each commit, however fast the stream is.
   */
  async recordAppearance(): Promise<() => Promise<string[]>> {
    await this.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __appearance: string[] }).__appearance = seen;
      const kinds: [string, string][] = [
        ['tool', '[role="group"][aria-label^="Tool call"]'],
        ['answer', 'section[aria-label="Answer"]'],
      ];
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.addedNodes)) {
            if (!(node instanceof Element)) continue;
            for (const [kind, selector] of kinds) {
              if (node.matches(selector) || node.querySelector(selector)) seen.push(kind);
            }
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    return () => this.page.evaluate(() => (window as unknown as { __appearance: string[] }).__appearance);
  }
}
