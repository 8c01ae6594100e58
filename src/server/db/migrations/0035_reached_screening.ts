import { sql, type Kysely } from 'kysely';

// When an applicant first reached Screening or a later stage, kept when they move on or back,
// so the Sources report counts everyone who got that far. Earlier moves are read from the
// audit trail, where every status change named its stages ('shortlisted' before the labels).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applicants').addColumn('reached_screening_at', 'text').execute();
  await sql`update applicants set reached_screening_at = coalesce(
      (select min(a.at) from audit_log a
        where a.action = 'applicant.status_changed' and a.subject_type = 'applicant'
          and a.subject_id = applicants.id
          and (a.summary like '%Screening%' or a.summary like '%Interview%' or a.summary like '%Offer%'
            or a.summary like '%Hired%' or a.summary like '%shortlisted%')),
      case when status in ('shortlisted', 'interview', 'offer', 'hired') then status_changed_at end)`.execute(db);
}
