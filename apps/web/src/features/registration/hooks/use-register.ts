import type { RegisterSettings } from '@app/contract/client';
import { useMutation } from '@tanstack/react-query';
import { registerUsername } from '../api/register-username';
import { type SharedRegisterValues, sharedRegisterBody } from './register-body';

export interface RegisterValues extends SharedRegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
  /** When the merchant enables the captcha: the typed answer and the image's id. */
  captcha?: string;
  captchaId?: string | undefined;
  /** When the merchant's SMS verification is on: the code sent to `mobileNum`. */
  verificationCode: string;
  /** A solved slider puzzle's token, when the merchant uses the slider. */
  challengeToken?: string;
}

/** Sends a username registration; the server logs the new member in and answers a session. */
export function useRegister(
  settings: RegisterSettings,
  /** The dialling code of the SMS code, when username registration asks for one. */
  smsDialingCode: string | undefined,
) {
  return useMutation({
    mutationFn: (values: RegisterValues) =>
      registerUsername({
        ...sharedRegisterBody(values, settings),
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        termsAccepted: true,
        login: true,
        ...(smsDialingCode
          ? {
              countryDialingCode: smsDialingCode,
              mobileNum: values.mobileNum.trim(),
              verificationCode: values.verificationCode.trim(),
            }
          : {}),
        ...(values.challengeToken ? { challengeToken: values.challengeToken } : {}),
        ...(values.captchaId
          ? { captcha: values.captcha?.trim() ?? '', captchaId: values.captchaId }
          : {}),
      }),
  });
}
