/** Signing in and out, password resets and invitations, and one's own two-factor sign-in. */
export { authRoutes } from './routes';
export { resetRoutes } from './reset-routes';
export { accountRoutes } from './account-routes';
