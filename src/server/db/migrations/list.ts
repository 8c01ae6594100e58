import type { Kysely } from 'kysely';
import type { Dialect } from './dialect';
import { up as up0001 } from './0001_initial';
import { up as up0002 } from './0002_closed_jobs';
import { up as up0003 } from './0003_privacy';
import { up as up0004 } from './0004_revoked_tokens_and_rate_limits';
import { up as up0005 } from './0005_outbox';
import { up as up0006 } from './0006_outbox_subject_key';
import { up as up0007 } from './0007_closed_vacancies_and_handled_messages';
import { up as up0008 } from './0008_team';
import { up as up0009 } from './0009_applicant_notes';
import { up as up0010 } from './0010_applicant_sources';
import { up as up0011 } from './0011_view_counters';
import { up as up0012 } from './0012_outbox_held';
import { up as up0013 } from './0013_second_factor_failures';
import { up as up0014 } from './0014_rate_limits_by_library';
import { up as up0023 } from './0023_keyed_rate_limit_keys';
import { up as up0024 } from './0024_pipeline_stages';
import { up as up0025 } from './0025_mail_templates';
import { up as up0026 } from './0026_application_tokens';
import { up as up0027 } from './0027_interviews_and_scorecards';
import { up as up0028 } from './0028_resume_text';
import { up as up0029 } from './0029_job_alerts';
import { up as up0030 } from './0030_open_application';
import { up as up0031 } from './0031_invitation_inviter';
import { up as up0032 } from './0032_job_alert_reminders';
import { up as up0034 } from './0034_token_last_use';
import { up as up0035 } from './0035_reached_screening';
import { up as up0036 } from './0036_interview_panel_history';
import { up as up0037 } from './0037_scrub_freed_pages';
import { up as up0038 } from './0038_audit_without_personal_data';
import { up as up0039 } from './0039_job_closing_date';
import { up as up0040 } from './0040_outbox_vacancy';
import { up as up0042 } from './0042_stage_deadline_mails';
import { up as up0044 } from './0044_admin_display_name';
import { up as up0045 } from './0045_undo_window';
import { up as up0046 } from './0046_interview_slots';

type Up = (db: Kysely<unknown>, kind: Dialect) => Promise<void>;

/**
 * Every migration, oldest first, by the name `kysely_migration` records (its file's name). A
 * released one never changes; a new one is a new file, appended here.
 */
export const MIGRATIONS: readonly (readonly [name: string, up: Up])[] = [
  ['0001_initial', up0001],
  ['0002_closed_jobs', up0002],
  ['0003_privacy', up0003],
  ['0004_revoked_tokens_and_rate_limits', up0004],
  ['0005_outbox', up0005],
  ['0006_outbox_subject_key', up0006],
  ['0007_closed_vacancies_and_handled_messages', up0007],
  ['0008_team', up0008],
  ['0009_applicant_notes', up0009],
  ['0010_applicant_sources', up0010],
  ['0011_view_counters', up0011],
  ['0012_outbox_held', up0012],
  ['0013_second_factor_failures', up0013],
  ['0014_rate_limits_by_library', up0014],
  ['0023_keyed_rate_limit_keys', up0023],
  ['0024_pipeline_stages', up0024],
  ['0025_mail_templates', up0025],
  ['0026_application_tokens', up0026],
  ['0027_interviews_and_scorecards', up0027],
  ['0028_resume_text', up0028],
  ['0029_job_alerts', up0029],
  ['0030_open_application', up0030],
  ['0031_invitation_inviter', up0031],
  ['0032_job_alert_reminders', up0032],
  ['0034_token_last_use', up0034],
  ['0035_reached_screening', up0035],
  ['0036_interview_panel_history', up0036],
  ['0037_scrub_freed_pages', up0037],
  ['0038_audit_without_personal_data', up0038],
  ['0039_job_closing_date', up0039],
  ['0040_outbox_vacancy', up0040],
  ['0042_stage_deadline_mails', up0042],
  ['0044_admin_display_name', up0044],
  ['0045_undo_window', up0045],
  ['0046_interview_slots', up0046],
];
