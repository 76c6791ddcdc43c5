/** The statements our SQL dialect knows, as the parser hands them to the router. */

/** A possibly project-qualified name: `kb` or `project.kb`. Names are lowercased unless quoted. */
export interface QualifiedName {
  parts: string[];
  offset: number;
}

/** The SHOW statements MySQL clients send on connecting or browsing, which MindsDB answers with constants. */
export type ShowTopic =
  | 'warnings'
  | 'errors'
  | 'variables'
  | 'status'
  | 'engines'
  | 'charset'
  | 'collation'
  | 'function_status'
  | 'procedure_status'
  | 'processlist'
  | 'plugins'
  | 'open_tables';

/** The kinds of object DESCRIBE names (see parse-describe.ts): ours, and MindsDB's that are not served here. */
export type DescribeKind =
  'knowledge_base' | 'agent' | 'view' | 'job' | 'project' | 'database' | 'handler' | UnservedFeature;

/**
 * MindsDB's features this server does not offer (see parse-unserved.ts): their statements are read, and
 * answered with an error saying why (a DROP ... IF EXISTS of one has nothing to do).
 */
export type UnservedFeature = 'model' | 'ml_engine' | 'chatbot' | 'skill' | 'trigger' | 'dataset';

/** Values in USING blocks and literals: JSON-like. */
export type Literal = null | boolean | number | string | Literal[] | { [key: string]: Literal };

export type Expr =
  | { type: 'literal'; value: Literal; offset: number }
  | { type: 'column'; name: string; table?: string; offset: number }
  | { type: 'star'; offset: number }
  | { type: 'binary'; op: '=' | '!=' | '<' | '>' | '<=' | '>='; left: Expr; right: Expr; offset: number }
  | { type: 'and' | 'or'; left: Expr; right: Expr; offset: number }
  | { type: 'not'; expr: Expr; offset: number }
  | { type: 'in'; expr: Expr; values: Expr[]; negated: boolean; offset: number }
  | { type: 'like'; expr: Expr; pattern: Expr; negated: boolean; offset: number }
  | { type: 'between'; expr: Expr; low: Expr; high: Expr; negated: boolean; offset: number }
  | { type: 'is_null'; expr: Expr; negated: boolean; offset: number };

/**
 * The filters every SHOW listing takes, as MindsDB applies them: `LIKE 'pattern'` on the listing's first
 * column (the name), `WHERE condition` on its columns by their names.
 */
export interface ShowFilter {
  like?: string;
  where?: Expr;
}

/** MindsDB's listings of the objects of its information_schema, by SHOW's word for them. */
export type ShowCatalog =
  'views' | 'models' | 'ml_engines' | 'handlers' | 'chatbots' | 'skills' | 'triggers' | 'integrations';

export interface SelectItem {
  expr: Expr;
  alias?: string;
}

/**
 * A SELECT simple enough to be answered by a knowledge base or an agent: one source, optional WHERE,
 * ORDER BY and LIMIT. Anything richer goes to the SQL engine as text.
 */
export interface SimpleSelect {
  items: SelectItem[];
  from: QualifiedName;
  where?: Expr;
  orderBy: { column: string; descending: boolean }[];
  limit?: number;
  offset?: number;
}

/** Parameters of a USING block, keys lowercased. */
export type UsingParams = Record<string, Literal>;

/** A user variable a SET gives a constant value: `SET @name = 'value'` (names lowercased). */
export interface UserVariableAssignment {
  name: string;
  value: Literal;
}

/** One `col = value` of UPDATE's SET: `expression` holds the text of a value that is not a literal. */
export interface UpdateAssignment {
  column: string;
  value: Literal;
  expression?: string;
}

/** `EVERY [n] unit` of a job; months are calendar months. */
export interface JobEvery {
  count: number;
  unit: 'minute' | 'hour' | 'day' | 'week' | 'month';
  /** The schedule as it was written (`every hour`): MindsDB answers it back as the job's `schedule_str`. */
  text?: string;
}

