import { TextInput } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkMobileNumber } from '../../lib/phone-number';
import { useSmsTexts } from '../../lib/sms-texts';
import { requiredLabelProps } from '../required-label';
import SmsCodeField, { type SmsCodeFieldProps, type SmsPhone } from '../sms-code-field';

const REQUIRED = 'validation:required';

export interface PhoneCodeFieldsProps<T extends FieldValues> {
  /** The form that owns both fields. */
  form: UseFormReturn<T>;
  /** The form's names for the national mobile number and the code sent to it. */
  mobileField: Path<T>;
  codeField: Path<T>;
  /** Which call sends the code: registration, or login and forgot password. */
  sendCall: SmsCodeFieldProps['call'];
  dialingCode: string;
  mobileMaxLength?: number | undefined;
  /** The number's rule (true or a message reference); digits only when not given. */
  validateMobile?: (value: string) => true | string;
  /** A message reference as text; `t(reference)` when not given. */
  messageText?: (message: string | undefined) => string | undefined;
}

/**
 * The mobile number with its SMS code and Send button (captcha or slider first), as every SMS
 * form asks for them: registration by mobile or username, SMS login, forgot password.
 * Render it under a Suspense: it waits for the `sms` texts.
 */
export default function PhoneCodeFields<T extends FieldValues>({
  form,
  mobileField,
  codeField,
  sendCall,
  dialingCode,
  mobileMaxLength,
  validateMobile = checkMobileNumber,
  messageText,
}: PhoneCodeFieldsProps<T>) {
  useSmsTexts();
  const { t } = useTranslation(['sms', 'validation', 'errors']);
  const textOf = messageText ?? ((message: string | undefined) => message && t(message));
  const errorOf = (field: Path<T>) => form.getFieldState(field, form.formState).error?.message;

  // The Send button first checks the number field, as submitting would.
  const phone = async (): Promise<SmsPhone | null> =>
    (await form.trigger(mobileField))
      ? { countryDialingCode: dialingCode, mobileNum: String(form.getValues(mobileField)).trim() }
      : null;

  return (
    <>
      <TextInput
        label={t('mobile')}
        labelProps={requiredLabelProps}
        placeholder={t('mobile_placeholder')}
        leftSection={`+${dialingCode}`}
        leftSectionWidth={52}
        autoComplete="tel-national"
        inputMode="tel"
        maxLength={mobileMaxLength}
        // The number's rule shows before any error, as every registration field's does; the error
        // takes its place when there is one.
        description={errorOf(mobileField) ? undefined : t('mobile_help')}
        error={textOf(errorOf(mobileField))}
        {...form.register(mobileField, { validate: (value) => validateMobile(String(value)) })}
      />
      <SmsCodeField
        call={sendCall}
        phone={phone}
        codeInputProps={form.register(codeField, {
          validate: (value) => String(value).trim() !== '' || REQUIRED,
        })}
        codeError={textOf(errorOf(codeField))}
      />
    </>
  );
}
