import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Box,
  em,
  Flex,
  Group,
  Loader,
  Modal,
  NavLink,
  ScrollArea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_CENTRE_WIDTH } from '../../../lib/theme';
import { type AgentCentrePage, agentCentrePages } from '../agent-centre-pages';
import { useAgentCentreTexts } from '../agent-centre-texts';
import { useAgentOverview } from '../api/use-agent-overview';

export interface AgentCentreModalProps {
  opened: boolean;
  onClose: () => void;
  /** After money left the agent's wallet (the app refreshes the balance). */
  onTransferred?: () => void;
  /** Pages other features add after the centre's own (the contract pages), in menu order. */
  extraPages?: readonly AgentCentrePage[];
  /** The merchant's white-label switches, for the pages that show only when theirs is on. */
  whiteLabel?: Record<string, unknown>;
}

/** Width of the left menu, in pixels. */
const MENU_WIDTH = 190;
/** The page area keeps this height while pages change, so the modal does not jump. */
const PAGE_MIN_HEIGHT = 420;
/** At or below this width the centre takes the whole screen. */
const PHONE_MAX_WIDTH_PX = 600;

/**
 * The agent centre (SPEC §2, titled Agent), shown only after the agent's data has loaded: a
 * left menu of its pages (`agent-centre-pages.ts`) and the open page beside it.
 */
export default function AgentCentreModal({
  opened,
  onClose,
  onTransferred,
  extraPages = [],
  whiteLabel,
}: AgentCentreModalProps) {
  const { t } = useTranslation(['agent', 'errors']);
  const overview = useAgentOverview(opened);
  const isPhone = useMediaQuery(`(max-width: ${em(PHONE_MAX_WIDTH_PX)})`);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('title')}
      size={MEMBER_CENTRE_WIDTH}
      fullScreen={isPhone}
      centered
    >
      {overview.isPending && (
        <Group justify="center" py="xl">
          <Loader aria-label={t('loading')} />
        </Group>
      )}
      {overview.error && (
        <Alert color="red" role="alert">
          {errorText(t, overview.error)}
        </Alert>
      )}
      {overview.data && (
        <Suspense
          fallback={
            <Group justify="center" py="xl">
              <Loader aria-label={t('loading')} />
            </Group>
          }
        >
          <CentreFrame
            agentType={overview.data.type}
            onMoneyMoved={onTransferred}
            allPages={[...agentCentrePages, ...extraPages]}
            whiteLabel={whiteLabel}
          />
        </Suspense>
      )}
    </Modal>
  );
}

function CentreFrame({
  agentType,
  onMoneyMoved,
  allPages,
  whiteLabel,
}: {
  agentType: number;
  onMoneyMoved?: () => void;
  allPages: readonly AgentCentrePage[];
  whiteLabel: Record<string, unknown> | undefined;
}) {
  useAgentCentreTexts();
  const { t } = useTranslation('agent-centre');
  const context = { agentType, whiteLabel };
  const pages = allPages.filter((page) => page.visible?.(context) ?? true);
  const [pageId, setPageId] = useState(pages[0]?.id);
  const current = pages.find((page) => page.id === pageId) ?? pages[0];
  if (!current) return null;
  const Page = current.component;
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} align="stretch" gap="md">
      <Box
        component="nav"
        aria-label={t('menu')}
        w={{ base: '100%', sm: MENU_WIDTH }}
        style={{ flexShrink: 0, overflowX: 'auto' }}
      >
        <Flex direction={{ base: 'row', sm: 'column' }} gap={2}>
          {pages.map((page) => (
            <NavLink
              key={page.id}
              component="button"
              label={t(`page_${page.titleKey}`)}
              active={page.id === current.id}
              aria-current={page.id === current.id ? 'page' : undefined}
              onClick={() => setPageId(page.id)}
              style={{ whiteSpace: 'nowrap' }}
            />
          ))}
        </Flex>
      </Box>
      <ScrollArea.Autosize mah="75vh" style={{ flex: 1, minWidth: 0 }} offsetScrollbars>
        <Box mih={PAGE_MIN_HEIGHT} data-testid="agent-centre-page">
          <Title order={4} mb="md">
            {t(`page_${current.titleKey}`)}
          </Title>
          <Suspense fallback={<Loader size="sm" />}>
            <Page agentType={agentType} onMoneyMoved={onMoneyMoved} />
          </Suspense>
        </Box>
      </ScrollArea.Autosize>
    </Flex>
  );
}
