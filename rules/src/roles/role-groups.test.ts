import { describe, expect, it } from 'vitest';
import {
  ROLE_IDENTIFIERS,
  hasAdminFlag,
  isAdminRole,
  isDataManagementRole,
  isDocumentingRole,
  isFollowUpRegistryVisible,
  isLocationBoundRole,
  isProductManagerRole,
} from './role-groups.js';

const documenting = [
  'CaseManager',
  'Documentalist',
  'DocumentationAssistant',
  'Physician',
  'UniversalDocumentalist',
  'PMLung',
  'MasterDataManager',
  'DataManager',
  'InstituteManager',
];

describe('role groups (ecrf-core.md §6)', () => {
  it('product-manager roles are PM followed by a product', () => {
    expect(isProductManagerRole('PMLung')).toBe(true);
    expect(isProductManagerRole('PM')).toBe(false);
    expect(isProductManagerRole('Physician')).toBe(false);
  });
  it('documenting roles, and the clinical variant', () => {
    const all = [...ROLE_IDENTIFIERS, 'PMLung'];
    expect(all.filter((r) => isDocumentingRole(r)).sort()).toEqual([...documenting].sort());
    expect(all.filter((r) => isDocumentingRole(r, 'clinical')).sort()).toEqual(
      [...documenting, 'Pathologist', 'Consultant', 'AccountingDigiNet'].sort(),
    );
    expect(all.filter((r) => isLocationBoundRole(r)).sort()).toEqual([...documenting].sort());
  });
  it('data-management, admin roles and the admin flag', () => {
    const all = [...ROLE_IDENTIFIERS, 'PMLung'];
    expect(all.filter(isDataManagementRole)).toEqual(['DataManager', 'MasterDataManager']);
    expect(all.filter(isAdminRole).sort()).toEqual([
      'AdminMedSyn',
      'AdminNNGM',
      'DataManager',
      'EvaluationDigiNet',
      'MasterDataManager',
      'PMLung',
    ]);
    expect(all.filter(hasAdminFlag)).toEqual(['AdminMedSyn', 'SuperAdmin']);
  });
  it('follow-up visibility: flagged or assigned institute; MasterDataManager and DataManager always', () => {
    const none = { selectedInstituteIsDigiNet: false, selectedInstituteAssigned: false };
    expect(isFollowUpRegistryVisible({ role: 'CaseManager', ...none })).toBe(false);
    expect(isFollowUpRegistryVisible({ role: 'CaseManager', ...none, selectedInstituteIsDigiNet: true })).toBe(true);
    expect(isFollowUpRegistryVisible({ role: 'CaseManager', ...none, selectedInstituteAssigned: true })).toBe(true);
    expect(isFollowUpRegistryVisible({ role: 'DataManager', ...none })).toBe(true);
    expect(isFollowUpRegistryVisible({ role: 'MasterDataManager', ...none })).toBe(true);
    expect(isFollowUpRegistryVisible({ role: 'SuperAdmin', ...none })).toBe(false);
  });
});
