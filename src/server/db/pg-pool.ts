import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { dbFault } from './faults';

/** How long PostgreSQL may take before a request gives up on it (DATABASE_*_TIMEOUT_MS). */
export type PostgresTimeouts = { connectMs: number; statementMs: number; idleInTransactionMs: number };

/** A frozen server never cancels a statement itself: the client gives up this long after the server should have. */
const CLIENT_TIMEOUT_MARGIN_MS = 1_000;

/**
 * A pg pool for Kysely that survives PostgreSQL going away: every client has an error listener
 * (a connection dropped under a checked-out client must not crash the process), connecting and
 * every statement are bounded in time, and a client whose connection failed is discarded instead
 * of returned to the pool. Once failed, it answers every further query (Kysely's rollback) with
 * the same error, so the cause is never replaced by a rollback's.
 */
export function resilientPgPool(
  connectionString: string,
  max: number,
  timeouts: PostgresTimeouts | undefined,
  onConnectionError: (error: Error) => void,
): PostgresPool {
  const pool = new pg.Pool({
    connectionString,
    max,
    keepAlive: true,
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      query_timeout: timeouts.statementMs + CLIENT_TIMEOUT_MARGIN_MS,
    }),
  });
  // Idle clients: the pool removes a broken one. Checked-out clients: the query in flight fails on its own.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));

  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let failure: unknown = null;
      const query = async (sql: string, parameters: ReadonlyArray<unknown>) => {
        if (failure) throw failure;
        try {
          return await client.query(sql, parameters as unknown[]);
        } catch (error) {
          if (dbFault(error) === 'unavailable') failure = error;
          throw error;
        }
      };
      return {
        // Only the (sql, parameters) form: Kysely asks for a cursor only when the dialect is given one.
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client.release(failure !== null),
      };
    },
    end: () => pool.end(),
  };
}
