import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect';

// SQLite now zeroes what it deletes; one VACUUM rewrites the file without the pages freed
// before, which still held erased rows. PostgreSQL: nothing (see docs/ARCHITECTURE.md).
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  if (kind === 'sqlite') await sql`vacuum`.execute(db);
}
