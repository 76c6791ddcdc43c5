import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { ConceptModel, conceptSimilarity } from './concept-model';
import { proximity } from './proximity';
import { leadingSingular, type SparseRows } from './randomized-svd';

/**
 * 800 chunks on 80 topics (more topics than the model has dimensions, as in real documents), five words each
 * from the topic's eight. In the first topic "car" and "automobile" name one thing and never stand in one
 * chunk: only the words they both stand with relate them.
 */
function corpus(): string[] {
  const random = mulberry(3);
  const topics = Array.from({ length: 80 }, (_, t) =>
    Array.from({ length: 8 }, (_, w) =>
      t === 0
        ? ['engine', 'wheels', 'garage', 'road', 'fuel', 'driver', 'brakes', 'tyres'][w]
        : `topic${t}word${w}`,
    ),
  );
  return Array.from({ length: 800 }, (_, i) => {
    const topic = topics[i % 80];
    const words = Array.from({ length: 5 }, () => topic[Math.floor(random() * topic.length)]);
    if (i % 80 === 0) words.push((i / 80) % 2 ? 'car' : 'automobile');
    return `${words.join(' ')}.`;
  });
}

describe('concept model', () => {
  it('places a text near chunks on its topic that use other words, not near other topics', () => {
    const model = ConceptModel.learn(corpus())!;
    expect(model).not.toBeNull();
    const query = model.place('automobile');
    const near = conceptSimilarity(query, model.place('The car is in the garage.'));
    const far = conceptSimilarity(query, model.place('topic1word1 topic1word2 topic1word3'));
    expect(near).toBeGreaterThan(far + 0.3);
    // Words alone would not relate them: the car chunk holds none of the query's words.
    expect(far).toBeLessThan(0.1);
  });

  it('learns nothing from too few chunks, and places no text made only of unknown words', () => {
    expect(ConceptModel.learn(['one chunk', 'two chunks'])).toBeNull();
    // A KB of a hundred articles has too few co-occurrences for its topics: it keeps the embedding's closeness.
    expect(ConceptModel.learn(corpus().slice(0, 100))).toBeNull();
    const model = ConceptModel.learn(corpus())!;
    expect(model.place('zeppelin xylophone')).toBeNull();
    expect(conceptSimilarity(null, model.place('car'))).toBe(0);
  });

  it('gives the same model from the same texts, and survives being handed between threads', () => {
    const a = ConceptModel.learn(corpus())!;
    const b = ConceptModel.fromParts(structuredClone(ConceptModel.learn(corpus())!.parts()));
    expect(Array.from(b.place('engine wheels')!)).toEqual(Array.from(a.place('engine wheels')!));
  });
});

describe('randomized SVD', () => {
  it("finds a sparse matrix's leading singular values as a full decomposition does", () => {
    const dense = Matrix.rand(40, 30, { random: mulberry(7) });
    for (let r = 0; r < 40; r++)
      for (let c = 0; c < 30; c++) if ((r * 7 + c * 3) % 4 === 0) dense.set(r, c, 0);
    const sparse: SparseRows = {
      rows: 40,
      cols: 30,
      offsets: new Int32Array(41),
      columns: new Int32Array(0),
      values: new Float32Array(0),
    };
    const columns: number[] = [];
    const values: number[] = [];
    for (let r = 0; r < 40; r++) {
      for (let c = 0; c < 30; c++) {
        if (dense.get(r, c) !== 0) {
          columns.push(c);
          values.push(dense.get(r, c));
        }
      }
      sparse.offsets[r + 1] = columns.length;
    }
    sparse.columns = Int32Array.from(columns);
    sparse.values = Float32Array.from(values);
    const expected = new SingularValueDecomposition(dense).diagonal;
    const found = leadingSingular(sparse, 5, { powerIterations: 4 });
    for (let i = 0; i < 5; i++) expect(found.values[i]).toBeCloseTo(expected[i], 2);
  });
});

describe('proximity', () => {
  const one = () => 1;
  it('scores query terms used together above the same terms far apart, and one term alone at 0', () => {
    const together = proximity(['heat', 'transfer'], 'the heat transfer of a plate'.split(' '), one);
    const apart = proximity(['heat', 'transfer'], 'heat is a b c d e transfer'.split(' '), one);
    const far = proximity(['heat', 'transfer'], `heat ${'x '.repeat(20)}transfer`.split(' '), one);
    expect(together).toBeGreaterThan(apart);
    expect(apart).toBeGreaterThan(0);
    expect(far).toBe(0);
    expect(proximity(['heat'], ['heat', 'heat'], one)).toBe(0);
  });
});

function mulberry(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
