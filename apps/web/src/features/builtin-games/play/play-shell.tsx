import type { BuiltinRound, BuiltinSeeds, BuiltinSession } from '@app/contract/client';
import { formatAmount } from '@app/contract/client';
import { ActionIcon, Box, Button, Center, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { HIDDEN_BALANCE_TEXT, useBalanceHiddenSetting } from '../../../lib/balance-hidden';
import { announceBalanceChanged } from '../../../lib/game-frame-messages';
import { actInRound, fetchFreeSpins, playFreeSpin, playRound } from '../api/play-api';
import type { GameClientProps } from '../game-client-types';
import { readMuted, writeMuted } from '../game-session-store';
import { createGameSound } from '../game-sound';
import { gameClients } from '../games/registry';
import { FairnessPanel } from './fairness-panel';
import { HistoryPanel } from './history-panel';
import { useSiteBalance } from './use-site-balance';

type Panel = 'rules' | 'history' | 'fairness' | null;

/** A speaker, struck through when muted (drawn here: no icon font, no file). */
function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M17 9l5 6M22 9l-5 6" />
      ) : (
        <path d="M17 8a5 5 0 0 1 0 8M19.5 5.5a9 9 0 0 1 0 13" />
      )}
    </svg>
  );
}

/** Height of the in-game bar (one row). */
const BAR_HEIGHT = 48;
/** Name and balance keep this width; narrower, the buttons wrap to a second row. */
const NAME_MIN_WIDTH_PX = 180;

/** A fresh id per round: a retry of the same round sends it again (engine idempotency). */
function newClientRoundId(): string {
  return crypto.randomUUID();
}

/**
 * The in-game bar (name, balance, sound, rules, history, fairness) over the game's own client.
 * The shell owns session, balance and sound; the client only draws rounds the server decided.
 */
