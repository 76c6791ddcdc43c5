import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page';

/** The agent chat: agent picker, conversation log, question box, and the parts of one turn. */
export class ChatPage extends ConsolePage {
  readonly agentPicker = this.page.getByRole('combobox', { name: 'Agent' });
  readonly log = this.page.getByRole('log', { name: 'Conversation' });
  readonly stopButton = this.page.getByRole('button', { name: 'Stop' });
  readonly sendButton = this.page.getByRole('button', { name: 'Send' });
  readonly newConversationButton = this.page.getByRole('button', { name: 'New conversation' });

  /** Opens a project's chat, on the agent named if one is. */
  async open(project: string, agent?: string): Promise<void> {
    await this.visit(project, 'chat', ...(agent ? [agent] : []));
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
    return turn.getByRole('group', { name: 'Answer' });
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
        ['answer', '[role="group"][aria-label="Answer"]'],
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
