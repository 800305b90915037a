import { adminCreateOperatorCall, type OperatorRole, operatorRoles } from '@app/contract';
import { Alert, Button, Modal, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callAdmin } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { bodySchemaOf, zodResolver } from '../../lib/zod-resolver';

interface NewOperator {
  username: string;
  password: string;
  role: OperatorRole;
}

export function CreateOperatorModal({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<NewOperator>({
    defaultValues: { username: '', password: '', role: 'read-only' },
    resolver: zodResolver(bodySchemaOf(adminCreateOperatorCall)),
  });
  const create = useMutation({
    mutationFn: (body: NewOperator) => callAdmin(adminCreateOperatorCall, { body }),
    onSuccess: onDone,
  });
  const { errors } = form.formState;
  return (
    <Modal opened onClose={onClose} title={t('operators.createTitle')}>
      <form onSubmit={form.handleSubmit((values) => create.mutate(values))} noValidate>
        <Stack>
          <TextInput
            label={t('operators.username')}
            autoComplete="off"
            error={errors.username?.message && t(errors.username.message)}
            data-testid="operator-username"
            {...form.register('username')}
          />
          <PasswordInput
            label={t('operators.password')}
            autoComplete="new-password"
            error={errors.password?.message && t(errors.password.message)}
            data-testid="operator-password"
            {...form.register('password')}
          />
          <NativeSelect
            label={t('operators.role')}
            data={operatorRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            data-testid="operator-role-select"
            {...form.register('role')}
          />
          {create.error && <Alert color="red">{errorText(t, create.error)}</Alert>}
          <Button type="submit" loading={create.isPending} data-testid="operator-create-submit">
            {t('operators.create')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
