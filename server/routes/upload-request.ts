import path from 'node:path';
import { HttpProblem } from '../http/problem';

/**
 * MindsDB's rules for the request of `PUT /api/files/{name}`, checked in its order: the body's fields first
 * (a form takes `file`, `original_file_name`, `source_type`; a JSON body `source`, `original_file_name`,
 * `source_type`), then the name taken, then the source type, and the table name's form last.
 */
export const FORM_FIELDS = ['file', 'original_file_name', 'source_type'] as const;
export const JSON_FIELDS = ['original_file_name', 'source', 'source_type'] as const;

/** A body with fields MindsDB's upload does not take: MindsDB's 400, naming them and the allowed ones. */
export function unexpectedFields(given: string[], allowed: readonly string[]): HttpProblem | undefined {
  const unexpected = given.filter((key) => !allowed.includes(key));
  if (unexpected.length === 0) return undefined;
  return new HttpProblem(
    400,
    'Invalid request parameters',
    `Unexpected parameters in request: ${unexpected.join(', ')}. Allowed parameters: ${[...allowed].sort().join(', ')}`,
  );
}

/** A JSON body that is not an object. */
export const notAnObject = () =>
  new HttpProblem(400, 'Invalid request parameters', 'Unexpected parameters in request');

/**
 * `source_type` as MindsDB reads it (absent means `file`). A URL is refused as a MindsDB with URL uploads
 * disabled refuses it: this server fetches nothing on a client's behalf (it could be made to reach private
 * addresses).
 */
export function checkSourceType(value: unknown): void {
  const type = value ?? 'file';
  if (type !== 'file' && type !== 'url') {
    throw new HttpProblem(
      400,
      'Wrong file source type',
      `Only "file" and "url" supported as file source, got "${String(type)}"`,
      'source_type',
    );
  }
  if (type === 'url') {
    throw new HttpProblem(
      400,
      'URL file upload is disabled.',
      'URL file upload is disabled. This server fetches no file for a client: upload the file itself.',
      'source_type',
    );
  }
}

/** No file came with the request. */
export const fileMissing = () =>
  new HttpProblem(400, 'File field is missed', 'The "file" field is missed in the form', 'file');

/** MindsDB's refusal of a table name with an extension (`test.txt`), before our own rules for names. */
export function checkNoExtension(name: string): void {
  if (path.extname(name) !== '') {
    throw new HttpProblem(400, 'Error', 'File name cannot contain extension.', 'name');
  }
}
