import {
  COUNTRY_UNITED_STATES,
  LIMITS,
  unitSuiteLine,
  usStateCode,
  type Campus,
  type Company,
  type CompanyStep,
  type companyStepSchema,
} from '@airbox/contract';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '../../../components/form/form';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormField } from '../../../components/form/form-field';
import { FormSelect } from '../../../components/form/form-select';
import { getBuildingHubsQueryOptions, useBuildingHubs } from '../api/get-building-hubs';
import { useBuildings } from '../api/get-buildings';
import { getCampusesQueryOptions, useCampuses } from '../api/get-campuses';
import { getCompanyInfoQueryOptions } from '../api/get-company-info';
import { useUnitCompanies } from '../api/get-companies';
import { useUnits } from '../api/get-units';
import { AddressFields, EMPTY_ADDRESS_FIELDS } from './address-fields';
import { CompanyPicker } from './company-picker';
import { FieldGrid, Wide } from './field-grid';
import { HubSelect } from './hub-select';
import { SectionTitle } from './section-title';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { TermsField } from './terms-field';

/** The step's fields as typed (ids may still be empty) and as validated. */
export type CompanyValues = z.input<typeof companyStepSchema>;
export type CompanyOutput = CompanyStep;

export const EMPTY_COMPANY: CompanyValues = {
  bc_id: '',
  building_id: '',
  unit_id: '',
  company_id: '',
  locker: '',
  zipcode: '',
  ...EMPTY_ADDRESS_FIELDS,
  // The checkbox starts unticked; the schema only accepts true.
  companyConfirmed: false as true,
};

const idOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * The campus → building → unit → company → locker cascade (spec 02 §4): changing the campus clears
 * building, unit, company and locker; changing the building clears unit and company and loads its
 * lockers; changing the unit clears the company. Choosing a company fills campus, building and
 * unit from company/info, the address from the campus (line 2 'Unit/Suite {unit}') and loads the
 * building's lockers.
 */
