import { CONTACT_ERRORCODE, CONTACT_MESSAGES, PAGINATION, type Contact, type ContactForm } from '@airbox/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { answerMessage } from '../../../lib/http';
import { useContacts } from '../api/get-contacts';
import { useDeleteContact } from '../api/delete-contact';
import { useAddContact, useUpdateContact } from '../api/save-contact';
import { ContactDialog, type ContactDialogMode } from './contact-dialog';

const FIRST_PAGE = { page: 1, num: PAGINATION.pageSize };

function contactAddress(contact: Contact): string {
  return [contact.address1, contact.address2, contact.city, contact.state, contact.country, contact.zipcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * /MyContacts (spec 03 §2, §4, §8): the address book with its pager, ADD/EDIT CONTACT dialog and
 * delete confirmation. After a change the list reloads at page 1 with 10 per page.
 */
export function Contacts({ userId }: { userId: number }) {
  const alert = useAlert();
  const [page, setPage] = useState<{ page: number; num: number }>(FIRST_PAGE);
  const [dialog, setDialog] = useState<ContactDialogMode | null>(null);
  const contacts = useContacts(userId, page);
  const narrow = useMediaQuery('(max-width:599.95px)');
  const add = useAddContact(userId);
  const update = useUpdateContact(userId);
  const remove = useDeleteContact(userId);

  const list = contacts.data?.data.list ?? [];
  const total = contacts.data?.data.total ?? 0;

  const failed = (message: string | null) => {
    if (message) void alert.show({ icon: 'error', title: 'Oops...', text: message });
  };

  const save = async (values: ContactForm) => {
    if (!dialog) return;
    try {
      const answer =
        dialog.mode === 'add'
          ? await add.mutateAsync({ ...values, user_id: userId })
          : await update.mutateAsync({ ...values, id: dialog.contact.id });
      if (answer.errorcode !== CONTACT_ERRORCODE.ok) return failed(answer.message);
      setDialog(null);
      setPage(FIRST_PAGE);
      void alert.show({ icon: 'success', text: dialog.mode === 'add' ? CONTACT_MESSAGES.added : CONTACT_MESSAGES.updated });
    } catch (error) {
      failed(answerMessage(error));
    }
  };

  const confirmDelete = async (contact: Contact) => {
    const confirmed = await alert.show({
      icon: 'warning',
      title: CONTACT_MESSAGES.deleteTitle,
      text: CONTACT_MESSAGES.deleteQuestion,
      confirmText: 'CONFIRM',
      cancelText: 'CANCEL',
    });
    if (!confirmed) {
      void alert.show({ icon: 'info', text: CONTACT_MESSAGES.cancelDeletion });
      return;
    }
    try {
      const answer = await remove.mutateAsync(contact.id);
      if (answer.errorcode !== CONTACT_ERRORCODE.ok) return failed(answer.message);
      setPage(FIRST_PAGE);
      void alert.show({ icon: 'success', text: CONTACT_MESSAGES.deleted });
    } catch (error) {
      failed(answerMessage(error));
    }
  };

  return (
    <PageCard
      title="My Contacts"
      action={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialog({ mode: 'add' })}>
          ADD CONTACT
        </Button>
      }
    >
      {narrow ? (
        <Stack component="ul" spacing={1.5} aria-label="My Contacts" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((contact) => (
            <Paper component="li" key={contact.id} variant="outlined" sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{contact.name}</Typography>
                  <Typography variant="body2">{[`${contact.firstName} ${contact.lastName}`.trim(), contact.company].filter(Boolean).join(' · ')}</Typography>
                </Box>
                <Box sx={{ display: 'flex', flexShrink: 0 }}>
                  <IconButton aria-label={`Edit ${contact.name}`} onClick={() => setDialog({ mode: 'edit', contact })}>
                    <EditOutlined />
                  </IconButton>
                  <IconButton aria-label={`Delete ${contact.name}`} color="error" onClick={() => void confirmDelete(contact)}>
                    <DeleteOutline />
                  </IconButton>
                </Box>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {contactAddress(contact)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[contact.phone, contact.email].filter(Boolean).join(' · ')}
              </Typography>
            </Paper>
          ))}
          {list.length === 0 && !contacts.isPending && (
            <Typography component="li" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {CONTACT_MESSAGES.empty}
            </Typography>
          )}
        </Stack>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Contacts table">
          <Table aria-label="My Contacts" size="small" sx={{ minWidth: 900, '& th': { fontWeight: 600, whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>Contact Nickname</TableCell>
                <TableCell>Full Name</TableCell>
                <TableCell>Company</TableCell>
                <TableCell>Address</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Phone Number</TableCell>
                <TableCell align="right">Options</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((contact) => (
                <TableRow key={contact.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{contact.name}</TableCell>
                  <TableCell>{`${contact.firstName} ${contact.lastName}`.trim()}</TableCell>
                  <TableCell>{contact.company}</TableCell>
                  <TableCell sx={{ minWidth: 220 }}>{contactAddress(contact)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{contact.email}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{contact.phone}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Edit">
                      <IconButton aria-label={`Edit ${contact.name}`} onClick={() => setDialog({ mode: 'edit', contact })}>
                        <EditOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${contact.name}`} color="error" onClick={() => void confirmDelete(contact)}>
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {list.length === 0 && !contacts.isPending && (
                <TableEmptyRow colSpan={7} message={CONTACT_MESSAGES.empty} />
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePager
        count={total}
        page={page.page - 1}
        rowsPerPage={page.num}
        rowsPerPageOptions={PAGINATION.pageSizeOptions}
        onPageChange={(next) => setPage({ ...page, page: next + 1 })}
        onRowsPerPageChange={(num) => setPage({ page: 1, num })}
      />
      <ContactDialog
        target={dialog}
        busy={add.isPending || update.isPending}
        onClose={() => setDialog(null)}
        onSave={save}
      />
    </PageCard>
  );
}
