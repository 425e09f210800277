// The wallet's pages travel in one lazy chunk (they share antd's form code and the pay password input).
export { RetrievePayPasswordPage } from './RetrievePayPasswordPage';
export { WalletPage } from './WalletPage';
