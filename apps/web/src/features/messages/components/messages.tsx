import { INBOX_MESSAGES, MESSAGE_PAGE_SIZES, formatDateTime, type InboxMessage } from '@airbox/contract';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import MuiAlert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { PageCard } from '../../../components/layout/page-card';
import { TableEmptyRow } from '../../../components/table/table-empty-row';
import { TablePager } from '../../../components/table/table-pager';
import { useAdvertisements } from '../../../lib/advertisements';
import { answerMessage } from '../../../lib/http';
import { useCarrierList } from '../api/get-carrier-list';
import { useDeleteAllPickedUpMessages, useDeleteMessages } from '../api/delete-messages';
import { useMessages, type MessageFilters, type MessagesPage } from '../api/get-messages';
import { sanitizeMessageHtml } from '../utils/sanitize-message';
import { MessageSearch, NO_FILTERS } from './message-search';

const DELETED = 1;

function MessageBody({ message }: { message: InboxMessage }) {
  return (
    <Box
      sx={{ minWidth: 240, '& p': { m: 0 }, '& a': { color: 'primary.main' } }}
      // Sanitised by DOMPurify (sanitizeMessageHtml): no script, handler or unsafe link survives.
      dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(message.messages) }}
    />
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

/** How a message is named to assistive technology: its tracking number, or its date. */
const messageName = (message: InboxMessage) => message.tracking_no || formatDateTime(message.message_date);

/**
 * /message (spec 03 §2, §4, §8): the advertisement banner, the search panel, the paged messages
 * with their sanitised bodies, single and bulk delete, and delete of every picked-up message.
 */
