import type { AgentOverview } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../lib/theme';
import { useAgentOverview } from '../api/use-agent-overview';
import { TransferDownlineForm } from './transfer-downline-form';

export interface AgentCentreModalProps {
  opened: boolean;
  onClose: () => void;
  /** After money left the agent's wallet (the app refreshes the balance). */
  onTransferred?: () => void;
  /** More pages the app puts below (the contract pages of feature agent-contracts). */
  extraPages?: ReactNode;
}

/** The page a code invites to: the registration page with the code, which hides the field. */
function invitationLink(code: string): string {
  return `${window.location.origin}/register?affiliateCode=${encodeURIComponent(code)}`;
}

/**
 * The agent centre (SPEC §2, titled Agent), shown only after its data has loaded. Its first
 * page is the team overview: the direct downline and the invitation links an agent shares.
 */
export default function AgentCentreModal({
  opened,
  onClose,
  onTransferred,
  extraPages,
}: AgentCentreModalProps) {
  const { t } = useTranslation(['agent', 'errors']);
  const overview = useAgentOverview(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} size={MODAL_WIDTH} centered>
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
        <Stack gap="xl">
          <TeamOverview overview={overview.data} />
          {overview.data.directDownlineCount > 0 && (
            <TransferDownlineForm onTransferred={onTransferred} />
          )}
          {extraPages}
        </Stack>
      )}
    </Modal>
  );
}

function TeamOverview({ overview }: { overview: AgentOverview }) {
  const { t } = useTranslation('agent');
  return (
    <Stack gap="md" data-testid="agent-overview">
      <Title order={4}>{t('team_overview')}</Title>
      <SimpleGrid cols={2}>
        <Stat label={t('direct_downline')} value={overview.directDownlineCount} />
        <Stat label={t('new_last_30_days')} value={overview.newDownlineLast30Days} />
      </SimpleGrid>
      <Title order={5}>{t('invitation_links')}</Title>
      {overview.affiliateCodes.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('no_codes')}
        </Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('code')}</Table.Th>
              <Table.Th>{t('registered')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {overview.affiliateCodes.map((code) => (
              <Table.Tr key={code.code}>
                <Table.Td>
                  <Group gap="xs">
                    <Text ff="monospace">{code.code}</Text>
                    {!code.active && <Badge color="gray">{t('inactive')}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{code.registeredCount}</Table.Td>
                <Table.Td>
                  {code.active && (
                    <CopyButton value={invitationLink(code.code)}>
                      {({ copied, copy }) => (
                        <Button size="xs" variant="light" onClick={copy}>
                          {copied ? t('copied') : t('copy_link')}
                        </Button>
                      )}
                    </CopyButton>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value.toLocaleString()}
      </Text>
    </Stack>
  );
}
