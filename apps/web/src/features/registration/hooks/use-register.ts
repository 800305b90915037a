import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
  /** When the merchant enables the captcha: the typed answer and the image's id. */
  captcha?: string;
  captchaId?: string | undefined;
  /** A solved slider puzzle's token, when the merchant uses the slider. */
  challengeToken?: string;
}

/** Sends a username registration; the server logs the new member in and answers a session. */
export function useRegister() {
  return useMutation({
    mutationFn: (values: RegisterValues) =>
      callApi('register', {
        body: {
          username: values.username.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
          termsAccepted: true,
          login: true,
          registerMethod: 'WEB',
          registerUrl: window.location.href,
          domain: window.location.hostname,
          ...(values.challengeToken ? { challengeToken: values.challengeToken } : {}),
          ...(values.captchaId
            ? { captcha: values.captcha?.trim() ?? '', captchaId: values.captchaId }
            : {}),
        },
      }),
  });
}
