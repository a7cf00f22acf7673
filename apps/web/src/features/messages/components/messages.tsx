import { INBOX_MESSAGES, MESSAGE_PAGE_SIZES, carrierDisplayName, type InboxMessage, type WaitingPackage } from '@airbox/contract';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import { DateTime } from '../../../components/date-time';
import { AdvertisementBanner } from '../../../components/layout/advertisement-banner';
import { SharePickup } from '../../../components/pickup-share/share-pickup';
import { PageCard } from '../../../components/layout/page-card';
import { DataTable } from '../../../components/table/data-table';
import { offsetPager } from '../../../components/table/table-pager';
import type { Column } from '../../../components/table/types';
import { useAdvertisements } from '../../../lib/advertisements';
import { useFirstAnswersDrawn } from '../../../lib/first-answers';
import { answerMessage } from '../../../lib/http';
import { useFormatDateTime } from '../../../lib/user';
import { useUnpickups } from '../../../lib/waiting-packages';
import { useCarrierList } from '../api/get-carrier-list';
import { useDeleteAllPickedUpMessages, useDeleteMessages } from '../api/delete-messages';
import { useMessages, type MessageFilters, type MessagesPage } from '../api/get-messages';
import { sanitizeMessageHtml } from '../utils/sanitize-message';
import { MessageSearch, NO_FILTERS } from './message-search';

/** Lines of a message body shown until the customer asks for the rest. */
const BODY_LINES = 3;

/**
 * A message's body, kept to BODY_LINES lines (rows were ten lines tall, and the table wider than
 * the screen at 1366 px) with More / Less to read it whole. Its pickup code is in its own column.
 */
function MessageBody({ message }: { message: InboxMessage }) {
  const [whole, setWhole] = useState(false);
  const id = useId();
  const format = useFormatDateTime();
  return (
    <Box sx={{ minWidth: 180 }}>
      <Box
        id={id}
        sx={{
          '& p': { m: 0 },
          '& a': { color: 'primary.main' },
          ...(whole ? {} : { display: '-webkit-box', WebkitLineClamp: BODY_LINES, WebkitBoxOrient: 'vertical', overflow: 'hidden' }),
        }}
        // Sanitised by DOMPurify (sanitizeMessageHtml): no script, handler or unsafe link survives.
        dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(message.messages) }}
      />
      <Button
        size="small"
        aria-expanded={whole}
        aria-controls={id}
        aria-label={`${whole ? 'Less' : 'More'} of the message of ${messageName(message, format)}`}
        onClick={() => setWhole(!whole)}
        sx={{ px: 0.5, minWidth: 0, ml: -0.5 }}
      >
        {whole ? 'Less' : 'More'}
      </Button>
    </Box>
  );
}

function PickupStatus({ message }: { message: InboxMessage }) {
  const pickedUp = message.is_pickup === 1;
  return (
    <Chip
      size="small"
      variant={pickedUp ? 'outlined' : 'filled'}
      color={pickedUp ? 'default' : 'primary'}
      label={pickedUp ? 'Picked up' : 'Not picked up'}
    />
  );
}

/** The waiting package a "Not picked up" message is about (its pickup code and tracking number), to share from the message. */
type WaitingOf = (message: InboxMessage) => WaitingPackage | undefined;

function waitingFinder(packages: WaitingPackage[] | undefined): WaitingOf {
  return (message) =>
    message.is_pickup === 1 || !message.pickup_code
      ? undefined
      : packages?.find((item) => item.pickupCode === message.pickup_code && item.trackingNo === message.tracking_no);
}

/** A message's status, and SHARE PICKUP (or its live share) while its package waits (issue 22 item 1). */
function StatusCell({ message, waiting }: { message: InboxMessage; waiting: WaitingPackage | undefined }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <PickupStatus message={message} />
      {waiting && <SharePickup item={waiting} size="small" />}
    </Stack>
  );
}

/**
 * Issue 11: a "Not picked up" message carries the package's pickup code, and deleting it deletes
 * that copy. Said plainly before such a delete; the code stays on the dashboard (Packages Not
 * Picked Up lists every waiting package with its code) until the package is picked up.
 */
