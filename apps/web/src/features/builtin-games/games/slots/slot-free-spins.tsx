import { type FreeSpinGrant, formatAmount } from '@app/contract/client';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The member's free spins on this slot: how many are left, at which bet, and the button that
 * plays the next one. Wins go to the bonus wallet with wagering, which the line says.
 */
export function SlotFreeSpins(props: {
  grant: FreeSpinGrant;
  currency: string;
  busy: boolean;
  play(): void;
}) {
  const { t } = useTranslation('builtin-slots');
  const { grant } = props;
  return (
    <Paper withBorder radius="md" p="sm" w="100%" data-testid="slot-free-spins">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Group gap="xs">
            <Badge color="yellow" variant="filled" size="lg">
              {t('slots.granted_free_spins', { count: grant.spinsLeft })}
            </Badge>
            <Text size="sm">
              {t('slots.granted_bet', {
                amount: `${formatAmount(grant.betPerLine)} ${props.currency}`,
              })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('slots.granted_terms', {
              won: `${formatAmount(grant.won)} ${props.currency}`,
              multiple: grant.wageringMultiple,
              date: new Date(grant.expiresAt).toLocaleDateString(),
            })}
          </Text>
        </div>
        <Button color="yellow" onClick={props.play} loading={props.busy} disabled={props.busy}>
          {t('slots.granted_play')}
        </Button>
      </Group>
    </Paper>
  );
}
