import type { CollectionEntry } from 'astro:content';

/** The next step that ends the blog index and the tag pages (an article ends with its own `cta`). */
export const blogNextStep: CollectionEntry<'articles'>['data']['cta'] = {
  title: 'Take your own pipeline to the edge',
  text: 'Early access partners run the platform on their own models and boards, with our engineers beside them. Tell us about your target hardware and the pipeline you want to ship.',
  label: 'Apply for early access',
  subject: 'Early Access Program: from the blog',
  to: 'contact',
};
