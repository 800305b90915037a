import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recompute, VERIFY_FLOATS_SHOWN } from './recompute';
import { verifyLinkOf, verifyParams } from './verify-link';

const serverSeed = 'a'.repeat(64);
const hash = createHash('sha256').update(serverSeed).digest('hex');

function nodeFloat(clientSeed: string, nonce: number, index: number): number {
  const block = createHmac('sha256', serverSeed)
    .update(`${clientSeed}:${nonce}:${Math.floor(index / 8)}`)
    .digest();
  const offset = (index % 8) * 4;
  return (
    (block[offset] ?? 0) / 256 +
    (block[offset + 1] ?? 0) / 256 ** 2 +
    (block[offset + 2] ?? 0) / 256 ** 3 +
    (block[offset + 3] ?? 0) / 256 ** 4
  );
}

describe('the verify page recomputes a round', () => {
  const input = {
    gameCode: 'inh-unknown',
    serverSeed,
    serverSeedHash: hash,
    clientSeed: 'player-seed',
    nonce: 7,
    paramsJson: '{"stake":1}',
  };

  it('checks the hash and lists the round floats as node:crypto computes them', () => {
    const result = recompute(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.computedHash).toBe(hash);
    expect(result.hashMatches).toBe(true);
    expect(result.floats).toHaveLength(VERIFY_FLOATS_SHOWN);
    result.floats.forEach((value, index) => {
      expect(value).toBe(nodeFloat('player-seed', 7, index));
    });
    expect(result.hasReplay).toBe(false);
  });

  it('calls out a hash that differs, no hash at all, and params that are not JSON', () => {
    const wrong = recompute({ ...input, serverSeedHash: '0'.repeat(64) });
    expect(wrong.ok && wrong.hashMatches).toBe(false);
    const none = recompute({ ...input, serverSeedHash: ' ' });
    expect(none.ok && none.hashMatches).toBeNull();
    expect(recompute({ ...input, paramsJson: '{nope' })).toEqual({ ok: false, problem: 'params' });
  });

  it('links a revealed round of the history with all its inputs', () => {
    const link = verifyLinkOf({
      roundId: '12',
      gameCode: 'inh-dice',
      status: 'settled',
      stake: 1,
      payout: 0,
      payoutCapped: false,
      detail: { params: { stake: 1, target: 50 }, outcome: 42 },
      proof: { serverSeed, serverSeedHash: hash, clientSeed: 'c s', nonce: 3 },
      startedAt: '2026-11-22T00:00:00.000Z',
      settledAt: null,
    });
    const query = new URL(link, 'http://site.test').searchParams;
    expect(query.get(verifyParams.game)).toBe('inh-dice');
    expect(query.get(verifyParams.serverSeed)).toBe(serverSeed);
    expect(query.get(verifyParams.clientSeed)).toBe('c s');
    expect(query.get(verifyParams.nonce)).toBe('3');
    expect(JSON.parse(query.get(verifyParams.params) ?? '')).toEqual({ stake: 1, target: 50 });
  });
});
