import type { DomainRoute } from '@app/contract/client';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainRoutes } from '../api/use-domain-routes';
import { measureLine } from '../lib/measure-line';

type Speed = number | null | 'measuring';

/** Below this a line is shown green, below twice this yellow, else red. */
const FAST_LINE_MS = 300;

function speedColor(speed: Speed): string {
  if (speed === 'measuring') return 'gray';
  if (speed === null) return 'red';
  if (speed < FAST_LINE_MS) return 'green';
  return speed < FAST_LINE_MS * 2 ? 'yellow' : 'red';
}

/**
 * SPEC §3 "domain list with speed": the merchant's addresses, each timed from this browser, so
 * a visitor on a slow or blocked line can move to a faster one. Shown on /download.
 */
export function DomainLines() {
  const { t } = useTranslation('download');
  const { data: lines } = useDomainRoutes();
  const [speeds, setSpeeds] = useState<Record<string, Speed>>({});

  const measureAll = useCallback((routes: DomainRoute[]) => {
    setSpeeds(Object.fromEntries(routes.map((route) => [route.url, 'measuring'])));
    for (const route of routes) {
      void measureLine(route.url).then((speed) =>
        setSpeeds((current) => ({ ...current, [route.url]: speed })),
      );
    }
  }, []);

  useEffect(() => {
    if (lines) measureAll(lines);
  }, [lines, measureAll]);

  if (!lines || lines.length === 0) return null;
  const here = window.location.origin;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="lines-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="lines-title">
            {t('lines_title')}
          </Title>
          <Button size="compact-sm" variant="default" onClick={() => measureAll(lines)}>
            {t('lines_refresh')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('lines_intro')}
        </Text>
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => {
            const speed = speeds[line.url] ?? 'measuring';
            return (
              <Group key={line.url} component="li" justify="space-between" data-testid="line">
                <Group gap="xs">
                  <Anchor href={`${line.url}/download`} ff="monospace" size="sm">
                    {line.domain}
                  </Anchor>
                  {line.url === here && (
                    <Badge size="xs" variant="light">
                      {t('line_current')}
                    </Badge>
                  )}
                </Group>
                <Badge color={speedColor(speed)} variant="light" miw={96} tt="none">
                  {speed === 'measuring'
                    ? t('line_measuring')
                    : speed === null
                      ? t('line_unreachable')
                      : t('line_speed', { ms: speed })}
                </Badge>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
