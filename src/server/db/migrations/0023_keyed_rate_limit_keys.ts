import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect';

// Keys were a plain SHA-256 of an address or e-mail, which trying every IPv4 address reverses;
// they are now keyed with the server's secret, so the old windows (an hour at most) go at once.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`delete from rate_limits`.execute(db);
}
