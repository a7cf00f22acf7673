/**
 * A chosen file's raw bytes as base64, as uploadLabelBatchCall takes them: the server reads the
 * encoding and the kind itself (UTF-16, Latin-1, a PDF or a workbook are refused by name), so the
 * file is not read as text here.
 */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In pieces: String.fromCharCode takes its arguments on the stack.
  const PIECE = 0x8000;
  for (let start = 0; start < bytes.length; start += PIECE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + PIECE));
  }
  return btoa(binary);
}
