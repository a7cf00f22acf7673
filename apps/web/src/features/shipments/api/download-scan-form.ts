import { scanFormFileName } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import { download } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

/** POST /app/v1/scanForms/download {id} (ours): the scan form's PDF, saved as scan-form-ID.pdf. */
export async function downloadScanForm(id: number) {
  const file = await download('downloadScanFormCall', { id });
  saveFile(file, scanFormFileName(id));
}

export const useDownloadScanForm = () => useMutation({ mutationFn: downloadScanForm });
