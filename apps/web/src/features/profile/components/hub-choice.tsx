import { hubAddress, type HubOption } from '@airbox/contract';
import { FormSelect } from '../../../components/form/form-select';

/** The default delivery hub, or '(none)' (an empty lockerUUID). */
export function HubChoice({ name, hubs, loading }: { name: string; hubs: readonly HubOption[]; loading: boolean }) {
  return (
    <FormSelect
      name={name}
      label="Delivery hub"
      options={hubs.map((hub) => ({ value: hub.id, label: `${hub.business_name} — ${hubAddress(hub)}` }))}
      emptyLabel="(none)"
      wrapOptions
      disabled={loading}
      helperText="Where your parcels are delivered"
    />
  );
}
