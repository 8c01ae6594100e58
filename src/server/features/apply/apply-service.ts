import type { Context } from 'hono';
import type { z } from 'zod/mini';
import { RESUME_MIME_TYPES } from '~/lib/limits';
import type { IntakeStatus } from '~/lib/schemas/applicant';
import { applicationReceivedMessages } from '~/lib/schemas/application-received';
import {
  APPLICATION_KIND_FIELD,
  applicationMessages,
  applicationRequestSchema,
  openApplicationRequestSchema,
  validateResumeFile,
  type ApplicationFields,
} from '~/lib/schemas/application';
import { jobMessages, jobStatusMessages } from '~/lib/schemas/job';
import type { AdminJob } from '~/lib/schemas/job';
import { CONSENT_FIELD } from '~/lib/privacy';
import { SOURCE_FIELD, sourceOrDirect } from '~/lib/sources';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '~/lib/spam';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { findJob, findOpenApplicationJob, type StoredResume } from '../../db';
import { apiError, fieldErrors, summarize, unstorableFields } from '../../errors';
import { loggedPath } from '../../middleware/api-request';
import { clientIp } from '../../middleware/client-ip';
import { rateLimiter, retryAfter } from '../../middleware/rate-limit';
import { readResumeText } from '../../services/resume-text';
import { Semaphore } from '../../services/semaphore';
import { refuseWithoutConsent } from '../../services/consent';
import { spamFilter } from '../../services/spam';
import { MalformedFormError, readApplicationForm, type ApplicationForm } from './application-form';
import { diskSpaceGuard } from '../../services/disk-space';
import { duplicateApplications } from './duplicate';
import { sniffResume } from './sniff';
import { applicationStore } from './store';
import { BodyTimeoutError, bodyStream, ClientAbortError, discardBody } from './upload-stream';

const TEXT_FIELDS = ['jobId', 'name', 'email', 'phone', 'linkedin', 'coverLetter', 'fieldOfInterest'] as const;
const MB = 1024 * 1024;

/** An application that passed every check, ready to store. */
export type CheckedApplication = {
  job: Pick<AdminJob, 'id' | 'title' | 'department' | 'kind'>;
  /**
   * The form's fields, where the applicant came from ('direct' when the source is missing or invalid)
   * and, for a general application (to the open entry), the field they would like to work in.
   */
  fields: ApplicationFields & { source: string; fieldOfInterest: string | null };
  resume: StoredResume;
};

/** A vacancy application names its job; a general one (`kind=open`) a field of interest instead. */
function splitRequest(
  request: z.infer<typeof applicationRequestSchema> | z.infer<typeof openApplicationRequestSchema>,
): { jobId: number | null; fieldOfInterest: string | null; fields: ApplicationFields } {
  if ('jobId' in request) {
    const { jobId, ...fields } = request;
    return { jobId, fieldOfInterest: null, fields };
  }
  const { fieldOfInterest, ...fields } = request;
  return { jobId: null, fieldOfInterest, fields };
}

/**
 * `POST /applicants/apply` as four steps: admit (rate limit, free disk; before reading a byte),
 * parse (the streamed multipart body), check (spam, the form rules, the file's real type, the
 * job, a duplicate), store (one transaction, at most APPLY_CONCURRENCY at once). Each step
 * answers with the error a client sees, or hands its result to the next.
 */
