import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { serveJson, testSigningKey, unsignedToken } from '../../../test/identity-helpers.js';
import { countSmsCodes, uniqueMobileNumber } from '../../../test/sms-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { firebaseIssuer } from './index.js';
import { createPhoneIdentityRepository } from './repository.js';

const projectId = 'demo-phone-project';
const password = 'secret123';

describe('third-party phone identity (firebaseChannel sms, firebaseIdToken)', () => {
  const context = useTestApp();
  let key: Awaited<ReturnType<typeof testSigningKey>>;
  let jwksServer: Awaited<ReturnType<typeof serveJson>>;

  beforeAll(async () => {
    key = await testSigningKey();
    jwksServer = await serveJson(key.jwks);
    await createPhoneIdentityRepository(context.database.db).saveConfig(BASE_MERCHANT_CODE, {
      projectId,
      jwksUrl: jwksServer.url,
    });
  });
  afterAll(async () => {
    await jwksServer?.close();
  });

  let tokenCounter = 0;
  function claimsFor(phone: string, changes: Record<string, unknown> = {}) {
    const nowSeconds = Math.floor(Date.now() / 1000);
    // RS256 signatures are deterministic: tokens of one second would be the same token.
    tokenCounter += 1;
    return {
      iss: firebaseIssuer(projectId),
      aud: projectId,
      sub: `user-${phone}`,
      iat: nowSeconds - 10 - tokenCounter,
      auth_time: nowSeconds - 10,
      exp: nowSeconds + 3600,
      phone_number: `+${phone}`,
      firebase: { sign_in_provider: 'phone' },
      ...changes,
    };
  }

  function registerMobile(mobileNum: string, firebaseIdToken: string) {
    return callApi(context.app, 'PUT', '/wps/member/register/mobile', {
      body: {
        countryDialingCode: '84',
        mobileNum,
        verificationCode: '',
        firebaseChannel: 'sms',
        firebaseIdToken,
        password,
        confirmPassword: password,
      },
    });
  }

  async function registered() {
    const mobileNum = uniqueMobileNumber();
    const phone = `84${mobileNum}`;
    const response = await registerMobile(mobileNum, await key.sign(claimsFor(phone)));
    expect(response.status).toBe(200);
    return { mobileNum, phone };
  }

  it('registers by mobile with a good token, sends no SMS, and the member can log in', async () => {
    const mobileNum = uniqueMobileNumber();
    const phone = `84${mobileNum}`;
    const response = await registerMobile(mobileNum, await key.sign(claimsFor(phone)));
    expect(response.status).toBe(200);
    expect(response.body.value.account).toBe(phone);
    expect(await countSmsCodes(context.database.db, phone)).toBe(0);
    const login = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: phone, password },
    });
    expect(login.status).toBe(200);
  });

  it('logs in by SMS with a token (the password field carries the typed code)', async () => {
    const { phone } = await registered();
    const response = await callApi(context.app, 'POST', '/wps/session/login', {
      body: {
        type: 'sms',
        username: phone,
        password: '123456',
        firebaseChannel: 'sms',
        firebaseIdToken: await key.sign(claimsFor(phone)),
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.value.passwordExpired).toBe(false);
    const info = await callApi(context.app, 'GET', '/wps/member/info', {
      token: response.body.value.token,
    });
    expect(info.body.value.account).toBe(phone);
  });

  it('sets a new password by phone with a token', async () => {
    const { mobileNum, phone } = await registered();
    const response = await callApi(context.app, 'POST', '/wps/member/password/verification', {
      body: {
        countryDialingCode: '84',
        mobileNum,
        verificationCode: '',
        firebaseChannel: 'sms',
        firebaseIdToken: await key.sign(claimsFor(phone)),
        newPassword: 'newsecret456',
      },
    });
    expect(response.status).toBe(200);
    const login = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: phone, password: 'newsecret456' },
    });
    expect(login.status).toBe(200);
  });

  async function expectRefused(
    token: string,
    errorCode: string,
    providerCode: string,
    phone?: { mobileNum: string },
  ) {
    const mobileNum = phone?.mobileNum ?? uniqueMobileNumber();
    const response = await registerMobile(mobileNum, token);
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe(errorCode);
    expect(response.body.details).toMatchObject({ field: 'verificationCode', providerCode });
    // Nothing changed: the number is still free.
    const login = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: `84${mobileNum}`, password },
    });
    expect(login.body.errorCode).toBe('INVALID_CREDENTIALS');
  }

  it('refuses a token for another project (aud)', async () => {
    const mobileNum = uniqueMobileNumber();
    const token = await key.sign(claimsFor(`84${mobileNum}`, { aud: 'other-project' }));
    await expectRefused(token, 'PHONE_TOKEN_INVALID', 'invalid-verification-code', { mobileNum });
  });

  it('refuses a token of another issuer', async () => {
    const mobileNum = uniqueMobileNumber();
    const token = await key.sign(
      claimsFor(`84${mobileNum}`, { iss: 'https://securetoken.google.com/other-project' }),
    );
    await expectRefused(token, 'PHONE_TOKEN_INVALID', 'invalid-verification-code', { mobileNum });
  });

  it('refuses an expired token', async () => {
    const mobileNum = uniqueMobileNumber();
    const nowSeconds = Math.floor(Date.now() / 1000);
    const token = await key.sign(
      claimsFor(`84${mobileNum}`, {
        iat: nowSeconds - 7200,
        auth_time: nowSeconds - 7200,
        exp: nowSeconds - 3600,
      }),
    );
    await expectRefused(token, 'PHONE_TOKEN_EXPIRED', 'code-expired', { mobileNum });
  });

  it('refuses a token issued in the future or without auth_time', async () => {
    const mobileNum = uniqueMobileNumber();
    const nowSeconds = Math.floor(Date.now() / 1000);
    const future = await key.sign(
      claimsFor(`84${mobileNum}`, { iat: nowSeconds + 3600, auth_time: nowSeconds + 3600 }),
    );
    await expectRefused(future, 'PHONE_TOKEN_INVALID', 'invalid-verification-code', { mobileNum });
    const noAuthTime = await key.sign(claimsFor(`84${mobileNum}`, { auth_time: undefined }));
    await expectRefused(noAuthTime, 'PHONE_TOKEN_INVALID', 'invalid-verification-code', {
      mobileNum,
    });
  });

  it('refuses a token signed by another key, even with the right kid', async () => {
    const other = await testSigningKey(key.kid);
    const mobileNum = uniqueMobileNumber();
    const token = await other.sign(claimsFor(`84${mobileNum}`));
    await expectRefused(token, 'PHONE_TOKEN_INVALID', 'invalid-verification-code', { mobileNum });
  });

  it('refuses alg none and HS256', async () => {
    const mobileNum = uniqueMobileNumber();
    await expectRefused(
      unsignedToken(claimsFor(`84${mobileNum}`)),
      'PHONE_TOKEN_INVALID',
      'invalid-verification-code',
      { mobileNum },
    );
    // HS256 keyed with the public key's modulus: the classic algorithm confusion.
    const secret = new TextEncoder().encode(String(key.jwks.keys[0]?.n));
    const hs256 = await new SignJWT(claimsFor(`84${mobileNum}`))
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .sign(secret);
    await expectRefused(hs256, 'PHONE_TOKEN_INVALID', 'invalid-verification-code', { mobileNum });
    await expectRefused('not-a-jwt', 'PHONE_TOKEN_INVALID', 'invalid-verification-code', {
      mobileNum,
    });
  });

  it('refuses a token for another number', async () => {
    const token = await key.sign(claimsFor(`84${uniqueMobileNumber()}`));
    await expectRefused(token, 'PHONE_TOKEN_NUMBER_MISMATCH', 'invalid-phone-number');
  });

  it('refuses a missing token', async () => {
    const response = await callApi(context.app, 'POST', '/wps/session/login', {
      body: {
        type: 'sms',
        username: `84${uniqueMobileNumber()}`,
        password: '1',
        firebaseChannel: 'sms',
      },
    });
    expect(response.body.errorCode).toBe('PHONE_TOKEN_MISSING');
    expect(response.body.details).toMatchObject({
      field: 'password',
      providerCode: 'missing-verification-code',
    });
  });

  it('refuses a replayed token', async () => {
    const { phone } = await registered();
    const token = await key.sign(claimsFor(phone));
    const login = (firebaseIdToken: string) =>
      callApi(context.app, 'POST', '/wps/session/login', {
        body: {
          type: 'sms',
          username: phone,
          password: '1',
          firebaseChannel: 'sms',
          firebaseIdToken,
        },
      });
    expect((await login(token)).status).toBe(200);
    const replay = await login(token);
    expect(replay.status).toBe(400);
    expect(replay.body.errorCode).toBe('PHONE_TOKEN_INVALID');
  });

  it('accepts static keys from the configuration', async () => {
    const staticKey = await testSigningKey('static-key');
    await createPhoneIdentityRepository(context.database.db).saveConfig(BASE_MERCHANT_CODE, {
      projectId,
      jwks: staticKey.jwks,
    });
    try {
      const mobileNum = uniqueMobileNumber();
      const good = await registerMobile(
        mobileNum,
        await staticKey.sign(claimsFor(`84${mobileNum}`)),
      );
      expect(good.status).toBe(200);
      // The JWKS URL's key is no longer trusted.
      const other = uniqueMobileNumber();
      await expectRefused(
        await key.sign(claimsFor(`84${other}`)),
        'PHONE_TOKEN_INVALID',
        'invalid-verification-code',
        { mobileNum: other },
      );
    } finally {
      await createPhoneIdentityRepository(context.database.db).saveConfig(BASE_MERCHANT_CODE, {
        projectId,
        jwksUrl: jwksServer.url,
      });
    }
  });

  it('is refused when the merchant has not enabled the option', async () => {
    await createPhoneIdentityRepository(context.database.db).saveConfig(BASE_MERCHANT_CODE, null);
    try {
      const mobileNum = uniqueMobileNumber();
      const response = await registerMobile(mobileNum, await key.sign(claimsFor(`84${mobileNum}`)));
      expect(response.status).toBe(403);
      expect(response.body.errorCode).toBe('PHONE_IDENTITY_DISABLED');
    } finally {
      await createPhoneIdentityRepository(context.database.db).saveConfig(BASE_MERCHANT_CODE, {
        projectId,
        jwksUrl: jwksServer.url,
      });
    }
  });
});
