/** Applicants, the hiring team's side: apply, the list, stages, bulk actions, resumes, and one applicant's notes, interviews and personal data. */
export { applicantRoutes } from './routes';
export { moveApplicant, storeApplicant, type ApplicantMails } from './service';
