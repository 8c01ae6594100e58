import { useMemo } from 'react';
import { DESCRIPTION_CLASS, descriptionHtml, startsWithHeading } from '~/lib/job-description';
import { cn } from '~/islands/ui/cn';

type Props = { description: string; headingAs?: 'h2' | 'h3' };

/**
 * The full description (the Markdown subset of src/lib/job-description.ts, line breaks kept). One
 * that opens with its own heading (often "About the role" itself) gets no visible generic heading,
 * only 'Job description' for screen readers, so the outline stays in order and nothing is said twice.
 */
export function JobDescription({ description, headingAs: Heading = 'h3' }: Props) {
  const html = useMemo(() => descriptionHtml(description), [description]);
  const ownHeading = useMemo(() => startsWithHeading(description), [description]);
  return (
    <div>
      <Heading className={cn('text-base font-semibold text-white', ownHeading && 'sr-only')}>
        {ownHeading ? 'Job description' : 'About the role'}
      </Heading>
      <div
        className={cn(DESCRIPTION_CLASS, !ownHeading && 'mt-2')}
        data-testid="job-full-description"
        // Built by descriptionHtml: every text escaped, only its own few tags, links checked.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}
