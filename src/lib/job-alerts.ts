/**
 * Job alerts for visitors: the pages, the texts and what the API answers; without zod, so the
 * pages' scripts load none.
 */

/** The page a confirmation or renewal link opens; the token follows in the fragment, which no request carries. */
export const JOB_ALERT_CONFIRM_PATH = '/alerts/confirm';
/** The page an unsubscribe link opens (a button: link scanners that follow a link unsubscribe nobody). */
export const JOB_ALERT_UNSUBSCRIBE_PATH = '/alerts/unsubscribe';
/** Where the careers page's form lands after sending: `#sent`, `#invalid`, `#department` or `#busy` picks the message. */
export const JOB_ALERT_SUBSCRIBE_PATH = '/alerts/subscribe';
/** How long an unconfirmed subscription waits for its confirmation before the purge deletes it. */
export const JOB_ALERT_UNCONFIRMED_DAYS = 7;
/** At most one confirmation mail waits per address: another request within this many hours sends nothing. */
export const JOB_ALERT_PENDING_HOURS = 24;
/** How long a confirmed subscription lasts after its last confirmation or renewal. */
export const JOB_ALERT_DAYS = 365;
/** How many days before a confirmed subscription ends its one reminder goes out, with a link to keep it. */
export const JOB_ALERT_REMINDER_DAYS = 14;

/** `GET /api/alerts/{token}`: the subscription as its subscriber sees it. */
export type JobAlertView = {
  /** One department, or null for every vacancy. */
  department: string | null;
  confirmed: boolean;
  expiresAt: string;
};

export const jobAlertMessages = {
  emailRequired: 'Please enter your e-mail address',
  emailInvalid: 'Please enter a valid e-mail address',
  departmentInvalid: 'We have no roles in that department. Please choose a department from the list',
  subscribed: 'Almost done: we sent you an e-mail. Follow its link to confirm your alerts.',
  tooMany: 'Too many requests from your network. Please try again later.',
  notFound: 'This link does not open a subscription: it may have been unsubscribed or expired.',
  confirmed: 'Your alerts are confirmed: we will write when a matching role opens, for a year from today.',
  unsubscribed: 'You are unsubscribed: we will not send you job alerts any more.',
  failed: 'Something went wrong. Please try again.',
  invalid: 'That e-mail address does not look right. Please go back and check it.',
  noToken: 'This page needs the link from your e-mail.',
} as const;
