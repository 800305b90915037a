import type { InvitationCode } from '@app/contract/client';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Image,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  agentTeamKey,
  registerDownline,
  saveInvitationCode,
  useInvitationCodes,
  useInvitationQr,
} from '../api/team';
import { ErrorNote } from '../components/centre-parts';

/**
 * registerCenter: the agent creates a downline account directly (the merchant's field rules
 * apply on the server), and manages invitation codes with their links and QR codes.
 */
export default function RegisterAccountPage() {
  return (
    <Stack gap="xl" data-testid="agent-register-account">
      <RegisterForm />
      <InvitationCodes />
    </Stack>
  );
}

function RegisterForm() {
  const { t } = useTranslation('agent-centre');
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const register = useMutation({
    mutationFn: () => registerDownline({ username: username.trim(), password, confirmPassword }),
    onSuccess: () => {
      setUsername('');
      setPassword('');
      setConfirmPassword('');
      void queryClient.invalidateQueries({ queryKey: agentTeamKey });
    },
  });
  const ready = username.trim() !== '' && password !== '' && confirmPassword !== '';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) register.mutate();
      }}
    >
      <Stack gap="sm">
        <Title order={5}>{t('new_account')}</Title>
        <TextInput
          label={t('username')}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          autoComplete="off"
        />
        <PasswordInput
          label={t('password')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          autoComplete="new-password"
        />
        <PasswordInput
          label={t('confirm_password')}
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.currentTarget.value)}
          autoComplete="new-password"
        />
        {register.error && <ErrorNote error={register.error} />}
        {register.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            {t('account_created', { account: register.data.account })}
          </Alert>
        )}
        <Button type="submit" disabled={!ready} loading={register.isPending}>
          {t('create_account')}
        </Button>
      </Stack>
    </form>
  );
}

function InvitationCodes() {
  const { t } = useTranslation('agent-centre');
  const queryClient = useQueryClient();
  const codes = useInvitationCodes();
  const [qrCode, setQrCode] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveInvitationCode,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...agentTeamKey, 'codes'] }),
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={5}>{t('invitation_codes')}</Title>
        <Button size="xs" variant="light" loading={save.isPending} onClick={() => save.mutate({})}>
          {t('new_code')}
        </Button>
      </Group>
      {(codes.error || save.error) && <ErrorNote error={codes.error ?? save.error} />}
      {codes.isPending && <Loader size="sm" />}
      {codes.data && codes.data.codes.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('no_codes')}
        </Text>
      )}
      {codes.data && codes.data.codes.length > 0 && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('code')}</Table.Th>
              <Table.Th ta="right">{t('registered')}</Table.Th>
              <Table.Th>{t('active')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.data.codes.map((code: InvitationCode) => (
              <Table.Tr key={code.code}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {code.code}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{code.registeredCount}</Table.Td>
                <Table.Td>
                  <Switch
                    size="xs"
                    checked={code.active}
                    aria-label={t('active')}
                    onChange={(event) =>
                      save.mutate({ code: code.code, active: event.currentTarget.checked })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  {code.active ? (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <CopyButton value={invitationLink(code.code)}>
                        {({ copied, copy }) => (
                          <Button size="compact-xs" variant="subtle" onClick={copy}>
                            {copied ? t('copied') : t('copy_link')}
                          </Button>
                        )}
                      </CopyButton>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setQrCode(code.code)}
                      >
                        {t('qr')}
                      </Button>
                    </Group>
                  ) : (
                    <Badge color="gray" size="sm">
                      {t('inactive')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <InvitationQrDialog code={qrCode} onClose={() => setQrCode(null)} />
    </Stack>
  );
}

/** The page a code invites to: the registration page with the code, which hides the field. */
function invitationLink(code: string): string {
  return `${window.location.origin}/register?affiliateCode=${encodeURIComponent(code)}`;
}

function InvitationQrDialog({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { t } = useTranslation('agent-centre');
  const qr = useInvitationQr(code);
  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      title={t('qr_title', { code })}
      size={300}
      centered
    >
      <Stack align="center" gap="xs">
        {qr.data ? (
          <>
            <Image src={qr.data.image} alt={qr.data.link} w={200} h={200} bg="white" radius="md" />
            <Text size="xs" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
              {qr.data.link}
            </Text>
          </>
        ) : qr.error ? (
          <ErrorNote error={qr.error} />
        ) : (
          <Loader size="sm" />
        )}
      </Stack>
    </Modal>
  );
}
