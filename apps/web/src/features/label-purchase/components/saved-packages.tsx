import { SAVED_PACKAGE_MESSAGES, ouncesToPounds, parcelDescription, type SavedPackage } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { FormField } from '../../../components/form/form-field';
import { answerMessage } from '../../../lib/http';
import { useDeleteSavedPackage } from '../api/delete-saved-package';
import { useSavedPackages } from '../api/get-saved-packages';
import { useSavePackage } from '../api/save-package';
import type { PackageValues } from '../utils/draft';

/** What a saved package is, as the picker and its notes say it: 'USPS Small Flat Rate Box, 1 lb'. */
export const savedPackageText = (saved: SavedPackage) => `${parcelDescription(saved)}, ${ouncesToPounds(saved.weight)} lb`;

export const SAVED_PACKAGE_TEXT = {
  filled: (saved: SavedPackage) => `Filled in “${saved.name}”: ${savedPackageText(saved)}. Change anything that differs for this parcel.`,
  deleteTitle: 'Delete this saved package?',
  deleteQuestion: (saved: SavedPackage) => `“${saved.name}” (${savedPackageText(saved)}) will no longer be offered. Labels already bought keep their package.`,
  saveDescription: 'Keep this package’s size (or USPS Flat Rate package) and weight under a name, to fill this step with it next time.',
} as const;

/**
 * The customer's saved packages on the Package step: a list to fill the step from (saying what
 * it filled) and DELETE for the one chosen. Nothing shows until the customer has saved one.
 */
export function SavedPackagePicker({ onChoose, onNote }: { onChoose: (saved: SavedPackage) => void; onNote: (note: string) => void }) {
  const alert = useAlert();
  const saved = useSavedPackages();
  const remove = useDeleteSavedPackage();
  const [chosenId, setChosenId] = useState<number | ''>('');
  const list = saved.data?.data ?? [];
  if (list.length === 0) return null;
  const chosen = list.find((entry) => entry.id === chosenId);

  const confirmDelete = async (entry: SavedPackage) => {
    if (!(await alert.confirm({ icon: 'warning', title: SAVED_PACKAGE_TEXT.deleteTitle, text: SAVED_PACKAGE_TEXT.deleteQuestion(entry) }))) return;
    try {
      await remove.mutateAsync(entry.id);
      setChosenId('');
      onNote(SAVED_PACKAGE_MESSAGES.deleted(entry.name));
    } catch (error) {
      void alert.show({ icon: 'error', title: 'Oops...', text: answerMessage(error) ?? 'The package could not be deleted. Please try again.' });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <TextField
        select
        label="Your saved packages"
        value={chosen ? String(chosen.id) : ''}
        onChange={(event) => {
          const entry = list.find((candidate) => String(candidate.id) === event.target.value);
          if (!entry) return;
          setChosenId(entry.id);
          onChoose(entry);
        }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 16rem', minWidth: 0 }}
      >
        <MenuItem value="" disabled>
          Choose one to fill this step
        </MenuItem>
        {list.map((entry) => (
          <MenuItem key={entry.id} value={String(entry.id)} sx={{ whiteSpace: 'normal' }}>
            {`${entry.name} · ${savedPackageText(entry)}`}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" color="error" disabled={!chosen || remove.isPending} onClick={() => chosen && void confirmDelete(chosen)}>
        {chosen ? `Delete “${chosen.name}”` : 'Delete'}
      </Button>
    </Box>
  );
}

/**
 * SAVE THIS PACKAGE's dialog: the name to keep the step's parcel under. A name in use or a full
 * list keeps the dialog open and says why; saving closes it and says so on the step.
 */
export function SavePackageDialog({
  open,
  parcel,
  onClose,
  onSaved,
}: {
  open: boolean;
  parcel: PackageValues;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSavePackage();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Save this package"
      description={SAVED_PACKAGE_TEXT.saveDescription}
      schema="savePackageFormSchema"
      defaultValues={{ name: '' }}
      busy={save.isPending}
      onCancel={close}
      onSubmit={async ({ name }) => {
        setRefusal(null);
        try {
          await save.mutateAsync({ name, parcel });
          setRefusal(null);
          onSaved(SAVED_PACKAGE_MESSAGES.saved(name));
        } catch (error) {
          setRefusal(answerMessage(error) ?? 'The package could not be saved. Please try again.');
        }
      }}
    >
      <FormField name="name" label="Name" required maxLength={40} autoComplete="off" />
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
    </FormDialog>
  );
}
