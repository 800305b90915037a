import { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendFeedback } from '../api/feedback-api';
import { useFeedbackTexts } from '../feedback-texts';

export interface FeedbackFormProps {
  isLoggedIn: boolean;
  /** Opens the login pop-up: feedback is sent by members (SPEC §6). */
  onLogin: () => void;
}

/**
 * Feedback to the operator (SPEC §7 `PUT /wps/feedback`), in the help centre: between
 * FEEDBACK_MIN_LENGTH and FEEDBACK_MAX_LENGTH characters; the server allows a few an hour.
 */
export default function FeedbackForm({ isLoggedIn, onLogin }: FeedbackFormProps) {
  useFeedbackTexts();
  const { t } = useTranslation('feedback');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const length = content.trim().length;
  const send = useMutation({
    mutationFn: () => sendFeedback(content.trim()),
    onMutate: () => setError(null),
    onSuccess: () => {
      setSent(true);
      setContent('');
    },
    onError: (failure) => setError(errorText(t, failure)),
  });
  const tooShort = length < FEEDBACK_MIN_LENGTH;
  return (
    <Stack gap="xs" component="section" aria-labelledby="feedback-title">
      <Title order={2} fz="lg" id="feedback-title">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {isLoggedIn ? (
        <>
          <Textarea
            label={t('message')}
            rows={5}
            maxLength={FEEDBACK_MAX_LENGTH}
            value={content}
            onChange={(event) => {
              setContent(event.currentTarget.value);
              setSent(false);
            }}
            description={t('length', {
              length,
              min: FEEDBACK_MIN_LENGTH,
              max: FEEDBACK_MAX_LENGTH,
            })}
          />
          <Group justify="flex-end">
            <Button onClick={() => send.mutate()} loading={send.isPending} disabled={tooShort}>
              {t('send')}
            </Button>
          </Group>
          {error && <Alert color="red">{error}</Alert>}
          {sent && (
            <Alert color="teal" role="status">
              {t('sent')}
            </Alert>
          )}
        </>
      ) : (
        <Group>
          <Button variant="default" onClick={onLogin}>
            {t('login_to_send')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
