import { createCanvas } from '@napi-rs/canvas';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

/** A small real image, as an operator's proof of payment would be sent (base64). */
export async function proofImageBase64(kind: 'png' | 'jpeg' = 'png', width = 48, height = 32) {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#2b8a3e';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#ffffff';
  context.fillRect(4, 4, width / 2, height / 2);
  const bytes = kind === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', 80);
  return bytes.toString('base64');
}

/** A PNG of random pixels (it does not compress): bigger than the app's 64 KB body limit. */
export async function noisyPngBase64(width = 200, height = 200): Promise<string> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const pixels = context.createImageData(width, height);
  for (let index = 0; index < pixels.data.length; index += 1) {
    pixels.data[index] = index % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
  }
  context.putImageData(pixels, 0, 0);
  return (await canvas.encode('png')).toString('base64');
}

/** Changes the demo merchant's withdrawal settings for the test file's own database. */
export async function setWithdrawalSettings(
  db: Db,
  settings: {
    turnoverMultiple?: number;
    autoReceiveMinutes?: number;
    newIpVerification?: 'off' | 'sms' | 'email' | 'accountName';
  },
  merchantCode = 'DEMO',
): Promise<void> {
  await db
    .updateTable('withdrawal_settings')
    .set({
      ...(settings.turnoverMultiple === undefined
        ? {}
        : { turnover_multiple: settings.turnoverMultiple }),
      ...(settings.autoReceiveMinutes === undefined
        ? {}
        : { auto_receive_minutes: settings.autoReceiveMinutes }),
      ...(settings.newIpVerification === undefined
        ? {}
        : { new_ip_verification: settings.newIpVerification }),
    })
    .where('merchant_code', '=', merchantCode)
    .execute();
}

/** Moves a withdrawal's approval back in time, as if `minutes` had gone by since. */
export async function ageApproval(db: Db, withdrawalId: string, minutes: number): Promise<void> {
  await sql`
    UPDATE withdrawals SET resolved_at = resolved_at - make_interval(mins => ${minutes})
    WHERE id = ${withdrawalId}::uuid
  `.execute(db);
}
