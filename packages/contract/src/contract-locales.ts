import {
  DEFAULT_LANGUAGE,
  type LanguageCode,
  languageCodes,
  languageFallbackChain,
} from './language-codes.js';
import cnErrors from './locales/cn/errors.json' with { type: 'json' };
import cnOperatorErrors from './locales/cn/operator-errors.json' with { type: 'json' };
import cnValidation from './locales/cn/validation.json' with { type: 'json' };
import enErrors from './locales/en/errors.json' with { type: 'json' };
import enOperatorErrors from './locales/en/operator-errors.json' with { type: 'json' };
import enValidation from './locales/en/validation.json' with { type: 'json' };
import idErrors from './locales/id/errors.json' with { type: 'json' };
import idOperatorErrors from './locales/id/operator-errors.json' with { type: 'json' };
import idValidation from './locales/id/validation.json' with { type: 'json' };
import ptErrors from './locales/pt/errors.json' with { type: 'json' };
import ptOperatorErrors from './locales/pt/operator-errors.json' with { type: 'json' };
import ptValidation from './locales/pt/validation.json' with { type: 'json' };
import ptBrErrors from './locales/pt-BR/errors.json' with { type: 'json' };
import ptBrOperatorErrors from './locales/pt-BR/operator-errors.json' with { type: 'json' };
import ptBrValidation from './locales/pt-BR/validation.json' with { type: 'json' };
import thErrors from './locales/th/errors.json' with { type: 'json' };
import thOperatorErrors from './locales/th/operator-errors.json' with { type: 'json' };
import thValidation from './locales/th/validation.json' with { type: 'json' };
import tyErrors from './locales/ty/errors.json' with { type: 'json' };
import tyOperatorErrors from './locales/ty/operator-errors.json' with { type: 'json' };
import tyValidation from './locales/ty/validation.json' with { type: 'json' };
import viErrors from './locales/vi/errors.json' with { type: 'json' };
import viOperatorErrors from './locales/vi/operator-errors.json' with { type: 'json' };
import viValidation from './locales/vi/validation.json' with { type: 'json' };

/**
 * Error texts only operators see live in `operator-errors.json`, so that the player site's first
 * screen does not carry them; the server's messages and the console use both files.
 */
export type ErrorTextKey = keyof typeof enErrors | keyof typeof enOperatorErrors;
export type ValidationTextKey = keyof typeof enValidation;

interface ContractTexts {
  errors: Record<ErrorTextKey, string>;
  validation: Record<ValidationTextKey, string>;
}

/** What each language's files hold; a file may lack texts (TY is supplied by the operator). */
const ownTexts: Record<LanguageCode, { errors: object; validation: object }> = {
  EN: { errors: { ...enErrors, ...enOperatorErrors }, validation: enValidation },
  VI: { errors: { ...viErrors, ...viOperatorErrors }, validation: viValidation },
  CN: { errors: { ...cnErrors, ...cnOperatorErrors }, validation: cnValidation },
  ID: { errors: { ...idErrors, ...idOperatorErrors }, validation: idValidation },
  PT: { errors: { ...ptErrors, ...ptOperatorErrors }, validation: ptValidation },
  'PT-BR': { errors: { ...ptBrErrors, ...ptBrOperatorErrors }, validation: ptBrValidation },
  TH: { errors: { ...thErrors, ...thOperatorErrors }, validation: thValidation },
  TY: { errors: { ...tyErrors, ...tyOperatorErrors }, validation: tyValidation },
};

/** Later languages of the chain first, so the language's own texts win; English fills gaps. */
function completeTexts(code: LanguageCode): ContractTexts {
  const chain = [...languageFallbackChain(code)].reverse();
  return {
    errors: Object.assign({}, ...chain.map((lang) => ownTexts[lang].errors)),
    validation: Object.assign({}, ...chain.map((lang) => ownTexts[lang].validation)),
  };
}

/**
 * The texts of errors and validation messages in every language, each complete: a text the
 * language lacks is its fallback's (PT-BR → PT → EN). The server's error `message` uses them.
 */
export const contractLocales: Readonly<Record<LanguageCode, ContractTexts>> = Object.fromEntries(
  languageCodes.map((code) => [code, completeTexts(code)]),
) as Record<LanguageCode, ContractTexts>;

/** The texts for a reply's language (English when none was asked for). */
export function contractTextsFor(language: LanguageCode | undefined): ContractTexts {
  return contractLocales[language ?? DEFAULT_LANGUAGE];
}
