import busboy from 'busboy';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { RESUME_MAX_BYTES } from '~/lib/limits';
import { pumpBody } from './upload-stream';

/** The resume as uploaded: bytes in one buffer, hashed while they streamed in. */
type UploadedFile = { name: string; type: string; bytes: Buffer; sha256: string };

export type ApplicationForm = {
  /** Text parts by name (first occurrence wins). */
  fields: Map<string, string>;
  /** The `resume` part, null when the browser sent no file (an empty, unnamed part). */
  resume: UploadedFile | null;
  /** The resume was larger than the rule allows; its bytes were dropped as they came. */
  resumeTooLarge: boolean;
};

/** The form is not multipart/form-data busboy can read (no boundary, broken part headers…). */
export class MalformedFormError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MalformedFormError';
  }
}

/** More than any honest application form sends (it has 10 parts). */
const LIMITS = {
  parts: 32,
  fields: 31,
  files: 1,
  fieldNameSize: 100,
  /** Larger than the longest text field (the cover letter) in UTF-8. */
  fieldSize: 64 * 1024,
  /** busboy signals 'limit' on reaching this size, which the rule already refuses (size < 5 MB). */
  fileSize: RESUME_MAX_BYTES,
} as const;

/**
 * Parses a multipart application as it streams in (busboy): text fields are kept, the `resume`
 * file is collected in chunks and hashed chunk by chunk, so no step holds the event loop for
 * long; anything else is dropped as it arrives. Rejects with MalformedFormError, or with the
 * errors of pumpBody (idle timeout, client abort).
 */
export async function readApplicationForm(
  source: Readable,
  headers: { 'content-type': string },
  idleMs: number,
  /** The body's Content-Length when the client declared one (already checked against the limit). */
  declaredBytes: number | null = null,
): Promise<ApplicationForm> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers, limits: LIMITS, defParamCharset: 'utf8' });
  } catch (error) {
    throw new MalformedFormError(error instanceof Error ? error.message : 'unreadable form');
  }

  const form: ApplicationForm = { fields: new Map(), resume: null, resumeTooLarge: false };
  let overLimit = false;
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) overLimit = true;
    else if (!form.fields.has(name)) form.fields.set(name, value);
  });
  parser.on('file', (name, stream, info) => {
    if (name !== 'resume' || form.resume) {
      stream.resume();
      return;
    }
    // With a declared body length, the resume is copied into one buffer of at most that size as it
    // streams, instead of keeping every socket chunk and joining them: far less for the GC to chase.
    const target = declaredBytes ? Buffer.allocUnsafeSlow(Math.min(declaredBytes, RESUME_MAX_BYTES)) : null;
    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      if (target) chunk.copy(target, size);
      else chunks.push(chunk);
      hash.update(chunk);
      size += chunk.length;
    });
    stream.on('limit', () => {
      form.resumeTooLarge = true;
      chunks.length = 0;
    });
    stream.on('end', () => {
      if (form.resumeTooLarge) return;
      // A browser sends an empty, unnamed file part when no file was chosen: that is "no resume".
      if (size === 0 && !info.filename) return;
      form.resume = {
        name: info.filename ?? '',
        type: info.mimeType,
        bytes: target ? target.subarray(0, size) : Buffer.concat(chunks, size),
        sha256: hash.digest('hex'),
      };
    });
  });
  parser.on('partsLimit', () => (overLimit = true));
  parser.on('fieldsLimit', () => (overLimit = true));

  try {
    await pumpBody(source, parser, idleMs);
  } catch (error) {
    // busboy's own errors mean the bytes are not a well-formed multipart body.
    if (error instanceof Error && error.name === 'Error') throw new MalformedFormError(error.message);
    throw error;
  }
  if (overLimit) throw new MalformedFormError('too many or too large form fields');
  return form;
}
