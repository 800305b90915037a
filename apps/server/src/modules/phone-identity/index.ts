export {
  createPhoneIdentityService,
  PHONE_TOKEN_CLOCK_TOLERANCE_SECONDS,
  PHONE_TOKEN_MAX_AGE_SECONDS,
  type PhoneIdentityService,
} from './service.js';
export {
  FIREBASE_DEFAULT_JWKS_URL,
  firebaseIssuer,
  type PhoneIdentityConfig,
  phoneIdentityConfigSchema,
} from './settings.js';
