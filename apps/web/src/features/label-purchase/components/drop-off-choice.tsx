import { DROP_OFF_MESSAGES, DROP_OFF_VALID_DAYS, hubAddress, type HubOption } from '@airbox/contract';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type InputHTMLAttributes, useId } from 'react';

export const DROP_OFF_TEXT = {
  legend: 'How the parcel reaches the carrier',
  carrier: 'The carrier picks it up, or I take it to the carrier (schedule a pickup from Purchased Labels)',
  hub: DROP_OFF_MESSAGES.choice,
  hubLabel: 'AirBox hub',
  yourHub: ' (your hub)',
  how: `After you pay you get a drop-off code and its QR code. Show it at the hub's locker within ${DROP_OFF_VALID_DAYS} days: an empty compartment of the right size opens once. No printer needed, the hub prints the label; a carrier collects the hub's parcels every day.`,
  noHubs: 'No AirBox hub can take drop-offs for you right now.',
} as const;

/**
 * Review and pay (issue 23 item 1): a carrier pickup as before, or "I'll drop it off at my AirBox
 * hub", the customer's own hub chosen first and any other they may choose offered. A parcel no
 * compartment holds cannot be dropped off, and says why.
 */
export function DropOffChoice({
  hubs,
  ownHubId,
  hubId,
  tooBig,
  onChange,
}: {
  /** undefined while they load. */
  hubs: HubOption[] | undefined;
  ownHubId: string | null;
  /** The hub chosen, or null for a carrier pickup. */
  hubId: string | null;
  tooBig: boolean;
  onChange: (hubId: string | null) => void;
}) {
  const legendId = useId();
  const helpId = useId();
  const offered = hubs ?? [];
  const unavailable = tooBig || (hubs !== undefined && offered.length === 0);
  const firstHub = offered[0]?.id ?? null;
  return (
    <FormControl component="fieldset" sx={{ py: 1, minWidth: 0 }}>
      <FormLabel component="legend" id={legendId} sx={{ color: 'text.primary', fontWeight: 500 }}>
        {DROP_OFF_TEXT.legend}
      </FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        value={hubId === null || unavailable ? 'carrier' : 'hub'}
        onChange={(event) => onChange(event.target.value === 'hub' ? (firstHub ?? null) : null)}
      >
        <FormControlLabel value="carrier" control={<Radio />} label={DROP_OFF_TEXT.carrier} />
        <FormControlLabel
          value="hub"
          control={<Radio slotProps={{ input: { 'aria-describedby': helpId } as InputHTMLAttributes<HTMLInputElement> }} />}
          label={DROP_OFF_TEXT.hub}
          disabled={unavailable || hubs === undefined}
        />
      </RadioGroup>
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {tooBig ? DROP_OFF_MESSAGES.tooBig : hubs !== undefined && offered.length === 0 ? DROP_OFF_TEXT.noHubs : DROP_OFF_TEXT.how}
      </FormHelperText>
      {hubId !== null && !unavailable && (
        <Box sx={{ mt: 1.5, maxWidth: 520 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={DROP_OFF_TEXT.hubLabel}
            value={hubId}
            onChange={(event) => onChange(event.target.value)}
          >
            {offered.map((hub) => (
              <MenuItem key={hub.id} value={hub.id} sx={{ whiteSpace: 'normal' }}>
                {`${hub.business_name}${hub.id === ownHubId ? DROP_OFF_TEXT.yourHub : ''}`}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {(() => {
              const chosen = offered.find((hub) => hub.id === hubId);
              return chosen ? hubAddress(chosen) : '';
            })()}
          </Typography>
        </Box>
      )}
    </FormControl>
  );
}
