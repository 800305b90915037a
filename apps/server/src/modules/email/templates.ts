/** Languages with their own e-mail texts; any other reads English. */
export type EmailLanguage = 'EN' | 'VI';

export function emailLanguageOf(language: string | undefined): EmailLanguage {
  return language?.toUpperCase() === 'VI' ? 'VI' : 'EN';
}

/** Text for HTML: every character that could open markup or an attribute is escaped. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface ResetTexts {
  subject: (site: string) => string;
  greeting: (username: string) => string;
  body: (site: string, minutes: number) => string;
  action: string;
  ignore: string;
}

const resetTexts: Record<EmailLanguage, ResetTexts> = {
  EN: {
    subject: (site) => `${site}: reset your password`,
    greeting: (username) => `Hello ${username},`,
    body: (site, minutes) =>
      `Someone asked to reset the password of your ${site} account. Open this link within ${minutes} minutes to choose a new password:`,
    action: 'Reset password',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  VI: {
    subject: (site) => `${site}: đặt lại mật khẩu`,
    greeting: (username) => `Xin chào ${username},`,
    body: (site, minutes) =>
      `Có người đã yêu cầu đặt lại mật khẩu tài khoản ${site} của bạn. Hãy mở liên kết này trong vòng ${minutes} phút để chọn mật khẩu mới:`,
    action: 'Đặt lại mật khẩu',
    ignore: 'Nếu bạn không yêu cầu, hãy bỏ qua e-mail này: mật khẩu của bạn vẫn giữ nguyên.',
  },
};

/** The forgot-password e-mail: plain text and a simple HTML twin, every value escaped. */
export function passwordResetEmail(input: {
  language: EmailLanguage;
  siteName: string;
  username: string;
  link: string;
  validMinutes: number;
}): RenderedEmail {
  const texts = resetTexts[input.language];
  const body = texts.body(input.siteName, input.validMinutes);
  const text = [texts.greeting(input.username), '', body, input.link, '', texts.ignore, ''].join(
    '\n',
  );
  const link = escapeHtml(input.link);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(texts.greeting(input.username))}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    `<p><a href="${link}">${escapeHtml(texts.action)}</a></p>`,
    `<p style="word-break:break-all">${link}</p>`,
    `<p>${escapeHtml(texts.ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: texts.subject(input.siteName), text, html };
}
