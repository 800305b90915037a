import type { RegisterFieldName } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/db-helpers.js';
import { BASE_AGENT } from '../../../test/fixtures/base-merchant.js';
import {
  addAgentWithCode,
  addMerchantWithRules,
  sendRegisterSms,
  storedMember,
} from '../../../test/register-helpers.js';
import { lastSmsCode, uniqueMobileNumber } from '../../../test/sms-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { verifyPassword } from './index.js';
import { AFFILIATE_CHECK_PER_IP_LIMIT } from './routes.js';

const password = 'secret123';
/** Every optional field switched on and required (the captcha has its own tests). */
const FIELDS_MERCHANT = 'FIELDS';
/** The demo merchant with the SMS code on username registration. */
const SMS_MERCHANT = 'SMSREG';
const AGENT_CODE = 'FIELDS2026';
/** The payment password switched on but not marked required. */
const PAYMENT_MERCHANT = 'PAYPW';

type OptionalField = Exclude<RegisterFieldName, 'username' | 'password' | 'captcha'>;

/** A value each field's rule accepts... */
const validFields: Record<OptionalField, string> = {
  payeeName: 'Nguyen Van An',
  email: 'player@example.com',
  qqNum: '123456',
  mobileNum: '912345678',
  recommenderId: 'REF123',
  // Codes are compared without regard to case.
  affiliateCode: AGENT_CODE.toLowerCase(),
  paymentPassword: '246810',
  line: 'line_id',
  whatsapp: '+84912345678',
  zalo: '0912345678',
  facebook: 'fb.player',
  wechat: 'wx_player',
  idNumber: 'ID123456',
};

/** ...and one it refuses, with the pattern that refuses it. */
const invalidFields: Record<OptionalField, [value: string, patternId: number]> = {
  payeeName: ['Nguyen', 16],
  email: ['player@example', 3],
  qqNum: ['12ab56', 6],
  mobileNum: ['9123', 6],
  recommenderId: ['REF-123', 4],
  affiliateCode: ['FI-26', 4],
  paymentPassword: ['12345', 6],
  line: ['line id', 9],
  whatsapp: ['wa-123456', 21],
  zalo: ['zalo me', 21],
  facebook: ['fb player', 9],
  wechat: ['wx player', 9],
  idNumber: ['ID 123456', 4],
};
const optionalFields = Object.keys(validFields) as OptionalField[];
/** On mobile registration the number is the account: its own tests are in the sms module. */
const mobileFormFields = optionalFields.filter((field) => field !== 'mobileNum');

