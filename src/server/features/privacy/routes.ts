import { Hono } from 'hono';
import { applicantFilterQuerySchema, filterApplicants } from '~/lib/applicant-filter';
import { isoDay } from '~/lib/calendar-day';
import { erasureSchema, privacyMessages, type ApplicantDetail } from '~/lib/privacy';
import { applicantMessages } from '~/lib/schemas/applicant';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import {
  applicantConsent,
  applicantEmailKey,
  getApplicantById,
  listApplicants,
  parseDbId,
  searchApplicants,
} from '../../db';
import { apiError, fieldErrors, summarize } from '../../errors';
import { roleGuard } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';
import { adminApplicantView } from '../../services/stage-deadlines';
import { auditRequest } from '../../services/audit';
import { applicantHistory } from '../../services/applicant-history';
import { applicantsCsv } from './csv';
import { collectPersonData, erasePerson } from './person-data';
import { exportFilename, personZip } from './person-zip';

/** Downloads of personal data are never stored by a browser or proxy cache. */
const NO_STORE = 'private, no-store';

/** `/applicants.csv`: the applicant list as the dashboard filters it, as CSV. */
export function applicantsCsvRoutes(services: Runtime) {
  const { db } = services;
  const requireRole = roleGuard(services);

  return new Hono<AppEnv>().get('/', requireRole('recruiter'), async (c) => {
    const parsed = applicantFilterQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return apiError(c, 400, summarize(errors, 'Invalid filter'), errors);
    }
    // The same search as the dashboard's list: the rows exported are the rows shown.
    const search = parsed.data.search.trim();
    const found = search ? await searchApplicants(db, services.dbKind, search) : await listApplicants(db);
    const rows = filterApplicants(found.map(await adminApplicantView(services)), parsed.data);
    await auditRequest(services, c, 'applicants.csv_exported', {
      summary: `exported ${rows.length} applicants as CSV`,
    });
    const now = isoDay(services.now());
    return c.body(applicantsCsv(rows), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="applicants-${now}.csv"`,
      'Cache-Control': NO_STORE,
    });
  });
}

/**
 * Personal data of one applicant, under the applicants router (`/applicants/{id}`): the detail
 * (audited as a view) and everything about the person as a zip.
 */
export function applicantPrivacyRoutes(services: Runtime) {
  const { db } = services;
  const days = () => services.config.retentionDays;
  const requireRole = roleGuard(services);

  return new Hono<AppEnv>()
    .get('/:id', requireRole('viewer'), async (c) => {
      const id = parseDbId(c.req.param('id'));
      const applicant = id === null ? null : await getApplicantById(db, id);
      if (id === null || !applicant) return apiError(c, 404, applicantMessages.notFound);
      await auditRequest(services, c, 'applicant.viewed', { subject: { type: 'applicant', id } });
      const body: ApplicantDetail = {
        applicant: (await adminApplicantView(services))(applicant),
        consent: await applicantConsent(db, id),
        ...(await applicantHistory(db, applicant, c.var.admin?.id ?? 0)),
      };
      return c.json(body);
    })
    .get('/:id/export', requireRole('recruiter'), async (c) => {
      const id = parseDbId(c.req.param('id'));
      const email = id === null ? null : await applicantEmailKey(db, id);
      if (id === null || !email) return apiError(c, 404, applicantMessages.notFound);
      const now = services.now();
      // The export's own audit row comes first, so the file lists it too.
      await auditRequest(services, c, 'person.exported', { subject: { type: 'applicant', id } });
      const { data, resumes } = await collectPersonData(db, email, days(), now, c.var.admin?.id ?? 0);
      const zip = await personZip(data, resumes);
      return c.body(new Uint8Array(zip), 200, {
        'Content-Type': 'application/zip',
        'Content-Length': String(zip.byteLength),
        'Content-Disposition': `attachment; filename="${exportFilename(id, now)}"`,
        'Cache-Control': NO_STORE,
      });
    });
}

/** `/erasure`: erases everything about a person, by e-mail address. */
export function erasureRoutes(services: Runtime) {
  const { db } = services;
  const requireRole = roleGuard(services);

  return new Hono<AppEnv>().post('/', requireRole('recruiter'), jsonBody(erasureSchema), async (c) => {
    const erased = await erasePerson(
      db,
      services.dbKind,
      c.req.valid('json').email,
      services.config.erasureLedger,
      services.now(),
    );
    await auditRequest(services, c, 'person.erased', { summary: privacyMessages.erased(erased) });
    return c.json({ erased });
  });
}