function CompanyFields({ bcmUserId }: { bcmUserId: number }) {
  const queryClient = useQueryClient();
  const { control, setValue, getValues, formState } = useFormContext<CompanyValues>();
  const [bcId = null, buildingId = null, unitId = null, companyId = null] = useWatch({
    control,
    name: ['bc_id', 'building_id', 'unit_id', 'company_id'],
  }).map(idOrNull);
  const campuses = useCampuses();
  const buildings = useBuildings(bcId);
  const units = useUnits(buildingId);
  const unitCompanies = useUnitCompanies(unitId);
  const hubs = useBuildingHubs(buildingId);
  const [chosen, setChosen] = useState<Company | null>(null);
  // Coming back to this step, the company is found again in its unit's list.
  const selected =
    chosen?.company_id === companyId ? chosen : (unitCompanies.data?.find((company) => company.company_id === companyId) ?? null);

  const set = (name: keyof CompanyValues, value: string | number) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  function fillAddress(campus: Campus, line2: string) {
    set('country', COUNTRY_UNITED_STATES);
    set('state', usStateCode(campus.state) ?? '');
    set('city', campus.city);
    set('address1', campus.address1);
    set('address2', line2);
    set('zipcode', campus.zip_code);
  }

  /** Loads a building's lockers; keeps the chosen one if it is there, picks the only one, else clears. */
  async function loadLockers(building: number) {
    const found = await queryClient.fetchQuery(getBuildingHubsQueryOptions(building)).catch(() => null);
    if (!found || getValues('building_id') !== building) return;
    if (found.some((hub) => hub.id === getValues('locker'))) return;
    set('locker', found.length === 1 ? found[0]!.id : '');
  }

  function chooseCampus(value: string | number) {
    const campus = campuses.data?.find((candidate) => candidate.bc_id === value);
    set('bc_id', value);
    for (const name of ['building_id', 'unit_id', 'company_id', 'locker'] as const) set(name, '');
    setChosen(null);
    if (campus) fillAddress(campus, campus.address2);
  }

  function chooseBuilding(value: string | number) {
    set('building_id', value);
    set('unit_id', '');
    set('company_id', '');
    set('address2', '');
    setChosen(null);
    void loadLockers(Number(value));
  }

  function chooseUnit(value: string | number) {
    const unit = units.data?.find((candidate) => candidate.unit_id === value);
    set('unit_id', value);
    set('company_id', '');
    setChosen(null);
    if (unit) set('address2', unitSuiteLine(unit.unit_name));
  }

  async function chooseCompany(company: Company | null) {
    setChosen(company);
    set('company_id', company?.company_id ?? '');
    if (!company) return;
    const info = await queryClient.fetchQuery(getCompanyInfoQueryOptions(company.company_id)).catch(() => null);
    if (!info || getValues('company_id') !== company.company_id) return;
    set('bc_id', info.bc_id);
    set('building_id', info.building_id);
    set('unit_id', info.unit_id);
    const allCampuses = await queryClient.fetchQuery(getCampusesQueryOptions()).catch(() => []);
    const campus = allCampuses.find((candidate) => candidate.bc_id === info.bc_id);
    if (campus) fillAddress(campus, unitSuiteLine(info.unit_name));
    else set('address2', unitSuiteLine(info.unit_name));
    await loadLockers(info.building_id);
  }

  return (
    <FieldGrid>
      <Wide>
        <CompanyPicker bcmUserId={bcmUserId} unitId={unitId} selected={selected} onChoose={(company) => void chooseCompany(company)} />
      </Wide>
      <SectionTitle>Location</SectionTitle>
      <FormSelect
        name="bc_id"
        label="Campus"
        required
        options={(campuses.data ?? []).map((campus) => ({ value: campus.bc_id, label: campus.bc_name }))}
        onSelect={chooseCampus}
      />
      <FormSelect
        name="building_id"
        label="Building"
        required
        disabled={bcId === null}
        options={(buildings.data ?? []).map((building) => ({ value: building.building_id, label: building.building_name }))}
        onSelect={chooseBuilding}
      />
      <FormSelect
        name="unit_id"
        label="Unit"
        required
        disabled={buildingId === null}
        options={(units.data ?? []).map((unit) => ({ value: unit.unit_id, label: unit.unit_name }))}
        onSelect={chooseUnit}
      />
      <HubSelect
        name="locker"
        label="Delivery hub"
        hubs={hubs.data ?? []}
        loading={hubs.isFetching}
        disabled={buildingId === null}
        helperText={buildingId === null ? 'Choose your building first' : 'Where your packages are delivered'}
      />
      <SectionTitle>Address</SectionTitle>
      <AddressFields />
      <FormField name="zipcode" label="ZIP code" required inputMode="numeric" autoComplete="postal-code" maxLength={LIMITS.zipLength} transform={(value) => value.replace(/\D/g, '').slice(0, LIMITS.zipLength)} />
      <Wide>
        <FormCheckbox name="companyConfirmed" required label="I have verified that my selected company is correct." />
        <TermsField />
      </Wide>
    </FieldGrid>
  );
}

/** Step 3 of the enterprise wizard: company, location, delivery hub, address and terms. */
export function CompanyStep({
  bcmUserId,
  defaultValues,
  busy,
  onSubmit,
  onBack,
}: {
  bcmUserId: number;
  defaultValues: CompanyValues;
  busy: boolean;
  onSubmit: (values: CompanyOutput) => void;
  onBack: (values: CompanyValues) => void;
}) {
  return (
    <Form schema="companyStepSchema" defaultValues={defaultValues} onSubmit={onSubmit} aria-label="Company step">
      {({ getValues }) => (
        <>
          <StepHeading>Your company</StepHeading>
          <Typography color="text.secondary" sx={{ mt: -1 }}>
            Search for your company by name or AirBox ID, or choose your campus, building and unit.
          </Typography>
          <CompanyFields bcmUserId={bcmUserId} />
          {/* The company not confirmed, the terms not accepted: said at each box, like every field error. */}
          <StepActions onBack={() => onBack(getValues())} nextLabel="Sign up" busy={busy} />
        </>
      )}
    </Form>
  );
}
