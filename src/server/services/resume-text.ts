import type { Kysely } from 'kysely';
import { RESUME_TEXT_MAX_CHARS } from '~/lib/limits';
import { getResume, pendingResumeIds, readableResume, setResumeText, type Database } from '../db';
import type { Logger } from '../logger';
import { readResume } from './resume-reader';

/** Text as stored: no control characters (PostgreSQL refuses NUL, the search marks hits with others), spaces folded, capped. */
function cleanResumeText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim()
      .slice(0, RESUME_TEXT_MAX_CHARS)
  );
}

/** Reads started and not yet finished. */
const inFlight = new Set<Promise<void>>();

/**
 * Reads the text of applicant `id`'s resume on a worker thread and stores it beside the resume
 * (searchable from then on), or marks it missing when the file cannot be read. Called after the
 * application is stored; never throws (a failure is logged, the application stays as it is).
 */
export function readResumeText(db: Kysely<Database>, logger: Logger, id: number): Promise<void> {
  const reading = readAndStore(db, logger, id).finally(() => inFlight.delete(reading));
  inFlight.add(reading);
  return reading;
}

/** Resolves once every read started so far (and any started meanwhile) has finished. */
export async function resumeTextsSettled(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

async function readAndStore(db: Kysely<Database>, logger: Logger, id: number): Promise<void> {
  try {
    const resume = await getResume(db, id);
    if (!resume || !readableResume(resume.kind)) return;
    const { kind, data } = resume;
    const result = await readResume({ task: 'text', kind, data }).then(
      (text) => ({ state: 'ready' as const, text: cleanResumeText(text) }),
      (error: unknown) => {
        logger.warn(
          { applicantId: id, kind, error: error instanceof Error ? error.message : String(error) },
          'resume text could not be read',
        );
        return { state: 'missing' as const };
      },
    );
    await setResumeText(db, id, result);
  } catch (error) {
    // The database went away meanwhile (a stop, an outage): the resume stays pending and is read after the next start.
    logger.warn(
      { applicantId: id, error: error instanceof Error ? error.message : String(error) },
      'resume text not stored',
    );
  }
}

/** Reads every resume still pending (after a restart, or stored before reading existed), one after another; never throws. */
export async function readPendingResumeTexts(db: Kysely<Database>, logger: Logger): Promise<void> {
  const ids = await pendingResumeIds(db).catch((error: unknown) => {
    logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'pending resumes not listed');
    return [];
  });
  for (const id of ids) await readResumeText(db, logger, id);
}
