import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { renderWithApp } from '../testing/render';
import { Dialog } from './dialog';

/** A page with a button that opens a dialog, as the header and the booking summary have. */
function Page({ closable = true, mountWhileOpen = false }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Dialog open={open} title="Search cars" onClose={() => setOpen(false)} closable={closable}>
      <label>
        Make <input data-autofocus />
      </label>
      <button type="button">Go</button>
    </Dialog>
  );
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open search
      </button>
      {/* The header mounts its lazy popups only while they are open. */}
      {mountWhileOpen ? open && dialog : dialog}
      <button type="button">After</button>
    </>
  );
}

describe.each([
  ['kept mounted', false],
  ['mounted only while open', true],
])('a dialog %s', (_, mountWhileOpen) => {
  test('opens with focus on its first field, and Escape gives focus back to the opener', async () => {
    const user = userEvent.setup();
    renderWithApp(<Page mountWhileOpen={mountWhileOpen} />);
    await user.click(screen.getByRole('button', { name: 'Open search' }));

    const dialog = screen.getByRole('dialog', { name: 'Search cars' });
    expect(document.activeElement).toBe(screen.getByLabelText('Make'));

    await user.keyboard('{Escape}');
    expect(dialog.hasAttribute('open') && dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open search' }));
  });

  test('Tab and Shift+Tab cycle through its controls only', async () => {
    const user = userEvent.setup();
    renderWithApp(<Page mountWhileOpen={mountWhileOpen} />);
    await user.click(screen.getByRole('button', { name: 'Open search' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const field = screen.getByLabelText('Make');
    const go = screen.getByRole('button', { name: 'Go' });

    const visited: (Element | null)[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      visited.push(document.activeElement);
    }
    expect(visited).toEqual([go, close, field, go]);

    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(go);
  });

  test('the × closes it too, and focus goes back to the opener', async () => {
    const user = userEvent.setup();
    renderWithApp(<Page mountWhileOpen={mountWhileOpen} />);
    const opener = screen.getByRole('button', { name: 'Open search' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

test('while it may not close (a payment on its way), Escape leaves it open', async () => {
  const user = userEvent.setup();
  renderWithApp(<Page closable={false} />);
  await user.click(screen.getByRole('button', { name: 'Open search' }));
  await user.keyboard('{Escape}');
  expect(screen.getByRole('dialog', { name: 'Search cars' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
});
