/** A generated document received inline (base64) as a Blob the browser can download. */
export type GeneratedFile = { fileName: string; contentType: string; contentBase64: string };

export function fileBlob(file: GeneratedFile): Blob {
  const binary = atob(file.contentBase64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: file.contentType });
}

/** Size for people: "12,3 KB" (German decimal comma). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kilobytes = bytes / 1024;
  const text = kilobytes < 1024 ? `${kilobytes.toFixed(1)} KB` : `${(kilobytes / 1024).toFixed(1)} MB`;
  return text.replace('.', ',');
}
