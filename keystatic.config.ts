/**
 * Keystatic, the editing UI `npm run dev` serves at /keystatic (local mode: it reads and writes the
 * files under content/ and public/images/, which stay the source of truth and are reviewed in git).
 * Only the dev server has it (src/integrations/keystatic-dev.ts); production builds never do.
 *
 * Every collection here mirrors a zod schema in src/content/: the same keys (tests/unit/keystatic-
 * fields.test.ts fails when one side has a field the other lacks), each with help text for editors.
 * The zod schema stays the authority: the build rejects whatever it does not accept.
 */
import { collection, config, fields } from '@keystatic/core';
import { block, inline, wrapper } from '@keystatic/core/content-components';
import { FACTS, MAILBOXES } from './src/lib/facts';
import { slugify } from './src/lib/slugify';

/* ---------------------------------------------------------------- shared frontmatter fields */

/**
 * `fields.slug`, with its help text also on the field itself: Keystatic keeps it only inside the input
 * component, and the test that every field is explained reads it from there.
 */
const slugField = (args: Parameters<typeof fields.slug>[0]) => ({
  ...fields.slug({ ...args, slug: { generate: slugify, ...args.slug } }),
  description: args.name.description,
});

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugMessage = 'lower-case letters, digits and single hyphens, e.g. edge-ai-quantisation';

/** The title (H1) with the file name it gives a new entry, which is also its address. */
const titleWithSlug = (what: string) =>
  slugField({
    name: {
      label: 'Title',
      description: `The ${what}'s H1, and its <title> in search results unless Meta title is set.`,
      validation: { isRequired: true },
    },
    slug: {
      label: 'Address',
      description: `The file name and the address: the ${what} is served at /<address>. Set it once; changing it later breaks links to the ${what}.`,
      validation: { pattern: { regex: SLUG, message: slugMessage } },
    },
  });

const metaTitle = fields.text({
  label: 'Meta title',
  description:
    'Optional. The <title> search results show, when the title alone does not say what the page is or is too long. At most 45 characters (" | EdgeCraft AI" is added; the build checks the 60 in all).',
  validation: { length: { max: 45 } },
});

const description = fields.text({
  label: 'Description',
  description:
    'One or two sentences, 20 to 160 characters: the lead under the H1, the search-result snippet and the card summary.',
  multiline: true,
  validation: { isRequired: true, length: { min: 20, max: 160 } },
});

const heroAlt = fields.text({
  label: 'Hero image alt text',
  description:
    'What the hero image shows, for people who cannot see it (a sentence, not "image of…"). Required when there is a hero image.',
  multiline: true,
});

const order = (where: string) =>
  fields.integer({
    label: 'Order',
    description: `Position ${where}, lowest first (0 or more).`,
    defaultValue: 0,
    validation: { isRequired: true, min: 0 },
  });

const navLabel = fields.text({
  label: 'Short label',
  description: 'Optional. A short name for sidebars, the footer and narrow screens; the title when empty.',
});

const cta = (what: string) =>
  fields.object(
    {
      title: fields.text({
        label: 'Heading',
        description: 'The heading of the call to action, e.g. "Bring your pipeline to the Early Access Program".',
        validation: { isRequired: true },
      }),
      text: fields.text({
        label: 'Lead text',
        description: 'One or two sentences under the heading: what the reader gets by taking this step.',
        multiline: true,
        validation: { isRequired: true },
      }),
      label: fields.text({
        label: 'Button label',
        description: 'The button, a verb first, e.g. "Apply for early access".',
        validation: { isRequired: true },
      }),
      subject: fields.text({
        label: 'Contact form subject',
        description:
          'The button opens the contact form with this subject filled in (at most 120 characters), e.g. "Early Access Program: IPG". It tells sales where the visitor came from.',
        validation: { isRequired: true, length: { max: 120 } },
      }),
      to: fields.select({
        label: 'Button goes to',
        description: 'The contact form, or one of our mailboxes (an e-mail with the subject above).',
        options: [
          { label: 'The contact form', value: 'contact' },
          { label: 'The privacy address', value: 'privacy' },
          { label: 'The security address', value: 'security' },
          { label: 'The careers address', value: 'careers' },
        ],
        defaultValue: 'contact',
      }),
    },
    {
      label: 'Call to action (next step)',
      description: `The next step that ends the ${what}. Required: every ${what} offers the reader one.`,
    },
  );

