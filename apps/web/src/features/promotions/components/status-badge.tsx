import type { PromotionStatus } from '@app/contract/client';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<PromotionStatus, string> = {
  Join: 'blue',
  Claim: 'green',
  Applying: 'yellow',
  Close: 'gray',
  Rejected: 'red',
  Issued: 'teal',
  Claimed: 'teal',
  Process: 'violet',
  Joined: 'indigo',
  'coming soon': 'orange',
};

/** The member's status as SPEC §4 names it, translated. */
export function StatusBadge({ status }: { status: PromotionStatus }) {
  const { t } = useTranslation('promotions');
  return (
    <Badge
      color={COLOURS[status]}
      variant="light"
      data-testid="promotion-status"
      data-status={status}
    >
      {t(`status_${status.replace(' ', '_')}`)}
    </Badge>
  );
}
