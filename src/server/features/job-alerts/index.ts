/** Visitors' job alerts: subscribing, the mails, and what publishing a vacancy or the daily run sends. */
export { JOB_ALERT_ONE_CLICK, jobAlertRoutes } from './routes';
export { queueJobAlerts, remindEndingJobAlerts } from './service';