/* ---------------------------------------------------------------- MDX body components */

const text = (label: string, description: string, isRequired = false) =>
  fields.text({ label, description, validation: { isRequired } });

/** Where an article's images go: public/images/articles/<address>/, served as /images/articles/<address>/… */
const articleImages = { directory: 'public/images/articles', publicPath: '/images/articles/' } as const;

const figureSchema = (src: ReturnType<typeof fields.image> | ReturnType<typeof fields.text>) => ({
  src,
  alt: fields.text({
    label: 'Alt text',
    description: 'What the picture shows, for people who cannot see it. Required.',
    multiline: true,
    validation: { isRequired: true },
  }),
  width: fields.integer({
    label: 'Width',
    description:
      'The image’s own width in pixels (1200 for a full-width diagram); with the height, it reserves the space.',
    validation: { isRequired: true, min: 1 },
  }),
  height: fields.integer({
    label: 'Height',
    description: 'The image’s own height in pixels (540 for a 1200-wide diagram).',
    validation: { isRequired: true, min: 1 },
  }),
  loading: fields.select({
    label: 'Loading',
    description: 'Lazy unless the picture is near the top of the page.',
    options: [
      { label: 'Lazy (default)', value: 'lazy' },
      { label: 'Eager (near the top)', value: 'eager' },
    ],
    defaultValue: 'lazy',
  }),
});

const figure = (src: ReturnType<typeof fields.image> | ReturnType<typeof fields.text>) =>
  wrapper({
    label: 'Figure',
    description: 'An image with a caption (the text inside). Give it alt text and its size.',
    schema: figureSchema(src),
  });

const tables = {
  HardwareTable: block({
    label: 'Hardware table',
    description: 'The supported-hardware table, from the rows in Hardware.',
    schema: {
      product: fields.select({
        label: 'Product',
        description: 'Only the parts listed on this product; all parts when "All".',
        options: [
          { label: 'All', value: '' },
          { label: 'IPG (iip)', value: 'iip' },
          { label: 'IEM (iem)', value: 'iem' },
          { label: 'IIS (iis)', value: 'iis' },
        ],
        defaultValue: '',
      }),
      filterable: fields.checkbox({
        label: 'Filterable',
        description: 'Buttons that filter the rows by kind of hardware.',
      }),
      caption: text('Caption', 'The table’s caption, which names it for screen readers.'),
    },
  }),
  HardwareChanges: block({
    label: 'Hardware changes',
    description: 'Every dated change to the hardware list, newest first, from each row’s History in Hardware.',
    schema: {},
  }),
  BenchmarkTable: block({
    label: 'Benchmark table',
    description: 'The benchmark figures of one page, from the rows in Benchmarks, each with its source.',
    schema: {
      page: fields.select({
        label: 'Page',
        description: 'Which rows: those whose Pages list this one.',
        options: [
          { label: 'IPG product (iip)', value: 'iip' },
          { label: 'Pipeline generator article (eip)', value: 'eip' },
          { label: 'Hardware page', value: 'hardware' },
        ],
        defaultValue: 'iip',
      }),
      caption: text('Caption', 'The table’s caption, which names it for screen readers.'),
    },
  }),
};

const callToAction = wrapper({
  label: 'Call to action (in the text)',
  description:
    'A box with a button to the contact form, inside the text. The text inside replaces the default lead. Every page already ends with its own call to action (frontmatter), so use this one sparingly.',
  schema: {
    title: text('Heading', 'Default "Join the Early Access Program".'),
    label: text('Button label', 'Default "Apply for early access".'),
    subject: text('Contact form subject', 'Default "Early Access Program".'),
    eyebrow: text('Eyebrow', 'The small label above the heading. Default "Early Access Program".'),
  },
});

