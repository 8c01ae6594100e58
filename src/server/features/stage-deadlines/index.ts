/** Stage deadlines: the daily mails about applicants who wait past their stage's days. */
export { scheduleStageDeadlines, type StageDeadlineSchedule } from './schedule';
export { careerRoutes } from './routes';
