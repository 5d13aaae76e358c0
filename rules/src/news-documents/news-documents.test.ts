import { describe, expect, it } from 'vitest';
import {
  NEWS_DOCUMENT_ACCEPT,
  NEWS_DOCUMENT_MESSAGES,
  isUnreadNews,
  newsDocumentFieldErrors,
  newsDocumentFileType,
  newsDocumentVisibleTo,
  normalizeNewsDocumentTags,
  showsNewsDialog,
} from './news-documents.js';

describe('news document metadata', () => {
  it('accepts a complete, valid document', () => {
    expect(
      newsDocumentFieldErrors({
        identifier: 'release-notes_1.30.6',
        kind: 'News',
        title: 'eCRF-Version 1.30.6',
        description: '',
        order: 0,
        tags: ['Release'],
        digiNetOnly: false,
      }),
    ).toEqual([]);
  });

  it('names every broken field with its German message', () => {
    expect(
      newsDocumentFieldErrors({
        identifier: '-leitfaden',
        title: '   ',
        description: 'x'.repeat(2001),
        order: 1.5,
        tags: Array.from({ length: 11 }, (_, i) => `Tag ${i}`),
      }),
    ).toEqual([
      { field: 'identifier', message: NEWS_DOCUMENT_MESSAGES.identifier },
      { field: 'title', message: NEWS_DOCUMENT_MESSAGES.title },
      { field: 'description', message: NEWS_DOCUMENT_MESSAGES.description },
      { field: 'order', message: NEWS_DOCUMENT_MESSAGES.order },
      { field: 'tags', message: NEWS_DOCUMENT_MESSAGES.tags },
    ]);
    expect(newsDocumentFieldErrors({ identifier: 'a'.repeat(65) })).toHaveLength(1);
    expect(newsDocumentFieldErrors({ order: 10000 })).toHaveLength(1);
    expect(newsDocumentFieldErrors({ tags: ['x'.repeat(41)] })).toHaveLength(1);
  });

  it('checks only the fields given, so a new version may change a few', () => {
    expect(newsDocumentFieldErrors({})).toEqual([]);
    expect(newsDocumentFieldErrors({ title: 'Neuer Titel' })).toEqual([]);
  });

  it('stores tags trimmed, without empty ones and repeats', () => {
    expect(normalizeNewsDocumentTags([' Release ', '', 'release', 'DigiNet'])).toEqual(['Release', 'DigiNet']);
  });
});

describe('news document files', () => {
  it('accepts PDF, the office formats and images, by their recognised type', () => {
    expect(newsDocumentFileType('application/pdf')?.extension).toBe('pdf');
    expect(newsDocumentFileType('image/jpeg')?.extension).toBe('jpg');
    expect(newsDocumentFileType('application/x-msdownload')).toBeNull();
    expect(newsDocumentFileType(undefined)).toBeNull();
    expect(NEWS_DOCUMENT_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.pdf', '.docx', '.jpeg', '.jpg']));
  });
});

describe('who sees a document', () => {
  const reader = { role: 'Physician', atDigiNetLocation: false, editsNewsDocuments: false };
  it('shows documents for everyone to everyone', () => {
    expect(newsDocumentVisibleTo({ digiNetOnly: false }, reader)).toBe(true);
  });
  it('keeps DigiNet documents for DigiNet centres, the DigiNet roles and the editors', () => {
    expect(newsDocumentVisibleTo({ digiNetOnly: true }, reader)).toBe(false);
    expect(newsDocumentVisibleTo({ digiNetOnly: true }, { ...reader, atDigiNetLocation: true })).toBe(true);
    expect(newsDocumentVisibleTo({ digiNetOnly: true }, { ...reader, role: 'EvaluationDigiNet' })).toBe(true);
    expect(newsDocumentVisibleTo({ digiNetOnly: true }, { ...reader, role: 'AdminNNGM', editsNewsDocuments: true })).toBe(true);
  });
});

describe('unread news', () => {
  it('is unread until its newest version is read, and again after a new version', () => {
    expect(isUnreadNews(1, null)).toBe(true);
    expect(isUnreadNews(1, 1)).toBe(false);
    expect(isUnreadNews(2, 1)).toBe(true);
  });

  it('is announced by the dialog to users of non-admin type only (core §6)', () => {
    expect(['Physician', 'CaseManager', 'Documentalist', 'Researcher', 'Pathologist'].filter(showsNewsDialog)).toHaveLength(5);
    expect(
      ['AdminMedSyn', 'AdminNNGM', 'DataManager', 'MasterDataManager', 'EvaluationDigiNet', 'PMNNGM', 'SuperAdmin'].filter(showsNewsDialog),
    ).toEqual([]);
  });
});
