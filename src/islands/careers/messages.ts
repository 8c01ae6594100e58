import { applicationReceivedMessages } from '~/lib/schemas/application-received';

/** The careers board's texts: the spec's word for word, then the confirmation after applying and the draft's. */
export const careersMessages = {
  loading: 'Loading positions...',
  noJobs: 'No open positions at the moment. Check back soon!',
  noJobsInDepartment: 'No positions found in this department.',
  noJobsForFilters: 'No positions match these filters. Try fewer words or another location.',
  loadFailed: 'Failed to load job listings. Please try again later.',
  submitFailed: 'Failed to submit application',
  submitNetworkFailed: 'Failed to submit application. Please try again.',
  submitted: applicationReceivedMessages.submitted,
  appliedTitle: (title: string) => `Your application for ${title} has been received.`,
  receiptSent: (email: string) => `We have e-mailed a receipt to ${email}.`,
  nextSteps: applicationReceivedMessages.nextSteps,
  privatePage:
    'The receipt holds the link to your private application page: follow its stage there, withdraw it, download your data or erase it.',
  discardQuestion: 'Discard your application?',
  discardDetail: (title: string) => `Your answers for ${title} will be deleted from this browser.`,
  discard: 'Discard',
  keepEditing: 'Keep editing',
  draftRestored: 'We kept what you typed earlier in this visit. Please choose your resume again.',
  fieldsToFix: (count: number) => (count === 1 ? 'One field to fix:' : `${count} fields to fix:`),
} as const;
