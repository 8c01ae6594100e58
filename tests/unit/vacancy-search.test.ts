import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job } from '~/lib/schemas/job';
import { matchVacancies, VACANCY_RESULT_LIMIT } from '~/lib/vacancy-search';

let nextId = 1;
const job = (title: string, more: Partial<Job> = {}): Job => ({
  id: nextId++,
  title,
  department: 'Engineering',
  location: 'Bengaluru, India',
  jobType: 'Full-time',
  description: 'Build the platform.',
  salaryRange: null,
  closesAt: null,
  created_at: '2026-11-01T00:00:00.000Z',
  ...more,
});

const titles = (jobs: Job[]) => jobs.map((j) => j.title);

describe('open vacancies in the site search', () => {
  const firmware = job('Senior Firmware Engineer (Zephyr RTOS)');
  const ml = job('Edge ML Engineer, model quantization', { department: 'Research', location: 'Zürich' });
  const designer = job('Product Designer', {
    department: 'Design',
    description: 'Own our industrial design language.',
  });
  const board = [firmware, ml, designer];

  it('finds "firmware engineer" by the words of the title', () => {
    expect(titles(matchVacancies('firmware engineer', board))).toEqual([firmware.title]);
  });

  it('matches word starts as the visitor types: "firm eng"', () => {
    expect(titles(matchVacancies('firm eng', board))).toEqual([firmware.title]);
  });

  it('finds the American spelling with the British one, and the other way round', () => {
    expect(titles(matchVacancies('quantisation', board))).toEqual([ml.title]);
    expect(titles(matchVacancies('Quantization', board))).toEqual([ml.title]);
  });

  it('ignores accents and case: "zurich" finds Zürich', () => {
    expect(titles(matchVacancies('ZURICH', board))).toEqual([ml.title]);
  });

  it('looks in the department and description too, title matches first', () => {
    expect(titles(matchVacancies('design', board))).toEqual([designer.title]);
    const mentions = job('Solutions Architect', { description: 'Firmware background welcome.' });
    expect(titles(matchVacancies('firmware', [mentions, firmware]))).toEqual([firmware.title, mentions.title]);
  });

  it('needs every word: "firmware designer" finds nothing', () => {
    expect(matchVacancies('firmware designer', board)).toEqual([]);
  });

  it('lists at most the limit', () => {
    const many = Array.from({ length: VACANCY_RESULT_LIMIT + 3 }, (_, i) => job(`Firmware Engineer ${i}`));
    expect(matchVacancies('firmware', many)).toHaveLength(VACANCY_RESULT_LIMIT);
  });

  it('reads compatibility characters as the letters they stand for: full-width letters, ligatures', () => {
    expect(titles(matchVacancies('ＦＩＲＭＷＡＲＥ', board))).toEqual([firmware.title]);
    expect(titles(matchVacancies('ﬁrmware', board))).toEqual([firmware.title]);
  });

  it('never throws on pasted or hostile text, and a query of no words finds nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (query) => {
        const found = matchVacancies(query, board);
        expect(found.length).toBeLessThanOrEqual(board.length);
        // Judged as the search reads it: "⒟" is "(d)", a word, once its compatibility form is taken.
        if (!/[\p{L}\p{N}]/u.test(query.normalize('NFKD'))) expect(found).toEqual([]);
      }),
    );
  });
});