export function PlayShell({ initial }: { initial: BuiltinSession }) {
  const { t } = useTranslation('builtin-games');
  const session = initial.gameSession;
  const [shownBalance, setShownBalance] = useState(initial.balance);
  const latestBalance = useRef(initial.balance);
  const [seeds, setSeeds] = useState<BuiltinSeeds>(initial.seeds);
  const [muted, setMuted] = useState(readMuted);
  const mutedRef = useRef(muted);
  const [panel, setPanel] = useState<Panel>(null);
  const sound = useMemo(() => createGameSound(() => mutedRef.current), []);
  const entry = gameClients[initial.gameCode as keyof typeof gameClients];
  const [balanceHidden] = useBalanceHiddenSetting();
  const siteBalance = useSiteBalance(session, (balance) => {
    latestBalance.current = balance;
    setShownBalance(balance);
  });

  const toggleMute = () => {
    const next = !mutedRef.current;
    mutedRef.current = next;
    writeMuted(next);
    setMuted(next);
  };

  // Steps taken per open round: the act call sends it, so a retried step replays.
  const stepsByRound = useRef(
    new Map<string, number>(
      initial.resumeRound?.steps === undefined
        ? []
        : [[initial.resumeRound.roundId, initial.resumeRound.steps]],
    ),
  );

  const afterRound = useCallback((answer: { round: BuiltinRound; balance: number }) => {
    latestBalance.current = answer.balance;
    if (answer.round.steps !== undefined) {
      stepsByRound.current.set(answer.round.roundId, answer.round.steps);
    }
    // A round on the active pair moves its nonce on; the panel shows the next one.
    setSeeds((current) =>
      current.serverSeedHash === answer.round.proof.serverSeedHash
        ? { ...current, nonce: Math.max(current.nonce, answer.round.proof.nonce + 1) }
        : current,
    );
    return answer.round;
  }, []);

  const clientProps: GameClientProps = {
    gameCode: initial.gameCode as GameClientProps['gameCode'],
    currency: initial.currency,
    limits: { ...initial.limits, ...initial.stakes },
    settings: initial.settings,
    resumeRound: initial.resumeRound,
    play(params) {
      return siteBalance.during(async () => {
        const clientRoundId = newClientRoundId();
        try {
          return afterRound(await playRound({ gameSession: session, clientRoundId, params }));
        } catch (error) {
          // A lost answer: the same id again replays the round the server may have played.
          if ((error as { errorCode?: string }).errorCode !== 'NETWORK_ERROR') throw error;
          return afterRound(await playRound({ gameSession: session, clientRoundId, params }));
        }
      });
    },
    act(roundId, action) {
      return siteBalance.during(async () => {
        const step = stepsByRound.current.get(roundId) ?? 0;
        const send = () => actInRound({ gameSession: session, roundId, step, action });
        try {
          return afterRound(await send());
        } catch (error) {
          // A lost answer: the same step again replays it if the server took it.
          if ((error as { errorCode?: string }).errorCode !== 'NETWORK_ERROR') throw error;
          return afterRound(await send());
        }
      });
    },
    showBalance() {
      setShownBalance(latestBalance.current);
      siteBalance.roundShown();
      announceBalanceChanged();
    },
    sound,
    freeSpins: {
      list: async () => (await fetchFreeSpins(session)).list,
      async play(grantId) {
        const clientRoundId = newClientRoundId();
        const send = () => playFreeSpin({ gameSession: session, grantId, clientRoundId });
        let answer: Awaited<ReturnType<typeof send>>;
        try {
          answer = await send();
        } catch (error) {
          // A lost answer: the same id again replays the spin the server may have played.
          if ((error as { errorCode?: string }).errorCode !== 'NETWORK_ERROR') throw error;
          answer = await send();
        }
        return { round: afterRound(answer), grant: answer.grant };
      },
    },
  };

  return (
    <Stack gap={0} h="100dvh" bg="var(--mantine-color-body)">
      <Group
        mih={BAR_HEIGHT}
        px="sm"
        py={6}
        gap="xs"
        justify="space-between"
        style={{ flexShrink: 0, borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {/* Name and balance keep at least this width: on a phone the buttons go to a second row. */}
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: `1 1 ${NAME_MIN_WIDTH_PX}px` }}>
          <Title order={1} fz={{ base: 'sm', sm: 'md' }} lineClamp={1}>
            {initial.gameName}
          </Title>
          <Text
            fz="sm"
            fw={600}
            data-testid="builtin-balance"
            aria-label={t('balance')}
            style={{ whiteSpace: 'nowrap' }}
          >
            {balanceHidden
              ? HIDDEN_BALANCE_TEXT
              : `${formatAmount(shownBalance)} ${initial.currency}`}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" ml="auto">
          <ActionIcon
            variant="default"
            size="lg"
            onClick={toggleMute}
            aria-pressed={muted}
            aria-label={muted ? t('sound_on') : t('sound_off')}
            title={muted ? t('sound_on') : t('sound_off')}
          >
            <SpeakerIcon muted={muted} />
          </ActionIcon>
          <Button size="compact-sm" variant="default" onClick={() => setPanel('rules')}>
            {t('rules')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setPanel('history')}>
            {t('history')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setPanel('fairness')}>
            {t('fairness')}
          </Button>
        </Group>
      </Group>
      <Box flex={1} mih={0} style={{ overflow: 'auto' }}>
        {entry ? (
          <Suspense fallback={<PageLoader />}>
            <entry.Client {...clientProps} />
          </Suspense>
        ) : (
          <Center h="100%" p="md">
            <Text c="dimmed" ta="center">
              {t('no_client')}
            </Text>
          </Center>
        )}
      </Box>
      <Modal opened={panel === 'rules'} onClose={() => setPanel(null)} title={t('rules')} size="lg">
        {entry ? (
          <Suspense fallback={<PageLoader />}>
            <entry.Rules gameCode={clientProps.gameCode} />
          </Suspense>
        ) : (
          <Text c="dimmed">{t('no_rules')}</Text>
        )}
      </Modal>
      <Modal
        opened={panel === 'history'}
        onClose={() => setPanel(null)}
        title={t('history')}
        size="lg"
      >
        {panel === 'history' && <HistoryPanel gameSession={session} currency={initial.currency} />}
      </Modal>
      <Modal
        opened={panel === 'fairness'}
        onClose={() => setPanel(null)}
        title={t('fairness')}
        size="lg"
      >
        <FairnessPanel gameSession={session} seeds={seeds} onSeeds={setSeeds} />
      </Modal>
    </Stack>
  );
}
