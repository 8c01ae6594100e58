/** The hiring team: members, roles, invitations and the team's settings. */
export { teamRoutes } from './routes';
