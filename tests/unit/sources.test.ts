import { describe, expect, it } from 'vitest';
import { sourceLabel } from '~/lib/source-labels';
import { conversionRate, formatRate, sourceFromSearch, sourceOrDirect } from '~/lib/sources';

describe('the source of a job link', () => {
  it.each([
    ['?source=linkedin', 'linkedin'],
    ['?utm_source=uni-board-2026', 'uni-board-2026'],
    ['?source=linkedin&utm_source=twitter', 'linkedin'],
    // Trimmed and lower-cased before the check: one board, however a link spells it.
    ['?utm_source=LinkedIn', 'linkedin'],
    ['?source=%20Indeed%20', 'indeed'],
    ['?source=LinkedIn&utm_source=twitter', 'linkedin'],
    // An invalid source is ignored, so a valid utm_source beside it still counts.
    ['?source=Linked%20In&utm_source=twitter', 'twitter'],
    [`?source=${'a'.repeat(40)}`, 'a'.repeat(40)],
    [`?source=${'a'.repeat(41)}`, 'direct'],
    ['?source=job%20board', 'direct'],
    ['?source=', 'direct'],
    ['?department=Engineering', 'direct'],
    ['', 'direct'],
  ])('reads %j as %j', (search, source) => {
    expect(sourceFromSearch(search)).toBe(source);
  });

  it('stores a source trimmed and lower-cased', () => {
    expect(sourceOrDirect('LinkedIn')).toBe('linkedin');
    expect(sourceOrDirect(' Indeed ')).toBe('indeed');
    expect(sourceOrDirect('UNI-Board-2026')).toBe('uni-board-2026');
    expect(sourceOrDirect(` ${'A'.repeat(40)} `)).toBe('a'.repeat(40));
  });

  it('stores anything but a source name as direct', () => {
    expect(sourceOrDirect('github')).toBe('github');
    expect(sourceOrDirect('git_hub')).toBe('direct');
    expect(sourceOrDirect(undefined)).toBe('direct');
    expect(sourceOrDirect(42)).toBe('direct');
  });
});

describe('conversion rates', () => {
  it('divide, and are shown as percentages with one decimal, or a dash without a base', () => {
    expect(conversionRate(1, 8)).toBe(0.125);
    expect(conversionRate(3, 0)).toBeNull();
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(2 / 3)).toBe('66.7%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(null)).toBe('–');
  });
});

describe('source labels', () => {
  it('name the boards the report knows and keep any other source as the link carried it', () => {
    expect(sourceLabel('linkedin')).toBe('LinkedIn');
    expect(sourceLabel('direct')).toBe('Direct');
    expect(sourceLabel('uni-board')).toBe('uni-board');
  });
});
