import { Box, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Deepest nesting shown as tables; anything deeper is shown as compact JSON. */
const MAX_DEPTH = 4;

/** `camelCase`, `snake_case` and `kebab-case` keys as words: "winLines" -> "Win lines". */
export function keyLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ValueView({ value, depth }: { value: unknown; depth: number }) {
  const { t } = useTranslation('records');
  if (value === null || value === undefined || value === '') {
    return (
      <Text span c="dimmed" size="sm">
        {t('empty_value')}
      </Text>
    );
  }
  if (typeof value === 'boolean')
    return (
      <Text span size="sm">
        {t(value ? 'yes' : 'no')}
      </Text>
    );
  if (typeof value === 'number' || typeof value === 'string') {
    return (
      <Text span size="sm" ff={typeof value === 'number' ? 'monospace' : undefined}>
        {String(value)}
      </Text>
    );
  }
  if (depth >= MAX_DEPTH) {
    return (
      <Text span size="xs" ff="monospace">
        {JSON.stringify(value)}
      </Text>
    );
  }
  if (Array.isArray(value)) {
    if (value.every((item) => !isRecord(item) && !Array.isArray(item))) {
      return (
        <Text span size="sm" ff="monospace">
          {value.map((item) => (item === null ? '-' : String(item))).join(', ')}
        </Text>
      );
    }
    return (
      <Stack gap={4}>
        {/* Items have no identity but their place in the provider's list. */}
        {[...value.entries()].map(([position, item]) => (
          <Box
            key={position}
            pl="xs"
            style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
          >
            <ValueView value={item} depth={depth + 1} />
          </Box>
        ))}
      </Stack>
    );
  }
  return <DetailTable value={value as Record<string, unknown>} depth={depth + 1} />;
}

function DetailTable({ value, depth }: { value: Record<string, unknown>; depth: number }) {
  return (
    <Table withRowBorders={depth <= 1} verticalSpacing={4} layout="auto">
      <Table.Tbody>
        {Object.entries(value).map(([key, inner]) => (
          <Table.Tr key={key}>
            <Table.Th w="35%" fw={500} style={{ verticalAlign: 'top' }}>
              <Text size="sm" c="dimmed">
                {keyLabel(key)}
              </Text>
            </Table.Th>
            <Table.Td>
              <ValueView value={inner} depth={depth} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A provider's round JSON (choices, outcome, ...) as nested key-value tables. */
export function DetailView({ detail }: { detail: Record<string, unknown> }) {
  return <DetailTable value={detail} depth={1} />;
}
