import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { HttpProblem } from '../http/problem';

/**
 * Most bytes the one file of an archive may unpack to: the same bound as a plain upload. A zip bomb (a few
 * kilobytes that inflate to gigabytes) is stopped as soon as its output passes this, before the disk fills.
 */
export const MAX_UNZIPPED_BYTES = 512 * 1024 * 1024;

function tooLarge(maxBytes: number): HttpProblem {
  const size = maxBytes >= 2 ** 20 ? `${maxBytes / 2 ** 20} MB` : `${maxBytes} bytes`;
  return new HttpProblem(413, 'Payload Too Large', `The archive unpacks to more than ${size}`, 'file');
}

function wrongContent(detail: string): HttpProblem {
  // MindsDB's title for an archive it cannot take.
  return new HttpProblem(400, 'Wrong content.', detail, 'file');
}

/**
 * Unpacks the single data file of the zip archive `archive` into `dir`, streaming, and returns its path and
 * its name inside the archive (its extension tells CSV from JSON or Parquet). As MindsDB asks, the archive
 * must hold exactly one file, at its root; folders alone are ignored.
 */
export async function unpackSingleFile(
  archive: string,
  dir: string,
  maxBytes = MAX_UNZIPPED_BYTES,
): Promise<{ path: string; name: string }> {
  const target = path.join(dir, 'unpacked');
  const out = await fs.open(target, 'w');
  let entry: UnzipFile | undefined;
  let written = 0;
  let failure: unknown;
  let pending = Promise.resolve();
  const fail = (err: unknown) => {
    failure ??= err;
    entry?.terminate();
  };

  const unzip = new Unzip((file) => {
    if (failure) return;
    if (file.name.endsWith('/')) return; // a folder entry
    if (entry) return fail(wrongContent('Archive must contain only one data file.'));
    if (file.name.includes('/')) return fail(wrongContent('Archive must contain data file in root.'));
    // The size the archive declares is checked first (no need to unpack what says it is too big); the bytes
    // that come out are counted too, since a declared size can lie.
    if (file.originalSize !== undefined && file.originalSize > maxBytes) return fail(tooLarge(maxBytes));
    entry = file;
    file.ondata = (err, chunk) => {
      if (failure) return;
      if (err) return fail(wrongContent(`The archive is damaged: ${err.message}`));
      written += chunk.length;
      if (written > maxBytes) return fail(tooLarge(maxBytes));
      // Chunks arrive in order; chaining keeps them so while the next ones inflate.
      const copy = Buffer.from(chunk);
      pending = pending.then(() => out.write(copy).then(() => undefined));
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  try {
    for await (const chunk of createReadStream(archive)) {
      if (failure) break;
      try {
        unzip.push(chunk as Buffer);
      } catch (err) {
        fail(wrongContent(`The archive cannot be read: ${(err as Error).message}`));
      }
      // Let the writes catch up so that memory holds at most one read chunk's output.
      await pending;
    }
    if (!failure) {
      try {
        unzip.push(new Uint8Array(0), true);
      } catch (err) {
        fail(wrongContent(`The archive cannot be read: ${(err as Error).message}`));
      }
    }
    await pending;
  } finally {
    await out.close();
  }
  if (failure) throw failure;
  if (!entry) throw wrongContent('Archive must contain only one data file.');
  return { path: target, name: path.basename(entry.name) };
}
