import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { RESUME_MIME_TYPES } from '~/lib/limits';
import {
  applicantMessages,
  canTransition,
  statusUpdateSchema,
  STATUS_TRANSITIONS,
} from '~/lib/schemas/applicant';
import { applicationMessages, applicationRequestSchema, validateResumeFile } from '~/lib/schemas/application';
import { jobMessages } from '~/lib/schemas/job';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '~/lib/spam';
import type { Services } from '../../config';
import type { AppEnv } from '../../context';
import {
  deleteApplicant,
  getApplicantById,
  getJobById,
  getResume,
  hasApplied,
  insertApplicantWithResume,
  isUniqueViolation,
  listApplicants,
  parseDbId,
  updateApplicantStatus,
} from '../../db';
import { apiError, fieldErrors, fieldsWithNul, NUL_MESSAGE, summarize } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { Semaphore } from '../../middleware/semaphore';
import { jsonBody } from '../../middleware/validate';
import { spamFilter } from '../spam';
import { resumeFilename } from './filename';
import { parseMultipart, type FormPart } from './multipart';
import { readBody } from './read-body';
import { sniffResume } from './sniff';

const TEXT_FIELDS = ['jobId', 'name', 'email', 'phone', 'linkedin', 'coverLetter'] as const;

/** A text part's value; a file sent where text belongs counts as missing. */
function textPart(parts: Map<string, FormPart>, name: string): string | undefined {
  const part = parts.get(name);
  return part && part.filename === undefined ? part.data.toString('utf8') : undefined;
}

/** `/applicants`: public apply; admin list, status change, delete, resume download. */
export function applicantRoutes(services: Services) {
  const { db } = services;
  const guard = requireAdmin(services);
  const uploads = new Semaphore(services.config.applyConcurrency);
  const rejectSpam = spamFilter(services, 'application');

  /** The apply handler proper: parse, validate (SPEC §5), sniff, store in one transaction. */
  async function handleApply(c: Context<AppEnv>): Promise<Response> {
    // The body-limit middleware has already bounded the size (Content-Length or counted stream).
    const body = await readBody(c);
    const parts = body ? parseMultipart(body, c.req.header('content-type') ?? '') : null;
    if (!parts) return apiError(c, 400, 'Malformed form data');

    const text: Record<string, string | undefined> = {};
    for (const key of TEXT_FIELDS) text[key] = textPart(parts, key);
    const spam = rejectSpam(c, { [HONEYPOT_FIELD]: textPart(parts, HONEYPOT_FIELD), [FILL_TIME_FIELD]: textPart(parts, FILL_TIME_FIELD) });
    if (spam) return spam;

    const nul = fieldsWithNul(text);
    if (nul.length) return apiError(c, 400, NUL_MESSAGE, Object.fromEntries(nul.map((f) => [f, NUL_MESSAGE])));

    const parsed = applicationRequestSchema.safeParse(text);
    const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
    const resume = parts.get('resume');
    // A browser sends an empty, unnamed file part when no file was chosen: that is "no resume".
    const file =
      resume && resume.filename !== undefined && !(resume.filename === '' && resume.data.length === 0)
        ? { name: resume.filename, type: resume.contentType ?? '', size: resume.data.length, bytes: resume.data }
        : null;
    const fileError = validateResumeFile(file);
    if (fileError) errors['resume'] = fileError;

    if (!parsed.success || fileError || !file) {
      // A file rule broken alone keeps its own status (DESIGN: 413 too large, 415 wrong type).
      const onlyFile = parsed.success && fileError;
      const status =
        onlyFile && fileError === applicationMessages.resumeSize ? 413 : onlyFile && fileError === applicationMessages.resumeType ? 415 : 400;
      return apiError(c, status, summarize(errors, applicationMessages.formIncomplete), errors);
    }

    const bytes = file.bytes;
    const kind = sniffResume(bytes);
    if (!kind) {
      return apiError(c, 415, applicationMessages.resumeType, { resume: applicationMessages.resumeType });
    }

    const { jobId, ...fields } = parsed.data;
    const job = await getJobById(db, jobId);
    if (!job) return apiError(c, 404, jobMessages.notFound, { jobId: jobMessages.notFound });
    if (await hasApplied(db, job.id, fields.email)) {
      return apiError(c, 409, applicationMessages.duplicate, { email: applicationMessages.duplicate });
    }

    try {
      const applicant = await insertApplicantWithResume(
        db,
        job,
        fields,
        { kind, mimeType: RESUME_MIME_TYPES[kind], data: bytes, sha256: createHash('sha256').update(bytes).digest('hex') },
        services.now(),
      );
      return c.json(
        { message: applicantMessages.submitted, applicant: { id: applicant.id, status: applicant.status, appliedAt: applicant.appliedAt } },
        201,
      );
    } catch (error) {
      // Two identical submissions racing: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(error)) {
        return apiError(c, 409, applicationMessages.duplicate, { email: applicationMessages.duplicate });
      }
      throw error;
    }
  }

  return new Hono<AppEnv>()
    .post('/apply', async (c) => {
      const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (mediaType !== 'multipart/form-data') return apiError(c, 415, 'Content-Type must be multipart/form-data');
      return uploads.run(() => handleApply(c));
    })
    .get('/', guard, async (c) => c.json({ applicants: await listApplicants(db) }))
    .put('/:id/status', guard, jsonBody(statusUpdateSchema), async (c) => {
      const id = parseDbId(c.req.param('id'));
      const applicant = id === null ? null : await getApplicantById(db, id);
      if (id === null || !applicant) return apiError(c, 404, applicantMessages.notFound);
      const { status } = c.req.valid('json');
      const transition = STATUS_TRANSITIONS.find((t) => t.from === applicant.status && t.to === status);
      if (!transition || !canTransition(applicant.status, status)) {
        return apiError(c, 409, applicantMessages.transitionNotAllowed(applicant.status, status));
      }
      const updated = await updateApplicantStatus(db, id, transition.from, transition.to);
      if (!updated) return apiError(c, 409, 'The applicant was changed meanwhile; reload and try again');
      return c.json({ message: transition.successMessage, applicant: updated });
    })
    .delete('/:id', guard, async (c) => {
      const id = parseDbId(c.req.param('id'));
      if (id === null || !(await deleteApplicant(db, id))) return apiError(c, 404, applicantMessages.notFound);
      return c.json({ message: applicantMessages.deleted });
    })
    .get('/:id/download', guard, async (c) => {
      const id = parseDbId(c.req.param('id'));
      const resume = id === null ? null : await getResume(db, id);
      if (!resume) return apiError(c, 404, applicantMessages.resumeNotFound);
      const { ascii, utf8 } = resumeFilename(resume.name, resume.kind);
      return c.body(resume.data as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': resume.mimeType,
        'Content-Length': String(resume.data.byteLength),
        'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        ETag: `"${resume.sha256}"`,
      });
    });
}
