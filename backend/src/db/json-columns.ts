/**
 * The shapes of the jsonb columns, which the database cannot describe: scripts/table-types.mjs declares
 * one for each jsonb column, and the generated table types (src/__generated__/database.ts) import them.
 */
export type JsonObject = { [key: string]: unknown };

export type InstituteAdditionalInfo = { isDigiNet: boolean } & JsonObject;

/** The latest signature of a visit (21 CFR 11.50: who, when, meaning). */
export type SignatureData = { userId: string; userName: string; displayName?: string; signedAt: string; meaning: string };

/** A signature withdrawn by a change to its visit: the signature as it was, and who withdrew it, when and why. */
export type SignatureWithdrawal = {
  signature: SignatureData;
  withdrawnAt: string;
  withdrawnBy: { userId: string | null; userName: string; displayName?: string };
  reason: string | null;
};

/** One entry of a language: the display value of a key in its scope (ecrf-core.md §3 Language). */
export type LanguageEntryRow = { scope: string; displayKey: string; displayValue: string };

/** A proposed field of an oBDS message the documentalist accepted (migration 0120). */
export type ObdsAcceptedField = { instrument: string; path: string };
