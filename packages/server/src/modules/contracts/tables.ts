// The contracts tables (contracts, contract_transition_records, contract_scheduled_events): row types,
// merged into Database. Lists and objects inside a row are JSON text; times are ISO UTC text.

/** DOMAIN §2.13. */
export type ContractsTable = {
  contractId: string;
  contractName: string;
  subjectId: string;
  subjectName: string;
  /** 1 resource, 2 exhibit. */
  subjectType: number;
  licensorId: string;
  licensorName: string;
  licensorOwnerId: number;
  licensorOwnerName: string;
  licenseeId: string;
  licenseeName: string;
  licenseeOwnerId: number;
  licenseeOwnerName: string;
  /** 1 resource, 2 node, 3 consumer. */
  licenseeIdentityType: number;
  policyId: string;
  isDefault: number;
  /** 0 in force, 1 terminated, 2 exception. */
  status: number;
  /** 1 formal, 2 test, 3 both, 128 none: always derived from the current state. */
  authStatus: number;
  fsmCurrentState: string;
  /** JSON: the current state's service states. */
  fsmCurrentStateColors: string;
  fsmStateEnterDate: string;
  /** The transition record that entered the current state: scheduled events are valid only for it. */
  stateEntryRecordId: string;
  /** JSON: {envArgs: [{name: "self.account", accountId, ownerName}]}. */
  fsmDeclarations: string;
  /** 4 running, 8 finished. */
  fsmRunningStatus: number;
  createDate: string;
  updateDate: string;
};

/** DOMAIN §2.14. */
export type ContractTransitionRecordsTable = {
  recordId: string;
  contractId: string;
  /** Position in the contract's history (0 for the initialisation): records of one moment keep their order. */
  seq: number;
  fromState: string;
  toState: string;
  eventId: string;
  /** JSON: {code, name, args, triggerUserId?, transactionRecordId?, dueDate?}. */
  eventInfo: string;
  createDate: string;
};

/** DOMAIN §2.15 (ours): a time event waiting for its due date. */
export type ContractScheduledEventsTable = {
  scheduleId: string;
  contractId: string;
  stateEnterRecordId: string;
  eventId: string;
  /** A101 cycle end, A102 absolute time, A103 relative time. */
  code: string;
  dueDate: string;
  /** Position of the transition in its state: events due at one moment fire in text order. */
  eventOrder: number;
  /** 1 waiting, 2 fired, 3 cancelled, 4 failed. */
  status: number;
  attempts: number;
  lastError: string;
  /** When it may be tried (again): the due date, then the back-off after a failure. */
  runAfter: string;
  /** The lease of the instance working on it ('' when none). */
  lockedUntil: string;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    contracts: ContractsTable;
    contract_transition_records: ContractTransitionRecordsTable;
    contract_scheduled_events: ContractScheduledEventsTable;
  }
}
