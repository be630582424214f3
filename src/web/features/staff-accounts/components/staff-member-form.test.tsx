import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { AdminBranchListItem } from '../../../../shared/schemas/branches.staff';
import type { StaffMember } from '../../../../shared/schemas/staff-accounts';
import { renderWithApp } from '../../../testing/render';
import { StaffMemberForm } from './staff-member-form';

const branch = (id: number, name: string): AdminBranchListItem => ({
  id,
  name,
  town: 'Accra',
  address: 'Somewhere',
  phone: '+233302000111',
  opens: '07:00',
  closes: '21:00',
  is_airport: false,
  car_count: 0,
  yours: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const branches = [branch(1, 'East Legon office'), branch(3, 'Kumasi office')];

function renderForm(member: StaffMember | null = null, isSelf = false) {
  const onSave = vi.fn().mockResolvedValue(undefined);
  renderWithApp(
    <StaffMemberForm
      member={member}
      branches={branches}
      isSelf={isSelf}
      pending={false}
      submitLabel="Add staff member"
      onSave={onSave}
      onCancel={() => undefined}
    />,
  );
  return onSave;
}

describe('the staff member form (STAFF-38, STAFF-43)', () => {
  test('asks for branches only for a manager or an agent, and needs one', async () => {
    const user = userEvent.setup();
    const onSave = renderForm();
    expect(screen.queryByRole('group', { name: 'Branches' })).toBeNull();

    await user.type(screen.getByLabelText('Phone number'), '024 412 3456');
    await user.type(screen.getByLabelText('Full name'), 'Yaw Darko');
    await user.selectOptions(screen.getByLabelText('Role'), 'agent');
    expect(screen.getByRole('group', { name: 'Branches' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText(/Choose at least one branch/)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'Kumasi office' }));
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({
      msisdn: '024 412 3456',
      name: 'Yaw Darko',
      role: 'agent',
      branch_ids: [3],
    });
  });

  test('an owner has no branches: choosing owner drops those chosen', async () => {
    const user = userEvent.setup();
    const onSave = renderForm();
    await user.type(screen.getByLabelText('Phone number'), '0244123456');
    await user.type(screen.getByLabelText('Full name'), 'Adwoa Owner');
    await user.selectOptions(screen.getByLabelText('Role'), 'manager');
    await user.click(screen.getByRole('checkbox', { name: 'East Legon office' }));
    await user.selectOptions(screen.getByLabelText('Role'), 'owner');
    expect(screen.queryByRole('group', { name: 'Branches' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ role: 'owner', branch_ids: [] });
  });

  test('the owner editing themselves sees their role but cannot change it', () => {
    renderForm(
      {
        id: 1,
        name: 'Kwame Asante',
        msisdn: '233244000000',
        role: 'owner',
        branches: [],
        deactivated_at: null,
        last_sign_in_at: null,
        created_at: '2026-01-01T00:00:00.000Z',
      },
      true,
    );
    expect(screen.queryByLabelText('Role')).toBeNull();
    expect(screen.getByText('You cannot change your own role. Another owner can.')).toBeTruthy();
    expect(screen.queryByLabelText('Phone number')).toBeNull();
    expect(screen.getByText('+233 24 400 0000')).toBeTruthy();
  });
});
