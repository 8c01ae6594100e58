/**
 * What an applicant reads once their application is stored: the API's answer and the careers
 * board's confirmation. Apart from the admin's messages so the public pages do not load the stages.
 */
export const applicationReceivedMessages = {
  submitted: 'Application submitted successfully! We will review your application and get back to you soon.',
  /** What happens after applying, as the receipt mail says it. */
  nextSteps:
    'A member of the team reads every application. If your experience matches the role, we will write to you to arrange a first conversation; either way, we will let you know the outcome.',
} as const;
