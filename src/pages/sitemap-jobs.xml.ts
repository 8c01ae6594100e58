import type { APIRoute } from 'astro';
import { jobPagesStore, unavailableAnswer } from '~/lib/job-pages';
import { jobPath } from '~/lib/job-posting';
import { site } from '~/site';

/** Every open job page, rendered on request so it follows the admin's changes. */
export const prerender = false;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const GET: APIRoute = async ({ locals, site: astroSite }) => {
  const store = jobPagesStore(locals);
  if (!store) return new Response('Job pages are not available', { status: 503 });
  const base = astroSite ?? site.url;
  let jobs;
  try {
    jobs = await store.listJobs();
  } catch (error) {
    const answer = unavailableAnswer(error);
    if (!answer) throw error;
    return new Response(null, answer);
  }
  const urls = jobs.map(
    (job) =>
      `  <url><loc>${escapeXml(new URL(jobPath(job), base).href)}</loc><lastmod>${escapeXml(job.updatedAt ?? job.created_at)}</lastmod></url>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=0, s-maxage=300' },
  });
};
