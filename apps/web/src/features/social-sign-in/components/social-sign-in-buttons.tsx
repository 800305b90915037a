import type { SocialProviderName } from '@app/contract/client';
import { Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { socialStartUrl, useSocialProviders } from '../api/social-api';

function ProviderMark({ provider }: { provider: SocialProviderName }) {
  // Plain letters in the brand colour: no brand artwork or icon font to load.
  const color = provider === 'google' ? '#4285F4' : '#1877F2';
  return (
    <span aria-hidden="true" style={{ color, fontWeight: 800, fontSize: 16, width: 16 }}>
      {provider === 'google' ? 'G' : 'f'}
    </span>
  );
}

/**
 * "Continue with Google / Facebook" (SPEC §2 social sign-in), for the providers the merchant
 * has configured; nothing while they load or when there are none. Each is a link to the
 * server's start URL, which sends the browser to the provider.
 */
export default function SocialSignInButtons() {
  const { t } = useTranslation('social');
  const providers = useSocialProviders();
  if (providers.length === 0) return null;
  return (
    <Stack gap="sm" mt="md">
      <Divider label={t('or')} labelPosition="center" />
      {providers.map((provider) => (
        <Button
          key={provider}
          component="a"
          href={socialStartUrl(provider, '/')}
          variant="default"
          fullWidth
          leftSection={<ProviderMark provider={provider} />}
        >
          {t(`continue_with_${provider}`)}
        </Button>
      ))}
    </Stack>
  );
}
