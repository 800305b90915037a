import { formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Group,
  Pagination,
  Progress,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBonusList } from '../api/use-bonuses';
import { useBonusTexts } from '../bonus-texts';
import { BonusStatusBadge } from './bonus-card';

const SKELETON_HEIGHT_PX = 180;
/** The progress bar's width in the table. */
const PROGRESS_WIDTH_PX = 120;

/** Bonus details (SPEC bonusDetails): every bonus with amount, requirement, progress, status, dates. */
export default function BonusDetailsPage() {
  useBonusTexts();
  const { t, i18n } = useTranslation('bonus');
  const [pageNo, setPageNo] = useState(1);
  const list = useBonusList(pageNo);
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(i18n.language) : '—';
  if (list.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(t, list.error)}
      </Alert>
    );
  }
  const page = list.data;
  if (!page) return <Skeleton height={SKELETON_HEIGHT_PX} />;
  if (page.list.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('none_bonuses')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <ScrollArea>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('col_amount')}</Table.Th>
              <Table.Th>{t('col_requirement')}</Table.Th>
              <Table.Th>{t('col_progress')}</Table.Th>
              <Table.Th>{t('col_status')}</Table.Th>
              <Table.Th>{t('col_granted')}</Table.Th>
              <Table.Th>{t('col_expires')}</Table.Th>
              <Table.Th>{t('col_closed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.list.map((bonus) => (
              <Table.Tr key={bonus.bonusId}>
                <Table.Td>{formatAmount(bonus.amount)}</Table.Td>
                <Table.Td>{formatAmount(bonus.requirement)}</Table.Td>
                <Table.Td>
                  <Stack gap={2} w={PROGRESS_WIDTH_PX}>
                    <Progress value={bonus.progressPercent} />
                    <Text size="xs">
                      {formatAmount(bonus.progress)} ({bonus.progressPercent}%)
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <BonusStatusBadge status={bonus.status} />
                </Table.Td>
                <Table.Td>{date(bonus.grantedAt)}</Table.Td>
                <Table.Td>{date(bonus.expiresAt)}</Table.Td>
                <Table.Td>{date(bonus.closedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {page.totalPages > 1 && (
        <Group justify="center">
          <Pagination total={page.totalPages} value={pageNo} onChange={setPageNo} />
        </Group>
      )}
    </Stack>
  );
}
