import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PackageCell, packageSize } from './package-cell';

describe('a parcel in the order tables and the details', () => {
  it('names a USPS Flat Rate package instead of its size, and gives the size of the customer’s own box', () => {
    expect(packageSize({ length: 8.625, width: 5.375, height: 1.625, predefinedPackage: 'SmallFlatRateBox' })).toBe('USPS Small Flat Rate Box');
    expect(packageSize({ length: 12, width: 10, height: 6, predefinedPackage: null })).toBe('12 × 10 × 6 in');
    renderWithProviders(<PackageCell length={11} width={8.5} height={5.5} weight={48} predefinedPackage="MediumFlatRateBox" />);
    expect(screen.getByText('USPS Medium Flat Rate Box')).toBeInTheDocument();
    expect(screen.getByText('3 lb')).toBeInTheDocument();
    expect(screen.queryByText(/11 × 8.5/)).not.toBeInTheDocument();
  });
});
