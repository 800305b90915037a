/**
 * Checks an operator's own registration pattern before it is saved: it must compile and must not
 * be able to backtrack catastrophically. The check reads the pattern's text and never runs it
 * against a value (no timeout, no worker): it refuses the two shapes that make backtracking
 * exponential, a repeated group that itself repeats something (`(a+)+`, `(\w*)*`) and a repeated
 * group with alternatives (`(a|ab)*`), and backreferences. It is deliberately stricter than
 * needed (the catalogue's email pattern would be refused), which is why catalogue patterns,
 * checked by their own tests, are chosen by id and never pass through here.
 */

/** Longest operator pattern accepted, in UTF-16 units of its source. */
export const REGISTER_PATTERN_SOURCE_MAX_LENGTH = 200;

export type PatternSafety = 'ok' | 'too-long' | 'invalid' | 'unsafe';

interface GroupFrame {
  repeats: boolean;
  alternates: boolean;
}

/** Where the quantifier starting at `index` ends, and whether it can repeat more than once. */
function quantifierAt(source: string, index: number): { end: number; repeats: boolean } | null {
  const char = source[index];
  let end = index + 1;
  let repeats: boolean;
  if (char === '*' || char === '+') repeats = true;
  else if (char === '?') repeats = false;
  else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(index));
    if (!match) return null;
    end = index + match[0].length;
    const upper =
      match[2] === undefined ? Number(match[1]) : match[3] ? Number(match[3]) : Infinity;
    repeats = upper > 1;
  } else return null;
  if (source[end] === '?') end += 1;
  return { end, repeats };
}

/** The index just after the character class opening at `index`. */
function classEnd(source: string, index: number): number {
  let cursor = index + 1;
  while (cursor < source.length && source[cursor] !== ']') {
    cursor += source[cursor] === '\\' ? 2 : 1;
  }
  return cursor + 1;
}

/** Reads the pattern once, left to right, tracking what each open group holds. */
function hasCatastrophicShape(source: string): boolean {
  const stack: GroupFrame[] = [{ repeats: false, alternates: false }];
  let cursor = 0;
  while (cursor < source.length) {
    const char = source[cursor] as string;
    const frame = stack[stack.length - 1] as GroupFrame;
    let closed: GroupFrame | null = null;
    if (char === '\\') {
      if (/^\\([1-9]|k<)/.test(source.slice(cursor))) return true;
      cursor += 2;
    } else if (char === '[') {
      cursor = classEnd(source, cursor);
    } else if (char === '(') {
      stack.push({ repeats: false, alternates: false });
      const prefix = /^\((\?(:|=|!|<=|<!|<[A-Za-z_][A-Za-z0-9_]*>))?/.exec(source.slice(cursor));
      cursor += prefix?.[0].length ?? 1;
      continue;
    } else if (char === ')') {
      closed = stack.pop() ?? null;
      cursor += 1;
    } else if (char === '|') {
      frame.alternates = true;
      cursor += 1;
      continue;
    } else {
      cursor += 1;
    }
    const quantifier = quantifierAt(source, cursor);
    const owner = stack[stack.length - 1] as GroupFrame;
    if (closed) {
      if (quantifier?.repeats && (closed.repeats || closed.alternates)) return true;
      owner.repeats ||= closed.repeats || Boolean(quantifier?.repeats);
    } else if (quantifier?.repeats) {
      owner.repeats = true;
    }
    if (quantifier) cursor = quantifier.end;
  }
  return false;
}

/** Whether an operator's pattern may be saved (see the file's comment for what is refused). */
export function checkPatternSafety(source: string): PatternSafety {
  if (source.length > REGISTER_PATTERN_SOURCE_MAX_LENGTH) return 'too-long';
  try {
    new RegExp(source, 'u');
  } catch {
    return 'invalid';
  }
  return hasCatastrophicShape(source) ? 'unsafe' : 'ok';
}
