import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

export interface TracePoint {
  x: number;
  y: number;
  tMs: number;
}

/**
 * A drag as a hand makes it: slow start, fast middle, slow finish (ease in and out), uneven
 * time steps and a small vertical wobble, ending exactly at `offsetX`.
 */
export function humanTrace(offsetX: number, durationMs = 900, points = 40): TracePoint[] {
  const trace: TracePoint[] = [];
  for (let index = 0; index <= points; index += 1) {
    const progress = index / points;
    const eased = 0.5 - 0.5 * Math.cos(Math.PI * progress);
    trace.push({
      x: Math.round(offsetX * eased * 10) / 10,
      y: Math.round(2 * Math.sin(index / 5)),
      tMs: Math.round(
        durationMs * (progress + ((index % 3) * 0.3 * Number(index < points)) / points),
      ),
    });
  }
  return trace;
}

/** A script's drag: equal steps at one speed along a straight line. */
export function straightTrace(offsetX: number, durationMs = 900, points = 40): TracePoint[] {
  return Array.from({ length: points + 1 }, (_, index) => ({
    x: (offsetX * index) / points,
    y: 0,
    tMs: (durationMs * index) / points,
  }));
}

/** The gap's x of a drawn puzzle, read where only the server keeps it. */
export async function sliderAnswer(db: Db, challengeId: string): Promise<number> {
  const result = await sql<{ answer_x: number }>`
    SELECT answer_x FROM slider_challenges WHERE id = ${challengeId}
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`no slider puzzle ${challengeId}`);
  return row.answer_x;
}

export async function setSliderVerification(db: Db, code: string, on: boolean): Promise<void> {
  await sql`
    UPDATE merchants SET white_label = jsonb_set(white_label, '{sliderVerification}', to_jsonb(${on}::boolean))
    WHERE code = ${code}
  `.execute(db);
}

/** Moves every puzzle's and challenge token's expiry into the past. */
export async function expireSliderChallenges(db: Db): Promise<void> {
  await sql`UPDATE slider_challenges SET expires_at = now() - interval '1 second'`.execute(db);
  await sql`UPDATE challenge_tokens SET expires_at = now() - interval '1 second'`.execute(db);
}
