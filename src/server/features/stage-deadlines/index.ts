/** Stage deadlines: the daily mails about applicants who wait past their stage's days. */
export { scheduleStageDeadlines, type StageDeadlineSchedule } from './schedule';
export { sendStageDeadlineMails } from './service';
export { careerRoutes } from './routes';
