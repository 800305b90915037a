import type { MemberSearchOrder } from '@app/contract';
import { AppError } from '../../http/app-error.js';

/**
 * The member search's cursor: the order it was written for and the last row's key (the id, or
 * the last-login key and the id), as opaque base64url text. A cursor of one order is refused by
 * another, so switching the sort always starts from the first page.
 */
export interface MemberSearchKey {
  loginKey?: string | undefined;
  id: bigint;
}

const ID_PATTERN = /^[1-9][0-9]{0,18}$/;
// PostgreSQL's text output of timestamptz (offset included), or the never-logged-in key.
const LOGIN_KEY_PATTERN =
  /^(-infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2})$/;

export function isLastLoginOrder(order: MemberSearchOrder): boolean {
  return order === 'lastLoginNewest' || order === 'lastLoginOldest';
}

export function encodeMemberCursor(order: MemberSearchOrder, key: MemberSearchKey): string {
  const values =
    key.loginKey === undefined ? [key.id.toString()] : [key.loginKey, key.id.toString()];
  return Buffer.from(JSON.stringify({ o: order, k: values }), 'utf8').toString('base64url');
}

function invalid(): never {
  throw new AppError('PAGE_CURSOR_INVALID', { field: 'cursor' });
}

function parse(cursor: string): { o?: unknown; k?: unknown } {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) ?? {};
  } catch {
    return invalid();
  }
}

export function decodeMemberCursor(order: MemberSearchOrder, cursor: string): MemberSearchKey {
  const payload = parse(cursor);
  const values = payload.k;
  if (payload.o !== order || !Array.isArray(values)) invalid();
  const byLogin = isLastLoginOrder(order);
  if (values.length !== (byLogin ? 2 : 1)) invalid();
  const id = values.at(-1);
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) invalid();
  if (!byLogin) return { id: BigInt(id) };
  const loginKey = values[0];
  if (typeof loginKey !== 'string' || !LOGIN_KEY_PATTERN.test(loginKey)) invalid();
  return { loginKey, id: BigInt(id) };
}
