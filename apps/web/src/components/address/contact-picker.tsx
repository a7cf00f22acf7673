import { CONTACT_MESSAGES, LIMITS, formatPhoneDashed, type Contact } from '@airbox/contract';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { addressLine, addressName } from '../../lib/address-text';
import { CONTACT_PICKER_PAGE_SIZE, useSearchShipmentAddresses } from '../../lib/shipment-addresses';
import { useNarrow } from '../layout/use-narrow';
import { TablePager } from '../table/table-pager';
import { ChoiceButton } from './address-choices';

/** The picker's own texts (the spec's 'You have no saved contacts.' is the contract's). */
export const CONTACT_PICKER_TEXT = {
  noContactMatch: 'No contact matches your search.',
  contactsFailed: 'Your contacts could not be loaded. Please try again.',
} as const;

/**
 * My Contacts to pick an address from (the label page's sender or recipient, a pickup address): a
 * search (special characters are dropped before it is sent) and 5 contacts a page (spec 03 §9).
 */
export function ContactPicker({
  open,
  userId,
  onClose,
  onPick,
}: {
  open: boolean;
  userId: number;
  onClose: () => void;
  onPick: (contact: Contact) => void;
}) {
  const titleId = useId();
  const narrow = useNarrow();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const contacts = useSearchShipmentAddresses(userId, page + 1, search, open);
  const list = contacts.data?.data ?? [];

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={narrow}>
      <DialogTitle id={titleId}>My Contacts</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            // React carries the submit through the portal to the step's own form: it stops here.
            event.stopPropagation();
            setPage(0);
            setSearch(typed);
          }}
          sx={{ pt: 1 }}
        >
          <TextField
            label="Search My Contacts"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            fullWidth
            autoFocus
            slotProps={{
              htmlInput: { maxLength: LIMITS.fieldMax },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton type="submit" aria-label="Search" edge="end">
                      <Search />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        {contacts.isFetching && <LinearProgress aria-label="Loading your contacts" sx={{ mt: 2 }} />}
        {contacts.isError && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {CONTACT_PICKER_TEXT.contactsFailed}
          </Typography>
        )}
        {contacts.isSuccess && list.length === 0 && (
          <Typography sx={{ mt: 2 }}>{search.trim() ? CONTACT_PICKER_TEXT.noContactMatch : CONTACT_MESSAGES.empty}</Typography>
        )}
        <List aria-label="Contacts" sx={{ mt: 1 }}>
          {list.map((contact) => (
            <ListItem
              key={contact.id}
              divider
              disableGutters
              sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{contact.name}</Typography>
                <Typography variant="body2">{addressName(contact)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {addressLine(contact)}
                  {contact.phone ? ` · ${formatPhoneDashed(contact.phone)}` : ''}
                </Typography>
              </Box>
              <Button variant="outlined" onClick={() => onPick(contact)} aria-label={`Choose ${contact.name}`}>
                Choose
              </Button>
            </ListItem>
          ))}
        </List>
        {(contacts.data?.total ?? 0) > CONTACT_PICKER_PAGE_SIZE && (
          <TablePager
            count={contacts.data?.total ?? 0}
            page={page}
            rowsPerPage={CONTACT_PICKER_PAGE_SIZE}
            rowsPerPageOptions={[CONTACT_PICKER_PAGE_SIZE]}
            onPageChange={setPage}
            onRowsPerPageChange={() => undefined}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The choice 'Pick from My Contacts' of an address form and the picker it opens: the contact
 * picked is handed to `onPick` (which fills the form) and the picker closes.
 */
export function ContactChoice({ userId, label, onPick }: { userId: number; label: string; onPick: (contact: Contact) => void }) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <ChoiceButton label={label} onClick={() => setPicking(true)} />
      <ContactPicker
        open={picking}
        userId={userId}
        onClose={() => setPicking(false)}
        onPick={(contact) => {
          setPicking(false);
          onPick(contact);
        }}
      />
    </>
  );
}
