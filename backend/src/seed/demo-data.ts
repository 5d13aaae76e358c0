/**
 * The demo registry seeded into an empty database: one study, three locations and, outside production,
 * one demo user per role (ARCHITECTURE.md "seeds the demo registry when the database is empty").
 */
import type { RoleIdentifier } from '../rights/role-rights.js';

export const DEMO_STUDY = { identifier: 'NNGM', displayName: 'nNGM Lungenkrebsregister' } as const;

export const DEMO_INSTITUTES = [
  { identifier: '1001', displayName: 'Universitätsklinikum Köln', isDigiNet: true },
  { identifier: '2002', displayName: 'Klinikum Essen', isDigiNet: false },
  { identifier: '3003', displayName: 'Thoraxklinik Heidelberg', isDigiNet: false },
] as const;

/** Satisfies the account rules (core §5) and the administrator rules with a special character (calls §5). */
export const DEMO_PASSWORD = 'Demo-Passwort1';

const demoDisplayNames: Record<RoleIdentifier, string> = {
  CaseManager: 'Clara Case (Case Manager)',
  DataManager: 'Dora Daten (Datenmanager)',
  MasterDataManager: 'Stefan Stamm (Stammdatenmanager)',
  InstituteManager: 'Ines Leitner (Zentrumsleitung)',
  Documentalist: 'Doris Doku (Dokumentar)',
  UniversalDocumentalist: 'Uwe Universal (Universaldokumentar)',
  Physician: 'Dr. Paul Arzt (Arzt)',
  DocumentationAssistant: 'Anna Assistenz (Dokumentationsassistenz)',
  Pathologist: 'Dr. Petra Patho (Pathologe)',
  Consultant: 'Dr. Konrad Konsil (Konsiliararzt)',
  AccountingDigiNet: 'Albert Abrechnung (Abrechnung DigiNet)',
  EvaluationDigiNet: 'Eva Auswertung (Auswertung DigiNet)',
  Researcher: 'Rita Forscher (Wissenschaftler)',
  AdminMedSyn: 'Max Admin (Administrator MedSyn)',
  AdminNNGM: 'Nora Netz (Administrator nNGM)',
  PMNNGM: 'Paula Projekt (Projektmanagement nNGM)',
  SuperAdmin: 'Sam Super (Superadministrator)',
};

export type DemoUser = {
  userName: string;
  password: string;
  role: RoleIdentifier;
  displayName: string;
  emailAddress: string;
  /** Identifiers of the locations the user is assigned to (location-bound roles only). */
  institutes: string[];
};

export function demoUserFor(role: RoleIdentifier, locationBound: boolean): DemoUser {
  const userName = role.toLowerCase();
  // The case manager persona works at two locations, so the location selector has a real choice.
  const institutes = !locationBound ? [] : role === 'CaseManager' ? ['1001', '2002'] : DEMO_INSTITUTES.map((i) => i.identifier);
  return {
    userName,
    password: DEMO_PASSWORD,
    role,
    displayName: demoDisplayNames[role],
    emailAddress: `${userName}@demo.register.local`,
    institutes,
  };
}

/** The research projects of the demo registry (ecrf-calls.md §7 "Projects"). */
export const DEMO_PROJECTS = [
  {
    identifier: 'NNGM-KRAS-G12C',
    displayName: 'KRAS-G12C-Kohorte',
    description: 'Verlauf unter zielgerichteter Therapie bei KRAS-G12C-mutiertem NSCLC.',
  },
  {
    identifier: 'NNGM-ALK-LANGZEIT',
    displayName: 'ALK-Langzeitverlauf',
    description: 'Langzeitüberleben und Therapiesequenzen bei ALK-positivem NSCLC.',
  },
] as const;
