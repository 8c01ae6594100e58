/** The contact form and the messages it leaves for the team. */
export { contactRoutes } from './routes';