export function applyService(services: Runtime) {
  const { config, db } = services;
  const perIp = rateLimiter(services, 'apply-ip', config.rateLimits.applyPerIp);
  const everyone = rateLimiter(services, 'apply-all', config.rateLimits.applyGlobal);
  const disk = diskSpaceGuard(config.storage.dataDir, config.storage.minFreeBytes);
  // Only the store step takes a slot: a slow or stalled upload never holds one.
  const slots = new Semaphore(config.applyConcurrency);
  const rejectSpam = spamFilter(services, 'application');
  const applications = applicationStore(services);
  const duplicates = duplicateApplications(services);
  /** The one answer to a stored application and to a duplicate alike: no id, no date, nothing to tell them apart. */
  const received = (c: Context<AppEnv>) => c.json({ message: applicationReceivedMessages.submitted }, 201);

  async function admit(c: Context<AppEnv>): Promise<Response | null> {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'multipart/form-data') return apiError(c, 415, applicationMessages.wrongContentType);
    const decision = await perIp.hit(clientIp(c, config.trustProxy));
    if (!decision.allowed) {
      retryAfter(c, decision);
      return apiError(c, 429, applicationMessages.tooMany);
    }
    // Counted only after the per-network limit passed: one network's refused retries never fill it.
    const site = await everyone.hit('site');
    if (!site.allowed) {
      retryAfter(c, site);
      return apiError(c, 429, applicationMessages.busy);
    }
    if ((await disk.state())?.low) return apiError(c, 507, applicationMessages.storageFull);
    return null;
  }

  async function parse(c: Context<AppEnv>): Promise<ApplicationForm | Response> {
    try {
      const declared = c.req.header('content-length');
      return await readApplicationForm(
        bodyStream(c),
        { 'content-type': c.req.header('content-type') ?? '' },
        config.bodyIdleTimeoutMs,
        declared !== undefined && /^\d{1,10}$/.test(declared) ? Number(declared) : null,
      );
    } catch (error) {
      if (error instanceof MalformedFormError) return apiError(c, 400, applicationMessages.malformed);
      throw error;
    }
  }

  async function check(c: Context<AppEnv>, form: ApplicationForm): Promise<CheckedApplication | Response> {
    const spam = rejectSpam(c, {
      [HONEYPOT_FIELD]: form.fields.get(HONEYPOT_FIELD),
      [FILL_TIME_FIELD]: form.fields.get(FILL_TIME_FIELD),
    });
    if (spam) return spam;
    const noConsent = refuseWithoutConsent(c, form.fields.get(CONSENT_FIELD));
    if (noConsent) return noConsent;

    const text = Object.fromEntries(TEXT_FIELDS.map((key) => [key, form.fields.get(key)]));
    // A general application (`kind=open`) names a field of interest instead of a vacancy.
    const general = form.fields.get(APPLICATION_KIND_FIELD) === 'open';
    const parsed = general ? openApplicationRequestSchema.safeParse(text) : applicationRequestSchema.safeParse(text);
    const errors = parsed.success ? unstorableFields(parsed.data) : fieldErrors(parsed.error);
    const fileError = form.resumeTooLarge
      ? applicationMessages.resumeSize
      : validateResumeFile(form.resume && { ...form.resume, size: form.resume.bytes.length });
    if (fileError) errors['resume'] = fileError;
    if (!parsed.success || Object.keys(errors).length || !form.resume) {
      // A file rule broken alone keeps its own status (413 too large, 415 wrong type).
      const onlyFile = Object.keys(errors).length === 1 && fileError;
      const status =
        onlyFile === applicationMessages.resumeSize ? 413 : onlyFile === applicationMessages.resumeType ? 415 : 400;
      return apiError(c, status, summarize(errors, applicationMessages.formIncomplete), errors);
    }

    const kind = sniffResume(form.resume.bytes);
    if (!kind) {
      return apiError(c, 415, applicationMessages.resumeContent, { resume: applicationMessages.resumeContent });
    }

    const { jobId, fieldOfInterest, fields } = splitRequest(parsed.data);
    const job = jobId === null ? await findOpenApplicationJob(db) : await findJob(db, jobId);
    if (!job && general) return apiError(c, 409, applicationMessages.openUnavailable);
    if (!job) return apiError(c, 404, jobMessages.notFound, { jobId: jobMessages.notFound });
    if (job.status === 'closed' && job.kind === 'open') return apiError(c, 409, applicationMessages.openUnavailable);
    if (job.status === 'closed') return apiError(c, 409, jobStatusMessages.closed, { jobId: jobStatusMessages.closed });
    const earlier = await duplicates.earlier(job.id, fields.email);
    if (earlier) {
      await duplicates.tellOwner(earlier, job.kind);
      return received(c);
    }
    const { bytes, sha256 } = form.resume;
    const source = sourceOrDirect(form.fields.get(SOURCE_FIELD));
    return {
      job,
      fields: { ...fields, source, fieldOfInterest },
      resume: { kind, mimeType: RESUME_MIME_TYPES[kind], data: bytes, sha256 },
    };
  }

  async function store(c: Context<AppEnv>, application: CheckedApplication): Promise<Response> {
    const applicant = await slots.run(() => applications.store(application));
    if (!applicant) {
      // Another request stored the same application first.
      const earlier = await duplicates.earlier(application.job.id, application.fields.email);
      if (earlier) await duplicates.tellOwner(earlier, application.job.kind);
      return received(c);
    }
    // Not awaited: the applicant's answer never waits on a parser, and a file that cannot be read
    // leaves the stored application as it is (its text marked missing).
    if (applicant.resume.text === 'pending') void readResumeText(db, services.logger, applicant.id);
    return received(c);
  }

  /** What happens to a body that did not arrive whole: a stalled one is 408, an aborted one only logged. */
  function bodyFailure(c: Context<AppEnv>, error: unknown): Response {
    const fields = { method: c.req.method, path: loggedPath(c) };
    if (error instanceof BodyTimeoutError) {
      c.var.log.info({ ...fields, idleMs: config.bodyIdleTimeoutMs }, 'request body timed out');
      c.header('Connection', 'close');
      return apiError(c, 408, applicationMessages.stalled);
    }
    if (error instanceof ClientAbortError) {
      c.var.log.info(fields, 'request aborted');
      c.header('Connection', 'close');
      return apiError(c, 400, applicationMessages.malformed);
    }
    throw error;
  }

  return {
    async submit(c: Context<AppEnv>): Promise<Response> {
      try {
        const refused = await admit(c);
        if (refused) {
          // Read (and drop) the bounded rest of the body, so the client gets to read the answer.
          await discardBody(bodyStream(c), config.bodyIdleTimeoutMs);
          return refused;
        }
        const form = await parse(c);
        if (form instanceof Response) return form;
        const checked = await check(c, form);
        if (checked instanceof Response) return checked;
        return await store(c, checked);
      } catch (error) {
        return bodyFailure(c, error);
      }
    },

    /** Whether applications are accepted now, for the admin area's warning. */
    async intake(): Promise<IntakeStatus> {
      const state = await disk.state();
      return {
        accepting: !state?.low,
        freeMb: state ? Math.floor(state.freeBytes / MB) : null,
        minFreeMb: Math.round(config.storage.minFreeBytes / MB),
      };
    },
  };
}
