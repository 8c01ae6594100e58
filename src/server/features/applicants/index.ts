/** Applicants, the hiring team's side: the list, stages, bulk actions, resumes, and one applicant's notes, interviews and personal data. */
export { applicantRoutes } from './routes';
export { moveApplicant } from './service';
