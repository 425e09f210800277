// The messages tables (verification_codes, outbox_messages): row types, merged into Database.

export type VerificationCodesTable = {
  recordId: string;
  /** Lower-cased e-mail or 11-digit mobile. */
  toAddress: string;
  authCodeType: string;
  /** HMAC-SHA-256 (a key from the server secret) of the code with its record, address and type; never the code. */
  codeHash: string;
  /** 1 sent, 2 sending failed, 3 used, 4 void. */
  status: number;
  failedCount: number;
  expireDate: string;
  /** The IP address that asked for the code (the per-IP sending limit). */
  requestIp: string;
  createDate: string;
  updateDate: string;
};

/** Messages kept by the embedded delivery instead of being sent (all SMS, e-mail without SMTP_URL). */
export type OutboxMessagesTable = {
  recordId: string;
  toAddress: string;
  /** 'email' or 'sms'. */
  channel: string;
  subject: string;
  body: string;
  createDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    verification_codes: VerificationCodesTable;
    outbox_messages: OutboxMessagesTable;
  }
}
