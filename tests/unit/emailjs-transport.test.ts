import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiOrigin, connectSources } from '../../src/lib/connect-sources';
import { EMAILJS_ORIGIN, emailJsConfig } from '../../src/lib/emailjs';

const settings = {
  PUBLIC_EMAILJS_PUBLIC_KEY: 'public-key',
  PUBLIC_EMAILJS_SERVICE_ID: 'service',
  PUBLIC_EMAILJS_TEMPLATE_ID: 'template',
};

describe('what a build with the EmailJS settings makes of them', () => {
  it('sends through EmailJS only when all three settings are present', () => {
    expect(emailJsConfig(settings)).toEqual({ publicKey: 'public-key', serviceId: 'service', templateId: 'template' });
    expect(emailJsConfig({ ...settings, PUBLIC_EMAILJS_TEMPLATE_ID: '' })).toBeNull();
    expect(emailJsConfig({})).toBeNull();
  });

  it("lets the page connect to EmailJS only then, and to the API's origin when it lives on another", () => {
    expect(connectSources({})).toEqual(["'self'"]);
    expect(connectSources(settings)).toEqual(["'self'", EMAILJS_ORIGIN]);
    const split = { PUBLIC_API_URL: 'https://api.example.com/api' };
    expect(apiOrigin(split)).toBe('https://api.example.com');
    expect(connectSources({ ...split, ...settings })).toEqual(["'self'", 'https://api.example.com', EMAILJS_ORIGIN]);
    expect(apiOrigin({ PUBLIC_API_URL: '/api' })).toBeNull();
  });

  it('has the privacy notice say the form goes through EmailJS and the website stores none of it', () => {
    const source = readFileSync(new URL('../../content/legal/privacy.mdx', import.meta.url), 'utf8');
    expect(source).toContain('export const emailJs = emailJsConfig(import.meta.env) !== null;');
    // The notice as a build with the settings renders it: each `{emailJs ? '…' : '…'}` its first text.
    const choices = /\{emailJs \? '([^']*)' : '([^']*)'\}/g;
    expect(source.match(choices)).toHaveLength(2);
    const withEmailJs = source.replace(choices, (_match, viaEmailJs: string) => viaEmailJs);
    expect(withEmailJs).toContain('This website sends the form through EmailJS');
    expect(withEmailJs).toContain('through which this website sends the contact form');
    expect(withEmailJs).not.toContain('The website stores the message in its database');
    expect(withEmailJs).not.toContain('emailJs ?');
  });
});
