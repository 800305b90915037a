import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canGoNext, canGoPrevious, pageList } from '../hooks/page-list';

interface PagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** 1-based pages (SPEC §9 range 3, margin 1); previous and next blocked at the ends (§4). */
export function Pager({ page, totalPages, onChange }: PagerProps) {
  const { t } = useTranslation('games');
  if (totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label={t('pagination')} gap={4} justify="center" mt="md">
      <Button
        variant="default"
        size="xs"
        disabled={!canGoPrevious(page)}
        onClick={() => onChange(page - 1)}
        aria-label={t('previous_page')}
      >
        ‹
      </Button>
      {pageList(page, totalPages).map((item, index) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
          <Text key={`gap-${index}`} c="dimmed" px={4} aria-hidden="true">
            …
          </Text>
        ) : (
          <Button
            key={item}
            size="xs"
            variant={item === page ? 'filled' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('page_n', { page: item })}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button
        variant="default"
        size="xs"
        disabled={!canGoNext(page, totalPages)}
        onClick={() => onChange(page + 1)}
        aria-label={t('next_page')}
      >
        ›
      </Button>
    </Group>
  );
}
