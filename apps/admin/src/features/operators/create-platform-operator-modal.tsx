import { adminCreatePlatformOperatorCall, type OperatorRole, operatorRoles } from '@app/contract';
import {
  Alert,
  Button,
  Modal,
  NativeSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { callAdmin } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { bodySchemaOf, zodResolver } from '../../lib/zod-resolver';
import { usePlatformOperatorTexts } from './platform-texts';

interface NewPlatformOperator {
  username: string;
  password: string;
  role: OperatorRole;
}

export default function CreatePlatformOperatorModal({
  homeMerchantCode,
  onClose,
  onDone,
}: {
  homeMerchantCode: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = usePlatformOperatorTexts();
  const form = useForm<NewPlatformOperator>({
    defaultValues: { username: '', password: '', role: 'read-only' },
    resolver: zodResolver(bodySchemaOf(adminCreatePlatformOperatorCall)),
  });
  const create = useMutation({
    mutationFn: (body: NewPlatformOperator) => callAdmin(adminCreatePlatformOperatorCall, { body }),
    onSuccess: onDone,
  });
  const { errors } = form.formState;
  return (
    <Modal opened onClose={onClose} title={t('createTitle')}>
      <form onSubmit={form.handleSubmit((values) => create.mutate(values))} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('createNote', { merchant: homeMerchantCode })}
          </Text>
          <TextInput
            label={t('console:operators.username')}
            autoComplete="off"
            error={errors.username?.message && t(`console:${errors.username.message}`)}
            data-testid="platform-operator-username"
            {...form.register('username')}
          />
          <PasswordInput
            label={t('console:operators.password')}
            autoComplete="new-password"
            error={errors.password?.message && t(`console:${errors.password.message}`)}
            data-testid="platform-operator-password"
            {...form.register('password')}
          />
          <NativeSelect
            label={t('console:operators.role')}
            data={operatorRoles.map((role) => ({ value: role, label: t(`console:roles.${role}`) }))}
            data-testid="platform-operator-role"
            {...form.register('role')}
          />
          {create.error && <Alert color="red">{errorText(t, create.error)}</Alert>}
          <Button type="submit" loading={create.isPending} data-testid="platform-operator-submit">
            {t('create')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
