// The third-party pages travel in one lazy chunk (they share antd's form code, as the account pages do).
export { BindingPage } from './BindingPage';
export { BindingResultPage } from './BindingResultPage';
export { BindPage } from './BindPage';
