import { GAME_CLIENT_TYPE } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Box, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { GAME_PLATFORM } from '../../features/games/api/games-api';
import { launchGame } from '../../features/games/api/launch-api';
import { useGamesTexts } from '../../features/games/games-texts';
import { useSession } from '../../features/session/hooks/use-session';
import { currentLanguageCode } from '../../lib/i18n';
import { useAuthModals } from '../auth-modals/auth-modals-context';
import { HEADER_HEIGHT } from '../layout/layout-sizes';
import { useLayoutFlags } from '../layout/layout-store';

/** The game a merchant's embedding links to: `?nodeId=&vassalage=` (and `gameCode` or `roomId`). */
function seamlessTarget(params: URLSearchParams) {
  const nodeId = Number(params.get('nodeId'));
  const vassalage = params.get('vassalage') ?? '';
  if (!Number.isInteger(nodeId) || nodeId <= 0 || !/^[A-Z0-9_]{1,40}$/.test(vassalage)) {
    return null;
  }
  return {
    nodeId,
    vassalage,
    gameId: params.get('gameCode') ?? undefined,
    roomId: params.get('roomId') ?? undefined,
  };
}

/**
 * SPEC §2 /seamless: one game filling the page, for merchants that embed the site (the layout
 * hides the left and top bars here unless the store flag shows them; the left bar is then mini).
 * The embedding page links `/seamless?token=...&nodeId=...&vassalage=...`: the token logs the
 * member in at start (`adoptTokenFromUrl`), then the game launches once.
 */
export default function SeamlessPage() {
  useGamesTexts();
  const { t } = useTranslation('games');
  const { t: tSession } = useTranslation('session');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isLoggedIn } = useSession();
  const { open } = useAuthModals();
  const { barsOnFullscreen } = useLayoutFlags();
  const target = seamlessTarget(params);
  const launched = useQuery({
    queryKey: ['seamless-launch', target?.nodeId, target?.vassalage, target?.roomId],
    queryFn: () =>
      launchGame({
        ...(target as NonNullable<typeof target>),
        accountType: 1,
        confirmTrans: 0,
        launchMode: 'GLS',
        platform: GAME_PLATFORM,
        clientType: GAME_CLIENT_TYPE,
        language: currentLanguageCode(),
      }),
    enabled: isLoggedIn && target !== null,
    // A launch URL is spent by the game: never fetch it twice for one visit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { private: true },
  });

  const height = barsOnFullscreen ? `calc(100dvh - ${HEADER_HEIGHT}px)` : '100dvh';
  if (!target || launched.isError) {
    return (
      <Stack align="center" py={80} gap="md">
        <Text c="dimmed">
          {launched.isError ? errorText(t, launched.error) : t('no_game_open')}
        </Text>
        <Button onClick={() => navigate('/')}>{t('choose_game')}</Button>
      </Stack>
    );
  }
  if (!isLoggedIn) {
    return (
      <Stack align="center" py={80} gap="md">
        <Button onClick={() => open('login')}>{tSession('login')}</Button>
      </Stack>
    );
  }
  if (!launched.data) return null;
  return (
    <Box
      component="iframe"
      src={launched.data.game_url}
      title={t('game_frame_title')}
      allow="autoplay; fullscreen"
      allowFullScreen
      data-testid="seamless-game"
      w="100%"
      h={height}
      style={{ border: 0, display: 'block' }}
    />
  );
}
