import { Hono, type Context } from 'hono';
import type { AuditAction } from '~/lib/privacy';
import { jobPath } from '~/lib/job-posting';
import { applicationLinkSchema } from '~/lib/schemas/application-link';
import { APPLICANT_ONLY_STATUS, type ApplicantStatus } from '~/lib/schemas/applicant';
import {
  DATED_STAGES,
  WITHDRAWABLE_STATUSES,
  applicantStage,
  applicationPageMessages as m,
  stagesPassed,
  type ApplicationView,
} from '~/lib/schemas/application-page';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import {
  applicationsForLinks,
  contactMessagesOf,
  enqueueMails,
  findApplicationByToken,
  getApplicantById,
  getJobById,
  normalizeEmail,
  parseDbId,
  replaceApplicationLinks,
  statusChangesOf,
  type TokenApplication,
} from '../../db';
import { apiError } from '../../errors';
import { applicationLinksMail, erasedMail, withdrawnMail } from '../../mail';
import { clientIp } from '../../middleware/client-ip';
import { rateLimiter, retryAfter } from '../../middleware/rate-limit';
import { jsonBody } from '../../middleware/validate';
import { applicationPageUrl, hashApplicationToken, newApplicationToken } from '../../services/application-token';
import { auditApplicant } from '../../services/audit';
import { cutoff, eraseAt } from '../../services/retention-policy';
import { moveSummary, statusesOfMoves } from '../../services/stage-history';
import { moveApplicant } from '../applicants';
import { interviewCalendar, interviewsOf, utcLabel, type InterviewRecord } from '../interviews';
import { applicantSlots, bookSlot, cancelBooking, isRefusal, moveBooking, type Booking } from '../interview-slots';
import { collectPersonData, erasePerson, exportFilename, personZip } from '../privacy';

/** The next interview not cancelled, while the application is open: a decision or a withdrawal ends it. */
function upcomingInterview(
  application: TokenApplication,
  interviews: readonly InterviewRecord[],
  now: Date,
): InterviewRecord | undefined {
  if (!WITHDRAWABLE_STATUSES.includes(application.status)) return undefined;
  return interviews.find((i) => !i.cancelledAt && new Date(i.startsAt).getTime() > now.getTime());
}

/** Nothing about an application is kept by a browser or proxy cache. */
const NO_STORE = 'private, no-store';

/**
 * The applicant's private page, mounted at `/api/applications`: the token in the path is the only
 * credential (a 256-bit random value, stored as its SHA-256). Every answer is `no-store`; every
 * token route is limited per client network and audited as "the applicant"; the cross-site guard
 * refuses POST and DELETE from other sites. `POST /link` mails every link of an address.
 */