/** Company facts and mailboxes quoted by name, so src/site.ts stays their one home. */
const facts = {
  Fact: inline({
    label: 'Company fact',
    description: 'A fact from src/site.ts (address, reply time, product status…), always current.',
    schema: {
      name: fields.select({
        label: 'Fact',
        description: 'Which fact; the text shown is its value in src/site.ts.',
        options: Object.entries(FACTS).map(([value, text]) => ({ label: `${value}: ${text.slice(0, 40)}`, value })),
        defaultValue: 'replyTime',
      }),
    },
  }),
  Email: inline({
    label: 'E-mail link',
    description: 'A mailto link to one of the company mailboxes, showing its address.',
    schema: {
      to: fields.select({
        label: 'Mailbox',
        description: 'Which mailbox (src/site.ts).',
        options: Object.entries(MAILBOXES).map(([value, address]) => ({ label: `${value} (${address})`, value })),
        defaultValue: 'sales',
      }),
    },
  }),
};

const articleComponents = {
  Figure: figure(
    fields.image({
      label: 'Image',
      description: 'Upload an SVG, or a PNG or WebP at twice the shown size; it is stored with the article.',
      ...articleImages,
      validation: { isRequired: true },
    }),
  ),
  ...tables,
  EffortSplitChart: block({
    label: 'Effort split chart',
    description: 'The chart of where engineering effort goes (numbers in src/components/article/effort-split.ts).',
    schema: {},
  }),
  CallToAction: callToAction,
  ...facts,
};

const iconField = (isRequired = false) =>
  text(
    'Icon',
    'Path of a square SVG in public/images/, e.g. /images/products/icons/speed.svg (shared by several pages).',
    isRequired,
  );

const pageComponents = {
  Section: wrapper({
    label: 'Section',
    description: 'A titled block (its heading is an h2). Put all body text inside sections.',
    schema: {
      title: text('Title', 'The section heading (h2). Required.', true),
      id: fields.text({
        label: 'Anchor',
        description: 'Optional. Lower-case, hyphenated; links and sidebars point at /page#anchor.',
        validation: { pattern: { regex: /^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, message: slugMessage } },
      }),
      eyebrow: text('Eyebrow', 'Optional small label above the title.'),
      intro: fields.text({ label: 'Intro', description: 'Optional lead paragraph under the title.', multiline: true }),
      cols: fields.integer({
        label: 'Columns',
        description: 'Empty for prose; 2 or 3 to lay the cards inside (tiles, feature cards, use cases) out as a grid.',
        validation: { min: 2, max: 3 },
      }),
      icon: iconField(),
      wide: fields.checkbox({ label: 'Wide', description: 'Let a figure inside use the full column width.' }),
    },
  }),
  Tile: wrapper({
    label: 'Tile',
    description: 'A benefit tile for a section with columns: a short heading and one or two sentences.',
    schema: { title: text('Title', 'The tile heading (h3). Required.', true), icon: iconField() },
  }),
  FeatureCard: wrapper({
    label: 'Feature card',
    description: 'A larger card for a product’s headline capabilities.',
    schema: {
      title: text('Title', 'The card heading (h3). Required.', true),
      tag: text('Tag', 'Optional small label above the title, e.g. "Portability".'),
      icon: iconField(),
    },
  }),
  UseCase: wrapper({
    label: 'Use case',
    description: 'A use-case card with an illustration, for the industry pages.',
    schema: {
      title: text('Title', 'The use case (h3). Required.', true),
      icon: iconField(true),
      iconAlt: text('Icon alt text', 'What the illustration shows. Required.', true),
    },
  }),
  Accordion: block({
    label: 'Accordion',
    description: 'Items that open one at a time (at least two). Every item’s text is in the page for search engines.',
    schema: {
      items: fields.array(
        fields.object({
          title: text('Title', 'The item’s heading (a button).', true),
          body: fields.text({
            label: 'Text',
            description: 'Plain text; a blank line starts a new paragraph.',
            multiline: true,
            validation: { isRequired: true },
          }),
          points: fields.array(text('Point', 'One bullet point.', true), {
            label: 'Points',
            description: 'Optional bullet list under the text.',
            itemLabel: (props) => props.value,
          }),
        }),
        {
          label: 'Items',
          description: 'At least two.',
          itemLabel: (props) => props.fields.title.value,
          validation: { length: { min: 2 } },
        },
      ),
    },
  }),
  Figure: figure(
    fields.text({
      label: 'Image',
      description: 'Path of the image in public/images/, e.g. /images/products/iip-workflow.svg.',
      validation: { isRequired: true, pattern: { regex: /^\/images\/\S+$/, message: 'a path under /images/' } },
    }),
  ),
  ...tables,
  CallToAction: callToAction,
  ...facts,
};

