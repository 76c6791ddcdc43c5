import { createRequire } from 'node:module';
import type * as ArrowModule from 'apache-arrow';

/**
 * LanceDB loads apache-arrow through `require`; an ESM import would give a second copy whose classes fail
 * LanceDB's `instanceof` checks. Loading the same CommonJS copy keeps one set of Arrow classes.
 */
export const arrow: typeof ArrowModule = createRequire(import.meta.url)('apache-arrow');

/**
 * Arrow columns built straight from JavaScript values: one pass to size the buffers, one to fill them.
 * Arrow's generic builders (`vectorFromArray`) grow their buffers value by value and encode each string on its
 * own, which cost about as much as embedding the text in the first place on every insert.
 */

/** A validity bitmap (bit set = value present), or null when every value is present. */
function validity(
  length: number,
  isNull: (i: number) => boolean,
): { bitmap: Uint8Array | null; nulls: number } {
  let nulls = 0;
  let bitmap: Uint8Array | null = null;
  for (let i = 0; i < length; i++) {
    if (!isNull(i)) continue;
    if (!bitmap) bitmap = new Uint8Array(Math.ceil(length / 8)).fill(0xff);
    bitmap[i >> 3] &= ~(1 << (i & 7));
    nulls++;
  }
  return { bitmap, nulls };
}

/** A Utf8 column (a null entry stays null). */
export function utf8Column(values: readonly (string | null)[]): ArrowModule.Vector {
  const n = values.length;
  const offsets = new Int32Array(n + 1);
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== null) bytes += Buffer.byteLength(v, 'utf8');
    offsets[i + 1] = bytes;
  }
  const data = Buffer.allocUnsafe(bytes);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== null && v.length > 0) data.write(v, offsets[i], 'utf8');
  }
  const { bitmap, nulls } = validity(n, (i) => values[i] === null);
  return arrow.makeVector(
    arrow.makeData({
      type: new arrow.Utf8(),
      length: n,
      nullCount: nulls,
      nullBitmap: bitmap,
      valueOffsets: offsets,
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    }),
  );
}

/** A Float64 column (a null entry stays null). */
export function float64Column(values: readonly (number | null)[]): ArrowModule.Vector {
  const n = values.length;
  const data = new Float64Array(n);
  for (let i = 0; i < n; i++) data[i] = values[i] ?? 0;
  const { bitmap, nulls } = validity(n, (i) => values[i] === null);
  return arrow.makeVector(
    arrow.makeData({ type: new arrow.Float64(), length: n, nullCount: nulls, nullBitmap: bitmap, data }),
  );
}
