import { describe, expect, it } from 'vitest';
import { fileBlob, formatSize } from './generatedFile';

describe('generated files', () => {
  it('decodes the base64 content into a Blob of the given type', async () => {
    const blob = fileBlob({ fileName: 'a.pdf', contentType: 'application/pdf', contentBase64: btoa('%PDF-1.3 ä') });
    expect(blob.type).toBe('application/pdf');
    // jsdom's Blob has no arrayBuffer(); FileReader reads it.
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    expect([...new Uint8Array(bytes)]).toEqual([37, 80, 68, 70, 45, 49, 46, 51, 32, 0xe4]);
  });

  it('formats sizes with a German decimal comma', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(12_595)).toBe('12,3 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3,0 MB');
  });
});
