/**
 * The editing UI (keystatic.config.ts) and the content schemas (src/content/) describe the same
 * fields: a field one side has and the other lacks fails here, and so does a field without help text.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import keystaticConfig from '../../keystatic.config';
import { articleSchema, pageSchema } from '../../src/content/schemas';
import { benchmarkSchema, hardwareSchema } from '../../src/content/data-schemas';

/** The collections the build defines (src/content.config.ts needs Astro to load, so it is read as text). */
const astroCollections = [
  ...readFileSync(new URL('../../src/content.config.ts', import.meta.url), 'utf8').matchAll(
    /^\s+(\w+): defineCollection\(/gm,
  ),
].map((match) => match[1]);

/** Which zod schema each Keystatic collection writes for. */
const SCHEMAS: Record<string, z.ZodType> = {
  articles: articleSchema,
  products: pageSchema,
  verticals: pageSchema,
  pages: pageSchema,
  hardware: hardwareSchema,
  benchmarks: benchmarkSchema,
};
/** Collections edited in a text editor only, and why. */
const NOT_IN_KEYSTATIC: Record<string, string> = {
  legal: 'a change to a legal notice is a developer change: its version is recorded with every consent',
};
/** The Keystatic field that holds an MDX body (not frontmatter). */
const BODY = 'content';

/** The schema inside defaults and optionals (refinements stay on the object in zod 4). */
function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return unwrap(schema.unwrap() as z.ZodType);
  return schema;
}

/** Dotted paths of every field, nested objects included (`cta.title`). */
function zodFields(schema: z.ZodType, prefix = ''): string[] {
  const inner = unwrap(schema);
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, value]) => {
    const nested = zodFields(value, `${prefix}${key}.`);
    return [`${prefix}${key}`, ...nested];
  });
}

type KeystaticField = {
  kind: string;
  formKind?: string;
  description?: string;
  fields?: Record<string, KeystaticField>;
  Input?: (props: object) => { props: { description?: string } };
};

function keystaticFields(schema: Record<string, KeystaticField>, prefix = ''): string[] {
  return Object.entries(schema).flatMap(([key, field]) => {
    if (!prefix && key === BODY) return [];
    const nested = field.kind === 'object' && field.fields ? keystaticFields(field.fields, `${prefix}${key}.`) : [];
    return [`${prefix}${key}`, ...nested];
  });
}

/** A field's help text: on the field (objects, arrays, slug fields) or given to its input. */
function helpText(field: KeystaticField): string {
  if (field.description) return field.description;
  return field.Input?.({}).props.description ?? '';
}

function allFields(schema: Record<string, KeystaticField>, prefix = ''): [string, KeystaticField][] {
  return Object.entries(schema).flatMap(([key, field]) => [
    [`${prefix}${key}`, field] as [string, KeystaticField],
    ...(field.kind === 'object' && field.fields ? allFields(field.fields, `${prefix}${key}.`) : []),
  ]);
}

const editorCollections = keystaticConfig.collections as unknown as Record<
  string,
  { schema: Record<string, KeystaticField>; path: string }
>;

describe('Keystatic and the content schemas', () => {
  it('covers every content collection, or says why not', () => {
    const astro = [...astroCollections].sort();
    expect(astro.length).toBeGreaterThan(5);
    const covered = [...Object.keys(editorCollections), ...Object.keys(NOT_IN_KEYSTATIC)].sort();
    expect(covered).toEqual(astro);
  });

  for (const [name, schema] of Object.entries(SCHEMAS)) {
    describe(name, () => {
      const editor = editorCollections[name];
      it('edits the folder the build reads', () => {
        expect(editor?.path).toBe(`content/${name}/*`);
      });

      it('has an editor field for every schema field, and no other', () => {
        expect(keystaticFields(editor?.schema ?? {}).sort()).toEqual(zodFields(schema).sort());
      });

      it('explains every field in its help text', () => {
        for (const [path, field] of allFields(editor?.schema ?? {})) {
          const help = helpText(field);
          // A sentence that says what the field is for, not a one-word label.
          expect(help.split(/\s+/).length, `${name}.${path}: "${help}"`).toBeGreaterThanOrEqual(4);
        }
      });
    });
  }
});
