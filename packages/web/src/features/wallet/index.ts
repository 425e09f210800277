// The wallet feature's public entry: the pay dialog other features open on a contract's payment event.
// Its pages (/logged/wallet, /retrievePayPassword) load through wallet-pages.ts and the route table.
export { PayDialog, type ContractPayment, type PayDialogProps } from './PayDialog';
export { formatCoins } from './money';
