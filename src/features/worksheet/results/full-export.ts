import type { SqlContext } from '../../../../protocol/api/sql';
import { apiFetchRaw } from '../../../api/client';

export type FullExportFormat = 'csv' | 'json';

/**
 * Downloads the whole result of `query` from `POST /api/sql/query/export`, which streams it from the server
 * a chunk at a time (the server never holds it whole). `onBytes` follows the download.
 */
export async function exportFullResult(
  query: string,
  context: SqlContext | undefined,
  format: FullExportFormat,
  { onBytes, signal }: { onBytes?: (bytes: number) => void; signal?: AbortSignal } = {},
): Promise<Blob> {
  const response = await apiFetchRaw('/api/sql/query/export', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, context, format }),
    signal,
  });
  const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json';
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const parts: BlobPart[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    parts.push(read.value);
    bytes += read.value.byteLength;
    onBytes?.(bytes);
  }
  return new Blob(parts, { type });
}
