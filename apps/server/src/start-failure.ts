import { inspect } from 'node:util';

/**
 * The cause of a failed start in words. An Error gives its message and stack (and its cause);
 * anything else thrown (a rejected promise with no value, a string) is shown as it is, so the
 * operator never reads a bare `undefined`.
 */
export function describeStartFailure(error: unknown): string {
  if (error instanceof Error) return inspect(error, { depth: 4 });
  if (error === undefined) return 'an unknown error (a promise was rejected with no reason)';
  return typeof error === 'string' ? error : inspect(error, { depth: 4 });
}
