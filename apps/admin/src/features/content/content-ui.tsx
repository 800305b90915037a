import { type ContentKind, languageCodes } from '@app/contract';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { useDeleteContent, useSetEnabled } from './api/content-calls';
import { useContentTexts } from './texts';

/** A language picker over every language the product has (the merchant chooses which it uses). */
export function LanguageSelect({
  value,
  onChange,
  allowAll,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  allowAll?: boolean;
  testId?: string;
}) {
  const { t } = useContentTexts();
  const options = languageCodes.map((code) => ({ value: code, label: code }));
  return (
    <NativeSelect
      label={t('common.language')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={allowAll ? [{ value: '', label: t('common.allLanguages') }, ...options] : options}
      data-testid={testId}
    />
  );
}

/** The on/off switch of a row: shown as a switch to editors, as text to readers. */
export function EnabledSwitch({
  kind,
  id,
  enabled,
}: {
  kind: ContentKind;
  id: string;
  enabled: boolean;
}) {
  const { t } = useContentTexts();
  const can = useCan();
  const setEnabled = useSetEnabled();
  if (!can('content:edit'))
    return <Text size="sm">{enabled ? t('common.on') : t('common.off')}</Text>;
  return (
    <Switch
      checked={enabled}
      aria-label={t('common.enabled')}
      disabled={setEnabled.isPending}
      onChange={(event) => setEnabled.mutate({ kind, id, enabled: event.currentTarget.checked })}
      data-testid="content-enabled"
    />
  );
}

/** Asks before deleting a row; the audit log keeps what it was. */
export function DeleteButton({
  kind,
  id,
  title,
}: {
  kind: ContentKind;
  id: string;
  title: string;
}) {
  const { t } = useContentTexts();
  const [open, setOpen] = useState(false);
  const remove = useDeleteContent(() => setOpen(false));
  return (
    <>
      <Button
        size="xs"
        color="red"
        variant="subtle"
        onClick={() => setOpen(true)}
        data-testid="content-delete"
      >
        {t('common.delete')}
      </Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title={t('common.deleteTitle')}>
          <Stack>
            <Text size="sm">{t('common.deleteText', { title })}</Text>
            {remove.error && <Alert color="red">{errorText(t, remove.error)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate({ kind, id })}
                data-testid="content-delete-confirm"
              >
                {t('common.delete')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}

/** `2026-11-26T09:30` for a `datetime-local` input, in the operator's local time. */
export function toLocalInput(atMs: number | null): string {
  if (atMs === null) return '';
  const date = new Date(atMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant of a `datetime-local` value; null when empty. */
export function fromLocalInput(value: string): number | null {
  if (value === '') return null;
  const atMs = new Date(value).getTime();
  return Number.isNaN(atMs) ? null : atMs;
}

/**
 * Checks a body with the call's own schema before sending it: answers the text key of the first
 * problem of each field (`console:form.*`), so a malformed value never reaches the server.
 */
export function fieldErrorsOf(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'root');
    if (errors[field]) continue;
    const value = (body as Record<string, unknown>)[field];
    errors[field] =
      value === '' || value === undefined
        ? 'console:form.required'
        : issue.code === 'too_big'
          ? 'console:form.tooLong'
          : 'console:form.invalid';
  }
  return errors;
}
