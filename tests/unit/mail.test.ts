import { describe, expect, it } from 'vitest';
import { configFromEnv } from '~/server/config';
import { EnvError, parseApiEnv } from '~/server/env';
import { renderMail, type MailContent } from '~/server/mail/template';

const content = (overrides: Partial<MailContent> = {}): MailContent => ({
  subject: 'Hello <b>there</b>',
  heading: 'Dear "Ada" & co',
  blocks: [
    { kind: 'paragraph', text: "It's <script>alert(1)</script>" },
    {
      kind: 'fields',
      rows: [
        ['Name <x>', 'A & B'],
        ['LinkedIn', ''],
      ],
    },
    { kind: 'quote', text: 'line <1>\nline 2' },
    { kind: 'link', label: 'Open <it>', href: 'https://example.com/a?b=1&c="2"' },
  ],
  footer: 'Footer & <small>',
  ...overrides,
});

describe('mail template', () => {
  it('escapes every value in the HTML part and keeps the text part as written', () => {
    const { html, text } = renderMail(content());
    expect(html).not.toMatch(/<script>|<b>there|<x>|<it>|<small>|<1>/);
    for (const escaped of [
      'Hello &lt;b&gt;there&lt;/b&gt;',
      'Dear &quot;Ada&quot; &amp; co',
      'It&#39;s &lt;script&gt;alert(1)&lt;/script&gt;',
      'Name &lt;x&gt;',
      'A &amp; B',
      'line &lt;1&gt;\nline 2',
      'href="https://example.com/a?b=1&amp;c=%222%22"',
      'Open &lt;it&gt;',
      'Footer &amp; &lt;small&gt;',
    ]) {
      expect(html).toContain(escaped);
    }
    expect(text).toContain("It's <script>alert(1)</script>");
    expect(text).toContain('LinkedIn: not given');
    expect(text).toContain('> line <1>\n> line 2');
    expect(text).toContain('Open <it>: https://example.com/a?b=1&c=%222%22');
  });

  it('keeps the subject on one line and refuses links that are not http(s)', () => {
    expect(renderMail(content({ subject: 'Two\r\nBcc: x@example.com' })).subject).toBe('Two Bcc: x@example.com');
    expect(() => renderMail(content({ blocks: [{ kind: 'link', label: 'x', href: 'javascript:alert(1)' }] }))).toThrow(
      /http/,
    );
  });
});

describe('mail settings from the environment', () => {
  it('defaults to no SMTP, the backoff schedule and a sender on the site host', () => {
    const { mail } = configFromEnv(
      parseApiEnv({ SITE_URL: 'https://careers.example.org/' }),
      'x'.repeat(32),
      'y'.repeat(32),
    );
    expect(mail).toEqual({
      smtpUrl: undefined,
      from: 'EdgeCraft AI <no-reply@careers.example.org>',
      hiringTeam: 'careers@example.com',
      sales: 'hello@example.com',
      siteUrl: 'https://careers.example.org',
      retryDelaysMs: [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000],
      pollMs: 2000,
      leaseMs: 300_000,
    });
  });

  it('reads SMTP_URL, MAIL_FROM and a shortened schedule', () => {
    const env = parseApiEnv({
      SMTP_URL: 'smtps://user:secret@smtp.example.org:465',
      MAIL_FROM: 'Careers <jobs@example.org>',
      MAIL_RETRY_DELAYS_SECONDS: '0.5, 2',
    });
    expect(env.SMTP_URL).toBe('smtps://user:secret@smtp.example.org:465');
    expect(configFromEnv(env, 'x'.repeat(32), 'y'.repeat(32)).mail).toMatchObject({
      from: 'Careers <jobs@example.org>',
      retryDelaysMs: [500, 2000],
    });
  });

  it('stops on bad values with the variable named', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseApiEnv(env);
        return [];
      } catch (error) {
        return (error as EnvError).problems;
      }
    };
    expect(problems({ SMTP_URL: 'http://smtp.example.org' })).toEqual([
      'SMTP_URL: must start with smtp:// or smtps://',
    ]);
    expect(problems({ MAIL_FROM: 'not an address' })).toEqual(['MAIL_FROM: must be an address or Name <address>']);
    expect(problems({ HIRING_TEAM_EMAIL: 'nobody' })[0]).toMatch(/^HIRING_TEAM_EMAIL:/);
    expect(problems({ MAIL_RETRY_DELAYS_SECONDS: '60,-1' })[0]).toMatch(/^MAIL_RETRY_DELAYS_SECONDS/);
    expect(problems({ MAIL_LEASE_SECONDS: '0' })[0]).toMatch(/^MAIL_LEASE_SECONDS:/);
  });
});