/** The body of an MDX page: Markdown (headings, lists, tables, code, links) and the components above. */
const body = (components: NonNullable<Parameters<typeof fields.mdx>[0]['components']>, image?: typeof articleImages) =>
  fields.mdx({
    label: 'Body',
    description:
      'The body. Start sections with a level-2 heading (three or more give an article its table of contents). Links to pages of this site start with / (e.g. /iip or /methodology#speed); the build fails on a link to a page, anchor or image that does not exist.',
    extension: 'mdx',
    options: { heading: [2, 3, 4], image: image ?? false },
    components,
  });

/* ---------------------------------------------------------------- collections */

/** content/articles: the blog. */
const articles = collection({
  label: 'Articles',
  path: 'content/articles/*',
  slugField: 'title',
  format: { contentField: 'content' },
  entryLayout: 'content',
  previewUrl: '/{slug}',
  columns: ['pubDate', 'draft'],
  schema: {
    title: titleWithSlug('article'),
    metaTitle,
    description,
    heroImage: fields.image({
      label: 'Hero image',
      description:
        'Optional picture at the top and on the blog card, 1200 × 540: an SVG, or a PNG or WebP at 2400 × 1080. Stored in public/images/articles/<address>/.',
      ...articleImages,
    }),
    heroPhoneImage: fields.image({
      label: 'Upright drawing for phones',
      description:
        'Optional: the same picture redrawn upright as an SVG, 600 wide with text at least 22 units high. Screens under 640 px show it instead, so its labels stay readable. Needs the picture above.',
      ...articleImages,
    }),
    heroAlt,
    order: order('on the blog list (articles with the same number are listed newest first)'),
    navLabel,
    pubDate: fields.date({
      label: 'Publish date',
      description:
        'The date shown on the article. A later date schedules it: the first build on or after that day publishes it (the server rebuilds daily).',
      defaultValue: { kind: 'today' },
      validation: { isRequired: true },
    }),
    updatedDate: fields.date({
      label: 'Updated',
      description:
        'Optional. The day of the last change a reader should know about; shown under the byline, in search data and in the feed.',
    }),
    draft: fields.checkbox({
      label: 'Draft',
      description:
        'Ticked: only the editing preview shows the article (with a Draft banner); the site, the blog list, the feed, the sitemap and search leave it out. Untick to publish.',
      // An article without the key is published (the schema's default), so the editor starts unticked too.
      defaultValue: false,
    }),
    author: fields.text({
      label: 'Author',
      description: 'The byline, a team name such as "Pipeline Engineering Team".',
      validation: { isRequired: true },
    }),
    tags: fields.array(
      fields.text({
        label: 'Tag',
        description: 'A topic, e.g. "Quantisation". Reuse existing tags: each has its page at /tags.',
        validation: { isRequired: true },
      }),
      {
        label: 'Tags',
        description: 'Topics, at least one. They link to tag pages and choose the related articles.',
        itemLabel: (props) => props.value,
        validation: { length: { min: 1 } },
      },
    ),
    theme: fields.select({
      label: 'Colour theme',
      description: 'The accent colour of the article and its card.',
      options: [
        { label: 'Cyan', value: 'cyan' },
        { label: 'Violet', value: 'violet' },
        { label: 'Emerald', value: 'emerald' },
        { label: 'Amber', value: 'amber' },
        { label: 'Rose', value: 'rose' },
      ],
      defaultValue: 'cyan',
    }),
    audience: fields.array(
      fields.text({ label: 'Reader', description: 'e.g. "Embedded engineers".', validation: { isRequired: true } }),
      {
        label: 'Written for',
        description: 'Who the article is for, at least one; shown under the byline.',
        itemLabel: (props) => props.value,
        validation: { length: { min: 1 } },
      },
    ),
    cta: cta('article'),
    content: body(articleComponents, articleImages),
  },
});

const heroImagePath = (folder: string) =>
  fields.text({
    label: 'Hero image',
    description: `Optional. Path of the illustration in public/images/${folder}/, e.g. /images/${folder}/<address>-hero.svg (1200 × 540).`,
    validation: { pattern: { regex: /^$|^\/images\/\S+$/, message: 'a path under /images/' } },
  });

