import { DESCRIPTION_CLASS, type RenderedDescription } from '~/lib/job-description';
import { cn } from '~/islands/ui/cn';

type Props = { rendered: RenderedDescription; headingAs?: 'h2' | 'h3' };

/**
 * The full description (the Markdown subset of src/lib/job-description.ts, line breaks kept). One
 * that opens with its own heading (often "About the role" itself) gets no visible generic heading,
 * only 'Job description' for screen readers, so the outline stays in order and nothing is said twice.
 */
export function JobDescription({ rendered, headingAs: Heading = 'h3' }: Props) {
  const ownHeading = rendered.opensWithHeading;
  return (
    <div>
      <Heading className={cn('text-base font-semibold text-white', ownHeading && 'sr-only')}>
        {ownHeading ? 'Job description' : 'About the role'}
      </Heading>
      <div
        className={cn(DESCRIPTION_CLASS, !ownHeading && 'mt-2')}
        data-testid="job-full-description"
        // Built by renderDescription: every text escaped, only its own few tags, links checked.
        dangerouslySetInnerHTML={{ __html: rendered.html }}
      />
    </div>
  );
}
