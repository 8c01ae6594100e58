/** Interviews and scorecards: scheduling with iCalendar invitations, the panel's scorecards and who may read them. */
export { interviewRoutes, utcLabel } from './routes';
export { interviewCalendar } from './mails';
export { interviewsOf, possibleInterviewers, scorecardsOf, teamMembersByIds, type InterviewRecord } from './repository';
export { cancelInterview, rescheduleInterview, scheduleInterview } from './service';
export { scorecardVisibility } from './scorecard-visibility';
