import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMerchant, countRows } from '../../../test/db-helpers.js';
import {
  expireSliderChallenges,
  humanTrace,
  setSliderVerification,
  sliderAnswer,
  straightTrace,
} from '../../../test/slider-helpers.js';
import { lastSmsCode, outboxMessages, uniqueMobileNumber } from '../../../test/sms-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { solveCaptcha } from '../../../test/verification-helpers.js';
import { SLIDER_PUZZLE_PER_IP_LIMIT, SLIDER_VERIFY_PER_IP_LIMIT } from './routes.js';
import { SLIDER_TOLERANCE_PX } from './slider-trace.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const password = 'secret123';
/** Slider on (DEMO is turned on for this file); a copy whose row predates the switch has it off. */
const ON = 'DEMO';
const OFF = 'NOSLIDE';

function pngOf(dataUrl: string): Buffer {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  const png = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return png;
}

describe('slider puzzle', () => {
  const context = useTestApp();

  beforeAll(async () => {
    const db = context.database.db;
    await addMerchant(db, OFF);
    // A row written before the switch existed: it must parse, with the slider off.
    await sql`UPDATE merchants SET white_label = white_label - 'sliderVerification', sms_dialing_codes = ARRAY['84'] WHERE code = ${OFF}`.execute(
      db,
    );
    await setSliderVerification(db, ON, true);
  });

  async function newPuzzle(options: { ip?: string; merchant?: string } = {}) {
    const response = await callApi(context.app, 'GET', '/wps/verification/slider', options);
    expect(response.status).toBe(200);
    return response.body.value as {
      challengeId: string;
      backgroundImage: string;
      pieceImage: string;
      pieceY: number;
      widthPx: number;
      heightPx: number;
      pieceSizePx: number;
      expiresInSeconds: number;
    };
  }

  function verify(body: Record<string, unknown>, options: { ip?: string; merchant?: string } = {}) {
    return callApi(context.app, 'POST', '/wps/verification/slider', { body, ...options });
  }

  /** Draws and solves a puzzle as a person would; answers the challenge token. */
  async function solvedToken(merchant = ON): Promise<string> {
    const { challengeId } = await newPuzzle({ merchant });
    const offsetX = await sliderAnswer(context.database.db, challengeId);
    const response = await verify(
      { challengeId, offsetX, trace: humanTrace(offsetX) },
      { merchant },
    );
    expect(response.status).toBe(200);
    return response.body.value.challengeToken as string;
  }

  describe('the calls', () => {
    it('draws a picture with a gap and the piece; the answer stays on the server', async () => {
      const response = await callApi(context.app, 'GET', '/wps/verification/slider');
      expect(response.headers['cache-control']).toBe('no-store');
      const puzzle = response.body.value;
      expect(puzzle).toMatchObject({
        widthPx: 320,
        heightPx: 160,
        pieceSizePx: 48,
        expiresInSeconds: 120,
      });
      expect(puzzle.challengeId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const background = pngOf(puzzle.backgroundImage);
      expect(background.readUInt32BE(16)).toBe(320);
      expect(pngOf(puzzle.pieceImage).readUInt32BE(16)).toBe(48);
      expect(puzzle.pieceY + puzzle.pieceSizePx).toBeLessThanOrEqual(puzzle.heightPx);
      // Exactly these fields: nothing that carries the answer. (A regex over the whole answer
      // would also search the base64 images, where any short word turns up by chance.)
      expect(Object.keys(puzzle).sort()).toEqual([
        'backgroundImage',
        'challengeId',
        'expiresInSeconds',
        'heightPx',
        'pieceImage',
        'pieceSizePx',
        'pieceY',
        'widthPx',
      ]);
      const stored = await sql<{ expires_at: Date; created_at: Date }>`
        SELECT expires_at, created_at FROM slider_challenges WHERE id = ${puzzle.challengeId}
      `.execute(context.database.db);
      const row = stored.rows[0];
      const lifetimeMs = (row?.expires_at.getTime() ?? 0) - (row?.created_at.getTime() ?? 0);
      expect(lifetimeMs).toBeGreaterThan(119_000);
      expect(lifetimeMs).toBeLessThan(121_000);
    });

    it('answers a one-time token for the right offset and a human drag, and keeps only its hash', async () => {
      const { challengeId } = await newPuzzle();
      const answer = await sliderAnswer(context.database.db, challengeId);
      // Within the tolerance is right.
      const offsetX = answer + SLIDER_TOLERANCE_PX - 1;
      const response = await verify({ challengeId, offsetX, trace: humanTrace(offsetX) });
      expect(response.status).toBe(200);
      expect(response.body.value.challengeToken).toMatch(/^[\w-]{43}$/);
      expect(response.body.value.expiresInSeconds).toBe(120);
      const tokens = await sql<{
        token_hash: Buffer;
      }>`SELECT token_hash FROM challenge_tokens`.execute(context.database.db);
      const token = response.body.value.challengeToken as string;
      expect(tokens.rows.some((row) => row.token_hash.toString('utf8').includes(token))).toBe(
        false,
      );
      // The puzzle had one try: the same right drag again fails.
      const again = await verify({ challengeId, offsetX, trace: humanTrace(offsetX) });
      expect(again.body).toMatchObject({ success: false, errorCode: 'SLIDER_FAILED' });
    });

    it('refuses a wrong offset, and the puzzle is spent by it', async () => {
      const { challengeId } = await newPuzzle();
      const answer = await sliderAnswer(context.database.db, challengeId);
      const wrong = answer - SLIDER_TOLERANCE_PX - 10;
      const refused = await verify({ challengeId, offsetX: wrong, trace: humanTrace(wrong) });
      expect(refused.status).toBe(400);
      expect(refused.body.errorCode).toBe('SLIDER_FAILED');
      const right = await verify({ challengeId, offsetX: answer, trace: humanTrace(answer) });
      expect(right.body.errorCode).toBe('SLIDER_FAILED');
    });

    it('refuses robot drags at the right offset: straight and even, too fast, too few points', async () => {
      const robots = [
        (x: number) => straightTrace(x),
        (x: number) => humanTrace(x, 80),
        (x: number) => humanTrace(x, 900, 4),
        (x: number) => [
          { x: 0, y: 0, tMs: 0 },
          { x, y: 0, tMs: 500 },
        ],
        () => [],
      ];
      for (const robot of robots) {
        const { challengeId } = await newPuzzle();
        const offsetX = await sliderAnswer(context.database.db, challengeId);
        const response = await verify({ challengeId, offsetX, trace: robot(offsetX) });
        expect(response.body.errorCode).toBe('SLIDER_FAILED');
      }
    });

    it('refuses a trace longer than the limit, unread', async () => {
      const { challengeId } = await newPuzzle();
      const trace = humanTrace(150, 5000, 400);
      const response = await verify({ challengeId, offsetX: 150, trace });
      expect(response.body.errorCode).toBe('VALIDATION_FAILED');
    });

    it('refuses an expired puzzle, an unknown one, and another merchant’s', async () => {
      const { challengeId } = await newPuzzle();
      const offsetX = await sliderAnswer(context.database.db, challengeId);
      const elsewhere = await verify(
        { challengeId, offsetX, trace: humanTrace(offsetX) },
        { merchant: OFF },
      );
      expect(elsewhere.body.errorCode).toBe('SLIDER_FAILED');

      const unknown = await verify({
        challengeId: 'A'.repeat(22),
        offsetX: 150,
        trace: humanTrace(150),
      });
      expect(unknown.body.errorCode).toBe('SLIDER_FAILED');

      const late = await newPuzzle();
      const lateAnswer = await sliderAnswer(context.database.db, late.challengeId);
      await expireSliderChallenges(context.database.db);
      const expired = await verify({
        challengeId: late.challengeId,
        offsetX: lateAnswer,
        trace: humanTrace(lateAnswer),
      });
      expect(expired.body.errorCode).toBe('SLIDER_FAILED');
    });

    it('rate-limits drawing and answering puzzles per address', async () => {
      const ip = '203.0.113.61';
      for (let index = 0; index < SLIDER_PUZZLE_PER_IP_LIMIT.limit; index += 1) {
        await newPuzzle({ ip });
      }
      const drawn = await callApi(context.app, 'GET', '/wps/verification/slider', { ip });
      expect(drawn.status).toBe(429);
      expect(drawn.body.errorCode).toBe('RATE_LIMITED');

      const other = '203.0.113.62';
      const body = { challengeId: 'B'.repeat(22), offsetX: 150, trace: humanTrace(150) };
      for (let index = 0; index < SLIDER_VERIFY_PER_IP_LIMIT.limit; index += 1) {
        expect((await verify(body, { ip: other })).body.errorCode).toBe('SLIDER_FAILED');
      }
      expect((await verify(body, { ip: other })).status).toBe(429);
    });
  });

  describe('the guarded calls, with the switch on', () => {
    function register(body: Record<string, unknown>, merchant = ON) {
      return callApi(context.app, 'PUT', '/wps/member/register', {
        merchant,
        body: { username: uniqueUsername('sld'), password, confirmPassword: password, ...body },
      });
    }

    it('username registration needs a token, spends it once, and changes nothing without', async () => {
      const before = await countRows(context.database.db, 'members');
      const missing = await register({});
      expect(missing.body).toMatchObject({
        errorCode: 'CHALLENGE_REQUIRED',
        details: { field: 'challengeToken' },
      });
      const forged = await register({ challengeToken: 'x'.repeat(43) });
      expect(forged.body.errorCode).toBe('CHALLENGE_INVALID');
      expect(await countRows(context.database.db, 'members')).toBe(before);

      const challengeToken = await solvedToken();
      const ok = await register({ challengeToken });
      expect(ok.status).toBe(200);
      expect(ok.body.value.session.token).toMatch(/^[\w-]{43}$/);
      const reused = await register({ challengeToken });
      expect(reused.body.errorCode).toBe('CHALLENGE_INVALID');
      expect(await countRows(context.database.db, 'members')).toBe(before + 1);
    });

    it('lets only one of two concurrent calls spend a token', async () => {
      const token = await solvedToken();
      const answers = await Promise.all([
        register({ challengeToken: token }),
        register({ challengeToken: token }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      expect(answers.find((answer) => answer.status === 400)?.body.errorCode).toBe(
        'CHALLENGE_INVALID',
      );
    });

    it('refuses an expired token and another merchant’s token', async () => {
      const foreign = await solvedToken(OFF);
      expect((await register({ challengeToken: foreign })).body.errorCode).toBe(
        'CHALLENGE_INVALID',
      );
      const late = await solvedToken();
      await expireSliderChallenges(context.database.db);
      expect((await register({ challengeToken: late })).body.errorCode).toBe('CHALLENGE_INVALID');
    });

    it('SMS sends check the number first, then want a token instead of the captcha; mobile registration wants another', async () => {
      const mobileNum = uniqueMobileNumber();
      const phone = `84${mobileNum}`;
      const send = (body: Record<string, unknown>) =>
        callApi(context.app, 'POST', '/wps/verification/sms/register', {
          body: { countryDialingCode: '84', ...body },
        });
      const badNumber = await send({ mobileNum: '12ab' });
      expect(badNumber.body).toMatchObject({
        errorCode: 'REG_FIELD_INVALID',
        details: { field: 'mobileNum' },
      });
      const missing = await send({ mobileNum });
      expect(missing.body.errorCode).toBe('CHALLENGE_REQUIRED');
      expect(await outboxMessages(context.database.db, phone)).toHaveLength(0);
      const sent = await send({ mobileNum, challengeToken: await solvedToken() });
      expect(sent.status).toBe(200);
      const verificationCode = await lastSmsCode(context.database.db, phone);

      const registerMobile = (body: Record<string, unknown>) =>
        callApi(context.app, 'PUT', '/wps/member/register/mobile', {
          body: {
            countryDialingCode: '84',
            mobileNum,
            verificationCode,
            password,
            confirmPassword: password,
            ...body,
          },
        });
      expect((await registerMobile({})).body.errorCode).toBe('CHALLENGE_REQUIRED');
      const registered = await registerMobile({ challengeToken: await solvedToken() });
      expect(registered.status).toBe(200);
      expect(registered.body.value.account).toBe(phone);

      // SMS login: the code of noLogin, whose send wants a token; the login itself does not.
      const noLogin = (body: Record<string, unknown>) =>
        callApi(context.app, 'POST', '/wps/verification/sms/noLogin', {
          body: { countryDialingCode: '84', mobileNum, ...body },
        });
      await sql`UPDATE sms_codes SET created_at = created_at - interval '61 seconds' WHERE phone = ${phone}`.execute(
        context.database.db,
      );
      expect((await noLogin({})).body.errorCode).toBe('CHALLENGE_REQUIRED');
      expect((await noLogin({ challengeToken: await solvedToken() })).status).toBe(200);
      const smsLogin = await callApi(context.app, 'POST', '/wps/session/login', {
        body: {
          type: 'sms',
          username: phone,
          password: await lastSmsCode(context.database.db, phone),
        },
      });
      expect(smsLogin.status).toBe(200);
    });

    it('username login needs a token before the password is looked at', async () => {
      const username = uniqueUsername('sldl');
      expect(
        (await register({ username, login: false, challengeToken: await solvedToken() })).status,
      ).toBe(200);
      const login = (body: Record<string, unknown>) =>
        callApi(context.app, 'POST', '/wps/session/login', {
          body: { type: 'username', username, password, ...body },
        });
      expect((await login({})).body.errorCode).toBe('CHALLENGE_REQUIRED');
      expect((await login({ challengeToken: 'y'.repeat(43) })).body.errorCode).toBe(
        'CHALLENGE_INVALID',
      );
      const token = await solvedToken();
      const ok = await login({ challengeToken: token });
      expect(ok.status).toBe(200);
      expect((await login({ challengeToken: token })).body.errorCode).toBe('CHALLENGE_INVALID');
    });
  });

  describe('with the switch off (and on rows that predate it)', () => {
    it('the status shows it off, and no guarded call asks for a token', async () => {
      const status = await callApi(context.app, 'GET', '/wps/system/status', { merchant: OFF });
      expect(status.body.value.whiteLabel.sliderVerification).toBe(false);
      const on = await callApi(context.app, 'GET', '/wps/system/status', { merchant: ON });
      expect(on.body.value.whiteLabel.sliderVerification).toBe(true);

      const username = uniqueUsername('nos');
      const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
        merchant: OFF,
        body: { username, password, confirmPassword: password },
      });
      expect(registered.status).toBe(200);
      const login = await callApi(context.app, 'POST', '/wps/session/login', {
        merchant: OFF,
        body: { username, password },
      });
      expect(login.status).toBe(200);

      // SMS sends keep the captcha as their bot check.
      const mobileNum = uniqueMobileNumber();
      const withoutCaptcha = await callApi(context.app, 'POST', '/wps/verification/sms/register', {
        merchant: OFF,
        body: { countryDialingCode: '84', mobileNum },
      });
      expect(withoutCaptcha.body.errorCode).toBe('CAPTCHA_REQUIRED');
      const captcha = await callApi(context.app, 'GET', '/wps/captcha', { merchant: OFF });
      const { captchaId } = captcha.body.value as { captchaId: string };
      const sent = await callApi(context.app, 'POST', '/wps/verification/sms/register', {
        merchant: OFF,
        body: {
          countryDialingCode: '84',
          mobileNum,
          captchaId,
          captcha: await solveCaptcha(context.database.db, captchaId),
        },
      });
      expect(sent.status).toBe(200);
    });
  });
});
