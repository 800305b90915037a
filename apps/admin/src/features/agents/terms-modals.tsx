import {
  type AdminAgentContract,
  type AgentContractKind,
  type AgentContractTerms,
  agentContractKinds,
} from '@app/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import {
  type AgentContractTemplate,
  type TermsChange,
  useContractHistory,
  useTermsChange,
} from './api/terms-calls';
import { defaultTerms, TermsEditor, termsSummary } from './terms-editor';
import { useAgentsTexts } from './texts';

/** The dialogs of the contract-terms tools; one lazy chunk, loaded on the first open. */
export type TermsDialog =
  | { type: 'template'; template?: AgentContractTemplate }
  | { type: 'override'; contract: AdminAgentContract }
  | { type: 'house'; account: string }
  | { type: 'history'; contract: AdminAgentContract };

const REASON_MAX_LENGTH = 500;

/** The frame of a change: title, the form, its error, Cancel and Save. */
function ChangeModal(props: {
  title: string;
  children: ReactNode;
  ready: boolean;
  change: () => TermsChange;
  onClose: () => void;
}) {
  const { t } = useAgentsTexts();
  const mutation = useTermsChange(props.onClose);
  return (
    <Modal opened onClose={props.onClose} title={props.title} size="xl" centered>
      <Stack>
        {props.children}
        {mutation.error && <Alert color="red">{errorText(t, mutation.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button
            disabled={!props.ready}
            loading={mutation.isPending}
            data-testid="terms-save"
            onClick={() => mutation.mutate(props.change())}
          >
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReasonInput(props: { value: string; onChange: (value: string) => void }) {
  const { t } = useAgentsTexts();
  return (
    <Textarea
      label={t('reason')}
      value={props.value}
      maxLength={REASON_MAX_LENGTH}
      data-testid="terms-reason"
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

function KindSelect(props: {
  value: AgentContractKind;
  disabled?: boolean;
  onChange: (kind: AgentContractKind) => void;
}) {
  const { t } = useAgentsTexts();
  return (
    <NativeSelect
      label={t('contracts.kind')}
      disabled={props.disabled}
      data={agentContractKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
      value={props.value}
      data-testid="terms-kind"
      onChange={(event) => props.onChange(event.currentTarget.value as AgentContractKind)}
    />
  );
}

function TemplateModal(props: { template?: AgentContractTemplate; onClose: () => void }) {
  const { t } = useAgentsTexts();
  const existing = props.template;
  const [kind, setKind] = useState<AgentContractKind>(existing?.kind ?? 'daily');
  const [name, setName] = useState(existing?.name ?? '');
  const [active, setActive] = useState(existing?.active ?? true);
  const [terms, setTerms] = useState<AgentContractTerms>(existing?.terms ?? defaultTerms(kind));
  return (
    <ChangeModal
      title={existing ? t('templates.edit') : t('templates.new')}
      ready={name.trim() !== ''}
      onClose={props.onClose}
      change={() => ({
        action: 'template',
        ...(existing ? { templateId: existing.templateId } : {}),
        kind,
        name: name.trim(),
        terms,
        active,
      })}
    >
      <Group grow align="flex-end">
        <TextInput
          label={t('templates.name')}
          value={name}
          maxLength={80}
          data-testid="template-name"
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <KindSelect
          value={kind}
          disabled={existing !== undefined}
          onChange={(next) => {
            setKind(next);
            setTerms(defaultTerms(next));
          }}
        />
      </Group>
      <TermsEditor t={t} kind={kind} value={terms} onChange={setTerms} />
      <Checkbox
        label={t('templates.activeHint')}
        checked={active}
        onChange={(event) => setActive(event.currentTarget.checked)}
      />
      {existing && (
        <Text size="xs" c="dimmed">
          {t('templates.signedKeep')}
        </Text>
      )}
    </ChangeModal>
  );
}

function OverrideModal(props: { contract: AdminAgentContract; onClose: () => void }) {
  const { t } = useAgentsTexts();
  const { contract } = props;
  const [terms, setTerms] = useState<AgentContractTerms>(contract.terms);
  const [reason, setReason] = useState('');
  return (
    <ChangeModal
      title={t('override.title', { account: contract.downline })}
      ready={reason.trim() !== ''}
      onClose={props.onClose}
      change={() => ({
        action: 'override',
        contractId: contract.contractId,
        terms,
        reason: reason.trim(),
      })}
    >
      <Text size="sm">{t('override.hint')}</Text>
      <Text size="sm" c="dimmed">
        {t('override.current')}: {termsSummary(t, contract.kind, contract.terms)}
      </Text>
      <TermsEditor t={t} kind={contract.kind} value={terms} onChange={setTerms} periodLocked />
      <ReasonInput value={reason} onChange={setReason} />
    </ChangeModal>
  );
}

function HouseModal(props: { account: string; onClose: () => void }) {
  const { t } = useAgentsTexts();
  const [kind, setKind] = useState<AgentContractKind>('daily');
  const [terms, setTerms] = useState<AgentContractTerms>(defaultTerms('daily'));
  const [reason, setReason] = useState('');
  return (
    <ChangeModal
      title={t('house.title', { account: props.account })}
      ready={reason.trim() !== ''}
      onClose={props.onClose}
      change={() => ({
        action: 'house',
        account: props.account,
        kind,
        terms,
        reason: reason.trim(),
      })}
    >
      <Text size="sm">{t('house.hint')}</Text>
      <KindSelect
        value={kind}
        onChange={(next) => {
          setKind(next);
          setTerms(defaultTerms(next));
        }}
      />
      <TermsEditor t={t} kind={kind} value={terms} onChange={setTerms} />
      <ReasonInput value={reason} onChange={setReason} />
    </ChangeModal>
  );
}

function HistoryModal(props: { contract: AdminAgentContract; onClose: () => void }) {
  const { t } = useAgentsTexts();
  const { contract } = props;
  const history = useContractHistory(contract.contractId);
  const actor = (line: { member: string | null; operator: string | null }) =>
    line.operator ?? line.member ?? t('contracts.house');
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('history.title', { id: contract.contractId, account: contract.downline })}
      size="xl"
      centered
    >
      {history.isPending && <Loader size="sm" />}
      {history.error && <Alert color="red">{errorText(t, history.error)}</Alert>}
      {history.data && (
        <Table striped data-testid="contract-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.when')}</Table.Th>
              <Table.Th>{t('history.action')}</Table.Th>
              <Table.Th>{t('history.by')}</Table.Th>
              <Table.Th>{t('history.change')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.list.map((line, index) => (
              <Table.Tr key={`${line.createdAt}-${index.toString()}`}>
                <Table.Td>{formatDateTime(line.createdAt)}</Table.Td>
                <Table.Td>
                  {t(`historyActions.${line.action}`, { defaultValue: line.action })}
                </Table.Td>
                <Table.Td>{actor(line)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {line.termsBefore && line.termsAfter && (
                      <>
                        <Text size="xs">
                          {t('history.before')}: {termsSummary(t, contract.kind, line.termsBefore)}
                        </Text>
                        <Text size="xs">
                          {t('history.after')}: {termsSummary(t, contract.kind, line.termsAfter)}
                        </Text>
                      </>
                    )}
                    {line.effectiveFrom && (
                      <Text size="xs" c="dimmed">
                        {t('history.effectiveFrom')}: {formatDateTime(line.effectiveFrom)}
                      </Text>
                    )}
                    {line.note && (
                      <Text size="xs" c="dimmed">
                        {line.note}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}

/** Opens the dialog of `dialog`. */
export default function TermsModal(props: { dialog: TermsDialog; onClose: () => void }) {
  const { dialog, onClose } = props;
  if (dialog.type === 'template')
    return <TemplateModal template={dialog.template} onClose={onClose} />;
  if (dialog.type === 'override')
    return <OverrideModal contract={dialog.contract} onClose={onClose} />;
  if (dialog.type === 'house') return <HouseModal account={dialog.account} onClose={onClose} />;
  return <HistoryModal contract={dialog.contract} onClose={onClose} />;
}
