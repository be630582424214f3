import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { useNavigate } from '../../lib/router';
import { renderWithApp } from '../../testing/render';
import { FlashNotice } from './flash-notice';

/** A page that moves the person on with a word for the next page, as a verify or reset does. */
function Mover() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => void navigate('/available-cars', { state: { flash: 'Done and dusted.' } })}
    >
      Go
    </button>
  );
}

describe('a word after being moved on (ACCT-20)', () => {
  test('the next page says it, once, and it can be put away', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <FlashNotice />
        <Mover />
      </>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('status').textContent).toContain('Done and dusted.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Done and dusted.')).toBeNull();
  });

  test('nothing when no page left a word', () => {
    renderWithApp(<FlashNotice />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
