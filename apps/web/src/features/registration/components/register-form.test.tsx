import { registerFieldNames } from '@app/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { RegisterForm } from './register-form';

const offRule = {
  enabled: false,
  required: false,
  patternId: 0,
  acceptedPattern: '',
  minLength: 0,
  maxLength: 255,
};

function settings() {
  const rules = Object.fromEntries(registerFieldNames.map((name) => [name, offRule]));
  return {
    ...rules,
    username: {
      ...offRule,
      enabled: true,
      required: true,
      patternId: 1,
      minLength: 6,
      maxLength: 16,
    },
    password: {
      ...offRule,
      enabled: true,
      required: true,
      patternId: 5,
      minLength: 6,
      maxLength: 20,
    },
  };
}

const termsArticle = {
  tag: 'terms',
  title: 'Terms and conditions',
  content: '<p>One account per person.</p>',
};

function renderForm() {
  mockApi({
    '/wps/system/setting/register': { body: { success: true, value: settings() } },
    '/wps/system/helpCenter': {
      body: {
        success: true,
        value: [
          { tag: 'account', title: 'Creating an account', content: '<p>x</p>' },
          termsArticle,
        ],
      },
    },
  });
  return renderWithProviders(
    <RegisterForm mode="page" onSession={vi.fn()} onRegistered={vi.fn()} />,
  );
}

describe('RegisterForm', () => {
  it('stars the required fields and explains a broken rule with its lengths', async () => {
    renderForm();
    const username = await screen.findByRole('textbox', { name: 'Username' });

    const label = document.querySelector(`label[for="${username.id}"]`);
    expect(label?.hasAttribute('data-required-star')).toBe(true);

    fireEvent.change(username, { target: { value: '1abc' } });
    fireEvent.blur(username);

    expect(
      await screen.findByText('Please enter 6-16 letters and digits, starting with a letter'),
    ).toBeTruthy();
  });

  it('asks for every required field, a matching confirmation and the terms', async () => {
    renderForm();
    await screen.findByRole('textbox', { name: 'Username' });
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('Please agree to the terms to register')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeTruthy();
  });

  it("shows each field's rule as help text under it before any error, and the error instead", async () => {
    renderForm();
    const username = await screen.findByRole('textbox', { name: 'Username' });
    const usernameRule = 'Please enter 6-16 letters and digits, starting with a letter';
    expect(screen.getByText(usernameRule)).toBeTruthy();
    expect(username.getAttribute('aria-describedby')).toContain(screen.getByText(usernameRule).id);
    const password = screen.getByLabelText('Password', { exact: true });
    const passwordHelpId = password.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(passwordHelpId.split(' ')[0] ?? '')?.textContent).toMatch(
      /6-20/,
    );

    fireEvent.change(username, { target: { value: '1abc' } });
    fireEvent.blur(username);
    // The error says the rule now; it is not said twice. The help text says it too before the
    // blur's validation renders, so the wait is for the field to be marked invalid.
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(usernameRule)).toHaveLength(1);
  });

  it("links the terms box to the merchant's terms without changing the box", async () => {
    renderForm();
    await screen.findByRole('textbox', { name: 'Username' });
    const box = screen.getByRole('checkbox', {
      name: 'I am over 18 and agree to the terms and conditions',
    }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Read the terms and conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect((await screen.findByTestId('terms-content')).textContent).toBe(
      'One account per person.',
    );
    expect(box.checked).toBe(true);
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
