// The wallet tables (DOMAIN §2.24–§2.26, §2.30): accounts, transaction records, ledger entries, the
// serial counter and sign-in records, merged into Database. Money is integer cents (DOMAIN §1.6);
// times are ISO UTC text.

/** DOMAIN §2.24: one individual account per user, and the platform issuance account (type 9). */
export type WalletAccountsTable = {
  accountId: string;
  /** The owner's username ('platform' for the issuance account). */
  accountName: string;
  /** 1 individual, 9 platform issuance. */
  accountType: number;
  ownerId: string;
  ownerName: string;
  /** 0 for the issuance account. */
  ownerUserId: number;
  /** Cents; never negative on individual accounts (a CHECK constraint). */
  balance: number;
  /** 0 not activated, 1 normal, 2 frozen. */
  status: number;
  /** argon2id of the 6-digit pay password; '' until activated. */
  payPasswordHash: string;
  createDate: string;
  updateDate: string;
};

/** DOMAIN §2.25: written once, never changed. */
export type WalletTransactionRecordsTable = {
  recordId: string;
  /** 1 transfer, 2 contract payment, 3 reward, 4 administrator adjustment. */
  transactionType: number;
  fromAccountId: string;
  toAccountId: string;
  /** Cents, > 0. */
  amount: number;
  /** 2 success (the only state a stored record has). */
  status: number;
  /** '' when none; unique per payer account otherwise. */
  idempotencyKey: string;
  /** JSON object. */
  attachInfo: string;
  remark: string;
  digest: string;
  operatorId: number;
  operatorName: string;
  /** 'password' or 'system'. */
  authorizationType: string;
  createDate: string;
};

/** DOMAIN §2.26: two per record, summing to zero; never changed. */
export type WalletLedgerEntriesTable = {
  entryId: string;
  /** One platform-wide increasing sequence (wallet_serials). */
  serialNo: number;
  recordId: string;
  accountId: string;
  /** Signed cents: payer negative, payee positive. */
  amount: number;
  beforeBalance: number;
  afterBalance: number;
  createDate: string;
};

/** The one serial sequence of ledger entries: a single row ('ledger') holding the last serialNo. */
export type WalletSerialsTable = {
  name: string;
  value: number;
};

/** DOMAIN §2.30: one per user and platform-time-zone day. */
export type WalletSignInsTable = {
  recordId: string;
  userId: number;
  /** YYYY-MM-DD in the platform time zone. */
  signDate: string;
  seriesDays: number;
  /** Cents; 0 once the cap is reached. */
  rewardAmount: number;
  /** '' when nothing was paid. */
  transactionRecordId: string;
  createDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    wallet_accounts: WalletAccountsTable;
    wallet_transaction_records: WalletTransactionRecordsTable;
    wallet_ledger_entries: WalletLedgerEntriesTable;
    wallet_serials: WalletSerialsTable;
    wallet_sign_ins: WalletSignInsTable;
  }
}
