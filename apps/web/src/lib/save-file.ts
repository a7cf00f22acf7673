/**
 * Saves a downloaded file (a label or invoice PDF) under `fileName`, as a browser does with a
 * link's `download` attribute.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; a tick later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
