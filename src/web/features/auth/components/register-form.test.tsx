import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { RegisterForm } from './register-form';

// The form's rules load after the page; a test types at once, so load them first.
beforeAll(() => import('../../../../shared/schemas/auth'));

describe('the Register hint (ACCT-21)', () => {
  test('names what is wrong when every field is filled, and is announced', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegisterForm onRegistered={() => undefined} />);
    const hint = document.getElementById('register-incomplete')!;
    expect(hint.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('button', { name: 'Register' }).getAttribute('aria-describedby')).toBe(
      'register-incomplete',
    );
    await user.type(screen.getByLabelText('Full name'), 'Ama Mensah');
    await user.type(screen.getByLabelText('Phone number'), '0244123456');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Secret@123');
    await user.type(screen.getByLabelText('Confirm password', { exact: true }), 'Secret@124');
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() =>
      expect(hint.textContent).toBe('To register: Make the two passwords the same.'),
    );
    expect(hint.textContent).not.toMatch(/Fill in every field/);
  }, 30_000);
});
