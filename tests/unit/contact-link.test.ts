import { describe, expect, it } from 'vitest';
import { contactHref, subjectFromSearch } from '../../src/lib/contact-link';
import { CONTACT_SUBJECT_MAX } from '../../src/lib/limits';

describe('contact links with a subject', () => {
  it('point at the home contact section with the subject encoded', () => {
    expect(contactHref('Drone autonomy: our airframe & payload')).toBe(
      '/?subject=Drone+autonomy%3A+our+airframe+%26+payload#contact',
    );
  });

  it('give back the subject they carry', () => {
    const href = contactHref('Intelligent IoT SDK: Early Access Program');
    expect(subjectFromSearch(new URL(href, 'https://site.invalid').search)).toBe(
      'Intelligent IoT SDK: Early Access Program',
    );
  });

  it('read nothing from an address without a subject, and trim and cut a long one', () => {
    expect(subjectFromSearch('')).toBe('');
    expect(subjectFromSearch('?subject=%20%20')).toBe('');
    expect(subjectFromSearch(`?subject=${'a'.repeat(CONTACT_SUBJECT_MAX + 50)}`)).toHaveLength(CONTACT_SUBJECT_MAX);
  });
});
