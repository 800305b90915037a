import { describe, expect, it } from 'vitest';
import english from '../locales/en/console.json';
import englishContent from '../locales/en/content.json';
import englishPlatform from '../locales/en/platform-operators.json';
import vietnamese from '../locales/vi/console.json';
import vietnameseContent from '../locales/vi/content.json';
import vietnamesePlatform from '../locales/vi/platform-operators.json';

function keysOf(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function placeholdersOf(texts: object): Map<string, string[]> {
  const flat = new Map<string, string[]>();
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'object' && value !== null) walk(value, `${prefix}${key}.`);
      else
        flat.set(
          `${prefix}${key}`,
          String(value)
            .match(/\{\{\w+\}\}/g)
            ?.sort() ?? [],
        );
    }
  };
  walk(texts, '');
  return flat;
}

describe("the console's texts", () => {
  it('has every English text in Vietnamese, with the same placeholders', () => {
    expect(keysOf(vietnamese).sort()).toEqual(keysOf(english).sort());
    const englishPlaceholders = placeholdersOf(english);
    for (const [key, placeholders] of placeholdersOf(vietnamese)) {
      expect(placeholders, key).toEqual(englishPlaceholders.get(key));
    }
  });

  it('has every Content page text in Vietnamese, with the same placeholders', () => {
    expect(keysOf(vietnameseContent).sort()).toEqual(keysOf(englishContent).sort());
    const englishPlaceholders = placeholdersOf(englishContent);
    for (const [key, placeholders] of placeholdersOf(vietnameseContent)) {
      expect(placeholders, key).toEqual(englishPlaceholders.get(key));
    }
  });

  it('has every platform operators text in Vietnamese, with the same placeholders', () => {
    expect(keysOf(vietnamesePlatform).sort()).toEqual(keysOf(englishPlatform).sort());
    const englishPlaceholders = placeholdersOf(englishPlatform);
    for (const [key, placeholders] of placeholdersOf(vietnamesePlatform)) {
      expect(placeholders, key).toEqual(englishPlaceholders.get(key));
    }
  });
});
