import { errorText } from '@app/web-shared/error-text';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { forgetRemembered, rememberedLogin } from '../api/login-api';
import { endOneClick } from '../hooks/remembered-user';
import { useEstablishSession } from '../hooks/use-session';

export interface RememberedLoginProps {
  username: string;
  onLoggedIn: (result: { passwordExpired: boolean }) => void;
  /**
   * One click is no longer on offer: the plain form takes over, with the name unless "not you?",
   * and with the reason when the server refused the cookie.
   */
  onDismissed: (forgotUsername: boolean, notice?: string) => void;
}

/**
 * One-click login within 24 hours of a login with remember me (SPEC §4): the server checks its
 * HttpOnly remember cookie and rotates it; no password is kept anywhere.
 */
export function RememberedLogin({ username, onLoggedIn, onDismissed }: RememberedLoginProps) {
  const { t } = useTranslation(['access', 'errors']);
  const establish = useEstablishSession();
  const login = useMutation({
    mutationFn: async () => {
      const session = await rememberedLogin();
      await establish(session.token, session.firstTimeLogin);
      return session;
    },
    onSuccess: (session) => onLoggedIn({ passwordExpired: session.passwordExpired }),
    onError: (error) => {
      // The cookie is gone (used elsewhere, revoked, expired): back to the password.
      endOneClick(false);
      onDismissed(false, errorText(t, error));
    },
  });
  const notYou = useMutation({
    mutationFn: () => forgetRemembered().catch(() => null),
    onSettled: () => {
      endOneClick(true);
      onDismissed(true);
    },
  });
  return (
    <Stack gap="sm" data-testid="remembered-login">
      <Text fw={600} ta="center">
        {t('remembered_as', { username })}
      </Text>
      <Button size="md" fullWidth loading={login.isPending} onClick={() => login.mutate()}>
        {t('one_click_login')}
      </Button>
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="center"
        onClick={() => notYou.mutate()}
      >
        {t('not_you')}
      </Anchor>
    </Stack>
  );
}
