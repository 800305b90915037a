import type { PromotionAction } from '@app/contract/client';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePromotionAction } from '../api/promotions-api';
import type { PromotionsAccess } from '../promotions-access';
import { errorText } from './error-text';

interface ActionButtonProps {
  id: string;
  action: PromotionAction;
  access: PromotionsAccess;
  /** Apply opens the application form (on the detail page). */
  onApply: () => void;
  fullWidth?: boolean;
}

/** The promotion's button: guests are asked to log in, trial accounts warned (SPEC §6). */
export function ActionButton({ id, action, access, onApply, fullWidth }: ActionButtonProps) {
  const { t } = useTranslation('promotions');
  const mutation = usePromotionAction();
  const onClick = () => {
    if (!access.isLoggedIn) return access.requireLogin();
    if (access.isTrial) return access.warnTrial();
    if (action === 'apply') return onApply();
    mutation.mutate(
      { action, id },
      { onSuccess: () => action !== 'join' && access.onBalanceChanged() },
    );
  };
  return (
    <Stack gap={6}>
      <Button
        onClick={onClick}
        loading={mutation.isPending}
        fullWidth={fullWidth}
        data-testid={`promotion-action-${action}`}
      >
        {t(`action_${action}`)}
      </Button>
      {mutation.isError && (
        <Alert color="red" py={6}>
          {errorText(t, mutation.error)}
        </Alert>
      )}
    </Stack>
  );
}
