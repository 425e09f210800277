// The policies tables (policies): row types, merged into Database.

/** A compiled policy, shared by every subject with the same text (DOMAIN §2.12). */
export type PoliciesTable = {
  /** md5 of the normalised text and subject type. */
  policyId: string;
  /** Normalised text. */
  policyText: string;
  /** 1 resource, 2 exhibit. */
  subjectType: number;
  /** JSON, DOMAIN §4.7. */
  fsmDeclarationInfo: string;
  fsmDescriptionInfo: string;
  isFree: number;
  /** Whoever bound it first. */
  userId: number;
  status: number;
  createDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    policies: PoliciesTable;
  }
}
