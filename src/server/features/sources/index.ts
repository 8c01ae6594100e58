/** Where applicants come from: the Sources report. */
export { sourcesRoutes } from './routes';
export { countJobView } from './repository';
