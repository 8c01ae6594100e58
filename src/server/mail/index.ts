/** Outgoing e-mail: the mails, interview invitations, the SMTP sender and the outbox worker that delivers them. */
export {
  applicationMails,
  contactMails,
  statusMails,
  passwordResetMail,
  invitationMail,
  invitationLink,
  secondFactorAlertMail,
  templateMail,
  FOOTER,
  mail,
} from './mails';
export { alreadyAppliedMail, applicationLinksMail, withdrawnMail, erasedMail } from './application-mails';
export { smtpSender } from './transport';
export { OutboxWorker } from './worker';
