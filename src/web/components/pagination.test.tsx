import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderWithApp } from '../testing/render';
import { Pagination } from './pagination';

/** What a person sees in the pager, in order: page numbers and '…' for a gap. */
function shownItems() {
  const nav = screen.getByRole('navigation', { name: 'Pages' });
  return Array.from(nav.querySelectorAll('button, .page-gap'))
    .map((node) => node.textContent ?? '')
    .filter((text) => text !== '‹' && text !== '›');
}

describe('the pager', () => {
  test('shows every page when there are seven or fewer', () => {
    renderWithApp(<Pagination page={3} lastPage={7} onChange={() => {}} />);
    expect(shownItems()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  test.each([
    [1, ['1', '2', '3', '…', '20']],
    [4, ['1', '2', '3', '4', '5', '6', '…', '20']],
    [10, ['1', '…', '8', '9', '10', '11', '12', '…', '20']],
    [18, ['1', '…', '16', '17', '18', '19', '20']],
    [20, ['1', '…', '18', '19', '20']],
  ])('on page %i of 20 shows the first, the last and two either side', (page, expected) => {
    renderWithApp(<Pagination page={page} lastPage={20} onChange={() => {}} />);
    expect(shownItems()).toEqual(expected);
  });

  test('marks the current page, and only it, with aria-current', () => {
    renderWithApp(<Pagination page={10} lastPage={20} onChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const current = within(nav)
      .getAllByRole('button')
      .filter((button) => button.getAttribute('aria-current') === 'page');
    expect(current).toEqual([within(nav).getByRole('button', { name: 'Page 10' })]);
  });

  test('asks for the page chosen, and for the neighbours from the arrows', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithApp(<Pagination page={10} lastPage={20} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 12' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls).toEqual([[12], [9], [11]]);
  });

  test('is not shown when there is only one page', () => {
    renderWithApp(<Pagination page={1} lastPage={1} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  test('disables the arrow that would leave the range', () => {
    renderWithApp(<Pagination page={1} lastPage={3} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', false);
  });
});
