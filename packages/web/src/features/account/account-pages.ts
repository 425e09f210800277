// The standalone account pages travel in one lazy chunk. They share antd's form code; as separate
// chunks the bundler moved that shared code next to the entry, onto what /home loads.
export { FreezePage } from './FreezePage';
export { LoginPage } from './LoginPage';
export { LogonPage } from './LogonPage';
export { RetrievePage } from './RetrievePage';
