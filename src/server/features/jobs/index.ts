/** Vacancies: the public list and pages' data, the team's editing, and the daily closing of past closing days. */
export { jobRoutes } from './routes';
export { scheduleClosingDays, type ClosingDays } from './closing-days';
