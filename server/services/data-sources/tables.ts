import { quoteSourceIdent, renderForSource } from '../../engines/sources/dialect';
import type { SourceTable } from '../../engines/sources/types';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { DataSourceService } from './service';

/** A source table addressed by name alone, as MindsDB's REST does: the first match, its default schema first. */
export async function findSourceTable(
  sources: DataSourceService,
  source: string,
  name: string,
): Promise<SourceTable | undefined> {
  const tables = (await sources.tables(source)).filter((t) => t.name === name);
  return tables.find((t) => t.schema === 'public') ?? tables[0];
}

/** `CREATE TABLE name AS <select>` on the source itself: the SELECT is written against the source (`shop.t`). */
export async function createSourceTable(
  sources: DataSourceService,
  source: string,
  input: { name: string; select: string; replace: boolean },
  timeoutMs: number,
): Promise<SourceTable> {
  if (!input.name.trim()) throw new ValidationError('The table needs a name', 'table.name');
  if (!/^\s*(select|with|\()/i.test(input.select)) {
    throw new ValidationError('table.select must be a SELECT statement', 'table.select');
  }
  const existing = await findSourceTable(sources, source, input.name);
  const dialect = await sources.dialect(source);
  const quoted = quoteSourceIdent(input.name, dialect);
  if (existing && !input.replace)
    throw new ConflictError(`Table with name ${input.name} already exists`, 'table.name');
  if (existing) await sources.query(source, `DROP TABLE ${quoted}`, { timeoutMs });
  const select = renderForSource(input.select, source, dialect);
  await sources.query(source, `CREATE TABLE ${quoted} AS ${select}`, { timeoutMs });
  const created = await findSourceTable(sources, source, input.name);
  if (!created) throw new ValidationError(`Table ${input.name} could not be created`);
  return created;
}

export async function dropSourceTable(
  sources: DataSourceService,
  source: string,
  name: string,
  timeoutMs: number,
): Promise<void> {
  const table = await findSourceTable(sources, source, name);
  if (!table) throw new NotFoundError(`Table with name ${name} not found`);
  const dialect = await sources.dialect(source);
  const qualified = `${quoteSourceIdent(table.schema, dialect)}.${quoteSourceIdent(table.name, dialect)}`;
  await sources.query(source, `DROP ${table.type === 'VIEW' ? 'VIEW' : 'TABLE'} ${qualified}`, { timeoutMs });
}
