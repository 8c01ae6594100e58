/** Links that open the home page's contact form with its subject filled in (the field stays editable). */
import { CONTACT_SUBJECT_MAX } from './limits';

/** Query parameter the contact form reads its subject from. */
const SUBJECT_PARAM = 'subject';

/** `/?subject=…#contact` for a call to action. */
export function contactHref(subject: string): string {
  return `/?${new URLSearchParams({ [SUBJECT_PARAM]: subject }).toString()}#contact`;
}

/** The subject carried by a page address, trimmed and cut to the form's limit; empty when there is none. */
export function subjectFromSearch(search: string): string {
  const value = new URLSearchParams(search).get(SUBJECT_PARAM) ?? '';
  return value.trim().slice(0, CONTACT_SUBJECT_MAX);
}
