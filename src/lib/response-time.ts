/** The careers page's median time to a first reply: the window it covers and when it is shown. */
export const RESPONSE_TIME_WINDOW_DAYS = 90;
/** Below this many applications in the window the median says too little to publish. */
export const RESPONSE_TIME_MIN_APPLICATIONS = 10;

/** `GET /api/career/response-time`. */
export type ResponseTime = { medianHours: number | null };
