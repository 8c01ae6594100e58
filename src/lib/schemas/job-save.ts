import { z } from 'zod/mini';
import { scorecardCriteriaField } from '../interviews';
import { formattingMarks, renderDescription } from '../job-description';
import { JOB_DESCRIPTION_MAX_MARKS } from '../limits';
import { jobDescriptionField, jobInputSchema, jobMessages } from './job';

/**
 * A job as the admin form and the API save it: `jobInputSchema` plus its scorecard criteria and the
 * description rules that need the Markdown parser, refused here rather than met by a visitor. Kept out of the schemas' index so
 * that public pages never load the parser.
 */
export const jobSaveSchema = z.extend(jobInputSchema, {
  description: jobDescriptionField.check(
    z.refine((text) => formattingMarks(text) <= JOB_DESCRIPTION_MAX_MARKS, jobMessages.descriptionTooManyMarks),
    z.refine((text) => !renderDescription(text).tooDeep, jobMessages.descriptionTooDeep),
  ),
  scorecardCriteria: scorecardCriteriaField,
});
export type JobSaveInput = z.input<typeof jobSaveSchema>;
export type JobSaveData = z.output<typeof jobSaveSchema>;
