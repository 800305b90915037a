import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { readSession, sessionKeys } from '../../../lib/storage';
import { useGamesTexts } from '../games-texts';
import { frameUrlSpent, relaunchFramedGame } from '../hooks/frame-launch';

/** Height of the bar above the game with its close control. */
const BAR_HEIGHT = 40;

/** Only web addresses open in the frame (a stored value could be anything). */
function safeGameUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The address to frame. One whose launch token an earlier page load spent (a reload inside the
 * game) is launched again, so the game resumes instead of ending (issue 22 item 7); while that
 * runs the answer is `launching`, and null when there is nothing (left) to show.
 */
function useFramedGameUrl(): string | null | 'launching' {
  const [stored] = useState(() => safeGameUrl(readSession(sessionKeys.iframeUrl)));
  const [spent] = useState(() => stored !== null && frameUrlSpent(stored));
  const [fresh, setFresh] = useState<string | null | 'launching'>(spent ? 'launching' : stored);
  useEffect(() => {
    if (!spent) return;
    let current = true;
    relaunchFramedGame().then(
      (url) => current && setFresh(safeGameUrl(url)),
      () => current && setFresh(null),
    );
    return () => {
      current = false;
    };
  }, [spent]);
  return fresh;
}

/**
 * SPEC §2 /game: the launched game (session `iframeUrl`) in a frame filling the page under the
 * header, with a control to close it and go back.
 */
export default function GameFramePage({ headerHeight }: { headerHeight: number }) {
  useGamesTexts();
  const { t } = useTranslation('games');
  const navigate = useNavigate();
  const url = useFramedGameUrl();
  const close = () => {
    // Back to where the game was chosen; a page opened directly goes home.
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/');
  };

  if (url === 'launching') return <PageLoader />;
  if (!url) {
    return (
      <Stack align="center" py={80} gap="md">
        <Text c="dimmed">{t('no_game_open')}</Text>
        <Button onClick={() => navigate('/rng')}>{t('choose_game')}</Button>
      </Stack>
    );
  }
  return (
    <Stack gap={0} h={`calc(100dvh - ${headerHeight}px)`}>
      <Group h={BAR_HEIGHT} px="sm" justify="flex-end" style={{ flexShrink: 0 }}>
        <Button size="compact-sm" variant="default" onClick={close}>
          {t('close_game')}
        </Button>
      </Group>
      <Box
        component="iframe"
        src={url}
        title={t('game_frame_title')}
        allow="autoplay; fullscreen"
        allowFullScreen
        flex={1}
        w="100%"
        style={{ border: 0, display: 'block' }}
      />
    </Stack>
  );
}
