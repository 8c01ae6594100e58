/** The audit trail, for owners. */
export { auditRoutes } from './routes';
