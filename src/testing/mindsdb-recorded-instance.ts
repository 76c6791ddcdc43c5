import type { FakeHandler } from './fake-fetch';

/**
 * A RECORDED-BEHAVIOUR FAKE OF MINDSDB, not our server: its data-source and instance-settings routes as
 * written from reading its source (`mindsdb/api/http/namespaces/databases.py`, `config.py` and
 * `mindsdb/interfaces/database/integrations.py`), so the console's pages can be checked against MindsDB's
 * shapes. Only what those pages depend on is played:
 *
 * - `GET /api/databases/{db}` answers the integration with its secrets IN CLEAR (`get(name)` shows secrets),
 *   and with `?check_connection=true` a `connection_status`.
 * - `PUT /api/databases/{db}` merges the given `parameters` over the saved ones (`modify`); only with
 *   `check_connection: true` are they tried first (a failure: 400 `Connection error`). A `******` sent back
 *   would be saved as the password.
 * - `/api/databases/check_connection` does not exist (404); `GET .../tables` lists `{name, type}`, no schema.
 * - `GET /api/config` carries `default_llm`, `default_embedding_model`, `default_reranking_model` when set,
 *   keys in clear, and no `instance` block; `PUT` replaces each of those whole and merges `auth`.
 */
export function mindsdbRecordedInstance(options: { connects: (params: Record<string, unknown>) => boolean }) {
  const state = {
    source: {
      name: 'shop',
      engine: 'postgres',
      params: {
        host: 'db.internal',
        port: 5432,
        database: 'shop',
        user: 'app',
        password: 'pg-secret-in-clear',
      } as Record<string, unknown>,
    },
    config: {
      auth: { http_auth_enabled: false, username: 'mindsdb', password: '' },
      default_llm: { provider: 'openai', model_name: 'gpt-4o', api_key: 'sk-llm-in-clear' },
    } as Record<string, unknown>,
  };
  const integration = () => ({
    id: 1,
    name: state.source.name,
    type: 'data',
    engine: state.source.engine,
    class_type: 'sql',
    connection_data: { ...state.source.params },
    date_last_update: '2026-01-02 03:04:05.000000',
  });
  const handler: FakeHandler = (req) => {
    const body = req.body as Record<string, Record<string, unknown>> | undefined;
    if (req.path === '/api/databases/shop' && req.method === 'GET') {
      const checking = req.search.get('check_connection') === 'true';
      const ok = options.connects(state.source.params);
      return {
        json: checking
          ? { ...integration(), connection_status: { success: ok, error_message: ok ? null : 'refused' } }
          : integration(),
      };
    }
    if (req.path === '/api/databases/shop' && req.method === 'PUT') {
      const merged = { ...state.source.params, ...(body?.database?.parameters ?? {}) };
      if ((req.body as { check_connection?: boolean }).check_connection && !options.connects(merged)) {
        return { status: 400, json: { title: 'Connection error', detail: 'could not connect' } };
      }
      state.source.params = merged;
      return { json: integration() };
    }
    if (req.path === '/api/databases/shop/tables') {
      return { json: [{ name: 'orders', type: 'data' }] };
    }
    if (req.path === '/api/config' || req.path === '/api/config/') {
      if (req.method === 'GET') {
        const { auth, ...rest } = state.config as { auth: Record<string, unknown> };
        return { json: { auth: { http_auth_enabled: auth.http_auth_enabled }, ...rest } };
      }
      for (const [key, value] of Object.entries(body ?? {})) {
        if (key === 'auth') state.config.auth = { ...(state.config.auth as object), ...value };
        else state.config[key] = value;
      }
      return { text: '""' };
    }
    return undefined;
  };
  return { state, handler };
}
