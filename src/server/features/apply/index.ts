/** Applying, the applicant's side: the multipart form, the resume's checks, and storing the application with its mails. */
export { applyService } from './apply-service';
export { storeApplicant, type ApplicationMails } from './service';
