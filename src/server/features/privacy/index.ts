/** Personal data: the team's export, erasure and CSV of applicants, and the collection the applicant's own page reuses. */
export { applicantPrivacyRoutes, applicantsCsvRoutes, erasureRoutes } from './routes';
export { privacyNoticeVersion } from './notice-version';
export { collectPersonData, erasePerson } from './person-data';
export { exportFilename, personZip } from './person-zip';
