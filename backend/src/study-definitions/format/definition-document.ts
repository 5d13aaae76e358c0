/**
 * The declarative study definition file format `ecrf-study-definition/1` (docs/definitions.md). A file
 * describes one study definition (ecrf-core.md §3): patient, visit and instrument definitions with
 * nested fields, rules, constraints, enum value sets, query types and verification flag types, and the
 * display values of its keys. The loader (compile-definition.ts) checks it and turns it into the model
 * of @ecrf/rules with stable ids, so a new version keeps the ids of everything it keeps.
 */

export const DEFINITION_FORMAT = 'ecrf-study-definition/1';

/** A display value: a text in the default language, or texts by language identifier. */
export type LabelDoc = string | Readonly<Record<string, string>>;

/** A constraint expression: a constraint identifier (EVAL) or a NOT/AND/OR of expressions. */
export type ExpressionDoc =
  string | { readonly not: ExpressionDoc } | { readonly and: readonly ExpressionDoc[] } | { readonly or: readonly ExpressionDoc[] };

export type RuleDoc = {
  readonly kind: string;
  /** Absent: the rule always holds. */
  readonly when?: ExpressionDoc;
  /** Message of a hint, redirect or editability rule. */
  readonly message?: LabelDoc;
  /** Population rules: the value the field takes. */
  readonly value?: string;
  readonly deleted?: boolean;
};

export type FieldDoc = {
  readonly identifier: string;
  readonly type: string;
  readonly label?: LabelDoc;
  readonly order?: number;
  readonly valueType?: string;
  /** Identifier of an enum value set. */
  readonly enum?: string;
  readonly unit?: string;
  /** Number fields: hard bounds and whole numbers only. */
  readonly minimum?: number;
  readonly maximum?: number;
  readonly integer?: boolean;
  readonly readonly?: boolean;
  /** A field is never removed from a later version, only marked deleted (docs/definitions.md). */
  readonly deleted?: boolean;
  readonly therapistRequired?: boolean;
  readonly locationRequired?: boolean;
  readonly rules?: readonly RuleDoc[];
  readonly children?: readonly FieldDoc[];
  /** Children taken from `fieldTemplates` (after `children`). */
  readonly template?: string;
};

export type InstrumentDoc = {
  readonly identifier: string;
  readonly label?: LabelDoc;
  readonly order?: number;
  readonly deleted?: boolean;
  readonly rules?: readonly RuleDoc[];
  readonly fields: readonly FieldDoc[];
};

export type VisitDoc = {
  readonly identifier: string;
  readonly type: string;
  readonly label?: LabelDoc;
  readonly order?: number;
  readonly max?: number | null;
  readonly followUpRegistry?: boolean;
  readonly deleted?: boolean;
  readonly rules?: readonly RuleDoc[];
  readonly fields?: readonly FieldDoc[];
  /** Inline instruments, or identifiers of shared instruments of `instruments`. */
  readonly instruments: readonly (InstrumentDoc | string)[];
};

export type EnumValueDoc =
  readonly [code: string, label: LabelDoc] | { readonly code: string; readonly label: LabelDoc; readonly order?: number };

export type ConstraintDoc = {
  readonly type: string;
  readonly operator: string;
  readonly value?: string;
  readonly property?: string;
  readonly fieldPath?: string;
  readonly fieldType?: string;
  readonly visit?: string;
  readonly instrument?: string;
};

export type QueryTypeDoc = {
  readonly identifier: string;
  readonly label?: LabelDoc;
  readonly canView: readonly string[];
  readonly canCreate: readonly string[];
  readonly canEdit: readonly string[];
  readonly canAccept: readonly string[];
  readonly canAnswer: readonly string[];
  readonly canRevoke: readonly string[];
  readonly canSolve: readonly string[];
  readonly canDefer: readonly string[];
};

export type DefinitionDocument = {
  readonly format: typeof DEFINITION_FORMAT;
  readonly identifier: string;
  /** Raised with every change; a loaded version is never changed (docs/definitions.md "Versions"). */
  readonly version: number;
  /** Identifier of the study the definition belongs to. */
  readonly study: string;
  readonly label: LabelDoc;
  readonly defaultLanguage: string;
  readonly enumValueSets?: Readonly<Record<string, readonly EnumValueDoc[]>>;
  readonly constraints?: Readonly<Record<string, ConstraintDoc>>;
  readonly fieldTemplates?: Readonly<Record<string, readonly FieldDoc[]>>;
  readonly patient: { readonly fields: readonly FieldDoc[] };
  readonly instruments?: readonly InstrumentDoc[];
  readonly visits: readonly VisitDoc[];
  readonly standaloneInstruments?: readonly InstrumentDoc[];
  readonly queryTypes?: readonly QueryTypeDoc[];
  readonly verificationFlagTypes?: readonly { readonly identifier: string; readonly label?: LabelDoc }[];
};
