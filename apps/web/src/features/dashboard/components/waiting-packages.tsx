import { carrierDisplayName, doorLine, outOfReachAdvice, onFirstUse, OVERDUE_MAX_DAYS, pacificDateString, PICKUP_TIME_ZONE, type WaitingPackage } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/date-time';
import { SharePickup } from '../../../components/pickup-share/share-pickup';
import { ExtendPickup, extendedLine, ExtensionResultNotice } from './extend-pickup';

/** The Terms in a line (spec 03 §9), under the list. */
export const PICKUP_TERMS = `Free until 12:00 PM PST the day after arrival; after that 1 credit a day, for up to ${OVERDUE_MAX_DAYS} extra days.`;

const credits = (count: number) => `${count} credit${count === 1 ? '' : 's'}`;

/** What a pickup now costs, in words. */
export function feeText(item: Pick<WaitingPackage, 'creditsDue' | 'overdueDays'>): string {
  if (item.creditsDue === 0) return 'Nothing due: your membership covers it';
  if (item.overdueDays === 0) return `${credits(item.creditsDue)} at pickup`;
  return `${credits(item.creditsDue)} due at pickup, ${item.overdueDays} overdue day${item.overdueDays === 1 ? '' : 's'} included`;
}

/** A term and its value; `wide` ones take the whole row on a phone (an address, a tracking number). */
function Detail({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { xs: '1 / -1', md: 'auto' } : undefined }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A customer who needs a low door and whose package went behind a high one (issue 22 item 3): said
 * plainly, with the hub's phone to call, so the pickup is not a dead end.
 */
function OutOfReachNotice({ item }: { item: WaitingPackage }) {
  if (!item.door || !item.doorOutOfReach) return null;
  const phone = item.hubPhone ?? '';
  return (
    <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
      {outOfReachAdvice(item.door, { name: item.hubName, phone })}
      {phone && (
        <>
          {' '}
          <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} sx={{ fontWeight: 600 }}>
            Call {phone}
          </Link>
        </>
      )}
    </Alert>
  );
}

const dayFormat = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }));
const pacificDayFormat = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: PICKUP_TIME_ZONE }));
const pacificTimeFormat = onFirstUse(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: PICKUP_TIME_ZONE, timeZoneName: 'short' }));

/**
 * A package delivered during the customer's vacation hold (issue 22 item 2), while the hold lasts:
 * 'On hold until Dec 12 · free until Dec 14, 12:00 PM PST'. null once the hold is over.
 */
export function heldLine(item: Pick<WaitingPackage, 'heldUntil' | 'freeUntil'>, now: Date = new Date()): string | null {
  if (!item.heldUntil || item.heldUntil < pacificDateString(now)) return null;
  const freeUntil = new Date(item.freeUntil);
  const until = dayFormat().format(new Date(`${item.heldUntil}T12:00:00Z`));
  return `On hold until ${until} · free until ${pacificDayFormat().format(freeUntil)}, ${pacificTimeFormat().format(freeUntil)}`;
}

/** The held line, where the customer reads the pickup code: the compartment is kept while they are away. */
function HeldNotice({ item }: { item: WaitingPackage }) {
  const line = heldLine(item);
  if (!line) return null;
  return (
    <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
      <strong>{line}</strong>
      <br />
      It arrived during your vacation hold: the locker keeps it and no fee runs until then.
    </Alert>
  );
}

function WaitingPackageItem({ item }: { item: WaitingPackage }) {
  const overdue = item.overdueDays > 0;
  return (
    <Box
      component="li"
      aria-label={`Package from ${carrierDisplayName(item.carrier)} at ${item.hubName}`}
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: overdue ? 'warning.main' : 'divider',
        borderRadius: 2,
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: { xs: 'row', sm: 'column' }, flexWrap: 'wrap', alignItems: { xs: 'center', sm: 'flex-start' }, columnGap: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
          Pickup code
        </Typography>
        <Typography sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '2rem', fontWeight: 700, letterSpacing: '0.12em', lineHeight: 1.2 }}>
          {item.pickupCode}
        </Typography>
        {overdue && <Chip size="small" color="warning" label="Overdue" sx={{ mt: { xs: 0, sm: 1 } }} />}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <Detail term="Hub" wide>
          <strong>{item.hubName}</strong>
          <br />
          {item.hubAddress}
        </Detail>
        {item.door && (
          <Detail term="Door" wide>
            {doorLine(item.door).replace(/^Door /, '')}
          </Detail>
        )}
        <Detail term="Carrier" wide>
          {carrierDisplayName(item.carrier)}
          <br />
          <Typography component="span" variant="body2">
            {item.trackingNo}
          </Typography>
        </Detail>
        <Detail term="Arrived">
          <DateTime value={item.deliveredAt} />
        </Detail>
        <Detail term="Free until">
          <DateTime value={item.freeUntil} />
          {extendedLine(item) && (
            <>
              <br />
              <Typography component="span" variant="body2" color="text.secondary">
                {extendedLine(item)}
              </Typography>
            </>
          )}
        </Detail>
        <Detail term="Fee" wide>
          <Typography component="span" color={overdue ? 'warning.dark' : 'text.primary'} sx={{ fontWeight: overdue ? 700 : 400 }}>
            {feeText(item)}
          </Typography>
        </Detail>
      </Box>
      <HeldNotice item={item} />
      <OutOfReachNotice item={item} />
      {/* The card's actions side by side; a share's notice (an alert) takes a line of its own. */}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: 1.5, '&:empty': { display: 'none' }, '& > .MuiAlert-root': { flexBasis: '100%' } }}>
        <SharePickup item={item} />
        <ExtendPickup item={item} />
      </Box>
    </Box>
  );
}

/**
 * The packages waiting in lockers (issue 11): each with its pickup code, so a code is never only
 * in a message the customer may delete, its hub, carrier, arrival, free period and fee.
 */
export function WaitingPackages({ packages }: { packages: WaitingPackage[] }) {
  if (packages.length === 0) {
    return (
      <>
        <ExtensionResultNotice />
        <Typography color="text.secondary">No packages are waiting for you.</Typography>
      </>
    );
  }
  return (
    <>
      <ExtensionResultNotice />
      <Box component="ul" aria-label="Waiting packages" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
        {packages.map((item) => (
          <WaitingPackageItem key={item.packageId} item={item} />
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {PICKUP_TERMS} Your pickup codes stay here until you pick the packages up, even if you delete their messages.
      </Typography>
    </>
  );
}
