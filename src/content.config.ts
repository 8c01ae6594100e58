import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { articleSchema, pageSchema } from '~/content/schemas';

/** One folder of MDX files under content/. */
const mdxIn = (folder: string) => glob({ base: `./content/${folder}`, pattern: '**/*.mdx' });

export const collections = {
  products: defineCollection({ loader: mdxIn('products'), schema: pageSchema }),
  verticals: defineCollection({ loader: mdxIn('verticals'), schema: pageSchema }),
  pages: defineCollection({ loader: mdxIn('pages'), schema: pageSchema }),
  articles: defineCollection({ loader: mdxIn('articles'), schema: articleSchema }),
};
