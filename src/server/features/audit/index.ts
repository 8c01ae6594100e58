/** The audit trail: `audit()` for any feature that reads or changes personal data, and its route. */
export { audit, auditRequest } from './audit';
export { auditRoutes } from './routes';
