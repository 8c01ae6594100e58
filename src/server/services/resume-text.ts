import type { Kysely } from 'kysely';
import {
  abandonInterruptedReads,
  getResume,
  markResumeReading,
  pendingResumeIds,
  readableResume,
  resumesPendingAgain,
  setResumeText,
  type Database,
} from '../db';
import type { Logger } from '../logger';
import { readResume, ResumeReadError } from './resume-reader';

/** Reads started and not yet finished. */
const inFlight = new Set<Promise<void>>();
/** Resumes this process marked `reading` and has not stored yet. */
const reading = new Set<number>();

/**
 * Reads the text of applicant `id`'s resume in the reader process and stores it beside the resume
 * (searchable from then on), or marks it missing when the file cannot be read. Called after the
 * application is stored; never throws (a failure is logged, the application stays as it is).
 */
export function readResumeText(db: Kysely<Database>, logger: Logger, id: number): Promise<void> {
  const read = readAndStore(db, logger, id).finally(() => inFlight.delete(read));
  inFlight.add(read);
  return read;
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
    let marked = false;
    const onStart = async () => {
      marked = await markResumeReading(db, id);
      if (marked) reading.add(id);
    };
    const result = await readResume({ task: 'text', kind, data }, { onStart }).then(
      (text) => ({ state: 'ready' as const, text }),
      (error: unknown) => {
        if (!(error instanceof ResumeReadError)) throw error;
        logger.warn({ applicantId: id, kind, error: error.message }, 'resume text could not be read');
        return { state: 'missing' as const };
      },
    );
    // Another reader (a second instance) took it meanwhile.
    if (!marked) return;
    await setResumeText(db, id, result);
    reading.delete(id);
  } catch (error) {
    // The database went away meanwhile (a stop, an outage): the resume is read after the next start, or taken as unreadable if it was being read.
    logger.warn({ applicantId: id, err: error }, 'resume text not stored');
  }
}

/** At a stop: the resumes this process is reading go back to pending, so a planned restart reads them again. */
export async function releaseResumeReads(db: Kysely<Database>): Promise<void> {
  const ids = [...reading];
  reading.clear();
  await resumesPendingAgain(db, ids);
}

/**
 * At start, before the API answers: resumes the last run stopped while reading are marked
 * unreadable (one of them may be what stopped it), so no file is read at every start.
 */
export async function abandonInterruptedResumeReads(db: Kysely<Database>, logger: Logger): Promise<void> {
  const abandoned = await abandonInterruptedReads(db);
  if (abandoned.length)
    logger.warn({ applicantIds: abandoned }, 'resumes being read when the server stopped are marked unreadable');
}

/** Reads every resume still pending (after a restart, or stored before reading existed), one after another; never throws. */
export async function readPendingResumeTexts(db: Kysely<Database>, logger: Logger): Promise<void> {
  const ids = await pendingResumeIds(db).catch((error: unknown) => {
    logger.warn({ err: error }, 'pending resumes not listed');
    return [];
  });
  for (const id of ids) await readResumeText(db, logger, id);
}
