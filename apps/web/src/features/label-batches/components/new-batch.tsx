import { BATCH_LIMITS, MESSAGES, getLabelBatchTemplateCall, type MyAddress } from '@airbox/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { TextLink } from '../../../components/layout/text-link';
import { paths } from '../../../config/paths';
import { addressLine, addressName } from '../../../lib/address-text';
import { answerMessage, type CallInput } from '../../../lib/http';
import { addressFromMine, useMyAddress } from '../../../lib/my-address';
import { useUploadLabelBatch } from '../api/upload-label-batch';
import { BATCH_TEXT } from '../utils/batch-text';
import { fileAsBase64 } from '../utils/file-bytes';

/** The customer's own address or hub as the batch's sender (the label page's From step fields). */
export const senderOf = (address: MyAddress): CallInput<'uploadLabelBatchCall'>['from'] => ({ ...addressFromMine(address), country: 'US' });

/**
 * A new batch (issue 25 item 1): the template to download, the sender, then a CSV file (chosen or
 * dropped) or cells pasted from a spreadsheet. The server checks every row at once; a file it
 * cannot take is refused with what is wrong, and nothing is kept.
 */
export function NewBatch({ userId, onUploaded }: { userId: number; onUploaded: (id: number) => void }) {
  const alert = useAlert();
  const mine = useMyAddress(userId);
  const upload = useUploadLabelBatch();
  const addresses = mine.data?.data ?? [];
  const [senderIndex, setSenderIndex] = useState(0);
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const senderLabel = useId();
  const sender = addresses[senderIndex] ?? addresses[0];

  const send = async (input: { file: string; fileName: string } | { text: string }) => {
    if (!sender) return;
    try {
      const { data } = await upload.mutateAsync({ ...input, from: senderOf(sender) });
      setPasted('');
      onUploaded(data.id);
    } catch (error) {
      void alert.show({ icon: 'error', title: BATCH_TEXT.refused, text: answerMessage(error) ?? MESSAGES.serviceException });
    }
  };
  const sendFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > BATCH_LIMITS.fileBytes) {
      // The server refuses it too; said here without sending half a megabyte.
      void alert.show({ icon: 'error', title: BATCH_TEXT.refused, text: `file: larger than ${BATCH_LIMITS.fileBytes / 1024} KB. Split it into batches of at most ${BATCH_LIMITS.rows} rows.` });
      return;
    }
    await send({ file: await fileAsBase64(file), fileName: file.name.slice(0, BATCH_LIMITS.fileNameMax) });
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void sendFile(event.dataTransfer.files[0]);
  };

  const busy = upload.isPending;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {BATCH_TEXT.intro}
      </Typography>
      <Box>
        <Button variant="outlined" startIcon={<DownloadOutlined />} href={getLabelBatchTemplateCall.path} download="label-batch-template.csv">
          {BATCH_TEXT.template}
        </Button>
      </Box>
      {mine.isPending ? (
        <LinearProgress aria-label="Loading your address" />
      ) : addresses.length === 0 ? (
        <Typography role="note">
          {BATCH_TEXT.noAddress} <TextLink to={paths.parentProfile.getHref()}>My Profile</TextLink>
        </Typography>
      ) : (
        <FormControl>
          <FormLabel id={senderLabel}>{BATCH_TEXT.from}</FormLabel>
          <RadioGroup aria-labelledby={senderLabel} value={String(senderIndex)} onChange={(event) => setSenderIndex(Number(event.target.value))}>
            {addresses.map((address, index) => (
              <FormControlLabel
                key={`${address.kind}-${index}`}
                value={String(index)}
                control={<Radio />}
                label={
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {address.kind === 'hub' ? 'Your hub: ' : ''}
                    {addressName(address)}, {addressLine(address)}
                  </Typography>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="batch-drop-zone"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          p: 2,
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 1,
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <Button variant="contained" startIcon={<UploadFileOutlined />} disabled={busy || !sender} onClick={() => fileInput.current?.click()}>
          {BATCH_TEXT.chooseFile}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {BATCH_TEXT.drop}
        </Typography>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void sendFile(file);
          }}
        />
      </Box>
      <TextField
        label={BATCH_TEXT.pasteLabel}
        helperText={BATCH_TEXT.pasteHelp}
        value={pasted}
        onChange={(event) => setPasted(event.target.value)}
        multiline
        minRows={3}
        maxRows={8}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      <Box>
        <Button variant="outlined" disabled={busy || !sender || pasted.trim() === ''} onClick={() => void send({ text: pasted })}>
          {BATCH_TEXT.pasteButton}
        </Button>
      </Box>
      {busy && <LinearProgress aria-label={BATCH_TEXT.uploading} />}
    </Box>
  );
}
