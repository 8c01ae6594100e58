/** Notes on an applicant, written by the hiring team. */
export { notesRoutes } from './routes';
