import { describe, expect, it } from 'vitest';
import { fileSizeText } from './fileSize';

describe('fileSizeText', () => {
  it('reads bytes, KB and MB in German', () => {
    expect([fileSizeText(512), fileSizeText(1536), fileSizeText(10 * 1024 * 1024)]).toEqual(['512 B', '1,5 KB', '10 MB']);
  });
});
