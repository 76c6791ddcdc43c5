import { describe, expect, it } from 'vitest';
import { encodeSseEvent, parseSse, SseParser, type SseEvent } from './sse';

/** A stream that exercises every rule: comments, a multi-line event, named events, ids, an empty data line. */
const SAMPLE = [
  ': keep-alive comment',
  'data: {"type":"start","prompt":"q","trace_id":"t1"}',
  '',
  'data: {"actions":[{"tool":"kb_query_tool"}]}',
  '',
  'event: note',
  'id: 7',
  'data: first line',
  'data:second line, no space',
  'data:  two spaces keep one',
  '',
  ': a comment between events',
  '',
  'data',
  '',
  'data: {"output":"é ✓ 𝄞","trace_id":"t1"}',
  '',
  'data: {"type":"end"}',
  '',
  '',
].join('\n');

const EXPECTED: SseEvent[] = [
  { data: '{"type":"start","prompt":"q","trace_id":"t1"}' },
  { data: '{"actions":[{"tool":"kb_query_tool"}]}' },
  { data: 'first line\nsecond line, no space\n two spaces keep one', event: 'note', id: '7' },
  { data: '' },
  { data: '{"output":"é ✓ 𝄞","trace_id":"t1"}' },
  { data: '{"type":"end"}' },
];

function feed(chunks: string[]) {
  const parser = new SseParser();
  const events = chunks.flatMap((c) => parser.push(c));
  return { events, ...parser.finish() };
}

const withEnds = (text: string, eol: string) => text.replace(/\n/g, eol);

describe('encodeSseEvent', () => {
  it('writes one data line and a blank line', () => {
    expect(encodeSseEvent({ type: 'end' })).toBe('data: {"type":"end"}\n\n');
  });

  it('keeps line breaks inside values on one line, and round-trips through the parser', () => {
    const payload = { output: 'line 1\nline 2\r\nline 3\u2028', n: 1 };
    const encoded = encodeSseEvent(payload);
    expect(encoded.trimEnd().split(/\r\n|\r|\n/)).toHaveLength(1);
    const { events, incomplete } = parseSse(encoded + encodeSseEvent([1, 2]));
    expect(incomplete).toBe(false);
    expect(events.map((e) => JSON.parse(e.data))).toEqual([payload, [1, 2]]);
  });

  it('refuses a payload JSON cannot represent', () => {
    expect(() => encodeSseEvent(undefined)).toThrow(TypeError);
  });
});

describe('SseParser', () => {
  it('parses the sample in one chunk', () => {
    expect(feed([SAMPLE])).toEqual({ events: EXPECTED, incomplete: false, partial: '' });
  });

  for (const [name, eol] of [
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ] as const) {
    const text = withEnds(SAMPLE, eol);

    it(`gives the same events for every split into two chunks (${name})`, () => {
      for (let i = 0; i <= text.length; i++) {
        const result = feed([text.slice(0, i), text.slice(i)]);
        expect(result.events, `split at ${i}`).toEqual(EXPECTED);
        expect(result.incomplete, `split at ${i}`).toBe(false);
      }
    });

    it(`gives the same events for every split into three chunks (${name})`, () => {
      for (let i = 0; i <= text.length; i += 3) {
        for (let j = i; j <= text.length; j += 2) {
          const result = feed([text.slice(0, i), text.slice(i, j), text.slice(j)]);
          expect(result.events, `splits at ${i}, ${j}`).toEqual(EXPECTED);
        }
      }
    });

    it(`gives the same events one character at a time (${name})`, () => {
      expect(feed([...text]).events).toEqual(EXPECTED);
    });
  }

  it('returns events as soon as their blank line arrives, not later', () => {
    const parser = new SseParser();
    expect(parser.push('data: a\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ data: 'a' }]);
    expect(parser.push('data: b\n\ndata: c\n\ndata: d')).toEqual([{ data: 'b' }, { data: 'c' }]);
  });

  it('treats a CR at the end of a chunk followed by LF as one line end, not two', () => {
    const parser = new SseParser();
    expect(parser.push('data: a\r')).toEqual([]);
    // Were the LF counted as a second line end, the event would dispatch here.
    expect(parser.push('\ndata: b\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ data: 'a\nb' }]);
  });

  it('drops a byte-order mark at the start of the stream only', () => {
    expect(feed(['\ufeffdata: x\n\n']).events).toEqual([{ data: 'x' }]);
    expect(feed(['data: \ufeffx\n\n']).events).toEqual([{ data: '\ufeffx' }]);
  });

  it('ignores fields it does not know and events without data', () => {
    expect(feed(['retry: 100\nfoo: bar\n\nevent: x\n\ndata: y\n\n']).events).toEqual([{ data: 'y' }]);
  });

  describe('a stream cut mid-event', () => {
    it('reports a partial line as incomplete and does not dispatch it', () => {
      const result = feed(['data: {"type":"end"}\n\n', 'data: {"outp']);
      expect(result.events).toEqual([{ data: '{"type":"end"}' }]);
      expect(result).toMatchObject({ incomplete: true, partial: 'data: {"outp' });
    });

    it('reports complete lines never closed by a blank line as incomplete', () => {
      const result = feed(['data: a\ndata: b\n']);
      expect(result.events).toEqual([]);
      expect(result).toMatchObject({ incomplete: true, partial: 'data: a\ndata: b' });
    });

    it('is complete when the stream ends right after a blank line or a comment line', () => {
      expect(feed(['data: a\n\n: bye\n']).incomplete).toBe(false);
      expect(feed(['data: a\r\n\r\n']).incomplete).toBe(false);
    });
  });
});