export function Messages({ userId }: { userId: number }) {
  const alert = useAlert();
  const [page, setPage] = useState<MessagesPage>({ ...NO_FILTERS, start: 0, num: MESSAGE_PAGE_SIZES[0] });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const messages = useMessages(userId, page);
  const narrow = useMediaQuery('(max-width:599.95px)');
  const carriers = useCarrierList();
  const advertisements = useAdvertisements();
  const remove = useDeleteMessages(userId);
  const removePickedUp = useDeleteAllPickedUpMessages(userId);

  const rows = messages.data?.messages ?? [];
  const shownIds = rows.map((message) => message.message_id);
  const selectedShown = shownIds.filter((id) => selected.has(id));
  const advertisement = advertisements.data?.ads[0]?.content;

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
      const answer = await remove.mutateAsync(ids);
      if (answer.errorcode !== DELETED) return void alert.show({ icon: 'error', text: answer.message });
      // Back to the first page: the one shown may no longer exist.
      changePage({ start: 0 });
      void alert.show({ icon: 'success', text: success });
    } catch (error) {
      failed(error);
    }
  };

  const removeSelected = async () => {
    if (selectedShown.length === 0) {
      void alert.show({ icon: 'warning', text: INBOX_MESSAGES.selectFirst });
      return;
    }
    const confirmed = await alert.show({
      icon: 'question',
      text: `Delete the ${selectedShown.length} selected message${selectedShown.length === 1 ? '' : 's'}?`,
      confirmText: 'CONFIRM',
      cancelText: 'CANCEL',
    });
    if (confirmed) await removeIds(selectedShown, INBOX_MESSAGES.bulkDeleted);
  };

  const removeAllPickedUp = async () => {
    const confirmed = await alert.show({
      icon: 'question',
      text: 'Delete every message of a parcel you have picked up?',
      confirmText: 'CONFIRM',
      cancelText: 'CANCEL',
    });
    if (!confirmed) return;
    try {
      const answer = await removePickedUp.mutateAsync();
      if (answer.errorcode !== DELETED) return void alert.show({ icon: 'error', text: answer.message });
      // Back to the first page: the one shown may no longer exist.
      changePage({ start: 0 });
      void alert.show({ icon: 'success', text: INBOX_MESSAGES.bulkDeleted });
    } catch (error) {
      failed(error);
    }
  };

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  return (
    <Stack spacing={3}>
      {advertisement && (
        <MuiAlert severity="warning" role="status">
          {advertisement}
        </MuiAlert>
      )}
      <PageCard
        title="My Messages"
        action={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => void removeSelected()} disabled={remove.isPending}>
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
          </Box>
        }
      >
        <MessageSearch
          carriers={carriers.data ?? []}
          onSearch={(filters: MessageFilters) => changePage({ ...filters, start: 0 })}
        />
        {narrow ? (
          <Stack component="ul" spacing={1.5} aria-label="My Messages" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.length > 0 && (
              <Box component="li">
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={selectedShown.length === shownIds.length}
                      indeterminate={selectedShown.length > 0 && selectedShown.length < shownIds.length}
                      onChange={(event) => setSelected(new Set(event.target.checked ? shownIds : []))}
                    />
                  }
                  label="Select every message on this page"
                />
              </Box>
            )}
            {rows.map((message) => (
              <Paper component="li" key={message.message_id} variant="outlined" sx={{ p: 1.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Checkbox
                    checked={selected.has(message.message_id)}
                    onChange={() => toggle(message.message_id)}
                    slotProps={{ input: { 'aria-label': `Select the message of ${messageName(message)}` } as React.InputHTMLAttributes<HTMLInputElement> }}
                  />
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {message.carrier} · {formatDateTime(message.message_date)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {message.tracking_no}
                    </Typography>
                  </Box>
                  <IconButton aria-label={`Delete the message of ${messageName(message)}`} color="error" onClick={() => void removeIds([message.message_id], INBOX_MESSAGES.deleted)}>
                    <DeleteOutline />
                  </IconButton>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 1, pl: 1 }}>
                  <Typography variant="body2">
                    Pickup code <strong>{message.pickup_code}</strong>
                  </Typography>
                  <PickupStatus message={message} />
                </Box>
                <Box sx={{ pl: 1, typography: 'body2' }}>
                  <MessageBody message={message} />
                </Box>
              </Paper>
            ))}
            {rows.length === 0 && !messages.isPending && (
              <Typography component="li" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {INBOX_MESSAGES.empty}
              </Typography>
            )}
          </Stack>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Messages table">
            <Table aria-label="My Messages" size="small" sx={{ minWidth: 900, '& th': { fontWeight: 600, whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={shownIds.length > 0 && selectedShown.length === shownIds.length}
                      indeterminate={selectedShown.length > 0 && selectedShown.length < shownIds.length}
                      disabled={shownIds.length === 0}
                      onChange={(event) => setSelected(new Set(event.target.checked ? shownIds : []))}
                      slotProps={{ input: { 'aria-label': 'Select every message on this page' } as React.InputHTMLAttributes<HTMLInputElement> }}
                    />
                  </TableCell>
                  <TableCell>Date</TableCell>
                  <TableCell>Carrier</TableCell>
                  <TableCell>Tracking No</TableCell>
                  <TableCell>Pickup Code</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Message</TableCell>
                  <TableCell align="right">Delete</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((message) => (
                  <TableRow key={message.message_id} hover selected={selected.has(message.message_id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(message.message_id)}
                        onChange={() => toggle(message.message_id)}
                        slotProps={{
                          input: { 'aria-label': `Select the message of ${messageName(message)}` } as React.InputHTMLAttributes<HTMLInputElement>,
                        }}
                      />
                    </TableCell>
                    <TableCell sx={{ width: 104 }}>{formatDateTime(message.message_date)}</TableCell>
                    <TableCell>{message.carrier}</TableCell>
                    <TableCell sx={{ maxWidth: 150, overflowWrap: 'anywhere' }}>{message.tracking_no}</TableCell>
                    <TableCell sx={{ fontWeight: 600, letterSpacing: 1 }}>{message.pickup_code}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant={message.is_pickup === 1 ? 'outlined' : 'filled'}
                        color={message.is_pickup === 1 ? 'default' : 'primary'}
                        label={message.is_pickup === 1 ? 'Picked up' : 'Not picked up'}
                      />
                    </TableCell>
                    <TableCell>
                      <MessageBody message={message} />
                    </TableCell>
                    <TableCell align="right">
                      <Tooltip title="Delete">
                        <IconButton
                          aria-label={`Delete the message of ${messageName(message)}`}
                          color="error"
                          onClick={() => void removeIds([message.message_id], INBOX_MESSAGES.deleted)}
                        >
                          <DeleteOutline />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
                {rows.length === 0 && !messages.isPending && (
                  <TableEmptyRow colSpan={8} message={INBOX_MESSAGES.empty} />
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <TablePager
          count={messages.data?.total ?? 0}
          page={Math.floor(page.start / page.num)}
          rowsPerPage={page.num}
          rowsPerPageOptions={MESSAGE_PAGE_SIZES}
          onPageChange={(next) => changePage({ start: next * page.num })}
          onRowsPerPageChange={(num) => changePage({ start: 0, num })}
        />
      </PageCard>
    </Stack>
  );
}
