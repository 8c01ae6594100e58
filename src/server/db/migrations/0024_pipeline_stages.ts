import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect';

// Four more hiring stages (interview, offer, hired; withdrawn, which the applicant sets) and
// the reason kept when the team rejects someone.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  const stagesList = PIPELINE_STAGES.map((s) => `'${s}'`).join(', ');
  const stages = sql.raw(stagesList);
  if (kind === 'postgres') {
    const { rows } = await sql<{ conname: string }>`select conname from pg_constraint
      where conrelid = 'applicants'::regclass and contype = 'c'
      and pg_get_constraintdef(oid) like '%status%'`.execute(db);
    for (const { conname } of rows) await sql`alter table applicants drop constraint ${sql.id(conname)}`.execute(db);
    await sql`alter table applicants add constraint applicants_status_check
      check (status in (${stages}))`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'applicants', (create) =>
      create.replace(/check\s*\(\s*status in \([^)]*\)\s*\)/i, `check (status in (${stagesList}))`),
    );
  }
  await db.schema.alterTable('applicants').addColumn('rejection_reason', 'text').execute();
}

/** Every stage 0024 allows; a later migration that adds one writes its own list. */
const PIPELINE_STAGES = ['pending', 'shortlisted', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'];

/**
 * SQLite cannot alter a constraint: the table is rebuilt as SQLite's ALTER TABLE page describes,
 * keeping its rows, AUTOINCREMENT counter, indexes and triggers. Foreign keys are off meanwhile
 * (the migrator runs SQLite outside a transaction), so dropping the old table cascades to no
 * resume or note; the check before COMMIT refuses to leave a dangling reference.
 */
async function rebuildSqliteTable(db: Kysely<unknown>, table: string, edit: (create: string) => string): Promise<void> {
  const { rows: fk } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      const { rows: schema } = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql
        from sqlite_master where tbl_name = ${table}`.execute(db);
      const create = schema.find((r) => r.type === 'table')?.sql;
      if (!create) throw new Error(`No table ${table}`);
      const edited = edit(create);
      if (edited === create) throw new Error(`The rebuild of ${table} changed nothing`);
      const temp = `${table}_rebuilt`;
      const { rows: seq } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(
        db,
      );
      await sql.raw(edited.replace(/^create table\s+("?)\w+\1/i, `create table "${temp}"`)).execute(db);
      await sql`insert into ${sql.table(temp)} select * from ${sql.table(table)}`.execute(db);
      await sql`drop table ${sql.table(table)}`.execute(db);
      await sql`alter table ${sql.table(temp)} rename to ${sql.table(table)}`.execute(db);
      for (const { sql: statement } of schema.filter((r) => r.type !== 'table' && r.sql !== null))
        await sql.raw(statement as string).execute(db);
      if (seq[0]) {
        // The copy counted only up to the last row left; ids of rows deleted before are never given again.
        await sql`delete from sqlite_sequence where name = ${table}`.execute(db);
        await sql`insert into sqlite_sequence (name, seq)
          select ${table}, max(${seq[0].seq}, coalesce((select max(rowid) from ${sql.table(table)}), 0))`.execute(db);
      }
      const { rows: dangling } = await sql`pragma foreign_key_check`.execute(db);
      if (dangling.length) throw new Error(`The rebuild of ${table} left ${dangling.length} dangling references`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    if (fk[0]?.foreign_keys) await sql`pragma foreign_keys = on`.execute(db);
  }
}
