/**
 * The server-sent-events codec used by the agent stream. Pure: no I/O, no DOM, so the server (encode) and the
 * console (parse) share it and it can be tested exhaustively.
 */

/** One dispatched event. `data` joins the event's `data:` lines with "\n". */
export interface SseEvent {
  data: string;
  /** The `event:` field, when the producer set one. */
  event?: string;
  /** The `id:` field, when the producer set one. */
  id?: string;
}

/** What is left when the stream closes. */
export interface SseFinish {
  /** True when the stream stopped inside an event: a partial line, or fields never closed by a blank line. */
  incomplete: boolean;
  /** The text of that unfinished event, for diagnostics; empty when complete. */
  partial: string;
}

/**
 * Encodes one event as a single `data:` line and the blank line that ends it. JSON.stringify escapes line
 * breaks inside strings, so the payload can never spill onto a second line.
 */
export function encodeSseEvent(payload: unknown): string {
  const json = JSON.stringify(payload);
  if (json === undefined) throw new TypeError('An SSE event payload must be JSON-serialisable');
  return `data: ${json}\n\n`;
}

const LF = 10;
const CR = 13;

/**
 * Incremental parser: feed it chunks exactly as they come off the network, in any size, and it returns the
 * events they complete. Follows the EventSource rules: LF, CRLF and CR all end a line, `:` starts a comment,
 * several `data:` lines join with "\n", a blank line dispatches, one space after the colon is dropped.
 */
export class SseParser {
  /** The unterminated tail of the last chunk. */
  private line = '';
  /** The last chunk ended with CR: if the next one starts with LF, that LF belongs to the same line end. */
  private pendingCr = false;
  private started = false;
  private data: string[] = [];
  private event: string | undefined;
  private id: string | undefined;
  /** Raw lines of the event being assembled, so an unfinished one can be reported. */
  private raw: string[] = [];

  push(chunk: string): SseEvent[] {
    const out: SseEvent[] = [];
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    if (this.pendingCr && text.length > 0) {
      this.pendingCr = false;
      if (text.charCodeAt(0) === LF) start = 1;
    }
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== LF && c !== CR) continue;
      const line = this.line + text.slice(start, i);
      this.line = '';
      if (c === CR) {
        if (i + 1 === text.length) this.pendingCr = true;
        else if (text.charCodeAt(i + 1) === LF) i++;
      }
      start = i + 1;
      this.takeLine(line, out);
    }
    this.line += text.slice(start);
    return out;
  }

  /** Call once the stream has closed. Events never closed by a blank line are not dispatched (as EventSource). */
  finish(): SseFinish {
    const unfinished = [...this.raw, ...(this.line ? [this.line] : [])];
    this.reset();
    this.line = '';
    this.pendingCr = false;
    return { incomplete: unfinished.length > 0, partial: unfinished.join('\n') };
  }

  private takeLine(line: string, out: SseEvent[]): void {
    if (line === '') {
      this.dispatch(out);
      return;
    }
    if (line.startsWith(':')) return;
    this.raw.push(line);
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    // `retry` and unknown fields are ignored, as EventSource does.
  }

  private dispatch(out: SseEvent[]): void {
    if (this.data.length > 0) {
      const event: SseEvent = { data: this.data.join('\n') };
      if (this.event !== undefined) event.event = this.event;
      if (this.id !== undefined) event.id = this.id;
      out.push(event);
    }
    this.reset();
  }

  private reset(): void {
    this.data = [];
    this.event = undefined;
    this.id = undefined;
    this.raw = [];
  }
}

/** Parses a whole stream at once (tests, and servers reading back what they sent). */
export function parseSse(text: string): { events: SseEvent[] } & SseFinish {
  const parser = new SseParser();
  const events = parser.push(text);
  return { events, ...parser.finish() };
}
