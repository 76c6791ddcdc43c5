import { UpstreamError } from '../errors';
import { LocalEmbedding } from '../providers/local-embedding';
import { registerEmbeddingProvider } from '../providers/registry';

/**
 * Registers the embedding provider `provider`: the local model, with `beforeEmbed` run first on every call.
 * How tests stand in for a remote model that fails a call mid-insert (`beforeEmbed` throws) or takes its time
 * (`beforeEmbed` waits), with real vectors otherwise.
 */
export function registerLocalEmbeddingWith(
  provider: string,
  beforeEmbed: (texts: readonly string[]) => void | Promise<void>,
): void {
  registerEmbeddingProvider(provider, () => {
    const inner = new LocalEmbedding();
    return {
      provider,
      model: `${provider}-model`,
      dimensions: inner.dimensions,
      async embed(texts) {
        await beforeEmbed(texts);
        return inner.embed(texts);
      },
    };
  });
}

/**
 * Registers the embedding provider `provider`: the local model, except that the second call counted from the
 * last `countFromHere()` fails with an UpstreamError saying `message`, as a remote model might mid-insert.
 */
export function registerFailingSecondCall(provider: string, message: string): { countFromHere: () => void } {
  let calls = 0;
  registerLocalEmbeddingWith(provider, () => {
    calls++;
    if (calls === 2) throw new UpstreamError(message);
  });
  return {
    countFromHere: () => {
      calls = 0;
    },
  };
}
