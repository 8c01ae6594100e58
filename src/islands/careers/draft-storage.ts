/**
 * What a visitor typed into a job's application form, its text fields only (a file cannot be
 * stored), kept in sessionStorage per job until it is sent or discarded. Storage may be
 * unavailable (private mode, blocked): then nothing is kept.
 */
const DRAFT_FIELDS = ['name', 'email', 'phone', 'linkedin', 'coverLetter'] as const;
type DraftField = (typeof DRAFT_FIELDS)[number];

export type DraftText = Record<DraftField, string>;
/** The form's values as react-hook-form reports them; only the text fields are read. */
export type DraftSource = Partial<Record<DraftField, unknown>>;

const keyOf = (jobId: number) => `careers.draft.${jobId}`;

const textOf = (values: DraftSource): DraftText =>
  Object.fromEntries(
    DRAFT_FIELDS.map((name) => {
      const value = values[name];
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as DraftText;

export function hasText(values: DraftSource): boolean {
  return Object.values(textOf(values)).some((value) => value.trim() !== '');
}

export function readDraft(jobId: number): DraftText | null {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(keyOf(jobId)) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const text = textOf(stored as DraftSource);
    return hasText(text) ? text : null;
  } catch {
    return null;
  }
}

export function clearDraft(jobId: number): void {
  try {
    window.sessionStorage.removeItem(keyOf(jobId));
  } catch {
    // Nothing was stored.
  }
}

/** Stores the text fields; a form with no text left stores nothing. */
export function writeDraft(jobId: number, values: DraftSource): void {
  if (!hasText(values)) {
    clearDraft(jobId);
    return;
  }
  try {
    window.sessionStorage.setItem(keyOf(jobId), JSON.stringify(textOf(values)));
  } catch {
    // Not stored (full or blocked): the form still holds the values while it is open.
  }
}
