import { ValidationError } from '../../errors';
import { LocalChat } from './local/index';
import { OllamaChat } from './ollama';
import { OpenAiChat } from './openai';
import type { ChatProvider, ChatProviderOptions, ModelConfig } from './types';

export type { ChatProvider } from './types';

export const CHAT_PROVIDERS = ['local', 'openai', 'ollama'] as const;

export function isChatProvider(name: string): boolean {
  return (CHAT_PROVIDERS as readonly string[]).includes(name);
}

/** The chat model an agent names. Throws a ValidationError naming what is missing or unknown. */
export function createChatProvider(config: ModelConfig, options: ChatProviderOptions = {}): ChatProvider {
  switch (config.provider) {
    case 'local':
      return new LocalChat();
    case 'openai':
      return new OpenAiChat(config, options);
    case 'ollama':
      return new OllamaChat(config, options);
    default:
      throw new ValidationError(
        `Unknown chat model provider '${config.provider}': use ${CHAT_PROVIDERS.join(', ')}`,
        'model.provider',
      );
  }
}
