import { jobPath } from '~/lib/job-posting';
import type { Job } from '~/lib/schemas/job';
import { excerptParts } from '~/lib/search-excerpt';
import type { PagefindResultData, PagefindSubResult } from './pagefind';

/**
 * What one line of the results shows: the page, the section the match is in (or the tag of what it
 * is, such as "Open vacancy"), and the excerpt, escaped text as Pagefind writes it.
 */
export type SearchHit = { url: string; title: string; section?: string; tag?: string; excerpt: string };

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An open vacancy as a result: its page, with department, location and type for the excerpt. */
export function vacancyHit(job: Job): SearchHit {
  return {
    url: jobPath(job),
    title: job.title,
    tag: 'Open vacancy',
    excerpt: escapeText([job.department, job.location, job.jobType].join(' · ')),
  };
}

/** The section with the most matches, so the link lands on the heading that answers the query. */
function bestSection(data: PagefindResultData): PagefindSubResult | undefined {
  return data.sub_results.reduce<PagefindSubResult | undefined>(
    (best, sub) => (!best || sub.locations.length > best.locations.length ? sub : best),
    undefined,
  );
}

/** Pagefind's `/hardware/#parts` as the site links it, `/hardware#parts` (canonical URLs have no trailing slash). */
const siteUrl = (url: string) => url.replace(/(.)\/(?=#|$)/, '$1');

export function toHit(data: PagefindResultData): SearchHit {
  const title = data.meta.title ?? data.url;
  const sub = bestSection(data);
  // The text before a page's first heading comes back titled with the page, without an anchor.
  const inSection = sub !== undefined && sub.url.includes('#') && sub.title !== title;
  return {
    url: siteUrl(sub?.url ?? data.url),
    title,
    ...(inSection && { section: sub.title }),
    excerpt: sub?.excerpt ?? data.excerpt,
  };
}

function excerptElement(excerpt: string): HTMLElement {
  const element = document.createElement('span');
  element.className = 'mt-1 block text-sm leading-6 text-slate-300';
  for (const part of excerptParts(excerpt)) {
    if (!part.marked) {
      element.append(part.text);
      continue;
    }
    const mark = document.createElement('mark');
    mark.className = 'rounded-sm bg-brand-400/25 px-0.5 text-white';
    mark.textContent = part.text;
    element.append(mark);
  }
  return element;
}

/** One result: a link holding the page title, the section it matched in and the highlighted excerpt. */
export function resultItem(hit: SearchHit): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = hit.url;
  link.dataset['searchResult'] = '';
  link.className =
    'block rounded-xl border border-transparent px-4 py-3 no-underline hover:border-white/15 hover:bg-white/5 focus-visible:border-brand-300/60 focus-visible:bg-white/5';
  const title = document.createElement('span');
  title.className = 'block font-semibold text-white';
  title.textContent = hit.title;
  link.append(title);
  if (hit.section || hit.tag) {
    const section = document.createElement('span');
    section.className = 'mt-0.5 block text-xs font-medium uppercase tracking-wider text-brand-300';
    if (hit.section) {
      const label = document.createElement('span');
      label.className = 'sr-only';
      label.textContent = 'Section: ';
      section.append(label, hit.section);
    } else section.append(hit.tag ?? '');
    link.append(section);
  }
  link.append(excerptElement(hit.excerpt));
  item.append(link);
  return item;
}