describe('registration fields of the merchant rules', () => {
  const context = useTestApp();
  let agentId = '';

  beforeAll(async () => {
    const db = context.database.db;
    const rules = Object.fromEntries(
      optionalFields.map((field) => [field, { enabled: true, required: true }]),
    );
    await addMerchantWithRules(db, FIELDS_MERCHANT, {
      rules: { ...rules, payeeName: { enabled: true, required: true, patternId: 16 } },
    });
    await addMerchantWithRules(db, SMS_MERCHANT, { whiteLabel: { smsVerification: true } });
    await addMerchantWithRules(db, PAYMENT_MERCHANT, {
      rules: { paymentPassword: { enabled: true, required: false } },
    });
    agentId = await addAgentWithCode(db, FIELDS_MERCHANT, 'fieldsagent', AGENT_CODE);
    await addAgentWithCode(db, FIELDS_MERCHANT, 'oldagent', 'OLD2026', { active: false });
    await addAgentWithCode(db, FIELDS_MERCHANT, 'notagent', 'PLAYER2026', { type: 0 });
    await addAgentWithCode(db, FIELDS_MERCHANT, 'trialagent', 'TRIAL2026', { type: 4 });
  });

  function register(body: Record<string, unknown>, options: { language?: string } = {}) {
    return callApi(context.app, 'PUT', '/wps/member/register', {
      merchant: FIELDS_MERCHANT,
      ...options,
      body: {
        username: uniqueUsername('field'),
        password,
        confirmPassword: password,
        ...validFields,
        ...body,
      },
    });
  }

  function registerMobile(body: Record<string, unknown>) {
    return callApi(context.app, 'PUT', '/wps/member/register/mobile', {
      merchant: FIELDS_MERCHANT,
      body: {
        ...validFields,
        countryDialingCode: '84',
        mobileNum: uniqueMobileNumber(),
        verificationCode: '000000',
        password,
        confirmPassword: password,
        ...body,
      },
    });
  }

  describe('username registration', () => {
    it.each(optionalFields)('refuses %s when it breaks its rule', async (field) => {
      const before = await countRows(context.database.db, 'members');
      const [value, patternId] = invalidFields[field];
      const response = await register({ [field]: value });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        errorCode: 'REG_FIELD_INVALID',
        details: { field, patternId },
      });
      expect(await countRows(context.database.db, 'members')).toBe(before);
    });

    it.each(optionalFields)('requires %s when the merchant requires it', async (field) => {
      // Blank after trimming; a payment password is kept as typed, so it is sent empty.
      const response = await register({ [field]: field === 'paymentPassword' ? '' : '  ' });
      expect(response.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: { field } });
    });

    it('stores every field, the upline agent and where the member registered', async () => {
      const username = uniqueUsername('all');
      const response = await register({
        username,
        referralCode: ' FRIEND42 ',
        domain: 'play.example.com',
        registerUrl: 'https://play.example.com/register?affiliateCode=fields2026',
        registerMethod: 'WEB',
      });
      expect(response.status).toBe(200);
      const stored = await storedMember(context.database.db, FIELDS_MERCHANT, username);
      const { paymentPassword, affiliateCode, ...profileFields } = validFields;
      expect(stored?.profile).toEqual({
        ...profileFields,
        affiliateCode: AGENT_CODE,
        referralCode: 'FRIEND42',
      });
      expect(stored).toMatchObject({
        upline_member_id: agentId,
        register_domain: 'play.example.com',
        register_url: 'https://play.example.com/register?affiliateCode=fields2026',
        register_method: 'WEB',
      });
      expect(await verifyPassword(stored?.payment_password_hash ?? '', paymentPassword)).toBe(true);
    });

    it.each([
      ['an unknown code', 'NOPE2026'],
      ['a switched-off code', 'OLD2026'],
      ["a player's code", 'PLAYER2026'],
      ["a trial account's code", 'TRIAL2026'],
      ["another merchant's code", BASE_AGENT.affiliateCode],
    ])('refuses %s as the one invitation code error', async (_, code) => {
      const before = await countRows(context.database.db, 'members');
      const response = await register({ affiliateCode: code });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        errorCode: 'AFFILIATE_CODE_INVALID',
        message: 'Invitation code error',
        details: { field: 'affiliateCode' },
      });
      expect(await countRows(context.database.db, 'members')).toBe(before);
    });

    it('asks for the Zalo and WhatsApp number ID to redeem the bonus, in the caller language', async () => {
      const zalo = await register({ zalo: 'zalo me' });
      expect(zalo.body.message).toBe(
        'Please enter your Zalo number ID to redeem the bonus. Please enter a phone number of 6-16 digits',
      );
      const whatsapp = await register({ whatsapp: '' }, { language: 'VI' });
      expect(whatsapp.body.message).toBe('Vui lòng nhập ID số WhatsApp của bạn để nhận thưởng.');
    });

    it('requires the payment password whenever the form shows it', async () => {
      const body = { username: uniqueUsername('pay'), password, confirmPassword: password };
      const missing = await callApi(context.app, 'PUT', '/wps/member/register', {
        merchant: PAYMENT_MERCHANT,
        body,
      });
      expect(missing.body).toMatchObject({
        errorCode: 'VALIDATION_FAILED',
        details: { field: 'paymentPassword' },
      });
      const given = await callApi(context.app, 'PUT', '/wps/member/register', {
        merchant: PAYMENT_MERCHANT,
        body: { ...body, paymentPassword: '135790' },
      });
      expect(given.status).toBe(200);
    });

    it('ignores fields the merchant switched off', async () => {
      const response = await callApi(context.app, 'PUT', '/wps/member/register', {
        body: {
          username: uniqueUsername('off'),
          password,
          confirmPassword: password,
          email: 'not an email',
          affiliateCode: 'NOPE',
        },
      });
      expect(response.status).toBe(200);
    });
  });

  describe('mobile registration', () => {
    it.each(mobileFormFields)('refuses %s when it breaks its rule', async (field) => {
      const [value, patternId] = invalidFields[field];
      const response = await registerMobile({ [field]: value });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        errorCode: 'REG_FIELD_INVALID',
        details: { field, patternId },
      });
    });

    it.each(mobileFormFields)('requires %s when the merchant requires it', async (field) => {
      const response = await registerMobile({ [field]: '' });
      expect(response.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: { field } });
    });

    it('refuses an invalid affiliate code before the SMS code is spent', async () => {
      const response = await registerMobile({ affiliateCode: 'NOPE2026' });
      expect(response.body.errorCode).toBe('AFFILIATE_CODE_INVALID');
    });

    it('stores every field and the upline agent', async () => {
      const db = context.database.db;
      const mobileNum = uniqueMobileNumber();
      expect((await sendRegisterSms(context.app, db, FIELDS_MERCHANT, mobileNum)).status).toBe(200);
      const code = await lastSmsCode(db, `84${mobileNum}`);
      const response = await registerMobile({
        mobileNum,
        verificationCode: code,
        domain: 'm.example.com',
        registerUrl: 'https://m.example.com/register',
      });
      expect(response.status).toBe(200);
      const stored = await storedMember(db, FIELDS_MERCHANT, `84${mobileNum}`);
      expect(stored?.profile).toMatchObject({
        email: validFields.email,
        zalo: validFields.zalo,
        mobileNum,
        countryDialingCode: '84',
        affiliateCode: AGENT_CODE,
      });
      expect(stored).toMatchObject({ upline_member_id: agentId, register_domain: 'm.example.com' });
      expect(stored?.payment_password_hash).toMatch(/^\$argon2/);
    });
  });

  describe('SMS code on username registration (smsVerification on)', () => {
    function registerSms(body: Record<string, unknown>) {
      return callApi(context.app, 'PUT', '/wps/member/register', {
        merchant: SMS_MERCHANT,
        body: {
          username: uniqueUsername('sms'),
          password,
          confirmPassword: password,
          countryDialingCode: '84',
          ...body,
        },
      });
    }

    it('requires the mobile number and the code', async () => {
      const noNumber = await registerSms({ verificationCode: '123456' });
      expect(noNumber.body).toMatchObject({
        errorCode: 'VALIDATION_FAILED',
        details: { field: 'mobileNum' },
      });
      const noCode = await registerSms({ mobileNum: uniqueMobileNumber() });
      expect(noCode.body).toMatchObject({
        errorCode: 'VALIDATION_FAILED',
        details: { field: 'verificationCode' },
      });
    });

    it('refuses a wrong code and a code sent to another number, then accepts the right one once', async () => {
      const db = context.database.db;
      const mobileNum = uniqueMobileNumber();
      const otherNum = uniqueMobileNumber();
      expect((await sendRegisterSms(context.app, db, SMS_MERCHANT, mobileNum)).status).toBe(200);
      expect((await sendRegisterSms(context.app, db, SMS_MERCHANT, otherNum)).status).toBe(200);
      const code = await lastSmsCode(db, `84${mobileNum}`);
      const otherCode = await lastSmsCode(db, `84${otherNum}`);

      const wrong = await registerSms({
        mobileNum,
        verificationCode: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.body).toMatchObject({
        errorCode: 'SMS_CODE_INVALID',
        details: { field: 'verificationCode' },
      });
      const crossed = await registerSms({ mobileNum, verificationCode: otherCode });
      expect(crossed.body.errorCode).toBe('SMS_CODE_INVALID');

      const username = uniqueUsername('smsok');
      const right = await registerSms({ username, mobileNum, verificationCode: code });
      expect(right.status).toBe(200);
      expect((await storedMember(db, SMS_MERCHANT, username))?.profile).toMatchObject({
        mobileNum,
        countryDialingCode: '84',
      });
      const again = await registerSms({ mobileNum, verificationCode: code });
      expect(again.body.errorCode).toBe('SMS_CODE_INVALID');
    });

    it('does not spend the code on a taken username', async () => {
      const db = context.database.db;
      const mobileNum = uniqueMobileNumber();
      await sendRegisterSms(context.app, db, SMS_MERCHANT, mobileNum);
      const code = await lastSmsCode(db, `84${mobileNum}`);
      const username = uniqueUsername('taken');
      expect((await registerSms({ username, mobileNum, verificationCode: code })).status).toBe(200);
      const otherNum = uniqueMobileNumber();
      await sendRegisterSms(context.app, db, SMS_MERCHANT, otherNum);
      const otherCode = await lastSmsCode(db, `84${otherNum}`);
      const taken = await registerSms({
        username,
        mobileNum: otherNum,
        verificationCode: otherCode,
      });
      expect(taken.body.errorCode).toBe('USERNAME_TAKEN');
      const next = await registerSms({ mobileNum: otherNum, verificationCode: otherCode });
      expect(next.status).toBe(200);
    });
  });

  describe('GET /wps/agent/affiliate', () => {
    function check(code: string, options: { merchant?: string; ip?: string } = {}) {
      return callApi(
        context.app,
        'GET',
        `/wps/agent/affiliate?code=${encodeURIComponent(code)}&domain=localhost`,
        {
          merchant: options.merchant ?? FIELDS_MERCHANT,
          ...(options.ip ? { ip: options.ip } : {}),
        },
      );
    }

    it('answers a valid code as the agent spelt it, and nothing about the agent', async () => {
      const response = await check('fields2026');
      expect(response.body).toEqual({ success: true, value: { valid: true, code: AGENT_CODE } });
    });

    it('knows the demo agent code', async () => {
      const response = await check(BASE_AGENT.affiliateCode, { merchant: 'DEMO' });
      expect(response.body.value).toEqual({ valid: true, code: BASE_AGENT.affiliateCode });
    });

    it.each(['NOPE2026', 'OLD2026', 'PLAYER2026', BASE_AGENT.affiliateCode])(
      'refuses %s with the invitation code error',
      async (code) => {
        const response = await check(code);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          success: false,
          errorCode: 'AFFILIATE_CODE_INVALID',
          message: 'Invitation code error',
        });
      },
    );

    it('refuses an empty code', async () => {
      const response = await callApi(context.app, 'GET', '/wps/agent/affiliate?code=', {
        merchant: FIELDS_MERCHANT,
      });
      expect(response.status).toBe(400);
      expect(response.body.errorCode).toBe('VALIDATION_FAILED');
    });

    it('limits guesses from one address', async () => {
      const ip = '203.0.113.44';
      for (let attempt = 0; attempt < AFFILIATE_CHECK_PER_IP_LIMIT.limit; attempt += 1) {
        expect((await check(`GUESS${attempt}`, { ip })).status).toBe(400);
      }
      const limited = await check(AGENT_CODE, { ip });
      expect(limited.status).toBe(429);
      expect(limited.body.errorCode).toBe('RATE_LIMITED');
    });
  });
});
