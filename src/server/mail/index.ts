/** Outgoing e-mail: the five mails, the SMTP sender and the outbox worker that delivers them. */
export {
  applicationMails,
  contactMails,
  statusMails,
  passwordResetMail,
  invitationMail,
  secondFactorAlertMail,
} from './mails';
export { smtpSender } from './transport';
export { OutboxWorker } from './worker';
