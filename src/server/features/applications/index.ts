/** The applicant's own side: the page a mailed link opens, with withdrawal, export and erasure. */
export { applicationRoutes } from './routes';
