// One live default contract per licensee owner, identity and subject (DOMAIN §2.13's isDefault): a
// partial unique index, so two parallel signings of different policies of one exhibit cannot both
// become the consumer's default. Databases that already hold such twins keep the earliest as default.
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update contracts set "isDefault" = 0
    where "isDefault" <> 0 and status <> 1 and exists (
      select 1 from contracts earlier
      where earlier."subjectId" = contracts."subjectId"
        and earlier."subjectType" = contracts."subjectType"
        and earlier."licenseeOwnerId" = contracts."licenseeOwnerId"
        and earlier."licenseeIdentityType" = contracts."licenseeIdentityType"
        and earlier."isDefault" <> 0 and earlier.status <> 1
        and (earlier."createDate" < contracts."createDate"
          or (earlier."createDate" = contracts."createDate" and earlier."contractId" < contracts."contractId"))
    )`.execute(db);
  await db.schema
    .createIndex('contracts_one_default')
    .on('contracts')
    .unique()
    .columns(['subjectId', 'subjectType', 'licenseeOwnerId', 'licenseeIdentityType'])
    .where(sql<boolean>`"isDefault" <> 0 and status <> 1`)
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_one_default').execute();
}

export const contractsOneDefault: Migration = { up, down };
