import { describe, expect, it } from 'vitest';
import { greetingName } from '~/lib/team';

describe('dashboard greeting', () => {
  it.each([
    ['priya.sharma@edgecraft.ai', 'priya.sharma'],
    ['"odd@local"@example.org', '"odd@local"'],
    ['nguyễn.văn.an@ví-dụ.vn', 'nguyễn.văn.an'],
    ['no-at-sign', 'no-at-sign'],
  ])('greets %s as %s', (email, name) => {
    expect(greetingName({ email, displayName: null })).toBe(name);
  });

  it('greets a member who gave a name by that name', () => {
    expect(greetingName({ email: 'priya.sharma@edgecraft.ai', displayName: 'Priya Sharma' })).toBe('Priya Sharma');
  });
});
