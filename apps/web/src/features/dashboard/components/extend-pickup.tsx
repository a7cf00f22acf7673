import {
  carrierDisplayName,
  extensionRefusal,
  PICKUP_EXTENSION_MAX_DAYS,
  PICKUP_EXTENSION_RESULT_MESSAGES,
  PICKUP_EXTENSION_RESULTS,
  type PickupExtensionResult,
  type WaitingPackage,
} from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { CANNOT_OPEN, lazyComponent, useLazyComponent } from '../../../lib/lazy-component';

/** EXTEND A DAY's dialog, fetched on the first pointer over, focus on or click of the button (issue 24): not in the dashboard's first chunks. */
const extendPickupDialog = lazyComponent(() => import('./extend-pickup-dialog').then((module) => module.ExtendPickupDialog));

/**
 * Whether EXTEND A DAY is offered for a waiting package now: a server that extends (it says how many
 * days were), the free period not over and fewer than PICKUP_EXTENSION_MAX_DAYS days added. The
 * server decides; this only keeps the button away when it would be refused.
 */
export function canExtendPickup(item: Pick<WaitingPackage, 'freeUntil' | 'extendedDays'>, now: Date = new Date()): boolean {
  if (item.extendedDays === undefined) return false;
  return extensionRefusal({ freeUntil: new Date(item.freeUntil), extendedDays: item.extendedDays, now }) === null;
}

/** 'Extended 1 of 2 days' once a day was added; null before. */
export function extendedLine(item: Pick<WaitingPackage, 'extendedDays'>): string | null {
  const days = item.extendedDays ?? 0;
  return days > 0 ? `Extended ${days} of ${PICKUP_EXTENSION_MAX_DAYS} days` : null;
}

/**
 * EXTEND A DAY on a waiting package's card while it can be extended, and the dialog. The dialog
 * stays mounted while it shows what was done, though the package, read again, may no longer offer it.
 */
export function ExtendPickup({ item, sx }: { item: WaitingPackage; sx?: SxProps<Theme> }) {
  const [open, setOpen] = useState(false);
  const dialog = useLazyComponent(extendPickupDialog);
  const ExtendPickupDialog = dialog.Component;
  const offered = canExtendPickup(item);
  if (!offered && !open) return null;
  return (
    <>
      {offered && (
        <Box sx={sx}>
          <Button
            variant="outlined"
            onClick={() => {
              if (!dialog.loading) dialog.open(() => setOpen(true));
            }}
            onPointerEnter={dialog.preload}
            onFocus={dialog.preload}
            aria-busy={dialog.loading}
            endIcon={dialog.loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            aria-label={`Extend a day: the ${carrierDisplayName(item.carrier)} package ${item.trackingNo}`}
          >
            Extend a day
          </Button>
        </Box>
      )}
      {dialog.failed && (
        <Alert severity="error" sx={sx}>
          {CANNOT_OPEN('Extend a day')}
        </Alert>
      )}
      {ExtendPickupDialog && <ExtendPickupDialog item={item} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Back from PayPal (?extension=): how the payment for a day ended, said once as a toast, and the
 * parameter dropped so a reload does not say it again.
 */
export function ExtensionResultNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const toast = useToast();
  const result = searchParams.get('extension');
  useEffect(() => {
    if (!result) return;
    if ((PICKUP_EXTENSION_RESULTS as readonly string[]).includes(result)) {
      const known = result as PickupExtensionResult;
      toast.show(PICKUP_EXTENSION_RESULT_MESSAGES[known], known === 'extended' ? 'success' : 'info');
    }
    setSearchParams(
      (params) => {
        params.delete('extension');
        return params;
      },
      { replace: true },
    );
  }, [result, setSearchParams, toast]);
  return null;
}
