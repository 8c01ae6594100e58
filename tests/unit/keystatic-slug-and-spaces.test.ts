/**
 * What Keystatic writes: the address it proposes for a new title, and the encoded spaces its Markdown
 * writer can leave in a saved text, which the build refuses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import keystaticConfig from '../../keystatic.config';
import { slugify } from '../../src/lib/slugify';
import {
  dropEncodedSpaces,
  encodedSpaceMessage,
  encodedSpaces,
  rejectEncodedSpaces,
} from '../../src/integrations/encoded-spaces';

describe('new entry addresses', () => {
  it.each([
    ['nRF54', 'nrf54'],
    ['Porting YOLOv8 to the nRF54 DK', 'porting-yolov8-to-the-nrf54-dk'],
    ['Jetson Orin Nano 8 GB', 'jetson-orin-nano-8-gb'],
    ['STM32N6 + Ethos-U55: INT8 in 2 ms', 'stm32n6-ethos-u55-int8-in-2-ms'],
    ['Qualité & sécurité', 'qualite-and-securite'],
    ["Edge AI's next step", 'edge-ais-next-step'],
    ['  --Hailo-8--  ', 'hailo-8'],
  ])('%s becomes %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('every address field of the editing UI proposes addresses this way', () => {
    // Each collection's slugField: the field whose value names the entry's file.
    const slugFields = Object.values(keystaticConfig.collections ?? {}).flatMap((collection) => {
      const field = collection.slugField
        ? Object.entries(collection.schema).find(([key]) => key === collection.slugField)?.[1]
        : undefined;
      return field?.kind === 'form' && field.formKind === 'slug' ? [field] : [];
    });
    expect(slugFields.length).toBe(Object.keys(keystaticConfig.collections ?? {}).length);
    for (const field of slugFields) {
      // Keystatic hands the generator to the field's input, which runs it as the editor types a title.
      const input = field.Input({} as Parameters<typeof field.Input>[0]) as unknown as {
        props: { naiveGenerateSlug: (name: string) => string };
      };
      expect(input.props.naiveGenerateSlug('nRF54 low-power demo')).toBe('nrf54-low-power-demo');
    }
  });
});

describe('encoded spaces in content', () => {
  it('finds each &#x20; with its line and column', () => {
    expect(encodedSpaces('A line\n**Bold&#x20;**text and&#32;more\nclean')).toEqual([
      { line: 2, column: 7 },
      { line: 2, column: 23 },
    ]);
    expect(encodedSpaces('No entity here, just &amp; and &#x2014;')).toEqual([]);
  });

  it('lets one pass at the end of a line: a space typed after the last word, shown as nothing', () => {
    expect(encodedSpaces('A paragraph ends here.&#x20;\nNext&#x20; &#32;\r\nlast')).toEqual([]);
    expect(() => rejectEncodedSpaces()({}, { path: '/repo/content/a.mdx', value: 'Typed.&#x20;\n' })).not.toThrow();
  });

  it('stops the build with the file, the line and what to do', () => {
    const check = rejectEncodedSpaces();
    expect(() => check({}, { path: '/repo/content/articles/eip.mdx', value: 'Intro\n**Bold&#x20;**text\n' })).toThrow(
      'content/articles/eip.mdx:2:7: "&#x20;" is an encoded space',
    );
    expect(encodedSpaceMessage('content/pages/about.mdx', { line: 3, column: 1 })).toMatch(
      /delete that space \(and the entity\) and save again$/,
    );
    expect(() => check({}, { path: '/repo/content/pages/about.mdx', value: 'Plain text.\n' })).not.toThrow();
  });

  it('a save drops the ones that end a line, with the plain spaces beside them', () => {
    expect(dropEncodedSpaces('A paragraph ends here.&#x20;\nNext &#x20; &#32;\r\nlast&#x20;')).toBe(
      'A paragraph ends here.\nNext\r\nlast',
    );
    // Trailing plain spaces alone are no entity of Keystatic's: they stay.
    expect(dropEncodedSpaces('Hard  \nbreak')).toBe('Hard  \nbreak');
  });

  it('a save moves one inside bold or italic markers outside them, or drops it before punctuation', () => {
    expect(dropEncodedSpaces('**Bold&#x20;**text and *it&#x20;*, then **&#x20;lead** and x**&#x20;y**')).toBe(
      '**Bold** text and *it*, then **lead** and x **y**',
    );
    expect(dropEncodedSpaces('~~gone&#x20;~~ here and __Ünïcode&#x20;__é')).toBe('~~gone~~ here and __Ünïcode__ é');
  });

  it('a save clears an encoded space inside a marker right after another one', () => {
    expect(dropEncodedSpaces('&amp;&#32;*&#32;**')).toBe('&amp;***');
  });

  it('a save leaves a fenced code block as typed', () => {
    // A shorter fence inside a longer one does not close it.
    const code =
      '````md\necho "a&#x20;"&#x20;\n```\n**b&#x20;**c&#x20;\n````\nafter&#x20;\n~~~\nx&#x20;\n~~~\nend&#x20;';
    expect(dropEncodedSpaces(code)).toBe(
      '````md\necho "a&#x20;"&#x20;\n```\n**b&#x20;**c&#x20;\n````\nafter\n~~~\nx&#x20;\n~~~\nend',
    );
  });

  it('after a save no encoded space ends a line or sits inside a marker, and only spaces changed', () => {
    const piece = fc.constantFrom(
      'word',
      'é',
      '.',
      ' ',
      '&#x20;',
      '&#32;',
      '**',
      '*',
      '_',
      '~~',
      '\n',
      '\r\n',
      '&amp;',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const source = pieces.join('');
        // A line of three or more tildes opens a code block, which is kept as typed (tested above).
        fc.pre(!/^ {0,3}~{3,}/m.test(source));
        const saved = dropEncodedSpaces(source);
        for (const line of saved.split('\n')) {
          expect(line).not.toMatch(/(?:&#x20;|&#32;)[ \t]*\r?$/);
          expect(line).not.toMatch(/(?:&#x20;|&#32;)[*_~]/);
          expect(line).not.toMatch(/(?:^|[ \t\p{L}\p{N}])[*_~]+(?:&#x20;|&#32;)/u);
        }
        const withoutSpaces = (text: string) => text.replace(/&#x20;|&#32;|\s/g, '');
        expect(withoutSpaces(saved)).toBe(withoutSpaces(source));
        expect(saved.split('\n')).toHaveLength(source.split('\n').length);
      }),
    );
  });

  it('no file in content/ holds one', () => {
    const root = new URL('../../content/', import.meta.url).pathname;
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(mdx?|ya?ml)$/.test(file),
    );
    const found = files.flatMap((file) =>
      encodedSpaces(readFileSync(join(root, file), 'utf8')).map((hit) => encodedSpaceMessage(`content/${file}`, hit)),
    );
    expect(found).toEqual([]);
  });
});
