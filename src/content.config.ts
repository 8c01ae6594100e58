import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { articleSchema, legalSchema, pageSchema } from '~/content/schemas';
import { benchmarkSchema, hardwareSchema } from '~/content/data-schemas';

/** One folder of MDX files under content/. */
const mdxIn = (folder: string) => glob({ base: `./content/${folder}`, pattern: '**/*.mdx' });
/** One folder of YAML rows under content/: one file per row, so a build error names the file. */
const rowsIn = (folder: string) => glob({ base: `./content/${folder}`, pattern: '**/*.yaml' });

export const collections = {
  products: defineCollection({ loader: mdxIn('products'), schema: pageSchema }),
  verticals: defineCollection({ loader: mdxIn('verticals'), schema: pageSchema }),
  pages: defineCollection({ loader: mdxIn('pages'), schema: pageSchema }),
  articles: defineCollection({ loader: mdxIn('articles'), schema: articleSchema }),
  hardware: defineCollection({ loader: rowsIn('hardware'), schema: hardwareSchema }),
  benchmarks: defineCollection({ loader: rowsIn('benchmarks'), schema: benchmarkSchema }),
  legal: defineCollection({ loader: mdxIn('legal'), schema: legalSchema }),
};
