import type { ShowCatalog, ShowTopic } from '../dialect/ast';
import type { JsonValue } from '../engines/duckdb';
import { SERVER_VARIABLES } from './mysql-variables';

const STARTED = Date.now();

/** information_schema.HANDLERS' columns (SHOW HANDLERS, DESCRIBE HANDLER), and a data-source engine's row. */
export const HANDLER_COLUMNS = [
  'NAME',
  'TYPE',
  'TITLE',
  'DESCRIPTION',
  'VERSION',
  'CONNECTION_ARGS',
  'IMPORT_SUCCESS',
  'IMPORT_ERROR',
];

export const handlerRow = (engine: string): JsonValue[] => [
  engine,
  'data',
  engine,
  null,
  null,
  null,
  true,
  null,
];

/** The columns of MindsDB's `models` table (information_schema.MODELS), which is empty here. */
export const MODELS_COLUMNS = [
  'NAME',
  'ENGINE',
  'PROJECT',
  'ACTIVE',
  'VERSION',
  'STATUS',
  'ACCURACY',
  'PREDICT',
  'UPDATE_STATUS',
  'MINDSDB_VERSION',
  'ERROR',
  'SELECT_DATA_QUERY',
  'TRAINING_OPTIONS',
  'CURRENT_TRAINING_PHASE',
  'TOTAL_TRAINING_PHASES',
  'TRAINING_PHASE_NAME',
  'TAG',
  'CREATED_AT',
  'TRAINING_TIME',
];

/**
 * The columns of MindsDB's listings of the objects this server does not have (models, ML engines, chatbots,
 * skills, triggers): each answers with no rows, under MindsDB's columns, so that a client reading them finds
 * what it expects.
 */
export const UNSERVED_CATALOG_COLUMNS: Record<
  Exclude<ShowCatalog, 'views' | 'integrations' | 'handlers'>,
  string[]
> = {
  models: MODELS_COLUMNS,
  ml_engines: ['NAME', 'HANDLER', 'CONNECTION_DATA'],
  chatbots: [
    'NAME',
    'PROJECT',
    'DATABASE',
    'MODEL_NAME',
    'PARAMS',
    'IS_RUNNING',
    'LAST_ERROR',
    'WEBHOOK_TOKEN',
  ],
  skills: ['NAME', 'PROJECT', 'TYPE', 'PARAMS'],
  triggers: ['NAME', 'PROJECT', 'DATABASE', 'TABLE', 'QUERY', 'LAST_ERROR'],
};

const ROUTINE_COLUMNS = [
  'Db',
  'Name',
  'Type',
  'Definer',
  'Modified',
  'Created',
  'Security_type',
  'Comment',
  'character_set_client',
  'collation_connection',
  'Database Collation',
];

/** What each MySQL SHOW answers: constant listings, as MindsDB gives them (no warnings kept, no routines). */
export function topicListing(topic: ShowTopic): { columns: string[]; rows: JsonValue[][] } {
  switch (topic) {
    case 'warnings':
    case 'errors':
      return { columns: ['Level', 'Code', 'Message'], rows: [] };
    case 'variables':
      return { columns: ['Variable_name', 'Value'], rows: SERVER_VARIABLES };
    case 'status':
      return {
        columns: ['Variable_name', 'Value'],
        rows: [
          ['Threads_connected', '1'],
          ['Uptime', String(Math.floor((Date.now() - STARTED) / 1000))],
        ],
      };
    case 'engines':
      return {
        columns: ['Engine', 'Support', 'Comment', 'Transactions', 'XA', 'Savepoints'],
        rows: [
          [
            'InnoDB',
            'DEFAULT',
            'Supports transactions, row-level locking, and foreign keys',
            'YES',
            'YES',
            'YES',
          ],
        ],
      };
    case 'charset':
      return {
        columns: ['Charset', 'Description', 'Default collation', 'Maxlen'],
        rows: [['utf8mb4', 'UTF-8 Unicode', 'utf8mb4_0900_ai_ci', 4]],
      };
    case 'collation':
      return {
        columns: ['Collation', 'Charset', 'Id', 'Default', 'Compiled', 'Sortlen', 'Pad_attribute'],
        rows: [['utf8mb4_0900_ai_ci', 'utf8mb4', 255, 'Yes', 'Yes', 0, 'NO PAD']],
      };
    case 'function_status':
    case 'procedure_status':
      return { columns: ROUTINE_COLUMNS, rows: [] };
    // No client connections are kept between requests: there is no process to list.
    case 'processlist':
      return { columns: ['Id', 'User', 'Host', 'db', 'Command', 'Time', 'State', 'Info'], rows: [] };
    // MindsDB's information_schema.PLUGINS is empty too.
    case 'plugins':
      return {
        columns: ['Name', 'Status', 'Type', 'Library', 'License'],
        rows: [],
      };
    case 'open_tables':
      return { columns: ['Database', 'Table', 'In_use', 'Name_locked'], rows: [] };
  }
}

/** SHOW INDEX | KEYS: no table here has an index a client could use, so the listing is empty (as MindsDB's). */
export const INDEX_COLUMNS = [
  'Table',
  'Non_unique',
  'Key_name',
  'Seq_in_index',
  'Column_name',
  'Collation',
  'Cardinality',
  'Sub_part',
  'Packed',
  'Null',
  'Index_type',
  'Comment',
  'Index_comment',
  'Visible',
  'Expression',
];

export const TABLE_STATUS_COLUMNS = [
  'Name',
  'Engine',
  'Version',
  'Row_format',
  'Rows',
  'Avg_row_length',
  'Data_length',
  'Max_data_length',
  'Index_length',
  'Data_free',
  'Auto_increment',
  'Create_time',
  'Update_time',
  'Check_time',
  'Collation',
  'Checksum',
  'Create_options',
  'Comment',
];
