import { afterEach, describe, expect, it } from 'vitest';
import {
  changeLanguage,
  currentLanguageCode,
  englishErrorsLoading,
  i18n,
  loadFeatureTexts,
  storedLanguage,
  textLanguages,
  translatedLanguage,
} from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('languages of the web app', () => {
  it('adds the English error texts, which load beside the entry, and the chosen language’s', async () => {
    await englishErrorsLoading;
    expect(i18n.t('errors:NETWORK_ERROR')).not.toBe('NETWORK_ERROR');
    await changeLanguage('VI', false);
    const vietnamese = i18n.t('errors:NETWORK_ERROR');
    expect(vietnamese).not.toBe('NETWORK_ERROR');
    await changeLanguage('EN', false);
    expect(i18n.t('errors:NETWORK_ERROR')).not.toBe(vietnamese);
  });

  it('has texts for every set, TY included', () => {
    expect([...textLanguages].sort()).toEqual(
      ['CN', 'EN', 'ID', 'PT', 'PT-BR', 'TH', 'TY', 'VI'].sort(),
    );
  });

  it('reads a stored language in any spelling, and ignores unknown ones', () => {
    expect(translatedLanguage('pt_br')).toBe('PT-BR');
    expect(translatedLanguage('zz')).toBeUndefined();
    window.localStorage.setItem('lang', 'th');
    expect(storedLanguage()).toBe('TH');
  });

  it('switches texts, remembers the choice in lang and the one before in hisLang', async () => {
    await changeLanguage('VI');
    await changeLanguage('CN');
    expect(i18n.t('common:register')).toBe('注册');
    expect(i18n.t('errors:INSUFFICIENT_FUNDS')).toBe('余额不足');
    expect(currentLanguageCode()).toBe('CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(window.localStorage.getItem('lang')).toBe('CN');
    expect(window.localStorage.getItem('hisLang')).toBe('VI');
  });

  it('does not store a language the app chose by itself', async () => {
    await changeLanguage('ID', false);
    expect(i18n.t('common:register')).toBe('Daftar');
    expect(window.localStorage.getItem('lang')).toBeNull();
  });

  it('shows TY texts where the operator supplied them and English elsewhere, per key', async () => {
    await changeLanguage('TY');
    expect(currentLanguageCode()).toBe('TY');
    expect(i18n.t('common:register')).toBe('Register');
    i18n.addResource('ty', 'common', 'register', 'TY register');
    expect(i18n.t('common:register')).toBe('TY register');
    expect(i18n.t('common:login')).toBe('Login');
    i18n.removeResourceBundle('ty', 'common');
  });

  it('takes a text Brazilian Portuguese lacks from Portuguese, then from English', async () => {
    await changeLanguage('PT-BR');
    expect(i18n.language).toBe('pt-BR');
    expect(i18n.t('common:register')).toBe('Cadastrar');
    i18n.addResource('pt', 'common', 'only_in_pt', 'Só em português');
    i18n.addResource('en', 'common', 'only_in_en', 'Only in English');
    expect(i18n.t('common:only_in_pt')).toBe('Só em português');
    expect(i18n.t('common:only_in_en')).toBe('Only in English');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('loads a feature namespace in the current language, and in a new one before the switch', async () => {
    const files = import.meta.glob<Record<string, string>>('../locales/*/sms.json', {
      import: 'default',
    });
    await changeLanguage('CN');
    await loadFeatureTexts('sms', files);
    expect(i18n.t('sms:sms_send')).toBe('发送验证码');
    await changeLanguage('TH');
    expect(i18n.t('sms:sms_send')).toBe('ส่งรหัส');
    expect(i18n.hasResourceBundle('id', 'sms')).toBe(false);
  });
});
