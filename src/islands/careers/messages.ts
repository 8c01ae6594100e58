import { applicantMessages } from '~/lib/schemas/applicant';

/** The careers board's texts, word for word. */
export const careersMessages = {
  loading: 'Loading positions...',
  noJobs: 'No open positions at the moment. Check back soon!',
  noJobsInDepartment: 'No positions found in this department.',
  loadFailed: 'Failed to load job listings. Please try again later.',
  submitFailed: 'Failed to submit application',
  submitNetworkFailed: 'Failed to submit application. Please try again.',
  submitted: applicantMessages.submitted,
} as const;
