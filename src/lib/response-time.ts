/** The careers page's median time to a first reply: the window it covers and when it is shown. */
export const RESPONSE_TIME_WINDOW_DAYS = 90;
/** Below this many applications in the window the median says too little to publish. */
export const RESPONSE_TIME_MIN_APPLICATIONS = 10;

/** `GET /api/career/response-time`. */
export type ResponseTime = { medianHours: number | null };

/** "within 2 days" and the like, for the careers page. */
export function responseTimeText(medianHours: number): string {
  if (medianHours < 1) return 'Half of our applicants hear back from us within an hour.';
  if (medianHours < 48) {
    const hours = Math.ceil(medianHours);
    return `Half of our applicants hear back from us within ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
  }
  return `Half of our applicants hear back from us within ${Math.ceil(medianHours / 24)} days.`;
}
