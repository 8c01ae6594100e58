import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { articleSchema, pageSchema } from '~/content/schemas';

const collection = (name: string, schema: typeof pageSchema | typeof articleSchema) =>
  defineCollection({ loader: glob({ base: `./content/${name}`, pattern: '**/*.mdx' }), schema });

export const collections = {
  products: collection('products', pageSchema),
  verticals: collection('verticals', pageSchema),
  pages: collection('pages', pageSchema),
  articles: collection('articles', articleSchema),
};
