import { describe, expect, it } from 'vitest';
import { emailLanguageOf, escapeHtml, passwordResetEmail } from './templates.js';

describe('e-mail templates', () => {
  it('escape everything that could open markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('put the merchant name, the username and the link in both bodies, escaped in HTML', () => {
    const email = passwordResetEmail({
      language: 'VI',
      siteName: 'Casino <b>',
      username: 'an"na',
      link: 'https://site.example/reset-password?token=a&b',
      validMinutes: 30,
    });
    expect(email.subject).toBe('Casino <b>: đặt lại mật khẩu');
    expect(email.text).toContain('Xin chào an"na,');
    expect(email.text).toContain('https://site.example/reset-password?token=a&b');
    expect(email.html).toContain('Casino &lt;b&gt;');
    expect(email.html).toContain('an&quot;na');
    expect(email.html).toContain('href="https://site.example/reset-password?token=a&amp;b"');
    expect(email.html).not.toContain('<b>');
  });

  it('read English for any language without its own texts', () => {
    expect(emailLanguageOf('vi')).toBe('VI');
    expect(emailLanguageOf('TH')).toBe('EN');
    expect(emailLanguageOf(undefined)).toBe('EN');
  });
});
