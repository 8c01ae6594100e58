import { describe, expect, it } from 'vitest';
import { applicationFieldsSchema, applicationMessages } from '~/lib/schemas';

const applicant = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  linkedin: '',
  coverLetter: 'I have built embedded firmware for ten years and love edge AI work.',
};

type Field = 'name' | 'phone' | 'linkedin';

/** The first message for `field` when it holds `value`, or null when the form would accept it. */
function messageFor(field: Field, value: string): string | null {
  const result = applicationFieldsSchema.safeParse({ ...applicant, [field]: value });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

const accepted: [usage: string, field: Field, value: string][] = [
  ['Irish, with a fada, an apostrophe and a hyphen', 'name', "Seán O'Brien-Kelly"],
  ['Irish, with a typographic apostrophe', 'name', 'Siobhán Ní Bhriain O’Connor'],
  ['Irish, Mac and Gaelic spelling', 'name', 'Pádraig Mac Giolla Phádraig'],
  ['Vietnamese, family name first with stacked diacritics', 'name', 'Nguyễn Thị Minh Khai'],
  ['Vietnamese, đ and ư', 'name', 'Đặng Văn Lưu'],
  ['Vietnamese, typed in decomposed form (NFD)', 'name', 'Nguyễn Văn Trỗi'.normalize('NFD')],
  ['Spanish, two family names with a tilde', 'name', 'María José Núñez Peña'],
  ['Spanish, with "de la"', 'name', 'Juan de la Cruz Fernández'],
  ['German, with an umlaut and ß', 'name', 'Jürgen Groß-Schäfer'],
  ['German, nobility particle', 'name', 'Karl-Theodor von und zu Guttenberg'],
  ['Tamil script with vowel signs and virama', 'name', 'கார்த்திகேயன் சுப்பிரமணியம்'],
  ['Tamil, with an initial in Latin letters', 'name', 'R. Karthikeyan'],
  ['Hindi in Devanagari with matras and a nukta', 'name', 'अनन्या शर्मा'],
  ['Hindi with a conjunct and ZWJ', 'name', 'क्\u200Dष्मा राव'],
  ['Chinese, family name first, no spaces', 'name', '王小明'],
  ['Chinese, romanised', 'name', 'Zhang Wei'],
  ['Arabic script', 'name', 'محمد بن سلمان'],
  ['Arabic, romanised with an apostrophe and hyphen', 'name', "Abd al-Rahman Mu'min"],
  ['Persian with a zero-width non-joiner', 'name', 'مهدی\u200Cزاده'],
  ['initials with periods', 'name', 'J. R. R. Tolkien'],
  ['Japanese kana and kanji', 'name', '山田 はなこ'],
  ['Korean Hangul', 'name', '김민준'],
  ['Indian mobile, country code and a space', 'phone', '+91 98450 12345'],
  ['Indian mobile, with a hyphen', 'phone', '+91-98450-12345'],
  ['Indian landline, area code in parentheses', 'phone', '(080) 4123-4567'],
  ['Indian mobile with a leading 0', 'phone', '098450 12345'],
  ['US, parentheses and a hyphen', 'phone', '(415) 555-0132'],
  ['US, international with dots', 'phone', '+1.415.555.0132'],
  ['US, with a leading 1 and spaces', 'phone', '1 415 555 0132'],
  ['UK mobile, national format', 'phone', '07700 900123'],
  ['UK, international with the optional 0 in parentheses', 'phone', '+44 (0)20 7946 0958'],
  ['German, with a slash-free area code in parentheses', 'phone', '+49 (30) 1234 5678'],
  ['German, national format with dots', 'phone', '030.1234.5678'],
  ['LinkedIn profile, https and www', 'linkedin', 'https://www.linkedin.com/in/ada-lovelace'],
  ['LinkedIn profile, Indian country subdomain', 'linkedin', 'https://in.linkedin.com/in/priya-sharma-0a1b2c3d'],
  ['LinkedIn profile, UK subdomain, trailing slash', 'linkedin', 'https://uk.linkedin.com/in/ada-lovelace/'],
  [
    'LinkedIn profile shared from the app, with a query',
    'linkedin',
    'https://www.linkedin.com/in/ada-lovelace?utm_source=share&utm_campaign=share_via&utm_medium=android_app',
  ],
  ['LinkedIn profile with a fragment', 'linkedin', 'linkedin.com/in/ada-lovelace/#experience'],
  ['LinkedIn profile without a protocol', 'linkedin', 'www.linkedin.com/in/jürgen-groß'],
  ['LinkedIn profile with percent-encoding', 'linkedin', 'https://de.linkedin.com/in/j%C3%BCrgen-gro%C3%9F-12345'],
  ['LinkedIn old public profile with its path', 'linkedin', 'http://www.linkedin.com/pub/ada-lovelace/12/345/678'],
  ['LinkedIn company page, upper case', 'linkedin', 'HTTPS://WWW.LINKEDIN.COM/COMPANY/EDGECRAFT/'],
  ['LinkedIn company page on a country subdomain', 'linkedin', 'https://fr.linkedin.com/company/edgecraft/about/'],
];

const refused: [rule: string, field: Field, value: string, message: string][] = [
  ['digits in a name', 'name', 'R2 D2', applicationMessages.nameLetters],
  ['a name of punctuation only', 'name', "'-.", applicationMessages.nameLetters],
  ['markup in a name', 'name', '<b>Ada</b>', applicationMessages.nameLetters],
  ['an emoji in a name', 'name', 'Ada 🚀', applicationMessages.nameLetters],
  ['an at sign in a name', 'name', 'ada@example', applicationMessages.nameLetters],
  ['a one-letter name', 'name', 'Ó', applicationMessages.nameMin],
  ['9 digits with parentheses', 'phone', '(080) 412-345', applicationMessages.phoneInvalid],
  ['16 digits with dots', 'phone', '+49.301.234.567.890.12', applicationMessages.phoneInvalid],
  ['letters in a phone', 'phone', '0800-FLOWERS', applicationMessages.phoneInvalid],
  ['a slash in a phone', 'phone', '030/1234 5678', applicationMessages.phoneInvalid],
  ['another host', 'linkedin', 'https://linkedin.com.evil.example/in/ada', applicationMessages.linkedinInvalid],
  ['a look-alike host', 'linkedin', 'https://www.notlinkedin.com/in/ada', applicationMessages.linkedinInvalid],
  ['a feed page', 'linkedin', 'https://www.linkedin.com/feed/', applicationMessages.linkedinInvalid],
  ['a profile path without a name', 'linkedin', 'https://www.linkedin.com/in/', applicationMessages.linkedinInvalid],
  ['a quote in the query', 'linkedin', 'linkedin.com/in/ada?x="><script>', applicationMessages.linkedinInvalid],
  ['a javascript: URL', 'linkedin', 'javascript:alert(1)//linkedin.com/in/ada', applicationMessages.linkedinInvalid],
];

describe('application fields as people write them', () => {
  it.each(accepted)('accepts %s (%s: %s)', (_usage, field, value) => {
    expect(messageFor(field, value)).toBeNull();
  });

  it.each(refused)('refuses %s (%s: %s)', (_rule, field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it('says what a name may contain besides letters', () => {
    expect(applicationMessages.nameLetters).toMatch(/^Name can only contain letters/);
    expect(applicationMessages.nameLetters).toMatch(/apostrophes, hyphens and periods/);
  });
});
