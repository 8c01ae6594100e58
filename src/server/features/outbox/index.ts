/** The outbox as the team sees it: queued, sent and failed mails, retries and held mails. */
export { outboxRoutes } from './routes';
