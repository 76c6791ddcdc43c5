/**
 * A response body as text, decoded piece by piece while it arrives. `response.text()` decodes the whole body
 * only once its last byte is in: for a 100,000-row result (about 13 MB) that is 100 ms more between the
 * response's end and its rows on screen. Read as a stream, the decoding overlaps the transfer.
 */
export async function readBodyText(response: Response): Promise<string> {
  if (!response.body || typeof TextDecoderStream === 'undefined') return response.text();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parts: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  return parts.length === 1 ? parts[0] : parts.join('');
}
