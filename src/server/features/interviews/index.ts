/** Interviews and scorecards: scheduling with iCalendar invitations, the panel's scorecards and who may read them. */
export { interviewRoutes } from './routes';
export { interviewCalendar } from './mails';
export { interviewsOf, scorecardsOf, type InterviewRecord } from './repository';
export { scorecardVisibility } from './scorecard-visibility';
