import { describe, expect, it } from 'vitest';
import { characterLength, matchesRegisterPattern, registerPatterns } from './register-patterns.js';

/** For each pattern: strings it must accept, then strings it must refuse. */
const examples: Record<number, [accept: string[], refuse: string[]]> = {
  0: [['anything at all', '中文 123 !?', ''], []],
  1: [
    ['player1', 'Abc', 'a'],
    ['1player', '_abc', 'ab c', 'abc!', 'ábc'],
  ],
  2: [
    ['中文123', '中文', '123', '繁體字2024'],
    ['中文abc', 'abc', '中 文', '中文！', 'ひらがな', '한국어'],
  ],
  3: [
    ['a.b+tag@example.com', 'user@mail.example.vn', 'x_y-z@a-b.io', 'PLAYER@EXAMPLE.COM'],
    [
      'plain',
      'a@b',
      'a@.com',
      'a b@c.com',
      'a@b.c',
      '@example.com',
      'a@-b.com',
      'a@@b.com',
      'a@b..com',
      'user@example.com ',
    ],
  ],
  4: [
    ['abc', '123', 'abc123'],
    ['abc 123', 'abc_123', 'ábc'],
  ],
  5: [
    ['abc123', '1a'],
    ['abcdef', '123456', 'abc-123'],
  ],
  6: [['0123456789'], ['12a', '12 3', '１２３', '-1']],
  7: [
    ['Abc123', 'ABC', 'aB'],
    ['abc123', 'Abc-123'],
  ],
  8: [
    ['John Smith', 'abc', 'Mary Ann Lee'],
    ['John3', '   ', 'Jöhn', 'John-Smith', '中文'],
  ],
  9: [
    ['abc!@#', '中文', 'ĐặngVăn'],
    ['a b', ' abc', 'abc\t', '', 'a\nb', 'full\u3000width'],
  ],
  10: [
    ['中文，标点。', '你好!', '「引用」'],
    ['中文abc', 'abc', '中 文'],
  ],
  11: [
    ['2024-02-29', '1999-12-31', '2000-02-29', '2023-04-30'],
    [
      '2023-02-29',
      '2023-02-30',
      '1900-02-29',
      '2023-04-31',
      '2024-00-10',
      '2024-01-00',
      '2024-13-01',
      '24-01-01',
      '01-31-2024',
      '2024/01/01',
      '2024-1-1',
    ],
  ],
  12: [
    ['02-29-2024', '12-31-1999', '02-29-2000', '04-30-2023'],
    [
      '02-29-2023',
      '02-30-2023',
      '02-29-1900',
      '04-31-2023',
      '00-10-2024',
      '13-01-2024',
      '2024-01-31',
      '1-1-2024',
      '12/31/1999',
    ],
  ],
  13: [
    ['สวัสดี', 'ภาษาไทย', 'กรุงเทพ๑๒'],
    ['สวัสดี abc', 'hello', 'สวัสดี ครับ', 'ສະບາຍດີ', 'ไทย1'],
  ],
  14: [
    ['안녕하세요', '한국어', '김민수'],
    ['안녕 하세요', 'hello', '中文', '한국어1', 'にほん'],
  ],
  15: [
    ['Abc123!x', 'P@ssw0rd', 'Zz9_zZ9-'],
    ['abc123!x', 'ABC123!X', 'Abcdefg!', 'Abc12345', 'Abc 12!', ''],
  ],
  16: [
    ['John Smith', 'Nguyễn Văn An', 'María José García', 'Annemarie Smith'],
    ['John', 'John  Smith', ' John Smith', 'John Smith ', 'John Smith3', 'John_Smith'],
  ],
  17: [
    ['ひらがなカタカナ漢字', 'ＡＢＣ１２３', 'トウキョウ　タロウ', '山田　太郎', 'ｙａｍａｄａ'],
    ['ｶﾀｶﾅ', 'abc', 'ひらがなabc', '山田 太郎', '123', '한국어'],
  ],
  18: [['abcXYZ'], ['abc1', 'ab c']],
  19: [['中文'], ['中文1', '中，文']],
  20: [
    ['Nguyễn Văn An', 'An'],
    ['An  Binh', 'An1', ' An'],
  ],
  21: [
    ['+84912345678', '0912345678'],
    ['84 912', '+', '++84', '09-12'],
  ],
  22: [
    ['abc123', 'abc'],
    ['Abc123', 'abc_1'],
  ],
};

describe('registration pattern catalogue', () => {
  it('has the 23 patterns reg_pattern_0..22, each with examples', () => {
    expect(registerPatterns.map((pattern) => pattern.id)).toEqual([...Array(23).keys()]);
    expect(Object.keys(examples)).toHaveLength(23);
  });

  for (const pattern of registerPatterns) {
    const [accept, refuse] = examples[pattern.id] ?? [[], []];
    it(`reg_pattern_${pattern.id} (${pattern.description})`, () => {
      for (const value of accept)
        expect([value, matchesRegisterPattern(pattern.id, value)]).toEqual([value, true]);
      for (const value of refuse)
        expect([value, matchesRegisterPattern(pattern.id, value)]).toEqual([value, false]);
    });
  }

  it('refuses an unknown pattern id', () => {
    expect(matchesRegisterPattern(99, 'anything')).toBe(false);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(characterLength('𠀀𠀁')).toBe(2);
    expect(characterLength('abc')).toBe(3);
  });
});
