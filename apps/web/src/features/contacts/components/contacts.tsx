import { CONTACT_MESSAGES, PAGINATION, formatPhoneDisplay, type Contact, type ContactForm } from '@airbox/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import { PageCard } from '../../../components/layout/page-card';
import { DataTable } from '../../../components/table/data-table';
import type { Column } from '../../../components/table/types';
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

const fullName = (contact: Contact) => `${contact.firstName} ${contact.lastName}`.trim();

/** A contact's Edit and Delete buttons, named after its nickname. */
function ContactButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexShrink: 0, justifyContent: 'flex-end' }}>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${name}`} onClick={onEdit}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${name}`} color="error" onClick={onDelete}>
          <DeleteOutline />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function contactColumns(buttons: (contact: Contact) => ReactNode): Column<Contact>[] {
  return [
    { header: 'Contact Nickname', cell: (contact) => contact.name, sx: { fontWeight: 500 } },
    { header: 'Full Name', cell: fullName },
    { header: 'Company', cell: (contact) => contact.company },
    { header: 'Address', cell: contactAddress, sx: { minWidth: 180 } },
    // An e-mail is never broken inside; phones read as the spec's (xxx) xxx-xxxx.
    { header: 'Email', cell: (contact) => contact.email, sx: { whiteSpace: 'nowrap' } },
    { header: 'Phone Number', cell: (contact) => formatPhoneDisplay(contact.phone), sx: { whiteSpace: 'nowrap' } },
    { header: 'Options', align: 'right', cell: buttons },
  ];
}

/** A contact on a phone: nickname and name with the buttons, then address, phone and email. */
function ContactCard({ contact, buttons }: { contact: Contact; buttons: ReactNode }) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{contact.name}</Typography>
          <Typography variant="body2">{[fullName(contact), contact.company].filter(Boolean).join(' · ')}</Typography>
        </Box>
        {buttons}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {contactAddress(contact)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[formatPhoneDisplay(contact.phone), contact.email].filter(Boolean).join(' · ')}
      </Typography>
    </>
  );
}

/**
 * /MyContacts (spec 03 §2, §4, §8): the address book with its pager, ADD/EDIT CONTACT dialog and
 * delete confirmation. After a change the list reloads at page 1 with 10 per page.
 */
export function Contacts({ userId }: { userId: number }) {
  const alert = useAlert();
  const toast = useToast();
  const [page, setPage] = useState<{ page: number; num: number }>(FIRST_PAGE);
  const [dialog, setDialog] = useState<ContactDialogMode | null>(null);
  const contacts = useContacts(userId, page);
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
      if (dialog.mode === 'add') await add.mutateAsync({ ...values, user_id: userId });
      else await update.mutateAsync({ ...values, id: dialog.contact.id });
      setDialog(null);
      setPage(FIRST_PAGE);
      toast.show(dialog.mode === 'add' ? CONTACT_MESSAGES.added : CONTACT_MESSAGES.updated);
    } catch (error) {
      failed(answerMessage(error));
    }
  };

  const confirmDelete = async (contact: Contact) => {
    const confirmed = await alert.confirm({ icon: 'warning', title: CONTACT_MESSAGES.deleteTitle, text: CONTACT_MESSAGES.deleteQuestion });
    if (!confirmed) {
      toast.show(CONTACT_MESSAGES.cancelDeletion, 'info');
      return;
    }
    try {
      await remove.mutateAsync(contact.id);
      setPage(FIRST_PAGE);
      toast.show(CONTACT_MESSAGES.deleted);
    } catch (error) {
      failed(answerMessage(error));
    }
  };

  const buttons = (contact: Contact) => (
    <ContactButtons name={contact.name} onEdit={() => setDialog({ mode: 'edit', contact })} onDelete={() => void confirmDelete(contact)} />
  );

  return (
    <PageCard
      title="My Contacts"
      action={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialog({ mode: 'add' })}>
          ADD CONTACT
        </Button>
      }
    >
      <DataTable
        label="My Contacts"
        columns={contactColumns(buttons)}
        rows={list}
        rowKey={(contact) => contact.id}
        card={(contact) => <ContactCard contact={contact} buttons={buttons(contact)} />}
        empty={CONTACT_MESSAGES.empty}
        loading={contacts.isPending}
        minWidth={900}
        pager={{
          count: total,
          page: page.page - 1,
          rowsPerPage: page.num,
          rowsPerPageOptions: PAGINATION.pageSizeOptions,
          onPageChange: (next) => setPage({ ...page, page: next + 1 }),
          onRowsPerPageChange: (num) => setPage({ page: 1, num }),
        }}
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
