import { describe, expect, it } from 'vitest';
import { safeUrl } from './logging.js';

describe('safeUrl', () => {
  it('drops the query string and masks token and session ids', () => {
    expect(safeUrl('/patients?tokenId=5f0c1a8e-3b7d-4e54-9a51-0c8f6f1b2d3e&vorname=Erika')).toBe('/patients');
    expect(safeUrl('/patients/tokenId/5F0C1A8E-3B7D-4E54-9A51-0C8F6F1B2D3E')).toBe('/patients/tokenId/{id}');
    expect(safeUrl('/patients/5f0c1a8e-3b7d-4e54-9a51-0c8f6f1b2d3e/pid/0003ACDE')).toBe('/patients/{id}/pid/0003ACDE');
  });
});
