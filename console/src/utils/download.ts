/** Saves a URL (object URL or data URL) as a file named `name` through a temporary link. */
export function saveUrl(url: string, name: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves a Blob as a file; the object URL is released a second later. */
export function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  saveUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
