import { describe, expect, it } from 'vitest';
import { readBodyText } from './read-body-text';

/** A response whose body arrives in the given byte pieces, as a slow network delivers it. */
function responseInPieces(pieces: Uint8Array[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
  return new Response(body);
}

describe('readBodyText', () => {
  it('joins the pieces and decodes a character split between two of them', async () => {
    const bytes = new TextEncoder().encode('{"name":"café ☕","rows":[[1,"ü"]]}');
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    const text = await readBodyText(responseInPieces([bytes.slice(0, split), bytes.slice(split)]));
    expect(JSON.parse(text)).toEqual({ name: 'café ☕', rows: [[1, 'ü']] });
  });

  it('reads a body that arrives in many small pieces', async () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify({ data: Array.from({ length: 500 }, (_, i) => [i, `é${i}`]) }),
    );
    const pieces = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) =>
      bytes.slice(i * 7, i * 7 + 7),
    );
    const text = await readBodyText(responseInPieces(pieces));
    expect(text).toBe(new TextDecoder().decode(bytes));
  });

  it('reads an empty body as an empty string', async () => {
    expect(await readBodyText(new Response(null, { status: 204 }))).toBe('');
    expect(await readBodyText(responseInPieces([]))).toBe('');
  });
});
