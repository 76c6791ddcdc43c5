import fs from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { bodyOf, readState, SLICE_BYTES, type Header } from './copy-file-body';
import { MirroredTable } from './mirrored-table';

/**
 * A table's in-memory copy in a file of its own, so that a restarted server has it back in seconds instead of
 * reading the table again and grouping its rows anew (a minute or two at a million rows): its int8 blocks,
 * fine codes, removed rows, groups and columns, byte for byte as held, after a header that says which table and
 * table version the copy reflects. A file is read straight into the copy's own arrays a slice at a time (no
 * second copy in memory), and its checksum is checked before the copy is used: a truncated or altered file,
 * one of another format or for another table, gives no copy.
 *
 * Layout: MAGIC, the format (u32), the header's bytes (u32), the table version (f64: relabelled in place, see
 * `relabelCopyFile`), the header (JSON), the body (its sections: copy-file-body.ts), the CRC-32 of header and
 * body.
 */
const MAGIC = Buffer.from('KSCOPY\r\n');
export const COPY_FILE_FORMAT = 1;
const PREFIX_BYTES = MAGIC.length + 4 + 4 + 8;
const VERSION_AT = MAGIC.length + 8;

/** The table a file is for and the version its copy reflects. */
export interface CopyLabel {
  table: string;
  version: number;
}

/**
 * Writes `copy`'s state to `file` (a slice at a time, with pauses in between), labelled `label`, which says
 * the copy's `edition` when the table was at `version`. Resolves to the bytes written, or to null when the copy
 * changed since (the file is then removed).
 */
export async function writeCopyFile(
  file: string,
  copy: MirroredTable,
  label: CopyLabel & { edition: number },
): Promise<number | null> {
  const edition = label.edition;
  if (copy.edition !== edition) return null;
  const { header, sections } = bodyOf(copy.state, label.table);
  const headerBytes = Buffer.from(JSON.stringify(header));
  const prefix = Buffer.alloc(PREFIX_BYTES);
  MAGIC.copy(prefix);
  prefix.writeUInt32LE(COPY_FILE_FORMAT, MAGIC.length);
  prefix.writeUInt32LE(headerBytes.length, MAGIC.length + 4);
  prefix.writeDoubleLE(label.version, VERSION_AT);
  const handle = await fs.open(file, 'w');
  let written = 0;
  let crc = 0;
  const put = async (bytes: Uint8Array) => {
    crc = crc32(bytes, crc);
    await handle.write(bytes, 0, bytes.length, written);
    written += bytes.length;
  };
  try {
    await handle.write(prefix, 0, prefix.length, 0);
    written = prefix.length;
    await put(headerBytes);
    sections: for (const section of sections) {
      for await (const bytes of section.write()) {
        if (copy.edition !== edition) break sections;
        await put(bytes);
      }
    }
    const end = Buffer.alloc(4);
    end.writeUInt32LE(crc >>> 0);
    await handle.write(end, 0, 4, written);
    written += 4;
  } finally {
    await handle.close();
  }
  if (copy.edition === edition) return written;
  await fs.rm(file, { force: true });
  return null;
}

/** Rewrites the table version a file's copy reflects (its rows unchanged: an index was built, say). */
export async function relabelCopyFile(file: string, version: number): Promise<void> {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleLE(version);
  const handle = await fs.open(file, 'r+');
  try {
    await handle.write(bytes, 0, 8, VERSION_AT);
  } finally {
    await handle.close();
  }
}

/** A file's label and how much memory its copy takes, read from its header; null for a file not of this form. */
export async function readCopyLabel(
  file: string,
): Promise<(CopyLabel & { bytes: number; fileBytes: number }) | null> {
  const opened = await openHeader(file).catch(() => null);
  if (!opened) return null;
  await opened.handle.close();
  return {
    table: opened.header.table,
    version: opened.version,
    bytes: opened.bytes,
    fileBytes: opened.fileBytes,
  };
}

/**
 * The copy `file` holds, when it is whole, of this format, and for `label` (table and version); else null.
 * `admit(bytes)` is asked before anything large is read: false gives null too.
 */
export async function readCopyFile(
  file: string,
  label: CopyLabel,
  admit: (bytes: number) => boolean = () => true,
): Promise<MirroredTable | null> {
  const opened = await openHeader(file).catch(() => null);
  if (!opened) return null;
  const { handle, header, headerBytes } = opened;
  try {
    if (header.table !== label.table || opened.version !== label.version || !admit(opened.bytes)) return null;
    let at = opened.bodyAt;
    let crc = crc32(headerBytes);
    const fill = async (into: Uint8Array) => {
      for (let from = 0; from < into.length;) {
        const slice = into.subarray(from, Math.min(into.length, from + SLICE_BYTES));
        const { bytesRead } = await handle.read(slice, 0, slice.length, at);
        if (bytesRead !== slice.length) throw new Error('the copy file is truncated');
        crc = crc32(slice, crc);
        at += bytesRead;
        from += bytesRead;
      }
    };
    const state = await readState(header, fill);
    const end = Buffer.alloc(4);
    await handle.read(end, 0, 4, at);
    return end.readUInt32LE() === crc >>> 0 ? MirroredTable.of(state) : null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** A file's header, the table version it is labelled with, and its open handle (the caller closes it). */
export async function openHeader(file: string) {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const prefix = Buffer.alloc(PREFIX_BYTES);
    await handle.read(prefix, 0, PREFIX_BYTES, 0);
    if (!prefix.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a copy file');
    if (prefix.readUInt32LE(MAGIC.length) !== COPY_FILE_FORMAT) throw new Error('another format');
    const headerBytes = Buffer.alloc(prefix.readUInt32LE(MAGIC.length + 4));
    if (PREFIX_BYTES + headerBytes.length > size) throw new Error('truncated');
    await handle.read(headerBytes, 0, headerBytes.length, PREFIX_BYTES);
    const header = JSON.parse(headerBytes.toString()) as Header;
    if (PREFIX_BYTES + headerBytes.length + header.bodyBytes + 4 !== size) throw new Error('truncated');
    const version = prefix.readDoubleLE(VERSION_AT);
    const bodyAt = PREFIX_BYTES + headerBytes.length;
    return { handle, header, headerBytes, bodyAt, version, fileBytes: size, bytes: header.bodyBytes };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
