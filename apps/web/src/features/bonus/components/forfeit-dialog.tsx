import { type BonusView, formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bonusQueryKey, forfeitBonus } from '../api/use-bonuses';

/** Asks before a bonus is given up: its money leaves and cannot come back. */
export function ForfeitDialog({
  bonus,
  onClose,
}: {
  bonus: BonusView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('bonus');
  const queryClient = useQueryClient();
  const forfeit = useMutation({
    mutationFn: (bonusId: string) => forfeitBonus(bonusId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bonusQueryKey });
      onClose();
    },
  });
  return (
    <Modal opened={bonus !== null} onClose={onClose} title={t('forfeit_title')} size={400} centered>
      {bonus && (
        <Stack gap="md">
          <Text size="sm">{t('forfeit_text', { amount: formatAmount(bonus.amount) })}</Text>
          {forfeit.error && (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, forfeit.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={forfeit.isPending}
              onClick={() => forfeit.mutate(bonus.bonusId)}
            >
              {t('confirm_forfeit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
