import type { BuiltinSession } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Button, Center, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { changeLanguage, translatedLanguage } from '../../../lib/i18n';
import { openGameSession, resumeGameSession } from '../api/play-api';
import { useBuiltinGamesTexts } from '../builtin-games-texts';
import { readGameSession, writeGameSession } from '../game-session-store';
import { PlayShell } from './play-shell';

type Opening =
  | { state: 'loading' }
  | { state: 'ready'; session: BuiltinSession }
  | { state: 'failed'; error: unknown | null };

/** Opens the game: spends `?token=` once, else resumes the session this tab keeps. */
function useOpening(): Opening {
  const { gameCode } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const launchToken = search.get('token');
  const [opening, setOpening] = useState<Opening>({ state: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once per page load; the navigation below must not open it again.
  useEffect(() => {
    let cancelled = false;
    const stored = gameCode ? readGameSession(gameCode) : null;
    const request = launchToken
      ? openGameSession(launchToken)
      : stored
        ? resumeGameSession(stored)
        : null;
    if (!request) {
      setOpening({ state: 'failed', error: null });
      return;
    }
    request.then(
      (session) => {
        if (cancelled) return;
        writeGameSession(session.gameCode, session.gameSession);
        const language = translatedLanguage(search.get('lang') ?? session.language);
        // The launch's language for this page only: the site's own choice stays as it was.
        if (language) void changeLanguage(language, false);
        if (launchToken || gameCode !== session.gameCode) {
          // The token is spent: a reload must not send it again.
          navigate(`/play/${session.gameCode}`, { replace: true });
        }
        setOpening({ state: 'ready', session });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (!launchToken && gameCode) writeGameSession(gameCode, null);
        setOpening({ state: 'failed', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return opening;
}

function PlayPageBody() {
  useBuiltinGamesTexts();
  const { t } = useTranslation(['builtin-games', 'errors']);
  const opening = useOpening();
  if (opening.state === 'loading') return <PageLoader fullScreen />;
  if (opening.state === 'failed') {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="sm" maw={420}>
          <Text ta="center">
            {opening.error ? errorText(t, opening.error) : t('builtin-games:no_session')}
          </Text>
          <Button component="a" href="/inhouse" target="_top" variant="default">
            {t('builtin-games:back_to_lobby')}
          </Button>
        </Stack>
      </Center>
    );
  }
  return <PlayShell initial={opening.session} />;
}

/** `/play/:gameCode` (outside the site frame, in the `/game` frame): a built-in game. */
export default function PlayPage() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <PlayPageBody />
    </Suspense>
  );
}
