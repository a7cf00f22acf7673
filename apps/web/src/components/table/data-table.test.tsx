import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubPhoneViewport } from '../../testing/viewport';
import { DataTable } from './data-table';
import type { Column, SortOrder } from './types';

interface Locker {
  id: number;
  name: string;
  free: number;
}

type LockerSort = 'name' | 'free';

const LOCKERS: Locker[] = [
  { id: 1, name: 'Mission Hub', free: 4 },
  { id: 2, name: 'Market Hub', free: 0 },
];

const COLUMNS: Column<Locker, LockerSort>[] = [
  { header: 'Hub', sort: 'name', cell: (locker) => locker.name },
  { header: 'Free lockers', sort: 'free', align: 'right', cell: (locker) => locker.free },
  { header: 'Options', cell: (locker) => <button type="button">Open {locker.name}</button> },
];

/** A screen's use of the table: it keeps the sort, the selection and the page. */
function Lockers({ rows = LOCKERS, loading = false, selectable = false }: { rows?: Locker[]; loading?: boolean; selectable?: boolean }) {
  const [sort, setSort] = useState<{ field: LockerSort; order: SortOrder }>({ field: 'name', order: 'desc' });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [page, setPage] = useState({ page: 0, rowsPerPage: 10 });
  return (
    <>
      <DataTable
        label="Hubs"
        columns={COLUMNS}
        rows={rows}
        rowKey={(locker) => locker.id}
        card={(locker) => (
          <p>
            {locker.name}: {locker.free} free
          </p>
        )}
        empty="You have no hubs."
        loading={loading}
        minWidth={600}
        sort={{ ...sort, onChange: (field, order) => setSort({ field, order }) }}
        selection={
          selectable
            ? { selected, onChange: setSelected, allLabel: 'Select every hub', rowLabel: (locker) => `Select ${locker.name}` }
            : undefined
        }
        pager={{
          count: 25,
          ...page,
          rowsPerPageOptions: [10, 20],
          onPageChange: (next) => setPage({ ...page, page: next }),
          onRowsPerPageChange: (rowsPerPage) => setPage({ page: 0, rowsPerPage }),
        }}
      />
      <output aria-label="Chosen">{[...selected].join(',')}</output>
      <output aria-label="Sorted">{`${sort.field} ${sort.order}`}</output>
    </>
  );
}

function renderLockers(props: Parameters<typeof Lockers>[0] = {}) {
  const user = userEvent.setup();
  return { user, ...render(<Lockers {...props} />) };
}

describe('DataTable', () => {
  it('shows a row per item under its column headers', () => {
    renderLockers();
    const table = screen.getByRole('table', { name: 'Hubs' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      [],
      ['Mission Hub', '4', 'Open Mission Hub'],
      ['Market Hub', '0', 'Open Market Hub'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Options' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Hubs table' })).toContainElement(table);
  });

  it('sorts by a header: descending first, the same header again ascending', async () => {
    const { user } = renderLockers();
    const table = screen.getByRole('table', { name: 'Hubs' });
    expect(within(table).getByRole('columnheader', { name: /Hub/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(table).queryByRole('button', { name: 'Options' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Free lockers' }));
    expect(screen.getByRole('status', { name: 'Sorted' })).toHaveTextContent('free desc');
    expect(within(table).getByRole('columnheader', { name: /Free lockers/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: 'Free lockers' }));
    expect(screen.getByRole('status', { name: 'Sorted' })).toHaveTextContent('free asc');
    expect(within(table).getByRole('columnheader', { name: /Free lockers/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('selects rows one by one, and every row with the header checkbox', async () => {
    const { user } = renderLockers({ selectable: true });
    const all = screen.getByRole('checkbox', { name: 'Select every hub' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Market Hub' }));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('2');
    expect(all).toBePartiallyChecked();

    await user.click(all);
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('1,2');
    expect(screen.getByRole('checkbox', { name: 'Select Mission Hub' })).toBeChecked();
    expect(all).toBeChecked();

    await user.click(all);
    expect(screen.getByRole('status', { name: 'Chosen' })).toBeEmptyDOMElement();
    expect(screen.getByRole('checkbox', { name: 'Select Market Hub' })).not.toBeChecked();
  });

  it('says the empty text when there is nothing to list, but not while loading', () => {
    const { rerender } = renderLockers({ rows: [], loading: true, selectable: true });
    expect(screen.queryByText('You have no hubs.')).not.toBeInTheDocument();
    rerender(<Lockers rows={[]} selectable />);
    expect(within(screen.getByRole('table', { name: 'Hubs' })).getByRole('cell', { name: 'You have no hubs.' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select every hub' })).toBeDisabled();
  });

  it('pages forward and back, and changes the page size', async () => {
    const { user } = renderLockers();
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '20' }));
    expect(screen.getByText('1–20 of 25')).toBeInTheDocument();
  });

  it('shows cards on a phone, with a sort choice and a select-all box instead of headers', async () => {
    stubPhoneViewport();
    const { user } = renderLockers({ selectable: true });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Hubs' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Select every hub',
      'Mission Hub: 4 free',
      'Market Hub: 0 free',
    ]);

    await user.click(within(list).getByRole('checkbox', { name: 'Select Mission Hub' }));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('1');
    await user.click(within(list).getByRole('checkbox', { name: 'Select every hub' }));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('1,2');

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Free lockers' }));
    expect(screen.getByRole('status', { name: 'Sorted' })).toHaveTextContent('free desc');
    await user.click(screen.getByRole('button', { name: 'Descending' }));
    expect(screen.getByRole('status', { name: 'Sorted' })).toHaveTextContent('free asc');
    expect(screen.getByRole('button', { name: 'Ascending' })).toBeInTheDocument();
  });

  it('says the empty text as the only card on a phone', () => {
    stubPhoneViewport();
    renderLockers({ rows: [], selectable: true });
    const list = screen.getByRole('list', { name: 'Hubs' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['You have no hubs.']);
  });
});
