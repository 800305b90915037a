import type { Game } from '@app/contract/client';
import { Center, Loader, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameList } from '../api/games-api';
import type { GameActions } from '../hooks/use-game-actions';
import { GameGrid } from './game-grid';

/** Wide enough for four cards a row; SPEC §2 default modal width is 600. */
const POPUP_WIDTH = 720;

interface VassalageModalProps {
  parent: Game;
  actions: GameActions;
  onClose: () => void;
}

/** SPEC §2 game popup: the sub-games of a VASSALAGE entry (game list by parentNodeId). */
export default function VassalageModal({ parent, actions, onClose }: VassalageModalProps) {
  const { t } = useTranslation('games');
  const { data, isPending, isError } = useGameList({ parentNodeId: parent.nodeId }, 1);
  return (
    <Modal opened onClose={onClose} title={parent.gameName} size={POPUP_WIDTH} centered>
      {isPending ? (
        <Center mih={160}>
          <Loader type="dots" />
        </Center>
      ) : isError ? (
        <Text c="red">{t('load_failed')}</Text>
      ) : data.games.length === 0 ? (
        <Text c="dimmed">{t('no_games')}</Text>
      ) : (
        <GameGrid games={data.games} actions={actions} />
      )}
    </Modal>
  );
}