export function applicationRoutes(services: Runtime) {
  const { db, config } = services;
  const perIp = rateLimiter(services, 'application-page-ip', config.rateLimits.applicationPagePerIp);
  const linkPerIp = rateLimiter(services, 'application-link-ip', config.rateLimits.loginPerIp);
  // Per address whatever the client (the limiter keeps only an HMAC of it): no inbox can be flooded from many networks.
  const linkPerAddress = rateLimiter(services, 'application-link-email', config.rateLimits.linkMailPerAddress);
  const linkPerAddressDaily = rateLimiter(
    services,
    'application-link-email-day',
    config.rateLimits.linkMailPerAddressDaily,
  );

  /**
   * The application the path's token opens, or an answer to send: 429 over the limit, 404 for an
   * unknown or erased token alike (the same hash and lookup either way, and the same body).
   */
  async function opened(c: Context<AppEnv>): Promise<TokenApplication | Response> {
    c.header('Cache-Control', NO_STORE);
    const decision = await perIp.hit(clientIp(c, config.trustProxy));
    if (!decision.allowed) {
      retryAfter(c, decision);
      return apiError(c, 429, m.tooMany);
    }
    const now = services.now();
    const tokenHash = hashApplicationToken(c.req.param('token') ?? '');
    const application = await findApplicationByToken(db, tokenHash, cutoff(now, config.linkIdleDays), now);
    return application ?? apiError(c, 404, m.notFound);
  }

  async function view(application: TokenApplication): Promise<ApplicationView> {
    const key = normalizeEmail(application.email);
    const [job, applications, messages, changes, interviews] = await Promise.all([
      getJobById(db, application.jobId),
      applicationsForLinks(db, key),
      contactMessagesOf(db, key),
      statusChangesOf(db, application.id),
      interviewsOf(db, [application.id]),
    ]);
    const stage = applicantStage(application.status);
    // Every application starts pending; the trail's moves tell the stages reached since.
    const moves = changes.filter((change) => !change.interview).map((change) => change.summary);
    const interview = upcomingInterview(application, interviews, services.now());
    return {
      jobTitle: application.jobTitle,
      jobPath: job ? jobPath(job) : null,
      appliedAt: application.appliedAt,
      stage,
      passed: stagesPassed(['pending', ...statusesOfMoves(moves)], stage),
      interview: interview
        ? { startsAt: interview.startsAt, durationMinutes: interview.durationMinutes, location: interview.location }
        : null,
      eraseAt: DATED_STAGES.includes(stage) ? eraseAt(application, config.retentionDays) : null,
      canWithdraw: WITHDRAWABLE_STATUSES.includes(application.status),
      erases: { applications: applications.length, messages: messages.length },
    };
  }

  /**
   * One new token for every application of `emailKey`, mailed together, replacing the older ones
   * (only their hashes are kept, so a live link cannot be sent again); nothing for an unknown address.
   */
  async function mailLinks(emailKey: string): Promise<void> {
    const applications = await applicationsForLinks(db, emailKey);
    const [first] = applications;
    if (!first) return;
    const issued = applications.map((application) => ({ application, ...newApplicationToken() }));
    const now = services.now();
    const mail = applicationLinksMail(
      config.mail,
      first.email,
      issued.map(({ application, token }) => ({
        jobTitle: application.jobTitle,
        appliedAt: application.appliedAt,
        url: applicationPageUrl(config.mail.siteUrl, token),
      })),
      config.linkIdleDays,
    );
    await replaceApplicationLinks(
      db,
      issued.map(({ application, hash }) => ({ applicantId: application.id, tokenHash: hash })),
      mail,
      now,
    );
    // One row per mail, under its first application, however many links it carries.
    await auditApplicant(services, 'application.links_sent', first.id);
  }

  type SlotChange = typeof bookSlot;
  /** A booking, move or cancellation of the path's slot, audited as the team's scheduling is, for the timeline. */
  function slotChange(change: SlotChange, done: (booking: Booking) => [AuditAction, string], message: string) {
    return async (c: Context<AppEnv>) => {
      const application = await opened(c);
      if (application instanceof Response) return application;
      const slotId = parseDbId(c.req.param('slotId') ?? '');
      if (slotId === null) return apiError(c, 404, m.slotNotOffered);
      const result = await change(db, config.mail, application, slotId, services.now());
      if (isRefusal(result)) return apiError(c, result.status, result.message);
      const [action, summary] = done(result);
      await auditApplicant(services, action, application.id, summary);
      const status = change === bookSlot ? 201 : 200;
      return c.json({ message, ...(await applicantSlots(db, application.id, services.now())) }, status);
    };
  }

  return new Hono<AppEnv>()
    .post('/link', jsonBody(applicationLinkSchema), async (c) => {
      c.header('Cache-Control', NO_STORE);
      const emailKey = normalizeEmail(c.req.valid('json').email);
      const network = clientIp(c, config.trustProxy);
      // Beyond a limit the answer stays the same: nobody learns whether a mail went out.
      if (
        !(await linkPerIp.hit(network)).allowed ||
        !(await linkPerAddress.hit(emailKey)).allowed ||
        !(await linkPerAddressDaily.hit(emailKey)).allowed
      ) {
        c.var.log.info('application link request dropped by its rate limit');
        return c.json({ message: m.linkRequested }, 202);
      }
      // The answer leaves before the address is looked up, so its timing cannot tell whether it applied.
      setImmediate(() => {
        mailLinks(emailKey).catch((error: unknown) => c.var.log.error({ err: error }, 'application links not queued'));
      });
      return c.json({ message: m.linkRequested }, 202);
    })
    .get('/:token', async (c) => {
      const application = await opened(c);
      if (application instanceof Response) return application;
      await auditApplicant(services, 'application.viewed', application.id);
      return c.json(await view(application));
    })
    .post('/:token/withdraw', async (c) => {
      const application = await opened(c);
      if (application instanceof Response) return application;
      if (!WITHDRAWABLE_STATUSES.includes(application.status)) return apiError(c, 409, m.cannotWithdraw);
      // Only the stage changes (and with it the erase-on date); the team is mailed in the same transaction.
      const to: ApplicantStatus = APPLICANT_ONLY_STATUS;
      const move = { from: application.status, to };
      const updated = await moveApplicant(db, application.id, move, services.now(), () =>
        withdrawnMail(config.mail, application),
      );
      if (!updated) return apiError(c, 409, m.cannotWithdraw);
      // The same line an admin's move writes, so the team's timeline shows it.
      await auditApplicant(services, 'applicant.status_changed', application.id, moveSummary(move.from, move.to));
      return c.json({ message: m.withdrawn });
    })
    .get('/:token/interview.ics', async (c) => {
      const application = await opened(c);
      if (application instanceof Response) return application;
      const now = services.now();
      const interview = upcomingInterview(application, await interviewsOf(db, [application.id]), now);
      const applicant = interview && (await getApplicantById(db, application.id));
      if (!interview || !applicant) return apiError(c, 404, m.noInterview);
      const calendar = interviewCalendar(config.mail, 'REQUEST', applicant, interview.panel, interview, now);
      return c.body(calendar, 200, {
        'Content-Type': 'text/calendar; charset=utf-8; method=REQUEST',
        'Content-Disposition': 'attachment; filename="interview.ics"',
      });
    })
    .get('/:token/interview-slots', async (c) => {
      const application = await opened(c);
      if (application instanceof Response) return application;
      return c.json(await applicantSlots(db, application.id, services.now()));
    })
    .post(
      '/:token/interview-slots/:slotId',
      slotChange(
        bookSlot,
        (b) => ['interview.scheduled', `scheduled interview ${b.interviewId} for ${utcLabel(b.startsAt)}`],
        m.slotBooked,
      ),
    )
    .put(
      '/:token/interview-slots/:slotId',
      slotChange(
        moveBooking,
        (b) => ['interview.rescheduled', `rescheduled interview ${b.interviewId} to ${utcLabel(b.startsAt)}`],
        m.slotMoved,
      ),
    )
    .delete(
      '/:token/interview-slots/:slotId',
      slotChange(
        cancelBooking,
        (b) => ['interview.cancelled', `cancelled interview ${b.interviewId} of ${utcLabel(b.startsAt)}`],
        m.slotCancelled,
      ),
    )
    .get('/:token/export', async (c) => {
      const application = await opened(c);
      if (application instanceof Response) return application;
      const now = services.now();
      // The export's own audit row comes first, so the file lists it too (as the admin export does).
      await auditApplicant(services, 'person.exported', application.id);
      const { data, resumes } = await collectPersonData(db, application.email, config.retentionDays, now);
      const zip = await personZip(data, resumes);
      return c.body(new Uint8Array(zip), 200, {
        'Content-Type': 'application/zip',
        'Content-Length': String(zip.byteLength),
        'Content-Disposition': `attachment; filename="${exportFilename(application.id, now)}"`,
      });
    })
    .delete('/:token', async (c) => {
      const application = await opened(c);
      if (application instanceof Response) return application;
      const applications = (await applicationsForLinks(db, normalizeEmail(application.email))).length;
      // Exactly the admin's erasure (ledger, applications, resumes, messages, mails), then the confirmation.
      const erased = await erasePerson(db, services.dbKind, application.email, config.erasureLedger, services.now());
      await auditApplicant(
        services,
        'person.erased',
        application.id,
        `erased ${erased} records on the applicant's request`,
      );
      await enqueueMails(db, [erasedMail(config.mail, application.email, Math.max(1, applications))], services.now());
      return c.json({ message: m.erased });
    });
}
