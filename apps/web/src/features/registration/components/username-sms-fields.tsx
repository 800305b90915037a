import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requiredLabelProps } from '../../../components/required-label';
import SmsCodeField, { type SmsPhone } from '../../../components/sms-code-field';
import { useSmsTexts } from '../../../lib/sms-texts';

export interface UsernameSmsFieldsProps {
  dialingCode: string;
  maxLength: number;
  mobileInputProps: UseFormRegisterReturn;
  mobileError: string | undefined;
  phone: () => Promise<SmsPhone | null>;
  codeInputProps: UseFormRegisterReturn;
  codeError: string | undefined;
}

/**
 * The mobile number and its SMS code on username registration, for merchants whose SMS
 * verification is on (SPEC §5). Its own chunk: other merchants never load it.
 */
export default function UsernameSmsFields(props: UsernameSmsFieldsProps) {
  useSmsTexts();
  const { t } = useTranslation('sms');
  return (
    <>
      <TextInput
        label={t('mobile')}
        labelProps={requiredLabelProps}
        placeholder={t('mobile_placeholder')}
        leftSection={`+${props.dialingCode}`}
        leftSectionWidth={52}
        autoComplete="tel-national"
        inputMode="tel"
        maxLength={props.maxLength}
        error={props.mobileError}
        {...props.mobileInputProps}
      />
      <SmsCodeField
        call="smsRegister"
        phone={props.phone}
        codeInputProps={props.codeInputProps}
        codeError={props.codeError}
      />
    </>
  );
}
