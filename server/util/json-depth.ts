/**
 * The nesting depth of JSON text (objects and arrays), read without parsing it. Bytes and UTF-16 code units
 * are read the same way: the characters that matter (`"` `\` `{` `}` `[` `]`) never occur inside a multi-byte
 * UTF-8 sequence, so a file can be scanned chunk by chunk as raw bytes.
 */
export class JsonDepthScanner {
  /** The deepest nesting seen so far. */
  max = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;

  push(chunk: Uint8Array | string): this {
    const text = typeof chunk === 'string';
    for (let i = 0; i < chunk.length; i++) {
      const c = text ? chunk.charCodeAt(i) : chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92 /* \ */) this.escaped = true;
        else if (c === 34 /* " */) this.inString = false;
      } else if (c === 34) this.inString = true;
      else if (c === 123 /* { */ || c === 91 /* [ */) {
        if (++this.depth > this.max) this.max = this.depth;
      } else if (c === 125 /* } */ || c === 93 /* ] */) this.depth--;
    }
    return this;
  }
}

export const jsonDepth = (text: string): number => new JsonDepthScanner().push(text).max;
