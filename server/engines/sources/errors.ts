import { scrubSecrets } from '../../../protocol/secrets';
import { CONNECT_TIMEOUT_MS, SourceError } from './types';

interface DriverError {
  code?: string | number;
  errno?: number;
  message?: string;
}

/**
 * A driver's failure as one line naming its cause. Connection failures are recognised by their codes, so the
 * user reads "wrong password" or "port closed" rather than a socket error; anything else is the source's own
 * message (its SQL errors are the user's to read). Secrets are scrubbed from whatever is kept.
 */
export function sourceError(
  err: unknown,
  where: { host: string; port: number; user?: string; database?: string; connectTimeoutMs?: number },
  secrets: string[],
): SourceError {
  if (err instanceof SourceError) return new SourceError(scrubSecrets(err.message, secrets));
  const e = (err ?? {}) as DriverError;
  const code = String(e.code ?? '');
  const at = `${where.host}:${where.port}`;
  const timedOut = `Connecting to ${at} timed out after ${(where.connectTimeoutMs ?? CONNECT_TIMEOUT_MS) / 1000} s`;
  const byCode: Record<string, string> = {
    ECONNREFUSED: `Connection refused at ${at}: no database server listens on that port`,
    ENOTFOUND: `Unknown host '${where.host}'`,
    EAI_AGAIN: `Unknown host '${where.host}'`,
    ETIMEDOUT: timedOut,
    EHOSTUNREACH: `Host ${where.host} cannot be reached`,
    ENETUNREACH: `Host ${where.host} cannot be reached`,
    ECONNRESET: `The connection to ${at} was closed by the server`,
    PROTOCOL_CONNECTION_LOST: `The connection to ${at} was lost`,
    '28P01': `Wrong user name or password for user '${where.user ?? ''}'`,
    '28000': `The server at ${at} refused user '${where.user ?? ''}'`,
    '3D000': `Database '${where.database ?? ''}' does not exist on ${at}`,
    ER_ACCESS_DENIED_ERROR: `Wrong user name or password for user '${where.user ?? ''}'`,
    ER_BAD_DB_ERROR: `Database '${where.database ?? ''}' does not exist on ${at}`,
    ER_DBACCESS_DENIED_ERROR: `User '${where.user ?? ''}' may not use database '${where.database ?? ''}'`,
    '57P01': `The source at ${at} ended the connection (it is shutting down)`,
    '57P03': `The source at ${at} is starting up or shutting down`,
  };
  const raw = String(e.message ?? err);
  let message = byCode[code];
  if (!message && /timeout|timed out/i.test(raw) && /connect/i.test(raw)) {
    message = timedOut;
  }
  if (!message && /Connection terminated|server closed the connection/i.test(raw)) {
    message = `The connection to ${at} was lost`;
  }
  return new SourceError(scrubSecrets(message ?? raw.split('\n')[0], secrets));
}
