/** Health, readiness and metrics. */
export { healthRoutes } from './routes';
export { createMetrics } from './metrics';
export type { HealthProbes } from './state';
