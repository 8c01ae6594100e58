/** Outgoing e-mail: the mails, interview invitations, the SMTP sender and the outbox worker that delivers them. */
export {
  applicationMails,
  contactMails,
  statusMails,
  passwordResetMail,
  invitationMail,
  secondFactorAlertMail,
} from './mails';
export { interviewMails, interviewUid } from './interview-mails';
export { smtpSender } from './transport';
export { OutboxWorker } from './worker';
