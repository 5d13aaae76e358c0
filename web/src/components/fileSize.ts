/** A file size as users read it: bytes, KB or MB with a German decimal comma. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const format = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 1 });
  return bytes < 1024 * 1024 ? `${format(bytes / 1024)} KB` : `${format(bytes / (1024 * 1024))} MB`;
}
