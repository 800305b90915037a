import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.js';
import { waitForPageCondition } from './support/site.js';

/**
 * Every language of the demo merchant, as the picker names it, with the header's register button
 * and the page's `lang` in it. TY has no texts in the build (the operator supplies them), so its
 * page shows English, text by text.
 */
const languages = [
  { code: 'VI', name: 'Tiếng Việt', register: 'Đăng ký', htmlLang: 'vi' },
  { code: 'CN', name: '简体中文', register: '注册', htmlLang: 'zh-CN' },
  { code: 'ID', name: 'Bahasa Indonesia', register: 'Daftar', htmlLang: 'id' },
  { code: 'PT', name: 'Português', register: 'Registar', htmlLang: 'pt' },
  { code: 'PT-BR', name: 'Português (Brasil)', register: 'Cadastrar', htmlLang: 'pt-BR' },
  { code: 'TH', name: 'ไทย', register: 'สมัครสมาชิก', htmlLang: 'th' },
  { code: 'TY', name: 'TY', register: 'Register', htmlLang: 'ty' },
  { code: 'EN', name: 'English', register: 'Register', htmlLang: 'en' },
] as const;

describe('a visitor switches through every language on the home page', () => {
  const journey = useJourney('languages');

  // Expressions as strings: the e2e project type-checks without the DOM library.
  const stored = (key: string) =>
    journey.page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
  const htmlLang = () => journey.page.evaluate<string>('document.documentElement.lang');
  const registerButton = (text: string) =>
    journey.page.getByRole('banner').getByRole('button', { name: text, exact: true });
  const pickerButton = (name: string) =>
    journey.page
      .getByRole('group', { name: /Language|Ngôn ngữ|语言|Bahasa|Idioma|ภาษา/ })
      .getByRole('button', {
        name,
        exact: true,
      });

  it('offers every language of the merchant, each named in itself', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/`);
    await registerButton('Register').waitFor();
    for (const language of languages) await pickerButton(language.name).waitFor();
    expect(await stored('lang')).toBeNull();
  });

  it('changes the texts with each choice and remembers it with the one before', async () => {
    const { page } = journey;
    let previous = 'EN';
    for (const language of languages) {
      await pickerButton(language.name).click();
      await registerButton(language.register).waitFor();
      await waitForPageCondition(
        page,
        `document.documentElement.lang === ${JSON.stringify(language.htmlLang)}`,
      );
      expect(await pickerButton(language.name).getAttribute('aria-pressed')).toBe('true');
      expect(await stored('lang')).toBe(language.code);
      expect(await stored('hisLang')).toBe(previous);
      previous = language.code;
    }
    await journey.screenshot(page, 'languages-en');
  });

  it('keeps the chosen language over a reload', async () => {
    const { page } = journey;
    await pickerButton('ไทย').click();
    await registerButton('สมัครสมาชิก').waitFor();
    await page.reload();
    await registerButton('สมัครสมาชิก').waitFor();
    expect(await htmlLang()).toBe('th');
    expect(await stored('lang')).toBe('TH');
    expect(await stored('hisLang')).toBe('EN');
    await journey.screenshot(page, 'languages-th');
  });

  it('gets the server errors in the language of the Language header', async () => {
    const { page } = journey;
    const messages = await page.evaluate(async () => {
      const ask = async (language: string) => {
        const response = await fetch('/wps/member/info', { headers: { Language: language } });
        return ((await response.json()) as { message: string }).message;
      };
      return { ptBr: await ask('pt-BR'), cn: await ask('CN'), ty: await ask('TY') };
    });
    expect(messages).toEqual({
      ptBr: 'Você não está conectado, faça login',
      cn: '您尚未登录，请先登录',
      ty: 'You are not logged in, please log in',
    });
    expect(journey.pageErrors).toEqual([]);
  });
});
