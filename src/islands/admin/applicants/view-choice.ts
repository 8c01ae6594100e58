/** The Applicants tab's views; a first visit shows the list. */
export const APPLICANT_VIEWS = ['list', 'board', 'table'] as const;
export type ApplicantsView = (typeof APPLICANT_VIEWS)[number];

const KEY = 'admin.applicantsView';

const isView = (value: string | null): value is ApplicantsView => APPLICANT_VIEWS.some((view) => view === value);

/** The view chosen last time in this browser; the list when none was, or storage is shut (private mode throws). */
export function savedView(): ApplicantsView {
  try {
    const value = window.localStorage.getItem(KEY);
    return isView(value) ? value : 'list';
  } catch {
    return 'list';
  }
}

/** Remembers the view for the next visit; a browser that refuses storage only forgets it. */
export function saveView(view: ApplicantsView): void {
  try {
    window.localStorage.setItem(KEY, view);
  } catch {
    // Storage full or refused: the choice lasts this visit.
  }
}
