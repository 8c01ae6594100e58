/** The job boards' feeds. */
export { feedRoutes } from './routes';
