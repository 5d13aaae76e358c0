/**
 * The queries of user accounts: reads with their role, shaped as the API's User; writes of accounts; the
 * password hash and the password recovery challenges (stored only as sha256 hashes).
 */
import { type ExpressionBuilder, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { AppUserTable, DB } from '../__generated__/database.js';
import type { JsonObject } from '../db/json-columns.js';
import type { UserDto } from './users.schemas.js';

export type UserSortKey = 'userName' | 'displayName' | 'emailAddress' | 'role';

type UserFilter = {
  ids?: string[];
  includeDeleted?: boolean;
  id?: string;
  userName?: string;
  /** Case-insensitive part of user name, display name or e-mail address. */
  search?: string;
  sortBy?: UserSortKey;
  sortDesc?: boolean;
  /** 1-based page of `itemsPerPage` users; all users when absent. */
  page?: number;
  itemsPerPage?: number;
};

const sortColumns = {
  userName: 'u.user_name',
  displayName: 'u.display_name',
  emailAddress: 'u.email_address',
  role: 'r.display_name',
} as const;

/** `%text%` for ILIKE with the wildcard characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function userQuery(db: Kysely<DB>) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.user_name',
      'u.display_name',
      'u.email_address',
      'u.person_data',
      'u.is_deactivated',
      'u.is_deleted',
      'r.id as role_id',
      'r.identifier as role_identifier',
      'r.display_name as role_display_name',
    ]);
}

type UserQueryRow = {
  id: string;
  user_name: string;
  display_name: string;
  email_address: string | null;
  person_data: JsonObject | null;
  is_deactivated: boolean;
  is_deleted: boolean;
  role_id: string;
  role_identifier: string;
  role_display_name: string;
};

function toUser(row: UserQueryRow): UserDto {
  return {
    id: row.id,
    userName: row.user_name,
    displayName: row.display_name,
    emailAddress: row.email_address,
    role: { id: row.role_id, identifier: row.role_identifier, displayName: row.role_display_name },
    personData: row.person_data,
    isDeactivated: row.is_deactivated,
    isDeleted: row.is_deleted,
  };
}

export async function findUsers(db: Kysely<DB>, filter: UserFilter = {}): Promise<UserDto[]> {
  if (filter.ids?.length === 0) return [];
  const direction = filter.sortDesc ? 'desc' : 'asc';
  let query = userQuery(db)
    .orderBy(sortColumns[filter.sortBy ?? 'userName'], direction)
    .orderBy('u.id');
  if (filter.search) query = query.where(matchesSearch(filter.search));
  if (filter.itemsPerPage) query = query.limit(filter.itemsPerPage).offset(((filter.page ?? 1) - 1) * filter.itemsPerPage);
  if (filter.ids) query = query.where('u.id', 'in', filter.ids);
  if (filter.id) query = query.where('u.id', '=', filter.id);
  if (filter.userName !== undefined) {
    const name = filter.userName.toLowerCase();
    query = query.where((eb) => eb(eb.fn('lower', ['u.user_name']), '=', name));
  }
  if (!filter.includeDeleted) query = query.where('u.is_deleted', '=', false);
  const rows = await query.execute();
  return rows.map(toUser);
}

/** The search condition over user name, display name and e-mail address. */
function matchesSearch(search: string) {
  const pattern = containsPattern(search);
  return (eb: ExpressionBuilder<DB & { u: DB['app_user'] }, 'u'>) =>
    eb.or([eb('u.user_name', 'ilike', pattern), eb('u.display_name', 'ilike', pattern), eb('u.email_address', 'ilike', pattern)]);
}

/** Users (not deleted unless asked), optionally only those matching the search, as GET User lists them. */
export async function countUsers(db: Kysely<DB>, filter: { search?: string; includeDeleted?: boolean } = {}): Promise<number> {
  let query = db.selectFrom('app_user as u').select((eb) => eb.fn.countAll<string>().as('count'));
  if (!filter.includeDeleted) query = query.where('u.is_deleted', '=', false);
  if (filter.search) query = query.where(matchesSearch(filter.search));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertUser(db: Kysely<DB>, user: Insertable<AppUserTable>): Promise<string> {
  const row = await db.insertInto('app_user').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates an account; answers its id and user name, or undefined when there is no such account. */
export async function updateUserRow(
  db: Kysely<DB>,
  id: string,
  set: Updateable<AppUserTable>,
): Promise<{ id: string; user_name: string } | undefined> {
  return db.updateTable('app_user').set(set).where('id', '=', id).returning(['id', 'user_name']).executeTakeFirst();
}

/** The password hash and sign-in failure state of an account. */
export async function findPasswordState(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('app_user')
    .select(['password_hash', 'failed_sign_in_count', 'locked_until'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The oldest active account with the e-mail address (case-insensitive): whom a recovery mail goes to. */
export async function findRecoveryUser(db: Kysely<DB>, emailAddress: string) {
  return db
    .selectFrom('app_user')
    .select(['id', 'user_name', 'display_name', 'email_address'])
    .where((eb) => eb(eb.fn('lower', ['email_address']), '=', emailAddress.trim().toLowerCase()))
    .where('is_deleted', '=', false)
    .where('is_deactivated', '=', false)
    .orderBy('created_at')
    .executeTakeFirst();
}

/** Stores a new challenge and invalidates the user's open ones: only the latest link works. */
export async function replaceRecoveryChallenge(
  db: Kysely<DB>,
  challenge: { userId: string; challengeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .updateTable('password_recovery_challenge')
    .set({ invalidated_at: challenge.now })
    .where('user_id', '=', challenge.userId)
    .where('used_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .execute();
  await db
    .insertInto('password_recovery_challenge')
    .values({ user_id: challenge.userId, challenge_hash: challenge.challengeHash, expires_at: challenge.expiresAt })
    .execute();
}

/** Marks the user's open, unexpired challenge with this hash used; false when there is none. */
export async function claimRecoveryChallenge(db: Kysely<DB>, userId: string, challengeHash: string): Promise<boolean> {
  const claimed = await db
    .updateTable('password_recovery_challenge')
    .set({ used_at: new Date() })
    .where('challenge_hash', '=', challengeHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}
