import { useMemo } from 'react';
import { renderDescription } from '~/lib/job-description';
import { JobDescription } from './JobDescription';

/** The careers modal's description, parsed in the browser: this chunk carries the Markdown parser. */
export function ParsedJobDescription({ description }: { description: string }) {
  const rendered = useMemo(() => renderDescription(description), [description]);
  return <JobDescription rendered={rendered} />;
}