/** Products, verticals and pages share one schema (pageSchema in src/content/schemas.ts). */
const pageCollection = (label: string, folder: string, what: string, where: string) =>
  collection({
    label,
    path: `content/${folder}/*`,
    slugField: 'title',
    format: { contentField: 'content' },
    entryLayout: 'content',
    previewUrl: '/{slug}',
    schema: {
      title: titleWithSlug(what),
      metaTitle,
      description,
      heroImage: heroImagePath(folder),
      heroAlt,
      order: order(where),
      navLabel,
      cta: cta(what),
      content: body(pageComponents),
    },
  });

const precisions = ['FP32', 'FP16', 'BF16', 'FP8', 'FP4', 'INT16', 'INT8', 'INT4'].map((value) => ({
  label: value,
  value,
}));

/** A positive figure, empty where the source does not publish it. */
const figureField = (label: string, description: string) =>
  fields.number({
    label,
    description: `${description} Leave empty where the source does not publish it: the table then says "not published". Never enter a figure nobody measured.`,
    validation: { min: 0 },
  });

const hardware = collection({
  label: 'Hardware',
  path: 'content/hardware/*',
  slugField: 'part',
  format: { data: 'yaml' },
  columns: ['vendor', 'status'],
  schema: {
    vendor: text('Vendor', 'Silicon or module vendor, e.g. "NVIDIA".', true),
    family: text('Family', 'Product family, e.g. "Jetson Orin".', true),
    part: slugField({
      name: {
        label: 'Part',
        description: 'The part or module a customer buys, e.g. "Jetson Orin Nano 8 GB".',
        validation: { isRequired: true },
      },
      slug: {
        label: 'File name',
        description: 'The row’s file in content/hardware/ (without .yaml).',
        validation: { pattern: { regex: SLUG, message: slugMessage } },
      },
    }),
    kind: fields.select({
      label: 'Kind',
      description: 'What kind of hardware it is; the table filters by it.',
      options: ['microcontroller', 'application processor', 'edge GPU', 'AI accelerator', 'cellular module'].map(
        (value) => ({ label: value, value }),
      ),
      defaultValue: 'edge GPU',
    }),
    accelerator: text(
      'Accelerator',
      'The accelerator the generated code targets, e.g. "Ampere GPU (1024 CUDA cores) + no DLA".',
      true,
    ),
    precisions: fields.multiselect({
      label: 'Precisions',
      description: 'Precisions the accelerator runs natively. At least one, except for a cellular module.',
      options: precisions,
    }),
    runtime: text(
      'Runtime',
      'Inference runtime or vendor stack, with the version the generated code is built against (e.g. "JetPack 6.1"); a supported part must name it, except a cellular module.',
      true,
    ),
    runtimeChecked: fields.date({
      label: 'Runtime checked',
      description:
        'The day you last confirmed the runtime above is the newest release the generated code has passed the Validator on; shown under it. Required when the runtime names a version.',
    }),
    status: fields.select({
      label: 'Status',
      description:
        'supported: complete profile, validated on the real part; beta: known gaps; planned: on the roadmap.',
      options: ['supported', 'beta', 'planned'].map((value) => ({ label: value, value })),
      defaultValue: 'planned',
    }),
    notes: fields.text({
      label: 'Notes',
      description: 'Limits and remarks a buyer should know. Required, may be short.',
      multiline: true,
      validation: { isRequired: true },
    }),
    products: fields.multiselect({
      label: 'Products',
      description: 'The product pages the part is listed on, at least one.',
      options: [
        { label: 'IPG (iip)', value: 'iip' },
        { label: 'IEM (iem)', value: 'iem' },
        { label: 'IIS (iis)', value: 'iis' },
      ],
    }),
    source: fields.text({
      label: 'Source',
      description:
        'The https address of the vendor’s own datasheet or product page for the part (never a reseller or a blog).',
      validation: {
        isRequired: true,
        pattern: { regex: /^https:\/\/\S+$/, message: 'an https:// address' },
      },
    }),
    order: order('in the table'),
    history: fields.array(
      fields.object({
        date: fields.date({
          label: 'Date',
          description: 'The day the change was published.',
          validation: { isRequired: true },
        }),
        change: text('Change', 'What changed, in one sentence a buyer understands without the old row.', true),
      }),
      {
        label: 'History',
        description:
          'The row’s dated changes, oldest first, starting with the day it joined the list; the release notes page lists them. Add an entry whenever you change a precision, runtime, status or note.',
        itemLabel: (props) => `${props.fields.date.value ?? ''}: ${props.fields.change.value}`,
      },
    ),
  },
});

