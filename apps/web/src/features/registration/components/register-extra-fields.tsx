import {
  effectiveRegisterRule,
  type RegisterFieldName,
  type RegisterSettings,
} from '@app/contract/client';
import { PasswordInput, TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requiredLabelProps } from '../../../components/required-label';
import { fieldMessageText, ruleHelpProps, validateOptionalField } from '../hooks/field-messages';

/** The registration fields a merchant may switch on (SPEC §3, §5), in the order shown. */
export const extraRegisterFields = [
  'payeeName',
  'email',
  'mobileNum',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
] as const satisfies readonly RegisterFieldName[];
export type ExtraRegisterField = (typeof extraRegisterFields)[number];
export type ExtraRegisterValues = Record<ExtraRegisterField, string>;

export const emptyExtraValues: ExtraRegisterValues = Object.fromEntries(
  extraRegisterFields.map((field) => [field, '']),
) as ExtraRegisterValues;

const autoComplete: Partial<Record<ExtraRegisterField, string>> = {
  payeeName: 'name',
  email: 'email',
  mobileNum: 'tel-national',
  paymentPassword: 'off',
};
const inputMode: Partial<Record<ExtraRegisterField, 'email' | 'tel' | 'numeric'>> = {
  email: 'email',
  mobileNum: 'tel',
  whatsapp: 'tel',
  zalo: 'tel',
};

export interface RegisterExtraFieldsProps {
  settings: RegisterSettings;
  /** Fields the form shows elsewhere or not at all (the affiliate code a URL proved valid). */
  hidden: ReadonlySet<ExtraRegisterField>;
  /** The form's registration of a field, with the validation it is given. */
  fieldProps: (
    field: ExtraRegisterField,
    validate: (value: string) => true | string,
  ) => UseFormRegisterReturn;
  /** The form's message reference for a field's error. */
  errorOf: (field: ExtraRegisterField) => string | undefined;
}

/**
 * Every enabled optional field (SPEC §5): shown only when enabled, starred when required,
 * checked against the merchant's rule with its `reg_pattern_{id}` message, which shows as help
 * text under the field before any error.
 */
export function RegisterExtraFields({
  settings,
  hidden,
  fieldProps,
  errorOf,
}: RegisterExtraFieldsProps) {
  const { t } = useTranslation(['registration', 'validation', 'errors']);
  return extraRegisterFields
    .filter((field) => settings[field].enabled && !hidden.has(field))
    .map((field) => {
      const rule = effectiveRegisterRule(field, settings[field]);
      const error = fieldMessageText(t, errorOf(field));
      const common = {
        label: t(`field_${field}`),
        labelProps: rule.required ? requiredLabelProps : undefined,
        maxLength: rule.maxLength,
        error,
        ...ruleHelpProps(t, rule, error),
        ...fieldProps(field, (value) => validateOptionalField(field, rule, value ?? '')),
      };
      return field === 'paymentPassword' ? (
        <PasswordInput
          key={field}
          visibilityToggleButtonProps={{ 'aria-label': t('toggle_password_visibility') }}
          autoComplete="new-password"
          {...common}
        />
      ) : (
        <TextInput
          key={field}
          autoComplete={autoComplete[field] ?? 'off'}
          inputMode={inputMode[field]}
          {...common}
        />
      );
    });
}
