import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a lazy screen shows while its code loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-label={t('loading')}>
      <Loader type="dots" />
    </Center>
  );
}
