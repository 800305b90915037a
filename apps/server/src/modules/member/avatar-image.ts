import { createCanvas } from '@napi-rs/canvas';
import { serverFontFamily } from '../../images/server-font.js';

/** Side of the square avatar, in pixels (the header shows it at up to 40 px, twice for HiDPI). */
export const AVATAR_SIZE_PX = 80;
/** The golden angle spreads consecutive member ids over distinct hues. */
const HUE_STEP_DEGREES = 137.508;

/** The avatar's background hue: the same member always gets the same colour. */
export function avatarHue(memberId: bigint): number {
  return Math.round((Number(memberId % 100_000n) * HUE_STEP_DEGREES) % 360);
}

/** The first letter or digit of the account, upper-cased; '?' when there is none. */
export function avatarInitial(account: string): string {
  const first = [...account.normalize('NFC')].find((char) => /[\p{L}\p{N}]/u.test(char));
  return first ? first.toLocaleUpperCase() : '?';
}

/** A round PNG avatar: the account's initial in white on the member's colour. */
export function drawAvatar(memberId: bigint, account: string): Buffer {
  const fontFamily = serverFontFamily();
  const canvas = createCanvas(AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  const context = canvas.getContext('2d');
  const half = AVATAR_SIZE_PX / 2;
  context.fillStyle = `hsl(${avatarHue(memberId)}, 55%, 45%)`;
  context.beginPath();
  context.arc(half, half, half, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = '#ffffff';
  context.font = `${Math.round(AVATAR_SIZE_PX * 0.5)}px ${fontFamily}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(avatarInitial(account), half, half + AVATAR_SIZE_PX * 0.03);
  return canvas.toBuffer('image/png');
}
