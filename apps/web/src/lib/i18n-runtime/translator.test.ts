import { describe, expect, it, vi } from 'vitest';
import { createInstance, type Resource } from './translator';

/** A few texts shaped as the site's locale files are: nested groups, plural and context keys. */
const resources: Resource = {
  en: {
    common: {
      register: 'Register',
      only_in_en: 'Only in English',
      greeting: 'Hello, {{ name }}!',
      bets_one: '{{count}} bet',
      bets_other: '{{count}} bets',
      bets_zero: 'No bets',
      friend: 'A friend',
      friend_close: 'A close friend',
      friend_close_other: '{{count}} close friends',
      slots: { symbol: { wild: 'Wild' } },
    },
    errors: { INSUFFICIENT_FUNDS: 'Insufficient funds' },
  },
  pt: {
    common: {
      register: 'Registar',
      only_in_pt: 'Só em português',
      bets_one: '{{count}} aposta',
      bets_many: '{{count}} de apostas',
      bets_other: '{{count}} apostas',
    },
  },
  'pt-BR': { common: { register: 'Cadastrar' } },
  ty: { common: {} },
};

function started(language = 'en') {
  const i18n = createInstance();
  void i18n.init({ resources, lng: language, fallbackLng: 'en', defaultNS: 'common' });
  return i18n;
}

describe('the site’s translator', () => {
  it('looks a key up in the language, then its base language, then English', () => {
    const i18n = started('pt-BR');
    expect(i18n.languages).toEqual(['pt-BR', 'pt', 'en']);
    expect(i18n.t('register')).toBe('Cadastrar');
    expect(i18n.t('only_in_pt')).toBe('Só em português');
    expect(i18n.t('only_in_en')).toBe('Only in English');
    expect(started('ty').t('register')).toBe('Register');
  });

  it('reads nested keys and takes the namespace from a prefix or the ns option', () => {
    const i18n = started();
    expect(i18n.t('slots.symbol.wild')).toBe('Wild');
    expect(i18n.t('errors:INSUFFICIENT_FUNDS')).toBe('Insufficient funds');
    expect(i18n.t('INSUFFICIENT_FUNDS', { ns: 'errors' })).toBe('Insufficient funds');
    expect(i18n.getFixedT('en', 'errors')('common:register')).toBe('Register');
    // A sentence with a colon is a key, not a namespace (i18next's rule).
    expect(i18n.t('Try again: later')).toBe('Try again: later');
  });

  it('picks the plural form by Intl’s rules of each language, _zero first for 0', () => {
    const english = started();
    expect(english.t('bets', { count: 1 })).toBe('1 bet');
    expect(english.t('bets', { count: 2 })).toBe('2 bets');
    expect(english.t('bets', { count: 0 })).toBe('No bets');
    const portuguese = started('pt');
    expect(portuguese.t('bets', { count: 1 })).toBe('1 aposta');
    expect(portuguese.t('bets', { count: 5 })).toBe('5 apostas');
    expect(portuguese.t('bets', { count: 1_000_000 })).toBe('1000000 de apostas');
    // Intl counts 0 as one in Portuguese, and Portuguese has the text: English's _zero waits.
    expect(portuguese.t('bets', { count: 0 })).toBe('0 aposta');
  });

  it('prefers the context’s key, with its plural form, and falls back to the plain key', () => {
    const i18n = started();
    expect(i18n.t('friend', { context: 'close' })).toBe('A close friend');
    expect(i18n.t('friend', { context: 'close', count: 3 })).toBe('3 close friends');
    expect(i18n.t('friend', { context: 'distant' })).toBe('A friend');
    expect(i18n.t('friend', { context: '' })).toBe('A friend');
  });

  it('fills values without escaping and leaves a placeholder with no value as it is', () => {
    const i18n = started();
    expect(i18n.t('greeting', { name: '<b>Ann</b>' })).toBe('Hello, <b>Ann</b>!');
    expect(i18n.t('greeting', { name: 0 })).toBe('Hello, 0!');
    expect(i18n.t('greeting')).toBe('Hello, {{ name }}!');
    expect(i18n.t('greeting', { name: undefined })).toBe('Hello, !');
    expect(i18n.t('greeting', { name: '{{count}}', count: 2 })).toBe('Hello, {{count}}!');
  });

  it('answers a missing key with the default value, else the key without its namespace', () => {
    const i18n = started();
    expect(i18n.t('errors:NOT_THERE', { defaultValue: 'Something failed' })).toBe(
      'Something failed',
    );
    expect(i18n.t('validation:wait', { count: 2, defaultValue: '' })).toBe('');
    expect(i18n.t('errors:NOT_THERE')).toBe('NOT_THERE');
    expect(i18n.t('option_{{n}}', { n: 3 })).toBe('option_3');
  });

  it('adds, merges, finds and removes texts without changing the objects it was given', () => {
    const i18n = started();
    const bundle = { wait: 'Wait', group: { a: 'A' } };
    i18n.addResourceBundle('en', 'validation', bundle, true, true);
    i18n.addResourceBundle('en', 'validation', { wait: 'Kept', group: { b: 'B' } }, true, false);
    expect(i18n.t('validation:wait')).toBe('Wait');
    expect(i18n.t('validation:group.b')).toBe('B');
    expect(bundle.group).toEqual({ a: 'A' });
    i18n.addResource('en', 'validation', 'group.c', 'C');
    expect(i18n.t('validation:group.c')).toBe('C');
    expect(i18n.hasResourceBundle('en', 'validation')).toBe(true);
    i18n.removeResourceBundle('en', 'validation');
    expect(i18n.hasResourceBundle('en', 'validation')).toBe(false);
    expect(resources.en?.validation).toBeUndefined();
  });

  it('switches language, telling subscribers, with a new fixed t after each change', async () => {
    const i18n = started();
    const listener = vi.fn();
    const unsubscribe = i18n.subscribe(listener);
    const englishT = i18n.fixedT();
    expect(i18n.fixedT()).toBe(englishT);
    await i18n.changeLanguage('pt');
    expect(i18n.language).toBe('pt');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(i18n.fixedT()).not.toBe(englishT);
    expect(i18n.fixedT()('register')).toBe('Registar');
    // A t kept from before the change reads the current language, as react-i18next's does;
    // getFixedT binds the language it is given.
    expect(englishT('register')).toBe('Registar');
    expect(i18n.getFixedT('en')('register')).toBe('Register');
    unsubscribe();
    await i18n.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
