/**
 * Run by stream-promotion.test.ts in a process of its own under `--trace-gc-nvp`: streams one table of the
 * test PostgreSQL through the source client's cursor, keeping nothing, and prints the rows it read. The parent
 * adds up what V8 says each young-generation collection promoted meanwhile.
 */
import { PostgresClient } from '../../engines/sources/postgres';

const [port, user, password, database, table] = process.argv.slice(2);
const client = new PostgresClient({
  host: '127.0.0.1',
  address: '127.0.0.1',
  port: Number(port),
  user,
  password,
  database,
});
let rows = 0;
for await (const page of client.stream(`SELECT * FROM ${table}`, {
  pageSize: 5_000,
  timeoutMs: 60_000,
})) {
  rows += page.rows.length;
}
await client.close();
console.log(`ROWS ${rows}`);