const benchmarks = collection({
  label: 'Benchmarks',
  path: 'content/benchmarks/*',
  slugField: 'model',
  format: { data: 'yaml' },
  columns: ['device', 'precision'],
  schema: {
    model: slugField({
      name: {
        label: 'Model',
        description: 'Model and input size, e.g. "YOLOv8s, 640 × 640".',
        validation: { isRequired: true },
      },
      slug: {
        label: 'File name',
        description: 'The row’s file in content/benchmarks/ (without .yaml), e.g. hailo8-yolov8s.',
        validation: { pattern: { regex: SLUG, message: slugMessage } },
      },
    }),
    task: text('Task', 'e.g. "Object detection (COCO)".', true),
    device: text('Device', 'Device and accelerator, e.g. "Hailo-8 M.2 module".', true),
    precision: fields.select({
      label: 'Precision',
      description: 'The numeric precision of the run.',
      options: precisions,
      defaultValue: 'INT8',
    }),
    runtime: text('Runtime', 'Runtime and its version.', true),
    latencyMs: figureField('Latency (ms)', 'Milliseconds per inference at batch size 1.'),
    throughputFps: figureField('Throughput (inferences/s)', 'Inferences per second as published.'),
    memoryMB: figureField('Memory (MB)', 'Peak memory.'),
    powerW: figureField('Power (W)', 'Average power during the run.'),
    energyMj: figureField('Energy (mJ)', 'Energy per inference.'),
    method: fields.text({
      label: 'Method',
      description: 'How the figure was obtained, in one sentence: batch size, clocks, what is timed.',
      multiline: true,
      validation: { isRequired: true, length: { min: 10 } },
    }),
    source: fields.text({
      label: 'Source',
      description:
        'Where the figure comes from: the https address of the published figure, or "measured by EdgeCraft AI, YYYY-MM-DD, <method>".',
      validation: {
        isRequired: true,
        pattern: {
          regex: /^https:\/\/\S+$|^measured by EdgeCraft AI, \d{4}-\d{2}-\d{2}, .{10,}$/,
          message: 'an https:// address, or "measured by EdgeCraft AI, YYYY-MM-DD, <method>"',
        },
      },
    }),
    publisher: fields.text({
      label: 'Publisher',
      description:
        'Who published the figure, e.g. "NXP" or "Nota AI (NetsPresso)": the table says whether that is the part’s vendor or a third party.',
      validation: { isRequired: true },
    }),
    pages: fields.multiselect({
      label: 'Pages',
      description: 'The pages whose benchmark table shows the row, at least one.',
      options: [
        { label: 'IPG product (iip)', value: 'iip' },
        { label: 'Pipeline generator article (eip)', value: 'eip' },
        { label: 'Hardware page', value: 'hardware' },
      ],
    }),
    hardware: fields.relationship({
      label: 'Hardware',
      description:
        'The part on the hardware list the figure was measured on (its row in Hardware). Add the part first: no figure stands for a part we do not build for.',
      collection: 'hardware',
      validation: { isRequired: true },
    }),
    order: order('in the table'),
  },
});

export default config({
  storage: { kind: 'local' },
  ui: {
    brand: { name: 'EdgeCraft AI content' },
    navigation: {
      Blog: ['articles'],
      Pages: ['products', 'verticals', 'pages'],
      Data: ['hardware', 'benchmarks'],
    },
  },
  collections: {
    articles,
    products: pageCollection('Products', 'products', 'product page', 'in the product sidebar and the footer'),
    verticals: pageCollection('Industries', 'verticals', 'industry page', 'in the industry sidebar and the footer'),
    pages: pageCollection('Pages', 'pages', 'page', 'among the pages'),
    hardware,
    benchmarks,
  },
});
