// The node-site sign-on tables: row types, merged into Database.

/** A single-use code the platform issued for one site (DOMAIN §3.7 sites; ours). */
export type NodeSiteCodesTable = {
  /** SHA-256 of the code (hex). */
  codeHash: string;
  nodeDomain: string;
  /** 1: issued for the test-node site `{nodeDomain}.t.{base}`. */
  testSite: number;
  userId: number;
  /** The platform session it was issued from: the site session lives only as long as it does. */
  platformSessionHash: string;
  /** base64url SHA-256 of the verifier the site keeps in its flow cookie (binds the code to the browser). */
  challenge: string;
  returnPath: string;
  createDate: string;
  expireDate: string;
};

/** A signed-in visitor of one node site, on that site's host only. */
export type NodeSiteSessionsTable = {
  /** SHA-256 of the session id (hex). */
  sessionHash: string;
  nodeDomain: string;
  testSite: number;
  userId: number;
  platformSessionHash: string;
  createDate: string;
  expireDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    node_site_codes: NodeSiteCodesTable;
    node_site_sessions: NodeSiteSessionsTable;
  }
}
