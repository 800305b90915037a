import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Count of rounds and the 1-based pager (blocked at the ends). */
export function Pager({
  pageNo,
  totalPages,
  totalCount,
  onChange,
}: {
  pageNo: number;
  totalPages: number;
  totalCount: number;
  onChange: (pageNo: number) => void;
}) {
  const { t } = useTranslation('records');
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t('total_rounds', { count: totalCount })}
      </Text>
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={pageNo}
          onChange={onChange}
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': t(`page_${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('page_no', { pageNo: page }) })}
        />
      )}
    </Group>
  );
}