export function pickupCodeWarning(messages: InboxMessage[]): string | null {
  const waiting = messages.filter((message) => message.is_pickup !== 1 && message.pickup_code);
  if (waiting.length === 0) return null;
  const codes = waiting.map((message) => message.pickup_code).join(', ');
  return waiting.length === 1
    ? `This package is not picked up yet: its pickup code ${codes} goes with the message. You will still find the code on your Dashboard until you pick the package up.`
    : `${waiting.length} of these packages are not picked up yet: their pickup codes (${codes}) go with the messages. You will still find the codes on your Dashboard until you pick the packages up.`;
}

/** How a message is named to assistive technology: its tracking number, or its date. */
const messageName = (message: InboxMessage, format: (value: string) => string) => message.tracking_no || format(message.message_date);

function messageColumns(deleteButton: (message: InboxMessage) => ReactNode, waitingOf: WaitingOf): Column<InboxMessage>[] {
  return [
    // Dates and tracking numbers never break inside: a date wraps only between its day and time.
    { header: 'Date', cell: (message) => <DateTime value={message.message_date} />, sx: { minWidth: 112 } },
    { header: 'Carrier', cell: (message) => carrierDisplayName(message.carrier) },
    { header: 'Tracking No', cell: (message) => message.tracking_no, sx: { whiteSpace: 'nowrap' } },
    { header: 'Pickup Code', cell: (message) => message.pickup_code, sx: { fontWeight: 600, letterSpacing: 1 } },
    { header: 'Status', cell: (message) => <StatusCell message={message} waiting={waitingOf(message)} />, sx: { minWidth: 140 } },
    { header: 'Message', cell: (message) => <MessageBody message={message} /> },
    { header: 'Delete', align: 'right', cell: deleteButton },
  ];
}

/** A message on a phone: carrier, date and tracking number with the delete button, then the code, status and text. */
function MessageCard({ message, deleteButton, waiting }: { message: InboxMessage; deleteButton: ReactNode; waiting: WaitingPackage | undefined }) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {carrierDisplayName(message.carrier)} · <DateTime value={message.message_date} />
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {message.tracking_no}
          </Typography>
        </Box>
        {deleteButton}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 1 }}>
        <Typography variant="body2">
          Pickup code <strong>{message.pickup_code}</strong>
        </Typography>
        <PickupStatus message={message} />
      </Box>
      <Box sx={{ typography: 'body2' }}>
        <MessageBody message={message} />
      </Box>
      {waiting && <SharePickup item={waiting} size="small" sx={{ mt: 1 }} />}
    </>
  );
}

/** My Messages' shape while its first answers are on their way: the card's heading, its two buttons, the search and a few rows. */
function MessagesSkeleton() {
  return (
    <Stack spacing={3} role="status" aria-label="Loading your messages" aria-busy="true">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <Skeleton variant="text" width={200} sx={{ fontSize: '1.75rem' }} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Skeleton variant="rounded" width={150} height={36} />
            <Skeleton variant="rounded" width={170} height={36} />
          </Box>
        </Box>
        <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={72} sx={{ mb: 1 }} />
        ))}
      </Paper>
    </Stack>
  );
}

/**
 * /message (spec 03 §2, §4, §8): the advertisement banner, the search panel, the paged messages
 * with their sanitised bodies, single and bulk delete, and delete of every picked-up message.
 */
