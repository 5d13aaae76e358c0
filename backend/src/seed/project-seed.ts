/**
 * The demo study's research projects, added to a database that lacks them (also one seeded before the
 * projects existed); each added project is audited.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import { studyIdOf } from '../studies/studies.sql.js';
import { DEMO_PROJECTS, DEMO_STUDY } from './demo-data.js';

export async function seedDemoProjects(db: Kysely<DB>): Promise<void> {
  const studyId = await studyIdOf(db, DEMO_STUDY.identifier, { includeDeleted: true });
  if (!studyId) return;
  await db.transaction().execute(async (trx) => {
    for (const project of DEMO_PROJECTS) {
      const added = await trx
        .insertInto('project')
        .values({ study_id: studyId, identifier: project.identifier, display_name: project.displayName, description: project.description })
        .onConflict((oc) => oc.column('identifier').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added)
        await audit(trx, {
          actor: SYSTEM_ACTOR,
          tableName: 'project',
          recordId: added.id,
          operation: 'Create',
          newValue: { studyId, ...project },
          reason: 'seed',
        });
    }
  });
}
