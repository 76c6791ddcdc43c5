import { UpstreamError } from '../../errors';
import { postJson } from '../http';
import type { CallOptions, ChatProvider, ChatProviderOptions, ChatRequest, ChatTurn } from './types';

/** Where an HTTP chat model answers, and how it is named in errors. */
export interface ChatEndpoint {
  url: string;
  label: string;
  apiKey?: string;
}

/**
 * A chat model behind one HTTP endpoint. Each provider writes its own request body and reads its own answer;
 * posting (retries, timeouts and key-free errors come from `postJson`) and an answer without a message are
 * handled here, alike for all.
 */
export abstract class HttpChat<Response, Message> implements ChatProvider {
  abstract readonly provider: string;

  protected constructor(
    readonly model: string,
    protected readonly endpoint: ChatEndpoint,
    private readonly options: ChatProviderOptions,
  ) {}

  /** The request body for this turn of the conversation. */
  protected abstract body(request: ChatRequest): unknown;
  /** The model's message in the answer, if it has one. */
  protected abstract message(response: Response): Message | undefined;
  /** The message as our turn: its text and tool calls. */
  protected abstract turn(message: Message): ChatTurn;

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatTurn> {
    const response = await postJson<Response>({
      label: this.endpoint.label,
      url: this.endpoint.url,
      body: this.body(request),
      apiKey: this.endpoint.apiKey,
      signal: options.signal,
      http: this.options.http,
    });
    const message = this.message(response);
    if (!message) throw new UpstreamError(`${this.endpoint.label} answered without a message`);
    return this.turn(message);
  }
}
