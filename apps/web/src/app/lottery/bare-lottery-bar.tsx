import { formatAmount } from '@app/contract/client';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../features/session/hooks/use-session';
import { useBalance } from '../../features/wallet/api/use-balance';

/**
 * On `/vnlottery` without the site's bars (SPEC §2) a member still needs a way back and their
 * balance: this row gives both, and nothing more.
 */
export function BareLotteryBar() {
  const { t } = useTranslation('lottery');
  const { isLoggedIn } = useSession();
  return (
    <Group justify="space-between" mb="sm" data-testid="bare-lottery-bar">
      <Anchor component={Link} to="/" size="sm">
        {t('back_to_site')}
      </Anchor>
      {isLoggedIn && <BareBalance />}
    </Group>
  );
}

function BareBalance() {
  const { t } = useTranslation('lottery');
  const { data } = useBalance();
  if (!data) return null;
  return (
    <Text size="sm" fw={600} data-testid="bare-lottery-balance">
      {t('balance_line', { amount: formatAmount(data.sumBalance), currency: data.currency })}
    </Text>
  );
}
