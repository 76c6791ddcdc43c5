import { describe, expect, it } from 'vitest';
import { MIN_CHUNKS } from './concept-model';
import { ConceptModels } from './concept-models';

/** A table whose chunks cannot be read once `closed` resolves, as the vector store's after it closed. */
function closingTable() {
  let close!: () => void;
  const closed = new Promise<void>((resolve) => (close = resolve));
  const source = {
    count: async () => MIN_CHUNKS,
    texts: async () => {
      await closed;
      throw new Error('Connection is closed');
    },
  };
  return { source, close };
}

describe('concept models', () => {
  it('report a learning that fails while the server runs', async () => {
    const { source, close } = closingTable();
    const errors: unknown[] = [];
    const models = new ConceptModels(source, (err) => errors.push(err));
    const search = models.modelFor('t');
    close();
    expect(await search).toBeNull();
    expect(errors.map((e) => (e as Error).message)).toEqual(['Connection is closed']);
  });

  it('say nothing of a learning the closing server cut short', async () => {
    const { source, close } = closingTable();
    const errors: unknown[] = [];
    const models = new ConceptModels(source, (err) => errors.push(err));
    const search = models.modelFor('t');
    models.stop();
    close();
    expect(await search).toBeNull();
    await models.whenIdle();
    expect(errors).toEqual([]);
  });
});
