/** Outgoing e-mail: the mails, the SMTP sender and the outbox worker that delivers them. */
export {
  applicationMails,
  contactMails,
  statusMails,
  passwordResetMail,
  invitationMail,
  secondFactorAlertMail,
} from './mails';
export { applicationLinksMail, withdrawnMail, erasedMail } from './application-mails';
export { smtpSender } from './transport';
export { OutboxWorker } from './worker';
