/**
 * The part of i18next the player site calls, written out (vite.config.ts aliases `i18next` to
 * ./index.ts): one instance that holds every loaded text and looks a key up through the language,
 * its base language and the fallback, with plurals, context and `{{value}}` interpolation, as
 * i18next 26 does. i18next weighed about 15 KB gzipped in the initial JavaScript for this; the
 * console keeps the real package. Options and methods the site does not call are left out (the
 * list is in ./index.ts).
 */
import {
  candidateKeys,
  find,
  interpolate,
  mergeTexts,
  splitNamespace,
  type Texts,
  type TOptions,
} from './lookup';

export type { Texts, TOptions };

/** Every language's namespaces, as i18next's `Resource`. */
export type Resource = Record<string, Record<string, Texts>>;

export type TFunction = (key: string, options?: TOptions) => string;

/** i18next's `init` options this runtime reads; the others (initAsync, react, ...) are accepted. */
export type InitOptions = {
  [option: string]: unknown;
  resources?: Resource;
  lng: string;
  fallbackLng?: string | readonly string[];
  defaultNS?: string;
};

/** What `use` takes: `initReactI18next` registers the instance for `useTranslation`. */
export type Plugin = { init(instance: I18n): void };

type Listener = () => void;

export class I18n {
  language = '';
  /** The language, its base language and the fallbacks: where a key is looked for, in order. */
  languages: string[] = [];
  /**
   * Copied on write, never changed in place: the bundles are the locale modules' own objects,
   * and the contract's English errors are shared with other code.
   */
  private data: Resource = {};
  private fallbacks: readonly string[] = [];
  private defaultNamespace = 'translation';
  private listeners = new Set<Listener>();
  /** `t` per namespace in the current language, for `useTranslation` (./react-bindings.tsx). */
  private fixedTs = new Map<string, TFunction>();

  use(plugin: Plugin): this {
    plugin.init(this);
    return this;
  }

  /** Synchronous: the texts are all in memory (the site's `initAsync: false`). */
  init(options: InitOptions): Promise<TFunction> {
    this.data = { ...options.resources };
    this.fallbacks = [options.fallbackLng ?? []].flat();
    this.defaultNamespace = options.defaultNS ?? this.defaultNamespace;
    return this.changeLanguage(options.lng);
  }

  /** The chain of `pt-BR`: `pt-BR`, `pt`, then the fallbacks (i18next's `toResolveHierarchy`). */
  private chainOf(language: string): string[] {
    return [...new Set([language, language.split('-')[0] ?? language, ...this.fallbacks])];
  }

  /** Switches synchronously and tells every subscriber, even when the language is the same. */
  changeLanguage(language: string): Promise<TFunction> {
    this.language = language;
    this.languages = this.chainOf(language);
    this.fixedTs.clear();
    for (const listener of [...this.listeners]) listener();
    return Promise.resolve((key, options) => this.t(key, options));
  }

  /** Called on every language change (i18next's `languageChanged` event); returns the unsubscribe. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  t(fullKey: string, options: TOptions = {}): string {
    const [namespace, key] = splitNamespace(fullKey, options.ns ?? this.defaultNamespace);
    const language = options.lng ?? this.language;
    const chain = language === this.language ? this.languages : this.chainOf(language);
    for (const code of chain) {
      for (const candidate of candidateKeys(key, code, options)) {
        const text = find(this.data[code]?.[namespace], candidate.split('.'));
        if (typeof text === 'string') return interpolate(text, options);
      }
    }
    // Missing everywhere: the default value, else the key without its namespace, filled in too.
    return interpolate(options.defaultValue ?? key, options);
  }

  /** A `t` bound to a language and a default namespace, as i18next's `getFixedT`. */
  getFixedT(language: string, namespace?: string): TFunction {
    return (key, options) =>
      this.t(key, { ...options, lng: options?.lng ?? language, ns: options?.ns ?? namespace });
  }

  /**
   * A namespace's `t` for `useTranslation`: a new function after each language change (callers
   * list it in dependencies), the same one between. Like react-i18next's, it reads the language
   * when it is called, so a `t` kept from before a change still speaks the current language.
   */
  fixedT(namespace = this.defaultNamespace): TFunction {
    let t = this.fixedTs.get(namespace);
    if (!t) {
      t = (key, options) => this.t(key, { ...options, ns: options?.ns ?? namespace });
      this.fixedTs.set(namespace, t);
    }
    return t;
  }

  /** Merges a namespace's texts into a language's: `deep` keeps nested groups, `overwrite` replaces. */
  addResourceBundle(
    language: string,
    namespace: string,
    texts: Texts,
    deep = false,
    overwrite = false,
  ): this {
    const old = this.data[language]?.[namespace] ?? {};
    const merged = deep ? mergeTexts(old, texts, overwrite) : { ...old, ...texts };
    this.data[language] = { ...this.data[language], [namespace]: merged };
    return this;
  }

  /** One text; a dotted key nests, as in i18next. */
  addResource(language: string, namespace: string, key: string, value: string): this {
    const texts = key
      .split('.')
      .reduceRight<string | Texts>((inner, part) => ({ [part]: inner }), value) as Texts;
    return this.addResourceBundle(language, namespace, texts, true, true);
  }

  removeResourceBundle(language: string, namespace: string): this {
    const bundles = { ...this.data[language] };
    delete bundles[namespace];
    this.data[language] = bundles;
    return this;
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.data[language]?.[namespace] !== undefined;
  }
}

export function createInstance(): I18n {
  return new I18n();
}
