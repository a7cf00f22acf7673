import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusChip } from './status-chip';

const chipOf = (status: string) => screen.getByText(status).closest('.MuiChip-root');

describe('StatusChip', () => {
  it('colours each status by its group: done green, moving blue, waiting on someone amber, failed red, others plain', () => {
    render(
      <>
        <StatusChip status="delivered" />
        <StatusChip status="in transit" />
        <StatusChip status="refund pending" />
        <StatusChip status="cancelled" />
        <StatusChip status="refunded" size="small" />
      </>,
    );
    expect(chipOf('delivered')).toHaveClass('MuiChip-colorSuccess');
    expect(chipOf('in transit')).toHaveClass('MuiChip-colorInfo');
    expect(chipOf('refund pending')).toHaveClass('MuiChip-colorWarning');
    expect(chipOf('cancelled')).toHaveClass('MuiChip-colorError');
    expect(chipOf('refunded')).toHaveClass('MuiChip-colorDefault', 'MuiChip-sizeSmall');
  });
});
