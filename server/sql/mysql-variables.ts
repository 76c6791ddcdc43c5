import type { JsonValue } from '../engines/duckdb';

/** The MySQL version MindsDB reports to clients; connectors pick their behaviour from it. */
export const MYSQL_VERSION = '8.0.17';

/**
 * The server's MySQL variables, as MindsDB reports them to clients and connectors (SHOW VARIABLES,
 * `SELECT @@name`). None can be changed: SET is accepted and kept by no one, as in MindsDB.
 */
export const SERVER_VARIABLES: [string, JsonValue][] = [
  ['auto_increment_increment', 1],
  ['autocommit', 'ON'],
  ['character_set_client', 'utf8mb4'],
  ['character_set_connection', 'utf8mb4'],
  ['character_set_results', 'utf8mb4'],
  ['character_set_server', 'utf8mb4'],
  ['collation_connection', 'utf8mb4_0900_ai_ci'],
  ['collation_server', 'utf8mb4_0900_ai_ci'],
  ['default_storage_engine', 'InnoDB'],
  ['default_tmp_storage_engine', 'InnoDB'],
  ['event_scheduler', 'OFF'],
  ['init_connect', ''],
  ['interactive_timeout', 28800],
  ['license', 'GPL'],
  ['lower_case_table_names', 0],
  ['max_allowed_packet', 16777216],
  ['net_buffer_length', 16384],
  ['net_write_timeout', 60],
  ['performance_schema', 1],
  ['query_cache_size', 16777216],
  ['query_cache_type', 'OFF'],
  ['sql_mode', 'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE'],
  ['system_time_zone', 'UTC'],
  ['time_zone', 'SYSTEM'],
  ['transaction_isolation', 'REPEATABLE-READ'],
  ['tx_isolation', 'REPEATABLE-READ'],
  ['tx_read_only', '0'],
  ['version', MYSQL_VERSION],
  ['version_comment', 'MindsDB'],
  ['wait_timeout', 28800],
];

const BY_NAME = new Map(SERVER_VARIABLES.map(([name, value]) => [name, value]));

/**
 * The value of `@@name`, `@@session.name` or `@@global.name` (one value for every scope: there is no
 * session to differ from the server), or undefined for a variable the server does not have.
 */
export function serverVariable(name: string): JsonValue | undefined {
  const bare = name.toLowerCase().replace(/^(session|global|local)\./, '');
  return BY_NAME.get(bare);
}
