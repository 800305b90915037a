import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fund } from '../apps/server/test/money-helpers.js';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, useJourney } from './support/journey.js';

const FUNDS = 50;

/** The first float of a round, recomputed here with node:crypto (docs/games-fairness.md). */
function firstFloat(serverSeed: string, clientSeed: string, nonce: number): number {
  const block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  return (
    (block[0] ?? 0) / 256 +
    (block[1] ?? 0) / 256 ** 2 +
    (block[2] ?? 0) / 256 ** 3 +
    (block[3] ?? 0) / 256 ** 4
  );
}

/**
 * A member opens a built-in game from the lobby: the play shell in the /game frame shows the
 * balance, the sound switch, the rules and the fairness panel; rotating reveals the seed, and
 * the public verify page recomputes from it.
 */
describe('built-in game shell and verify page', () => {
  const journey = useJourney('builtin-shell');

  let revealed = { serverSeed: '', hash: '', clientSeed: '' };

  it('launches Dice from the lobby into the shell: balance, sound, rules, fairness rotate', async () => {
    const { page, server } = journey;
    const db = await journey.db();
    const { username } = await journey.registerMember(page, 'inh');
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await fund(db, BigInt(member.id), FUNDS);

    await page.goto(`${server.baseUrl}/inhouse`);
    await page.getByRole('main').getByRole('button', { name: 'Play Dice', exact: true }).click();
    await page.waitForURL(/\/game$/);
    const frame = page.getByTitle('Game', { exact: true });
    expect(await frame.getAttribute('src')).toMatch(/\/play\?token=[^&]+&lang=/);
    const game = page.frameLocator('iframe[title="Game"]');
    await game.getByRole('heading', { name: 'Dice' }).waitFor();
    await game.getByTestId('builtin-balance').filter({ hasText: '50.00' }).waitFor();

    const soundOff = game.getByRole('button', { name: 'Turn sound off' });
    await soundOff.click();
    await game.getByRole('button', { name: 'Turn sound on' }).waitFor();

    await game.getByRole('button', { name: 'Rules' }).click();
    await game.getByRole('dialog', { name: 'Rules' }).waitFor();
    await journey.screenshot(page, 'rules');
    await game.getByRole('dialog').getByRole('button').first().click();

    await game.getByRole('button', { name: 'Fairness' }).click();
    const fairness = game.getByRole('dialog', { name: 'Fairness' });
    const hash = (await fairness.getByTestId('fair-server-hash').textContent()) ?? '';
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const clientSeed = await fairness.getByLabel('Client seed').inputValue();
    await fairness.getByRole('button', { name: 'Rotate seed' }).click();
    const seed = (await fairness.getByTestId('fair-revealed-seed').textContent()) ?? '';
    expect(createHash('sha256').update(seed).digest('hex')).toBe(hash);
    // The next hash shown before is the active one now.
    expect(await fairness.getByTestId('fair-server-hash').textContent()).not.toBe(hash);
    revealed = { serverSeed: seed, hash, clientSeed };
    await journey.screenshot(page, 'fairness');
  });

  it('resumes the game session after a reload without a new launch', async () => {
    // The tab keeps the game session (sessionStorage): the play page alone opens again.
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/play/inh-dice`);
    await page.getByRole('heading', { name: 'Dice' }).waitFor();
    await page.getByTestId('builtin-balance').filter({ hasText: '50.00' }).waitFor();
    await page.setViewportSize(PHONE_VIEWPORT);
    await journey.screenshot(page, 'phone');
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  it('recomputes a round on the public verify page', async () => {
    const { page, server } = journey;
    const query = new URLSearchParams({
      game: 'inh-dice',
      serverSeed: revealed.serverSeed,
      hash: revealed.hash,
      clientSeed: revealed.clientSeed,
      nonce: '0',
      params: JSON.stringify({ stake: 1, target: 50, direction: 'over' }),
    });
    await page.goto(`${server.baseUrl}/verify?${query.toString()}`);
    await page.getByRole('heading', { name: 'Verify a round' }).waitFor();
    await page.getByTestId('hash-match').waitFor();
    const floats = (await page.getByTestId('verify-floats').textContent()) ?? '';
    expect(floats.split('\n')[0]).toBe(
      firstFloat(revealed.serverSeed, revealed.clientSeed, 0).toFixed(10),
    );
    await journey.screenshot(page, 'verify');
    // A wrong hash is called out.
    await page.getByLabel('Server seed hash (SHA-256)').fill('0'.repeat(64));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('hash-mismatch').waitFor();
    expect(journey.pageErrors).toEqual([]);
  });
});