export function Messages({ userId }: { userId: number }) {
  const alert = useAlert();
  const format = useFormatDateTime();
  const toast = useToast();
  const [page, setPage] = useState<MessagesPage>({ ...NO_FILTERS, start: 0, num: MESSAGE_PAGE_SIZES[0] });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  /** 'Please select at least one item…' under Delete selected, after it was pressed with none (inline, not a dialog). */
  const [selectMissing, setSelectMissing] = useState(false);
  const selectMissingId = useId();
  const messages = useMessages(userId, page);
  const carriers = useCarrierList();
  const remove = useDeleteMessages(userId);
  const removePickedUp = useDeleteAllPickedUpMessages(userId);
  // The packages still waiting, so a "Not picked up" message offers SHARE PICKUP as the dashboard does.
  const unpickups = useUnpickups(userId);
  const waitingOf = waitingFinder(unpickups.data?.packages);
  const advertisements = useAdvertisements();
  // Drawn in one go when the banner, the first page and the waiting packages (a row's SHARE PICKUP)
  // have answered, as the dashboard is (lib/first-answers.ts): the banner never comes in late and
  // pushes the list down; the skeleton meanwhile.
  const drawn = useFirstAnswersDrawn([advertisements, messages, unpickups]);

  const rows = messages.data?.messages ?? [];
  const selectedShown = rows.map((message) => message.message_id).filter((id) => selected.has(id));

  const changePage = (change: Partial<MessagesPage>) => {
    setSelected(new Set());
    setPage({ ...page, ...change });
  };

  const failed = (error: unknown) => {
    const message = answerMessage(error);
    if (message) void alert.show({ icon: 'error', text: message });
  };

  const removeIds = async (ids: number[], success: string) => {
    try {
      await remove.mutateAsync(ids);
      // Back to the first page: the one shown may no longer exist.
      changePage({ start: 0 });
      toast.show(success);
    } catch (error) {
      failed(error);
    }
  };

  const removeSelected = async () => {
    if (selectedShown.length === 0) {
      setSelectMissing(true);
      return;
    }
    const warning = pickupCodeWarning(rows.filter((message) => selected.has(message.message_id)));
    const confirmed = await alert.confirm({
      icon: warning ? 'warning' : 'question',
      text: `Delete the ${selectedShown.length} selected message${selectedShown.length === 1 ? '' : 's'}?${warning ? ` ${warning}` : ''}`,
    });
    if (confirmed) await removeIds(selectedShown, INBOX_MESSAGES.bulkDeleted);
  };

  const removeAllPickedUp = async () => {
    const confirmed = await alert.confirm({ icon: 'question', text: 'Delete every message of a parcel you have picked up?' });
    if (!confirmed) return;
    try {
      await removePickedUp.mutateAsync();
      // Back to the first page: the one shown may no longer exist.
      changePage({ start: 0 });
      toast.show(INBOX_MESSAGES.bulkDeleted);
    } catch (error) {
      failed(error);
    }
  };

  /** A picked-up message goes at once; one still carrying a waiting package's code asks first. */
  const removeOne = async (message: InboxMessage) => {
    const warning = pickupCodeWarning([message]);
    if (warning) {
      const confirmed = await alert.confirm({ icon: 'warning', text: `Delete this message? ${warning}` });
      if (!confirmed) return;
    }
    await removeIds([message.message_id], INBOX_MESSAGES.deleted);
  };

  const deleteButton = (message: InboxMessage) => (
    <Tooltip title="Delete">
      <IconButton
        aria-label={`Delete the message of ${messageName(message, format)}`}
        color="error"
        onClick={() => void removeOne(message)}
      >
        <DeleteOutline />
      </IconButton>
    </Tooltip>
  );

  if (!drawn) return <MessagesSkeleton />;

  return (
    <Stack spacing={3}>
      <AdvertisementBanner />
      <PageCard
        title="My Messages"
        action={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => void removeSelected()}
              disabled={remove.isPending}
              aria-describedby={selectMissing ? selectMissingId : undefined}
            >
              Delete selected
            </Button>
            <Button
              variant="outlined"
              color="secondary"
              startIcon={<DeleteSweepOutlined />}
              onClick={() => void removeAllPickedUp()}
              disabled={removePickedUp.isPending}
            >
              Delete all picked up
            </Button>
            {selectMissing && (
              <FormHelperText error id={selectMissingId} role="alert" sx={{ flexBasis: '100%', m: 0 }}>
                {INBOX_MESSAGES.selectFirst}
              </FormHelperText>
            )}
          </Box>
        }
      >
        <MessageSearch
          carriers={carriers.data ?? []}
          onSearch={(filters: MessageFilters) => changePage({ ...filters, start: 0 })}
        />
        <DataTable
          label="My Messages"
          columns={messageColumns(deleteButton, waitingOf)}
          rows={rows}
          rowKey={(message) => message.message_id}
          card={(message) => <MessageCard message={message} deleteButton={deleteButton(message)} waiting={waitingOf(message)} />}
          empty={INBOX_MESSAGES.empty}
          loading={messages.isPending}
          minWidth={900}
          selection={{
            selected,
            onChange: (next) => {
              setSelected(next);
              if (next.size > 0) setSelectMissing(false);
            },
            allLabel: 'Select every message on this page',
            rowLabel: (message) => `Select the message of ${messageName(message, format)}`,
          }}
          pager={offsetPager(page, messages.data?.total ?? 0, MESSAGE_PAGE_SIZES, changePage)}
        />
      </PageCard>
    </Stack>
  );
}
