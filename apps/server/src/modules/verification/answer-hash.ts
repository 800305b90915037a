import { createHash, timingSafeEqual } from 'node:crypto';

/** Answers are compared without case or surrounding spaces. */
export function normalizeCaptchaAnswer(answer: string): string {
  return answer.trim().toLowerCase();
}

/** SHA-256 of a per-captcha salt and the answer: the table never holds the answer itself. */
export function hashCaptchaAnswer(salt: Buffer, answer: string): Buffer {
  return createHash('sha256').update(salt).update(normalizeCaptchaAnswer(answer), 'utf8').digest();
}

export function captchaAnswerMatches(salt: Buffer, storedHash: Buffer, answer: string): boolean {
  const candidate = hashCaptchaAnswer(salt, answer);
  return candidate.length === storedHash.length && timingSafeEqual(candidate, storedHash);
}
