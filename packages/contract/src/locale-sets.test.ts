import { describe, expect, it } from 'vitest';
import { contractTextsFor } from './contract-locales.js';
import { htmlLangOf, languageFallbackChain, localeOf, parseLanguage } from './language-codes.js';
import { compareNamespace, flattenTexts, placeholdersOf, setKindOf } from './locale-sets.js';

const english = flattenTexts({ hello: 'Hello {{name}}', range: 'Enter (min)-(max) <b>digits</b>' });

describe('language codes', () => {
  it('reads PT-BR however a header or storage spells it', () => {
    for (const spelling of ['PT-BR', 'pt-BR', 'pt_br', ' Pt-Br ']) {
      expect(parseLanguage(spelling)).toBe('PT-BR');
    }
    expect(parseLanguage('xx')).toBeUndefined();
    expect(parseLanguage(undefined)).toBeUndefined();
  });

  it('names locale folders and page languages in BCP 47', () => {
    expect(localeOf('PT-BR')).toBe('pt-BR');
    expect(localeOf('CN')).toBe('cn');
    expect(htmlLangOf('CN')).toBe('zh-CN');
  });

  it('falls back from PT-BR to PT, then English; from TY straight to English', () => {
    expect(languageFallbackChain('PT-BR')).toEqual(['PT-BR', 'PT', 'EN']);
    expect(languageFallbackChain('TY')).toEqual(['TY', 'EN']);
    expect(languageFallbackChain('EN')).toEqual(['EN']);
  });
});

describe('the server texts of errors', () => {
  it('answer in every translated language', () => {
    expect(contractTextsFor('CN').errors.INSUFFICIENT_FUNDS).toBe('余额不足');
    expect(contractTextsFor('PT-BR').errors.INSUFFICIENT_FUNDS).toBe('Saldo insuficiente');
    expect(contractTextsFor('TH').validation.required).toBe('ต้องกรอกช่องนี้');
    expect(contractTextsFor(undefined).errors.NOT_FOUND).toBe('Not found');
  });

  it('fill every text TY lacks with English, per key', () => {
    const ty = contractTextsFor('TY');
    const en = contractTextsFor('EN');
    expect(Object.keys(ty.errors)).toEqual(Object.keys(en.errors));
    expect(ty.errors.INTERNAL_ERROR).toBe(en.errors.INTERNAL_ERROR);
  });
});

describe('the locale rules', () => {
  it('sorts folders into reference, full and operator sets', () => {
    expect(setKindOf('en')).toBe('reference');
    expect(setKindOf('pt-BR')).toBe('full');
    expect(setKindOf('cn')).toBe('full');
    expect(setKindOf('ty')).toBe('partial');
    expect(setKindOf('pt-br')).toBeUndefined();
    expect(setKindOf('fr')).toBeUndefined();
  });

  it('finds the placeholders a translation must keep', () => {
    expect(placeholdersOf('Enter (min)-(max) <b>digits</b> for {{ name }}')).toEqual(
      ['(max)', '(min)', '</b>', '<b>', '{{name}}'].sort(),
    );
  });

  it('accepts a full set with the same keys and placeholders', () => {
    const texts = flattenTexts({ hello: 'Xin chào {{name}}', range: 'Nhập (min)-(max) <b>số</b>' });
    expect(compareNamespace(english, texts, 'full', 'vi/common')).toEqual([]);
  });

  it('reports missing and extra keys, empty texts and changed placeholders', () => {
    const texts = flattenTexts({ hello: 'Olá {{nome}}', extra: 'x' });
    expect(compareNamespace(english, texts, 'full', 'pt/common')).toEqual([
      "pt/common: key 'range' missing",
      "pt/common: key 'hello' has placeholders [{{nome}}], expected [{{name}}]",
      "pt/common: key 'extra' is not in en",
    ]);
    expect(compareNamespace(english, flattenTexts({ hello: ' ' }), 'full', 'x')).toContain(
      "x: key 'hello' is empty",
    );
  });

  it('lets an operator set hold only part of the keys, but no others', () => {
    expect(compareNamespace(english, flattenTexts({}), 'partial', 'ty/common')).toEqual([]);
    expect(
      compareNamespace(english, flattenTexts({ hello: 'Hi {{name}}', nope: 'x' }), 'partial', 'ty'),
    ).toEqual(["ty: key 'nope' is not in en"]);
  });
});
