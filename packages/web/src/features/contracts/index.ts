// The contracts feature's public entry: the contract drawer any page can open (its contract id lives in
// the address as `?contractId=`), the state tag, the contract reads, the owner's editor contract part, the
// dependency tab's contract choices and the auth warnings (a dependency not authorised, a batch of versions).
// The /logged/contract page loads through the route table.
export { AddressContractDrawer } from './AddressContractDrawer';
export { ContractDrawer, type ContractDrawerProps } from './drawer/ContractDrawer';
export { ContractPayments } from './drawer/ContractPayments';
export { CONTRACT_ID_PARAM, useContractAddress } from './contract-address';
export { ContractStateTag } from './ContractStateTag';
export { ContractTable, type ContractColumn } from './ContractTable';
export { contractKeys, contractPageQuery, type Contract, type ContractSearch } from './contracts-api';
export { ResourceContracts } from './ResourceContracts';
export { DependencyAuthNotice, type DependencyAuthNoticeProps } from './DependencyAuthNotice';
export { DependencyContracts } from './DependencyContracts';
export { batchAuthQuery, type ResourceAt } from './auths-api';