export type Statement =
  | { kind: 'create_project'; name: string; ifNotExists: boolean }
  | { kind: 'drop_project'; name: string; ifExists: boolean }
  /** `ALTER DATABASE project NAME = 'new'`: MindsDB's one change to a project, its name. */
  | { kind: 'rename_project'; name: string; newName: string }
  | { kind: 'show_projects'; filter?: ShowFilter }
  /** CREATE DATABASE name WITH ENGINE = '...', PARAMETERS = {...}: a connection to an external data source. */
  | {
      kind: 'create_database';
      name: string;
      /** OR REPLACE: a data source of that name is replaced (its new connection tested first). */
      orReplace: boolean;
      ifNotExists: boolean;
      engine: string;
      params: UsingParams;
    }
  | { kind: 'alter_database'; name: string; params: UsingParams }
  | { kind: 'show_databases'; full: boolean; filter?: ShowFilter }
  | { kind: 'show_tables'; full: boolean; from?: string; filter?: ShowFilter }
  | { kind: 'use'; name: string }
  | { kind: 'show_topic'; topic: ShowTopic; filter?: ShowFilter }
  /** SHOW [FULL] COLUMNS FROM t [FROM db]: the table's columns. */
  | { kind: 'show_columns'; full: boolean; table: QualifiedName; filter?: ShowFilter }
  | { kind: 'show_index'; table: QualifiedName; filter?: ShowFilter }
  | { kind: 'show_table_status'; from?: string; filter?: ShowFilter }
  | { kind: 'show_create_table'; table: QualifiedName }
  | { kind: 'show_catalog'; catalog: ShowCatalog; from?: string; filter?: ShowFilter }
  /** A MySQL server's listing this server keeps nothing for (`SHOW BINARY LOGS`): `category` names it. */
  | { kind: 'show_unkept'; category: string; filter?: ShowFilter }
  /** SET of any kind (see parse-set.ts): `variables` are the user variables given constants. */
  | { kind: 'set'; text: string; variables: UserVariableAssignment[] }
  /** START TRANSACTION / BEGIN / COMMIT / ROLLBACK: accepted, nothing to do (see parse-transaction.ts). */
  | { kind: 'transaction'; action: 'begin' | 'commit' | 'rollback' }
  | { kind: 'drop_table'; name: QualifiedName; ifExists: boolean }
  /** LOCK TABLES, UNLOCK TABLES, SAVEPOINT (see parse-mysql-admin.ts): accepted, nothing to do. */
  | { kind: 'mysql_no_op'; statement: 'lock_tables' | 'unlock_tables' | 'savepoint' }
  /** ALTER TABLE t DISABLE | ENABLE KEYS (MySQL dumps): accepted, nothing to do. */
  | { kind: 'alter_table_keys'; name: QualifiedName; enable: boolean }
  /**
   * CREATE [OR REPLACE] TABLE [IF NOT EXISTS] db.t: from a query (`selectSql`), or, in MindsDB's other form, from
   * column definitions (`columns`, their text), which this server reads and refuses.
   */
  | {
      kind: 'create_table';
      name: QualifiedName;
      replace: boolean;
      ifNotExists: boolean;
      selectSql?: string;
      columns?: string;
    }
  | { kind: 'create_knowledge_base'; name: QualifiedName; ifNotExists: boolean; params: UsingParams }
  | { kind: 'alter_knowledge_base'; name: QualifiedName; params: UsingParams }
  | { kind: 'drop_knowledge_base'; name: QualifiedName; ifExists: boolean }
  | { kind: 'describe'; objectType?: DescribeKind; name: QualifiedName }
  | { kind: 'show_knowledge_bases'; from?: string; filter?: ShowFilter }
  | { kind: 'create_agent'; name: QualifiedName; ifNotExists: boolean; params: UsingParams }
  | { kind: 'alter_agent'; name: QualifiedName; params: UsingParams }
  | { kind: 'drop_agent'; name: QualifiedName; ifExists: boolean }
  | { kind: 'show_agents'; from?: string; filter?: ShowFilter }
  /** INSERT INTO target [(cols)] VALUES (...) | SELECT ...: `rows` for VALUES, `selectSql` for a query. */
  | {
      kind: 'insert';
      target: QualifiedName;
      columns?: string[];
      rows?: Literal[][];
      selectSql?: string;
      /** `USING batch_size = 200, ...` after the query (knowledge bases' insert parameters). */
      params?: UsingParams;
    }
  /** UPDATE t SET col = value, ... [FROM (SELECT ...) AS a] [WHERE ...] (see parse-kb.ts). */
  | {
      kind: 'update';
      target: QualifiedName;
      set: UpdateAssignment[];
      from?: { sql: string; alias: string };
      where?: Expr;
    }
  /** CREATE INDEX ON KNOWLEDGE_BASE kb [WITH (...)]: builds the vector index now. */
  | { kind: 'create_kb_index'; name: QualifiedName; params: UsingParams }
  | { kind: 'drop_kb_index'; name: QualifiedName }
  | { kind: 'delete'; target: QualifiedName; where?: Expr }
  /**
   * Any SELECT. `simple` is set when it has the one-source shape that a KB or agent can answer; `sql` is the
   * statement text for the SQL engine.
   */
  | { kind: 'select'; sql: string; simple?: SimpleSelect }
  /** Views and jobs (see parse-view-job.ts): `query` and `statements` are texts checked to parse. */
  | { kind: 'create_view'; name: QualifiedName; orReplace: boolean; ifNotExists: boolean; query: string }
  | { kind: 'alter_view'; name: QualifiedName; query: string }
  | { kind: 'drop_view'; names: QualifiedName[]; ifExists: boolean }
  /** `DROP MODEL | PREDICTOR`: no models are trained here, but MindsDB's JS SDK deletes a view this way. */
  | { kind: 'drop_model'; name: QualifiedName; ifExists: boolean }
  | {
      kind: 'create_job';
      name: QualifiedName;
      ifNotExists: boolean;
      statements: string[];
      start?: string;
      end?: string;
      every?: JobEvery;
      condition?: string;
    }
  | { kind: 'drop_job'; name: QualifiedName; ifExists: boolean }
  | { kind: 'show_jobs'; from?: string; filter?: ShowFilter }
  /** A statement of a MindsDB feature not offered here (see parse-unserved.ts). */
  | {
      kind: 'unserved';
      feature: UnservedFeature;
      action: 'create' | 'drop' | 'update' | 'retrain' | 'finetune';
      name: string;
      ifExists: boolean;
    }
  | EvaluateStatement;

export type StatementKind = Statement['kind'];
export type StatementOf<K extends StatementKind> = Extract<Statement, { kind: K }>;

/**
 * `EVALUATE KNOWLEDGE_BASE kb USING key = value, ...`, and `EVALUATE metric FROM (SELECT actual, prediction
 * ...) [USING key = value, ...]`, which scores predictions against the truth (MindsDB's statements).
 */
export type EvaluateStatement =
  | { kind: 'evaluate_knowledge_base'; name: QualifiedName; params: UsingParams }
  | { kind: 'evaluate_metric'; metric: string; selectSql: string; params: UsingParams };
