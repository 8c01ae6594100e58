import type { Kysely } from 'kysely';
import { autoId, type Dialect } from './dialect';

// Visitors' alerts for new vacancies (all, or one department), their link tokens (only a
// SHA-256 of each; they go with the subscription), and the one-click unsubscribe URL a mail carries.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  await db.schema
    .createTable('job_alerts')
    .addColumn('id', autoId(kind))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('department', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_alerts_email_key_idx').on('job_alerts').column('email_key').execute();
  await db.schema.createIndex('job_alerts_expires_idx').on('job_alerts').column('expires_at').execute();
  await db.schema
    .createTable('job_alert_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('job_alerts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_alert_tokens_alert_idx').on('job_alert_tokens').column('alert_id').execute();
  await db.schema.alterTable('outbox').addColumn('list_unsubscribe', 'text').execute();
}
